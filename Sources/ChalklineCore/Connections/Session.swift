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
    /// The connection's language (`/lang`), as its place in `Languages.all`: one byte beside the
    /// others, 0 for English.
    var languageIndex: UInt8 = 0
    /// A WebSocket: one message a line, so replies must be one line too (`/format text` is refused).
    var jsonOnly = false
    /// A `.close` was sent: nothing more is read from it.
    var closing = false
    /// True while the core's idle schedule holds an entry for this connection (at most one).
    var idleScheduled = false
    /// The connection gave the teacher's secret (`/teacher`): the desk's commands (classes,
    /// past games, progress, every homework) are open to it, and `/create` needs no password.
    var isTeacher = false
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
    /// A question set being sent (`/sets new` ... `/sets save`): one word while there is none.
    var setDraft: SetDraft?

    init(id: ConnectionID, peer: String, config: ServerConfig, now: Millis) {
        self.id = id
        self.peer = peer
        framer = LineFramer(maxBytes: config.maxLineBytes)
        lastHeard = now
        bucket = LineBucket(rate: config.linesPerSecond, now: now)
        languageIndex = Languages.index(of: config.language)
    }

    /// What the connection reads: `/lang`'s choice, or the server's `--language`.
    var language: Language {
        get { Languages.all[Int(languageIndex)] }
        set { languageIndex = Languages.index(of: newValue) }
    }

    var room: Room? { seat?.room }

    /// The room whose events this connection receives, as a player or as a watcher.
    var audienceRoom: Room? { seat?.room ?? watching }
}
