/// The word-puzzle race: the whole room shares one board of seven clues; the first player to
/// type an answer claims it for the room. A level is a round.
///
/// Owned by the loop thread (through its room) and touched only there.
final class WordsRace: Race {
    private(set) var settings: WordsSettings
    private var board: WordsBoard?
    private var round = 0
    /// The room-wide id of the open level, for its board event (rejoins included).
    private var roundID = 0
    private var limiter = WordsRateLimiter()

    init(settings: WordsSettings) {
        self.settings = settings
    }

    var kind: String { Self.catalogEntry.name }

    /// The word puzzle's entry in `RaceCatalog`.
    static let catalogEntry = RaceKind(
        name: "words", summary: "word puzzle: spell seven words from a board of letter groups",
        options: WordsSettings.options,
        style: .board,
        make: { options, context throws(ErrorReply) in
            do throws(WordsSettingsError) {
                return WordsRace(settings: try WordsSettings.parse(options, packs: context.levelPacks, random: context.random))
            } catch {
                switch error {
                case .option(let error):
                    throw ErrorReply("create", .badArgs, error.say)
                case .noPack(let name, let available):
                    let choice = available.isEmpty ? Say("error.words.no_packs") : Say("error.words.packs_here", ["packs": .text(available.joined(separator: ", "))])
                    throw ErrorReply("create", .noPack, Say("error.words.no_pack", ["name": .text(name), "choice": .say(choice)]))
                }
            }
        })
    var settingsJSON: JSON { settings.json }
    var timing: RaceTiming { settings.timing }
    var rounds: Int { settings.levels }

    func startGame(fresh: UInt64, firstGame: Bool) {
        settings.timing.reseed(fresh, firstGame: firstGame)
        board = nil
    }

    func openRound(index: Int, id: Int) -> RoundOpening {
        round = index
        let number = settings.levelNumber(round: index)
        let level = settings.pack.levels[number - 1]
        let board = WordsBoard(level: level, seed: WordsBoard.seed(game: settings.timing.seed, level: number))
        self.board = board
        limiter.reset()
        roundID = id
        let event = BoardEvent(id: id, level: number, round: index + 1, levels: settings.levels, timeMs: settings.timing.roundMs,
                               clues: views(of: board), groups: board.groupTexts, language: settings.pack.language)
        let items = board.clues.enumerated().map { RoundItem(n: $0.offset + 1, text: $0.element.clue, answer: $0.element.answer) }
        return RoundOpening(event: event, limitMs: settings.timing.roundMs, label: "Level \(number)", items: items)
    }

    func currentRoundEvent(remainingMs: Millis) -> (any Message)? {
        guard let board else { return nil }
        return BoardEvent(id: roundID, level: settings.levelNumber(round: round), round: round + 1, levels: settings.levels,
                          timeMs: remainingMs, clues: views(of: board), groups: board.groupTexts, language: settings.pack.language)
    }

    func answer(_ text: String, seat: Seat, elapsedMs: Millis) -> AnswerOutcome {
        guard var board else {
            return AnswerOutcome(reply: ErrorReply("answer", .noQuestion, Say("error.words.no_level")))
        }
        guard let word = WordsRules.normalize(text) else {
            return AnswerOutcome(reply: ErrorReply("answer", .badAnswer, Say("error.words.letters_only")))
        }
        let key = ObjectIdentifier(seat)
        if limiter.isLimited(key, now: elapsedMs) {
            let waitMs = limiter.waitMs(key, now: elapsedMs)
            return AnswerOutcome(reply: ErrorReply("answer", .rateLimited,
                                                   Say("error.words.too_many_wrong", ["wait": .say(Say("text.count.seconds", count: Int((waitMs + 999) / 1000)))]),
                                                   extra: [("retry_ms", .int(Int(waitMs)))]))
        }
        guard let index = board.index(ofAnswer: word) else {
            limiter.recordWrong(key, now: elapsedMs)
            let reply = OkReply("answer", [("correct", false), ("n", .null), ("points", 0), ("score", .int(seat.score))],
                                say: { [score = seat.score] l in l.text("text.words.not_on_board", ["word": .text(word), "score": .int(score)]) })
            return AnswerOutcome(reply: reply, judged: JudgedAnswer(correct: false, points: 0))
        }
        if let claim = board.claims[index] {
            return AnswerOutcome(reply: ErrorReply("answer", .alreadySolved, Say("error.words.already_solved", ["name": .text(claim.name), "n": .int(index + 1), "word": .text(board.clues[index].answer)]),
                                                   extra: [("n", .int(index + 1)), ("name", .string(claim.name))]))
        }
        let points = WordsRules.points(groups: board.clues[index].groups.count, firstOfLevel: board.solvedCount == 0 && settings.timing.scoring == .speed)
        board.claim(index, by: seat.name, points: points)
        self.board = board
        seat.score += points
        seat.correctMs += elapsedMs
        let reply = OkReply("answer", [("correct", true), ("n", .int(index + 1)), ("points", .int(points)), ("score", .int(seat.score))],
                            say: { [score = seat.score, answer = board.clues[index].answer] l in l(Say("text.words.yours", count: points, ["word": .text(answer), "score": .int(score)])) })
        // The board's spelling, accents and all, whatever was typed.
        let event = SolvedEvent(n: index + 1, word: board.clues[index].answer, name: seat.name, points: points,
                                groups: board.clues[index].groups, groupsLeft: board.groupTexts)
        return AnswerOutcome(reply: reply, broadcast: event, judged: JudgedAnswer(correct: true, points: points, item: index + 1))
    }

    func roundComplete(participants: [Seat]) -> Bool {
        board?.allSolved ?? false
    }

    func closeRound(participants: [Seat], standings: [Standing]) -> RoundClosing {
        let clues = board.map { views(of: $0, reveal: true) } ?? []
        board = nil
        // A level is a race for the room, not a question for each player: nobody "missed" it.
        return RoundClosing(event: LevelEndEvent(level: settings.levelNumber(round: round), round: round + 1,
                                                 levels: settings.levels, clues: clues, standings: standings))
    }

    private func views(of board: WordsBoard, reveal: Bool = false) -> [WordsClueView] {
        board.clues.enumerated().map { index, clue in
            let claim = board.claims[index]
            return WordsClueView(n: index + 1, clue: clue.clue, letters: clue.answer.count,
                                 word: reveal || claim != nil ? clue.answer : nil, solvedBy: claim?.name, points: claim?.points)
        }
    }
}
