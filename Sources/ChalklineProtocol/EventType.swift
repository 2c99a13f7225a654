/// The `type` of every line the server sends: the replies `ok` and `error`, and each event
/// protocol.md lists. Server and client both name them from here.
public enum EventType: String, Sendable, CaseIterable {
    case ok, error
    case welcome, joined, left, host, countdown, question
    case hostAway = "host_away"
    case roundEnd = "round_end"
    case gameEnd = "game_end"
    case board, solved
    case levelEnd = "level_end"
    case kicked, bye, shutdown, chat, progress, teams
    /// Issue 38: a homework round's pause; the seat moved by the host's leave; a come-back request and its answer.
    case pause
    case seatMoved = "seat_moved"
    case comeback
    case letIn = "let_in"
    case moved
    /// Issue 40: an assignment's counts, to every teacher connection.
    case homework
}

extension EventType {
    /// The `"type"` field that starts every line.
    public var field: (String, JSON) { ("type", .string(rawValue)) }
}
