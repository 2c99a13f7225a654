import Foundation

/// One connection to the live server over TCP; timeouts are real seconds, read with `poll`.
final class LiveChannel: LineChannel {
    let socket: TCPSocket
    private let reader: LineReader
    /// Held so the server outlives every client of it, even once the scenario has dropped its
    /// harness (the server's process ends when it is released).
    private let server: LiveServer

    init(_ server: LiveServer, host: String = "127.0.0.1", receiveBuffer: Int32? = nil) throws {
        self.server = server
        socket = try TCPSocket(port: server.port, host: host, receiveBuffer: receiveBuffer)
        reader = LineReader(fd: socket.fd)
    }

    /// Nothing has been sent yet. The server welcomes a connection on its first line (protocol.md,
    /// "Connecting"): a client that waits to read before it has said anything presses Enter
    /// first, as a person at netcat does. One that sends first (a bot, an HTTP request) never
    /// has an empty line added.
    private var silent = true

    func write(_ bytes: [UInt8]) throws {
        silent = false
        try socket.send(bytes)
    }

    func deadline(in seconds: Double) -> Double { Date().timeIntervalSinceReferenceDate + seconds }

    func readLine(until deadline: Double) throws -> String? {
        if silent { try? write(Array("\n".utf8)) }
        return try reader.readLine(deadline: Date(timeIntervalSinceReferenceDate: deadline))
    }

    func lines(for seconds: Double) -> [String] {
        var lines: [String] = []
        let until = deadline(in: seconds)
        while let line = try? readLine(until: until) { lines.append(line) }
        return lines
    }

    func linesAlreadyHere() -> [String] { reader.linesAlreadyHere() }
    var inProcessServer: InProcessServer? { nil }
    func finishSending() { socket.finishSending() }
    func hangUp() { socket.disconnect() }
}
