/// What one soak run plays: the `chalkline soak` options, as the library's own value.
package struct SoakSettings {
    /// The server binary the soak starts (and stops) itself, so its limits are the soak's.
    package var server = ".build/release/chalkline-server"
    /// Where the server's own log goes.
    package var log = "soak-server.log"
    package var rooms = 8
    package var players = 40
    package var rounds = 30
    package var time = 1.0
    /// Hard limit in seconds for the whole run.
    package var deadline = 300.0

    package init() {}

    /// Rooms take turns at these kinds, so every quiz's judge and every solver meet the load.
    /// The client reads nothing of the core, as a bot author's would not: SoakKindsTests holds
    /// this list to the catalog's quiz kinds, so a kind added there fails until it is soaked.
    package static let kinds: [(kind: String, options: String)] = [
        ("times", "order=random"),
        ("arith", "negatives=yes parens=yes decimals=1 percent=yes"),
        ("money", "level=3 currency=USD"),
        ("pace", "units=both level=3 ask=time,distance,pace,speed,convert"),
        // A set shipped with the server; the bots learn its answers from the reveals.
        ("quiz", "set=capitals order=random choices=4"),
    ]

    /// Each room's players connect from their own loopback address, as a class behind its own
    /// NAT would: one address may hold only so many connections.
    package static func roomHost(_ index: Int) -> String { "127.0.0.\(10 + index)" }
    /// The misbehaving clients' addresses: the connection hog fills the first one's cap, so
    /// the attackers that must keep connecting use the second.
    package static let badHost = "127.0.0.250"
    package static let attackHost = "127.0.0.251"

    /// A small output cap, so a reader that never reads meets it within the run; a short flood
    /// timeout, so flooders are cut off (`bye`) several times; a short abandoned-game grace.
    package var serverArguments: [String] {
        ["--port", "0", "--bind", "127.0.0.1", "--db", ":memory:", "--max-queued-bytes", "65536",
         "--flood-timeout", "3", "--abandoned-game-timeout", "2"]
    }
}
