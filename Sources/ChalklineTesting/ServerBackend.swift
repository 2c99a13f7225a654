/// Which server a scenario runs against: the core in this process with a manual clock, or the
/// real `chalkline-server` binary over TCP. A suite takes it as a test argument, so one body
/// runs both ways (Hummingbird's `.router` and `.live`).
public enum ServerBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case inProcess
    case live

    public var description: String { rawValue }
}
