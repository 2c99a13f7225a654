import ChalklineProtocol
/// One computer player on its own connection, playing whatever game its room runs.
///
/// It uses only what protocol.md documents, so it is also a worked example of a bot.
/// Owned by the reactor's thread.
package final class BotPlayer {
    package struct Settings {
        package var room: String
        package var skill: Double
        package var thinkMs: Double
        package var solver: WordSolver?
        /// The address to connect from (see `LineConnection.localHost`); nil for any.
        package var localHost: String?
        /// `--set FILE`: the set a `quiz` room plays, so the bot knows every answer from the
        /// start; without it the bot learns them from the reveals.
        package var questionSet: QuestionSet?

        package init(room: String, skill: Double, thinkMs: Double, solver: WordSolver?, localHost: String? = nil,
                     questionSet: QuestionSet? = nil) {
            (self.room, self.skill, self.thinkMs, self.solver, self.localHost) = (room, skill, thinkMs, solver, localHost)
            self.questionSet = questionSet
        }
    }

    package let name: String
    package let settings: Settings
    package let connection: LineConnection
    private unowned let reactor: Reactor
    private var rng = SystemRandomNumberGenerator()
    private var pendingAnswer: TimerID?
    private var board: WordBoard?
    /// The last quiz answer sent, kept for one retry with a decimal comma.
    private var lastTyped: String?
    /// The open question's (or board's) id: every answer names it, so one that arrives after
    /// its question closed is refused rather than judged against the next.
    private var roundID: Int?
    /// The room's kind, from the join reply; a question's own `game` field wins.
    private var game: String?
    private var nextGuess: TimerID?
    /// A teacher's set's answers (the `quiz` kind): from `--set`, and learned from each reveal.
    private var setAnswers: SetSolver
    /// The open set question's text, to learn its answer from the `round_end` that closes it.
    private var setQuestion: String?

    /// The score as the server's replies last stated it: what `game_end` must agree with.
    package private(set) var replyScore = 0
    /// The points of every answer reply added up: what `game_end` must agree with when the
    /// server counts every answer once (the soak's check).
    package private(set) var repliedPoints = 0
    package private(set) var answered = 0
    package private(set) var correct = 0
    package private(set) var joined = false
    /// How the last finished game went, kept apart from the running counters.
    package private(set) var lastGame: GameSummary?
    package private(set) var gamesEnded = 0
    package private(set) var failure: String?

    package var onJoined: (BotPlayer) -> Void = { _ in }
    package var onGameEnd: (BotPlayer) -> Void = { _ in }
    package var onFailure: (BotPlayer) -> Void = { _ in }
    package var log: (String) -> Void = { _ in }

    package init(name: String, settings: Settings, endpoint: Endpoint, reactor: Reactor) {
        self.name = name
        self.settings = settings
        self.reactor = reactor
        connection = LineConnection(to: endpoint, reactor: reactor)
        connection.localHost = settings.localHost
        setAnswers = SetSolver(set: settings.questionSet)
    }

    package func start() {
        connection.onLine = { [unowned self] line in self.receive(line) }
        connection.onClose = { [unowned self] reason in self.fail("connection closed" + (reason.map { ": \($0)" } ?? "")) }
        // The welcome arrives in text before `/format json` takes effect; the bot skips lines
        // until the first JSON one, so it can send everything at once.
        connection.connect(sendingJSON: ["/join \(settings.room) \(name) bot"]) { fail($0.description) }
    }

    package func leave() {
        cancelTimers()
        connection.send("/quit")
        connection.onClose = { _ in }
    }

    package struct GameSummary {
        package var answered: Int
        package var correct: Int
        package var replyScore: Int
        package var repliedPoints: Int
        /// This bot's score in `game_end`'s standings.
        package var finalScore: Int?
        package var standings: [StandingRow]
    }

    private func receive(_ line: String) {
        guard let message = ServerMessage(line: line) else { return }
        switch message.event {
        case .ok: ok(message)
        case .error: error(message)
        case .question: question(message)
        case .roundEnd:
            cancelTimers()
            if let question = setQuestion, let answer = message.answerText { setAnswers.learn(question: question, answer: answer) }
            setQuestion = nil
        case .board: board(message)
        case .solved: solved(message)
        case .levelEnd:
            board = nil
            cancelTimers()
        case .gameEnd:
            cancelTimers()
            let standings = StandingRow.list(message.list("standings"))
            lastGame = GameSummary(answered: answered, correct: correct, replyScore: replyScore, repliedPoints: repliedPoints,
                                   finalScore: standings.first { $0.name == name }?.score, standings: standings)
            // The server resets scores when the next game starts; so does the bot.
            (answered, correct, replyScore, repliedPoints) = (0, 0, 0, 0)
            gamesEnded += 1
            onGameEnd(self)
        case .kicked: fail("kicked from the room")
        case .shutdown: fail("the server is shutting down")
        // Homework pauses on each answer for a person to read it; a bot has read it.
        case .pause: connection.send("/next")
        default: break
        }
    }

    private func ok(_ reply: ServerMessage) {
        switch reply.cmd {
        case "join":
            joined = true
            game = reply.string("game")
            replyScore = reply.int("score") ?? 0
            onJoined(self)
        case "answer":
            answered += 1
            if reply.bool("correct") == true { correct += 1 }
            if let score = reply.int("score") { replyScore = score }
            repliedPoints += reply.int("points") ?? 0
            if let n = reply.int("n") { board?.markSolved(n) }
            log("\(name): \(reply.bool("correct") == true ? "right" : "wrong"), score \(replyScore)")
        default: break
        }
    }

    private func error(_ reply: ServerMessage) {
        let code = reply.string("code") ?? "?"
        switch reply.cmd {
        case "join", "format": fail("\(reply.cmd ?? "") refused: \(code): \(reply.string("message") ?? "")")
        case "answer":
            if reply.code == .rateLimited { scheduleGuess(after: 1000) }
            // A room that writes decimals with a comma (decimal=comma) reads 7.5 as no number:
            // the attempt is kept, so the same answer goes again the room's way.
            if reply.code == .badAnswer, let typed = lastTyped, typed.contains(".") {
                lastTyped = nil
                send(answer: typed.replacingOccurrences(of: ".", with: ","))
            }
        default: break
        }
    }

    // MARK: Quizzes

    /// Any quiz kind: the solver for the question's `game` works the answer out of its text; a
    /// teacher's set (`quiz`) is answered from what the bot knows of it.
    private func question(_ event: ServerMessage) {
        cancelTimers()
        roundID = event.int("id")
        let text = event.string("text") ?? ""
        let kind = event.string("game") ?? game ?? "times"
        let right = Double.random(in: 0..<1, using: &rng) < settings.skill
        let draw = Int.random(in: 0...1000, using: &rng)
        let typed: String
        if kind == SetSolver.kind {
            setQuestion = text
            typed = setAnswers.answer(to: text, choices: event.strings("choices"), right: right, draw: draw)
        } else {
            guard let solver = QuizSolvers.solver(for: kind), let answer = solver.answer(to: text) else {
                log("\(name): cannot read \(text)")
                return
            }
            typed = right ? answer : solver.wrongAnswer(to: text, draw: draw) ?? answer
        }
        let limit = Double(event.int("time_ms") ?? 10_000)
        // Around --think, never past the time allowed: a bot that times out teaches nothing.
        let think = min(settings.thinkMs * Double.random(in: 0.5...1.5, using: &rng), limit * 0.9)
        pendingAnswer = reactor.after(think / 1000) { [unowned self] in
            pendingAnswer = nil
            lastTyped = typed
            send(answer: typed)
        }
    }

    // MARK: The word puzzle

    private func board(_ event: ServerMessage) {
        cancelTimers()
        roundID = event.int("id")
        board = WordBoard(event)
        scheduleGuess(after: settings.thinkMs)
    }

    private func solved(_ event: ServerMessage) {
        guard let n = event.int("n"), let word = event.string("word") else { return }
        board?.claim(n, word: word, groups: event.solvedGroups)
    }

    private func scheduleGuess(after ms: Double) {
        if let nextGuess { reactor.cancel(nextGuess) }
        let delay = max(ms, 350) * Double.random(in: 0.7...1.3, using: &rng)
        nextGuess = reactor.after(delay / 1000) { [unowned self] in
            nextGuess = nil
            guess()
        }
    }

    private func guess() {
        guard var current = board, let solver = settings.solver else { return }
        guard let (n, word) = current.nextGuess(solver: solver, skill: settings.skill, rng: &rng) else { return }
        board = current
        log("\(name): tries \(word) for clue \(n)")
        send(answer: word)
        scheduleGuess(after: settings.thinkMs)
    }

    private func send(answer text: String) {
        connection.send(roundID.map { "/answer id=\($0) \(text)" } ?? "/answer \(text)")
    }

    private func cancelTimers() {
        if let pendingAnswer { reactor.cancel(pendingAnswer) }
        if let nextGuess { reactor.cancel(nextGuess) }
        pendingAnswer = nil
        nextGuess = nil
    }

    private func fail(_ reason: String) {
        guard failure == nil else { return }
        cancelTimers()
        failure = reason
        connection.close()
        onFailure(self)
    }
}
