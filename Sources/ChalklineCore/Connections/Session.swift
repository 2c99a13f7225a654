/// One client connection as the core sees it.
///
/// Owned by the loop thread (through `ServerCore`) and touched only there.
final class Session {
    let id: ConnectionID
    let peer: String
    /// The address the per-address limit counts this connection under (see `PeerAddress`):
    /// worked out when asked (a join, a guess, a limit), not kept in every session.
    var address: String { PeerAddress.key(peer) }
    var name: String?
    var framer: LineFramer
    // The one-byte fields sit together, in the framer's last word: Swift lays a class's fields
    // out in the order written, and each apart took a word (BENCHMARKS.md, bytes per seated
    // connection).
    var format: OutputFormat = .text
    /// A WebSocket: one message a line, so replies must be one line too (`/format text` is refused).
    var jsonOnly = false
    /// A `.close` was sent: nothing more is read from it.
    var closing = false
    /// True while the core's idle schedule holds an entry for this connection (at most one).
    var idleScheduled = false
    /// Set while the connection holds a seat in a room.
    var seat: Seat?
    /// The last time a line arrived, or the connection left a room: the idle timeout counts from here.
    var lastHeard: Millis
    /// Flood control: lines a second.
    var bucket: LineBucket
    /// Set while the connection watches a room (`/watch`): it hears the room but holds no seat.
    weak var watching: Room?
    /// The room this connection asked to come back to (`/comeback`), while the request may still
    /// wait there: when the connection goes or enters a room, that room's host is told.
    weak var askedComeback: Room?

    init(id: ConnectionID, peer: String, config: ServerConfig, now: Millis) {
        self.id = id
        self.peer = peer
        framer = LineFramer(maxBytes: config.maxLineBytes)
        lastHeard = now
        bucket = LineBucket(rate: config.linesPerSecond, now: now)
    }

    var room: Room? { seat?.room }

    /// The room whose events this connection receives, as a player or as a watcher.
    var audienceRoom: Room? { seat?.room ?? watching }
}

/// A place in a room: name, score and streak, kept while its connection comes and goes.
///
/// Owned by the loop thread and touched only there.
final class Seat {
    let name: String
    /// What the name reads as (`Names.key`): two seats of a room never share one.
    let key: String
    /// Replaced when the host lets the seat's player back in on another device (`/letin`):
    /// the old device's token no longer holds it.
    var token: Token
    /// The room's number for this seat (`PlayerRef.seat`).
    var number: Int { Int(seatNumber) }
    unowned let room: Room
    /// The connection holding the seat. Strong, and cleared by the room whenever that connection
    /// lets go of the seat (`Room.remove` on leaving, a kick or a disconnect; `Room.reattach`),
    /// which breaks the seat-session cycle. Not weak: a weak reference gives every session a
    /// side table, and each retain and release of a session then takes the runtime's slow path,
    /// once per recipient of every event (a third of the loop's time in a 1,000-player `/say`).
    var session: Session?
    var score = 0
    var streak = 0
    /// Total time of correct answers this game: the standings' tie-break.
    var correctMs: Millis = 0
    /// The address of the last connection that held the seat, and when that connection dropped
    /// (nil while connected): a `/join` by name from there, soon enough, takes the seat back.
    var address = ""
    var droppedAt: Millis?
    // The one-byte fields sit together, after `droppedAt`'s flag: Swift lays a class's fields
    // out in the order written, and each apart took a word (BENCHMARKS.md, bytes per seated
    // connection).
    /// False for a host who created the room with `play=no`: they run the game but are not ranked.
    let plays: Bool
    /// Joined with `/join CODE NAME bot`: a program, kept out of the class's figures on request.
    var isBot = false
    /// The seat's team in a room with `teams=` (an index of `Room.teams`), nil until picked or placed.
    var team: Int? {
        get { teamIndex < 0 ? nil : Int(teamIndex) }
        set { teamIndex = newValue.map { Int8($0) } ?? -1 }
    }
    /// `team` in a byte (a room has at most `Teams.maxTeams`), -1 for none.
    private var teamIndex: Int8 = -1
    /// `number` in four bytes, last, where it fills the word the bytes above began.
    private let seatNumber: Int32

    init(name: String, token: Token, number: Int, room: Room, plays: Bool) {
        self.name = name
        key = Names.key(name)
        self.token = token
        seatNumber = Int32(number)
        self.room = room
        self.plays = plays
    }

    var connected: Bool { session != nil }
    var ref: PlayerRef { PlayerRef(seat: number, name: name, bot: isBot, team: team.flatMap { room.teams?.names[$0] }) }

    func resetForGame() {
        score = 0
        streak = 0
        correctMs = 0
    }
}
