import ArgumentParser
import ChalklineClient

/// `chalkline bench`: a load generator that plays real games against a server on this machine
/// and reports what the players experienced.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure a server under load: many rooms of bot players on loopback.",
        discussion: """
        Creates ROOMS rooms (each with a host that does not play) of PLAYERS bot players on \
        the server, holds every connection, then plays QUESTIONS times-race questions of TIME \
        seconds in every room at once. Each player answers at a random moment within the \
        first SPREAD of the question's time, so answers arrive spread out as a class's would.

        It prints, in a table:
          connections held   most open at once (players and hosts), and drops
          answers/s          answers judged (replies read) per second of play
          question fan-out   each player's arrival of a question minus its
                             first arrival in the room
          answer -> reply    from sending an answer to reading its reply
        Percentiles (p50, p90, p99, max) come from an HdrHistogram, in milliseconds.

        With --say N, before the game each host sends N /say lines back to back, and the \
        bench reports chat lines delivered per second, summed over players.

        The bench only targets this machine (127.0.0.0/8 or ::1): it refuses any other \
        address. It stops by itself when every game ends, or after --timeout seconds. The \
        server's --max-players must allow PLAYERS + 1 seats a room. Opening many connections \
        needs a high open-file limit; the bench raises its own soft limit to the hard one.

        Examples:
          chalkline bench --rooms 10 --players 30
          chalkline bench --rooms 20 --players 500 --questions 5 --time 2 --hold 10
          chalkline bench --rooms 1 --players 1000 --say 1000 --questions 0
        """
    )

    @Argument(help: "The server, as HOST[:PORT]; must be on this machine.")
    var server: Endpoint = Endpoint()

    @Option(help: "Rooms to create.")
    var rooms: Int = 1

    @Option(help: "Bot players in each room.")
    var players: Int = 10

    @Option(help: "Questions in each room's game (0: no game, e.g. with --say or --hold).")
    var questions: Int = 10

    @Option(help: "Seconds allowed for each question.")
    var time: Double = 2

    @Option(help: "Seconds between a round's end and the next question.")
    var gap: Double = 0

    @Option(help: "Players answer within this fraction of the question's time.")
    var spread: Double = 0.8

    @Option(help: "Before the game, each host sends this many /say lines back to back.")
    var say: Int = 0

    @Option(help: "Seconds to hold every connection idle in the lobbies before playing (to measure the server's memory).")
    var hold: Double = 0

    @Option(help: "Connections being opened at once.")
    var connecting: Int = 200

    @Option(help: "Stop after this many seconds, finished or not.")
    var timeout: Double = 120

    func validate() throws {
        guard rooms >= 1, players >= 1, rooms * players <= 100_000 else {
            throw ValidationError("--rooms and --players must be at least 1 (and at most 100,000 players in all).")
        }
        guard questions >= 0, questions <= 500 else { throw ValidationError("--questions takes 0 to 500.") }
        guard time >= 0.2, time <= 600 else { throw ValidationError("--time takes 0.2 to 600 seconds.") }
        guard gap >= 0, gap <= 60 else { throw ValidationError("--gap takes 0 to 60 seconds.") }
        guard (0...1).contains(spread) else { throw ValidationError("--spread takes 0.0 to 1.0.") }
        guard say >= 0, hold >= 0, connecting >= 1 else { throw ValidationError("--say, --hold and --connecting cannot be negative.") }
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout takes 1 to 3600 seconds.") }
        guard LineConnection.isLoopback(server) else {
            throw ValidationError("chalkline bench only targets this machine (127.0.0.1, localhost or ::1), not \(server).")
        }
    }

    func run() throws {
        let limit = Signals.raiseFileLimit()
        if limit < rooms * (players + 1) + 16 {
            print("bench: the open-file limit is \(limit), too low for \(rooms * (players + 1)) connections; raise it with ulimit -n.")
            throw ExitCode(1)
        }
        let settings = self.settings
        let run = BenchRun(settings: settings)
        let completed = run.execute()
        BenchReport(bench: settings, stats: run.stats, completed: completed, failure: run.failure).print()
        if !completed || run.failure != nil || run.stats.dropped > 0 { throw ExitCode(1) }
    }

    private var settings: BenchSettings {
        var s = BenchSettings()
        (s.server, s.rooms, s.players, s.questions, s.time, s.gap) = (server, rooms, players, questions, time, gap)
        (s.spread, s.say, s.hold, s.connecting, s.timeout) = (spread, say, hold, connecting, timeout)
        return s
    }
}
