import ArgumentParser
import ChalklineClient
import ChalklineProtocol
import Foundation

/// `chalkline bot`: computer players for practice, demos, and as a check that the server's
/// replies and its final standings agree.
struct Bot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add computer players to a room.",
        discussion: """
        Starts COUNT bots in one process, each on its own connection, and joins them to the \
        room CODE. In a quiz (times tables and every other question-and-answer race) a bot \
        works the answer out of the question's text with the solver for the room's kind, \
        answers after a think time drawn around --think (from half to one and a half times \
        it), and is right with probability --skill. In a game of \
        the teacher's own questions (quiz set=NAME) nothing in a question gives its answer: \
        with --set FILE (the set's file) a bot knows every answer from the start; without it, \
        a bot learns each answer when the question closes and knows it the next time the \
        question comes (before that it guesses). In multiple choice it answers with the \
        choice's letter. In the \
        word puzzle a bot tries the board's letter groups that fit a clue's length and spell a \
        word it knows (Debian's /usr/share/dict/american-english when present, else a short list shipped \
        with the client), one try per think time.

        After each game the bots print their scores as their replies told them and as \
        game_end ranked them; the two must agree. The exit status is 1 if they did not, or if \
        a bot could not join or lost its connection.

        Examples:
          chalkline bot --room QXRM --count 5
          chalkline bot 192.168.1.20:7420 --room QXRM --count 3 --skill 0.6 --think 2500
          chalkline bot --room QXRM --games 1      # leave after one game
          chalkline bot --room QXRM --set capitals.csv --skill 0.9
        """
    )

    @Argument(help: "The server, as HOST[:PORT]; without it, the one on the network that has --room (else 127.0.0.1:7420).")
    var server: Endpoint?

    @Option(help: "The room's 4-letter code.")
    var room: String

    @Option(help: "How many bots to start.")
    var count: Int = 1

    @Option(help: "Chance of a right answer, from 0.0 to 1.0.")
    var skill: Double = 0.8

    @Option(help: "Typical think time before an answer, in milliseconds.")
    var think: Double = 1500

    @Option(help: "Bots are named PREFIX1, PREFIX2, ...")
    var namePrefix: String = "bot"

    @Option(help: ArgumentHelp("A question set's file (CSV, tab-separated or Kahoot!'s): the answers of a quiz set=NAME game.", valueName: "file"))
    var set: String?

    @Option(help: "Leave after this many games (0: stay until Ctrl-C).")
    var games: Int = 0

    @Option(help: "Give up after this many seconds (0: no limit).")
    var timeout: Double = 0

    @Flag(help: "Print every answer each bot gives.")
    var verbose = false

    func validate() throws {
        guard (0...1).contains(skill) else { throw ValidationError("--skill takes a number from 0.0 to 1.0.") }
        guard (1...5000).contains(count) else { throw ValidationError("--count takes 1 to 5000.") }
        guard think >= 0 else { throw ValidationError("--think cannot be negative.") }
        guard games >= 0, timeout >= 0 else { throw ValidationError("--games and --timeout cannot be negative.") }
    }

    /// The set's file, read by the server's own parser: a file the server would refuse, the
    /// bot refuses with the same line and reason.
    static func readSet(_ path: String) throws -> QuestionSet {
        guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("--set: cannot read \(path).") }
        let file = (path as NSString).lastPathComponent
        guard let text = String(data: data, encoding: .utf8) else { throw ValidationError("--set: \(file) is not UTF-8 text.") }
        switch SetFile.read(text, name: SetFile.setName(fileName: file) ?? file, file: file) {
        case .success(let set): return set
        case .failure(let problem): throw ValidationError("--set: \(problem)")
        }
    }

    func run() throws {
        Signals.raiseFileLimit()
        let endpoint = try server ?? RoomFinder.find(room)
        let reactor = Reactor()
        let report = BotReport(games: games)
        let settings = BotPlayer.Settings(room: room.uppercased(), skill: skill, thinkMs: think, solver: WordSolver.standard(),
                                          questionSet: try set.map(Bot.readSet))
        var bots: [BotPlayer] = []
        for i in 1...count {
            let bot = BotPlayer(name: "\(namePrefix)\(i)", settings: settings, endpoint: endpoint, reactor: reactor)
            if verbose { bot.log = { print($0) } }
            bot.onJoined = { print("\($0.name) joined room \(settings.room)") }
            bot.onFailure = { bot in
                print("\(bot.name): \(bot.failure ?? "failed")")
                report.failed += 1
                if bots.allSatisfy({ $0.failure != nil || report.isDone($0) }) { reactor.stop() }
            }
            bot.onGameEnd = { bot in
                report.gameEnded(bot, all: bots)
                if bots.allSatisfy({ $0.failure != nil || report.isDone($0) }) { reactor.stop() }
            }
            bots.append(bot)
        }
        Signals.onInterrupt(reactor) { _ in reactor.stop() }
        for bot in bots { bot.start() }
        let stopped = reactor.run(until: timeout > 0 ? Clock.nanoseconds() + UInt64(timeout * 1e9) : nil)
        for bot in bots where bot.failure == nil { bot.leave() }
        // Give the /quit lines a moment to leave; the server treats a drop the same way anyway.
        reactor.run(until: Clock.nanoseconds() + 50_000_000)
        if !stopped { print("bot: gave up after \(timeout) s") }
        if report.mismatches > 0 || report.failed > 0 || !stopped { throw ExitCode(1) }
    }
}
