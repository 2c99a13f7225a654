import ArgumentParser
import ChalklineClient

/// `chalkline soak`: the server under bots and attackers at once, judged by the bots' own
/// solvers, so a new race needs no second solver in another language.
struct Soak: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Soak a server: bot players in many rooms while misbehaving clients attack it.",
        discussion: """
        Starts the server binary --server on a free loopback port (with a small output cap and \
        short flood and abandoned-game timeouts, its log in --log), opens ROOMS \
        rooms of PLAYERS bots (the rooms take turns at times, arith, money and pace; each \
        room's bots connect from their own address, 127.0.0.10, .11, ...), and plays ROUNDS \
        questions in every room while misbehaving clients of every kind attack from \
        127.0.0.250 and .251: overlong lines, bad UTF-8, escape codes, telnet, floods, readers \
        that never read, a connection hog, a silent connection, a room filler, a /rooms \
        amplifier, chat bursts and abandoned games.

        The exit status is 1 unless every bot's final score equals the sum of the points its \
        answer replies gave, no bot was disconnected, every bot answered every question, and \
        every limit was seen to act. It prints the server's peak RSS.

        Example:
          chalkline soak --server .build/release/chalkline-server --rooms 8 --players 40 --rounds 30
        """
    )

    @Option(help: "The chalkline-server binary to start.")
    var server: String = ".build/release/chalkline-server"

    @Option(help: "The file the server's log is written to.")
    var log: String = "soak-server.log"

    @Option(help: "Rooms to open.")
    var rooms: Int = 8

    @Option(help: "Bot players in each room.")
    var players: Int = 40

    @Option(help: "Questions in each room's game.")
    var rounds: Int = 30

    @Option(help: "Seconds allowed for each question.")
    var time: Double = 1

    @Option(help: "Hard limit in seconds for the whole run.")
    var deadline: Double = 300

    func validate() throws {
        guard (1...200).contains(rooms), (1...150).contains(players) else {
            throw ValidationError("--rooms takes 1 to 200 and --players 1 to 150 (one address holds 200 connections).")
        }
        guard (1...500).contains(rounds), time >= 0.5, deadline > 0 else {
            throw ValidationError("--rounds takes 1 to 500, --time at least 0.5 s, --deadline more than 0.")
        }
    }

    func run() throws {
        Signals.raiseFileLimit()
        var settings = SoakSettings()
        settings.log = log
        (settings.server, settings.rooms, settings.players, settings.rounds, settings.time, settings.deadline)
            = (server, rooms, players, rounds, time, deadline)
        let run = SoakRun(settings: settings)
        do {
            try run.execute()
        } catch {
            print("soak: \(error)")
            throw ExitCode(1)
        }
        let report = SoakReport(run: run)
        report.print()
        if !report.passed { throw ExitCode(1) }
    }
}
