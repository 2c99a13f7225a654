/// Why someone left a room: the `reason` of a `left` event. Server and client both name it
/// from here, so the client's wording follows the server's list.
public enum LeaveReason: String, Sendable, CaseIterable {
    case left, disconnected, kicked, banned
}
