/// The times-table race: everyone gets the same question; one attempt each; faster is worth more.
///
/// Owned by the loop thread (through its room) and touched only there.
final class TimesRace: Race {
    let settings: TimesSettings
    private var sequence: TimesQuestionSequence
    private var current: (id: Int, question: TimesQuestion, limitMs: Millis)?
    /// The open question's place in the game, 1-based.
    private var currentRound = 0
    /// This round's answers, by seat.
    private var answers: [ObjectIdentifier: RoundResult] = [:]

    init(settings: TimesSettings) {
        self.settings = settings
        sequence = Self.freshSequence(settings)
    }

    private static func freshSequence(_ s: TimesSettings) -> TimesQuestionSequence {
        TimesQuestionSequence(tables: s.tables, maxMultiplier: s.maxMultiplier, order: s.order, seed: s.timing.seed)
    }

    var kind: String { "times" }
    var settingsJSON: JSON { settings.json }
    var timing: RaceTiming { settings.timing }
    var rounds: Int { settings.rounds }

    func startGame() {
        sequence = Self.freshSequence(settings)
        current = nil
    }

    func openRound(index: Int, id: Int) -> RoundOpening {
        let question = sequence.next()
        current = (id, question, settings.timing.roundMs)
        currentRound = index + 1
        answers.removeAll(keepingCapacity: true)
        let event = QuestionEvent(id: id, round: index + 1, rounds: settings.rounds,
                                  questionText: question.text, timeMs: settings.timing.roundMs)
        let item = RoundItem(n: 1, text: question.text, answer: String(question.answer),
                             factA: question.table, factB: question.multiplier)
        return RoundOpening(event: event, limitMs: settings.timing.roundMs, label: question.text, items: [item])
    }

    func currentRoundEvent(remainingMs: Millis) -> (any Message)? {
        guard let current else { return nil }
        return QuestionEvent(id: current.id, round: currentRound, rounds: settings.rounds,
                             questionText: current.question.text, timeMs: remainingMs)
    }

    func answer(_ text: String, seat: Seat, elapsedMs: Millis) -> AnswerOutcome {
        guard let current else {
            return AnswerOutcome(reply: ErrorReply("answer", .noQuestion, "There is no open question right now."))
        }
        let key = ObjectIdentifier(seat)
        if answers[key] != nil {
            return AnswerOutcome(reply: ErrorReply("answer", .alreadyAnswered, "You already answered this question."))
        }
        guard let value = Self.parseNumber(text) else {
            return AnswerOutcome(reply: ErrorReply("answer", .badAnswer, "Answer with a whole number, like 42. You can still answer this question."))
        }
        let correct = value == current.question.answer
        var points = 0
        if correct {
            seat.streak += 1
            points = Scoring.speedPoints(elapsedMs: elapsedMs, limitMs: current.limitMs)
            if settings.streakBonus { points += Scoring.streakBonus(streak: seat.streak) }
            seat.score += points
            seat.correctMs += elapsedMs
        } else {
            seat.streak = 0
        }
        answers[key] = RoundResult(name: seat.name, correct: correct, points: points, ms: elapsedMs)
        let reply = OkReply("answer", [("id", .int(current.id)), ("correct", .bool(correct)), ("points", .int(points)),
                                       ("score", .int(seat.score)), ("streak", .int(seat.streak))],
                            text: correct
                                ? "Right! +\(TextFormat.thousands(points)) points (score \(TextFormat.thousands(seat.score)), streak \(seat.streak))."
                                : "Wrong. (score \(TextFormat.thousands(seat.score)))")
        return AnswerOutcome(reply: reply, broadcast: nil,
                             judged: JudgedAnswer(correct: correct, points: points, streak: seat.streak, item: 1))
    }

    /// Answers compare as integers after trimming spaces: `056` and `+56` are 56.
    static func parseNumber(_ text: String) -> Int? {
        let trimmed = text.trimmingBlanks()
        guard trimmed.count <= 18 else { return nil }
        return Int(trimmed)
    }

    /// Called after every answer, so it stops at the first connected player still to answer and
    /// asks `connected` (a weak load) only where the answer alone does not decide.
    func roundComplete(participants: [Seat]) -> Bool {
        var someoneConnected = false
        for seat in participants {
            if answers[ObjectIdentifier(seat)] == nil {
                if seat.connected { return false }
            } else if !someoneConnected {
                someoneConnected = seat.connected
            }
        }
        return someoneConnected
    }

    func closeRound(participants: [Seat], standings: [Standing]) -> RoundClosing {
        var unanswered: [String] = []
        let results = participants.map { seat in
            if let result = answers[ObjectIdentifier(seat)] { return result }
            seat.streak = 0
            unanswered.append(seat.name)
            return RoundResult(name: seat.name, correct: false, points: 0, ms: nil)
        }
        let question = current!
        current = nil
        let event = RoundEndEvent(id: question.id, questionText: question.question.text,
                                  answer: question.question.answer, results: results, standings: standings)
        return RoundClosing(event: event, unanswered: unanswered)
    }
}
