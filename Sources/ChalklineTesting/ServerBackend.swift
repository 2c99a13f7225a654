/// Which server a scenario runs against: the core in this process with a manual clock, or the
/// real `chalkline-server` binary over TCP, or over WebSocket as a browser plays. A suite takes
/// it as a test argument, so one body runs every way (Hummingbird's `.router` and `.live`).
public enum ServerBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case inProcess
    case live
    /// The live binary, each client a WebSocket: json only, one line a message.
    case liveWebSocket

    /// The backends that carry bytes as they are (telnet negotiation, overlong lines, text mode).
    public static let lineBackends: [ServerBackend] = [.inProcess, .live]

    public var description: String { rawValue }
}
