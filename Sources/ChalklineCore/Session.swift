/// One client connection as the core sees it.
///
/// Owned by the loop thread (through `ServerCore`) and touched only there.
final class Session {
    let id: ConnectionID
    let peer: String
    var format: OutputFormat = .text
    var name: String?
    var framer: LineFramer
    /// Set while the connection holds a seat in a room.
    var seat: Seat?
    /// A `.close` was sent: nothing more is read from it.
    var closing = false
    /// Set while the connection watches a room (`/watch`): it hears the room but holds no seat.
    weak var watching: Room?

    init(id: ConnectionID, peer: String, maxLineBytes: Int) {
        self.id = id
        self.peer = peer
        framer = LineFramer(maxBytes: maxLineBytes)
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
    let token: String
    unowned let room: Room
    var session: Session?
    /// False for a host who created the room with `play=no`: they run the game but are not ranked.
    let plays: Bool
    var score = 0
    var streak = 0
    /// Total time of correct answers this game: the standings' tie-break.
    var correctMs: Millis = 0

    init(name: String, token: String, room: Room, plays: Bool) {
        self.name = name
        self.token = token
        self.room = room
        self.plays = plays
    }

    var connected: Bool { session != nil }

    func resetForGame() {
        score = 0
        streak = 0
        correctMs = 0
    }
}
