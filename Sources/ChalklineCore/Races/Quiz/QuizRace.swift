/// The race for every quiz kind: everyone gets the same question; one attempt each; faster is
/// worth more, with a streak bonus. The kind says what the questions are and how an answer
/// reads; timing, scoring, streaks and the round's end are the same for every kind, here.
///
/// Owned by the loop thread (through its room) and touched only there.
///
/// Its hottest properties are not checked for exclusive access at run time
/// (`@exclusivity(unchecked)`): touched on one thread, never across a call that could reach them again.
final class QuizRace<Kind: QuizKind>: Race {
    private(set) var settings: QuizSettings<Kind>
    private var questions: Kind.Questions
    private var current: (id: Int, question: Kind.Question, limitMs: Millis)?
    /// The open question's place in the game, 1-based.
    private var currentRound = 0
    /// This round's answers, by seat number (a room's numbers are small and never reused): every
    /// answer asks whether its round is complete, which by seat through a dictionary cost
    /// a hash of each player looked at.
    @exclusivity(unchecked) private var answers: [RoundResult?] = []

    init(settings: QuizSettings<Kind>) {
        self.settings = settings
        questions = settings.kind.questions(seed: settings.timing.seed)
    }

    var kind: String { Kind.name }
    var settingsJSON: JSON { settings.json }
    var timing: RaceTiming { settings.timing }
    var rounds: Int { settings.rounds }
    var questionSet: QuestionSet? { (settings.kind as? SetQuiz)?.set }

    func startGame(fresh: UInt64, firstGame: Bool) {
        settings.timing.reseed(fresh, firstGame: firstGame)
        questions = settings.kind.questions(seed: settings.timing.seed)
        current = nil
    }

    func openRound(index: Int, id: Int) -> RoundOpening {
        let question = questions.next()
        let limitMs = settings.limitMs(question)
        current = (id, question, limitMs)
        currentRound = index + 1
        answers.removeAll(keepingCapacity: true)
        let item = RoundItem(n: 1, text: question.text, answer: question.answerText, detail: question.detail)
        return RoundOpening(event: questionEvent(id: id, question, timeMs: limitMs),
                            limitMs: limitMs, label: question.text, items: [item])
    }

    private func questionEvent(id: Int, _ question: Kind.Question, timeMs: Millis) -> QuestionEvent {
        QuestionEvent(id: id, round: currentRound, rounds: settings.rounds, game: Kind.name,
                      questionText: question.text, prompt: question.prompt, timeMs: timeMs, choices: question.choices,
                      spoken: question.spokenQuestion)
    }

    func currentRoundEvent(remainingMs: Millis) -> (any Message)? {
        guard let current else { return nil }
        return questionEvent(id: current.id, current.question, timeMs: remainingMs)
    }

    func answer(_ text: String, seat: Seat, elapsedMs: Millis) -> AnswerOutcome {
        guard let current else {
            return AnswerOutcome(reply: ErrorReply("answer", .noQuestion, Say("error.answer.no_question")))
        }
        if answered(seat) != nil {
            return AnswerOutcome(reply: ErrorReply("answer", .alreadyAnswered, Say("error.answer.already_answered")))
        }
        let correct: Bool
        // The answerer's decimal mark decides a number that reads both ways; English (index 0,
        // most connections) is asked without touching the catalog.
        let prefer: DecimalMark = (seat.session?.languageIndex ?? 0) == 0 ? .point : DecimalMark(seat.session!.language.decimalMark)
        switch current.question.judge(text, prefer: prefer) {
        case .unreadable(let hint):
            return AnswerOutcome(reply: ErrorReply("answer", .badAnswer, Say("race.quiz.unreadable", ["hint": .say(hint)])))
        case .right: correct = true
        case .wrong: correct = false
        }
        var points = 0
        if correct {
            seat.streak += 1
            points = Scoring.points(settings.timing.scoring, elapsedMs: elapsedMs, limitMs: current.limitMs)
            if settings.streakBonus { points += Scoring.streakBonus(streak: seat.streak) }
            seat.score += points
            seat.correctMs += elapsedMs
        } else {
            seat.streak = 0
        }
        if seat.number >= answers.count { answers += repeatElement(nil, count: seat.number + 1 - answers.count) }
        answers[seat.number] = RoundResult(name: seat.name, correct: correct, points: points, ms: elapsedMs)
        let reply = QuizAnswerReply(id: current.id, correct: correct, points: points, score: seat.score, streak: seat.streak)
        return AnswerOutcome(reply: reply, broadcast: nil,
                             judged: JudgedAnswer(correct: correct, points: points, streak: seat.streak, item: 1))
    }

    private func answered(_ seat: Seat) -> RoundResult? {
        seat.number < answers.count ? answers[seat.number] : nil
    }

    /// Called after every answer, so it stops at the first connected player still to answer and
    /// asks `connected` (a weak load) only where the answer alone does not decide.
    func roundComplete(participants: [Seat]) -> Bool {
        var someoneConnected = false
        for seat in participants {
            if answered(seat) == nil {
                if seat.connected { return false }
            } else if !someoneConnected {
                someoneConnected = seat.connected
            }
        }
        return someoneConnected
    }

    func closeRound(participants: [Seat], standings: [Standing]) -> RoundClosing {
        var unanswered: [PlayerRef] = []
        let results = participants.map { seat in
            if let result = answered(seat) { return result }
            seat.streak = 0
            unanswered.append(seat.ref)
            return RoundResult(name: seat.name, correct: false, points: 0, ms: nil)
        }
        let question = current!
        current = nil
        var event = RoundEndEvent(id: question.id, reveal: question.question.reveal, answer: question.question.answerValue,
                                  answerText: question.question.answerText, results: results, standings: standings)
        event.spoken = question.question.spokenReveal
        return RoundClosing(event: event, unanswered: unanswered)
    }
}
