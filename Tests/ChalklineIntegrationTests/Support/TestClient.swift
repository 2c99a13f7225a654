import ChalklineTesting
import Foundation
import Testing

/// One player over real TCP: sends lines, and waits (with a deadline) for the line it expects.
final class TestClient: JSONTestClient {
    private let socket: TCPSocket
    private let reader: LineReader
    /// Every line received, in order, for assertions about order.
    private(set) var received: [String] = []

    /// Connects over IPv4 or IPv6 (a host with a colon); `receiveBuffer` shrinks the socket's
    /// receive buffer, for tests of clients that read slowly.
    init(port: UInt16, host: String = "127.0.0.1", receiveBuffer: Int32? = nil) throws {
        socket = try TCPSocket(port: port, host: host, receiveBuffer: receiveBuffer)
        reader = LineReader(fd: socket.fd)
    }

    var fd: Int32 { socket.fd }

    func send(_ line: String) throws {
        try sendRaw(Array((line + "\n").utf8))
    }

    func finishSending() { socket.finishSending() }

    func sendRaw(_ bytes: [UInt8]) throws { try socket.send(bytes) }

    func disconnect() { socket.disconnect() }

    func line(timeout: Double = 5) throws -> String {
        guard let line = try reader.readLine(deadline: Date().addingTimeInterval(timeout)) else {
            throw TestFailure("connection closed; received so far: \(received.suffix(5))")
        }
        received.append(line)
        return line
    }

    /// The next JSON line, whatever it is.
    func json(timeout: Double = 5) throws -> [String: Any] {
        let text = try line(timeout: timeout)
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw TestFailure("not a JSON object: \(text)")
        }
        // Every json line a test reads is held to the contract.
        ProtocolSchema.check(object, line: text)
        return object
    }

    /// Skips text lines until one contains `fragment`.
    func expectText(_ fragment: String, timeout: Double = 5) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let text = try line(timeout: max(0.01, deadline.timeIntervalSinceNow))
            if text.contains(fragment) { return text }
        }
    }

    /// The text-mode welcome (every connection starts in text) ends with the line pointing to /help.
    func skipWelcome() throws {
        _ = try expectText("/help")
    }

    /// True when the server has closed the connection (EOF) before the deadline.
    func waitForClose(timeout: Double = 5) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            guard let line = try reader.readLine(deadline: deadline) else { return true }
            received.append(line)
        }
    }
}
