/// One connection as a client sees it, whatever carries it: the core's `.send` effects
/// in-process, a socket live. Deadlines are seconds on the backend's own clock: the manual
/// clock in-process, the real one live.
protocol LineChannel: AnyObject {
    func write(_ bytes: [UInt8]) throws
    /// The backend's clock `seconds` from now.
    func deadline(in seconds: Double) -> Double
    /// The next line (without its LF), nil once the server has closed the connection; throws
    /// when none comes by `deadline`.
    func readLine(until deadline: Double) throws -> String?
    /// The lines that have arrived already, without waiting (in-process: without moving the clock).
    func linesAlreadyHere() -> [String]
    /// Lets `seconds` pass on the backend's clock (in-process, moving it and firing what falls
    /// due) and returns what arrived meanwhile; at the end of the stream, what arrived before it.
    func lines(for seconds: Double) -> [String]
    /// The in-process server behind this channel; nil live.
    var inProcessServer: InProcessServer? { get }
    func finishSending()
    /// Drops the connection, as a closed laptop lid does.
    func hangUp()
}
