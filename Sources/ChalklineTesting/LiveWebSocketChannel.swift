import Foundation

/// One connection to the live server as a browser makes it (the server's own end is
/// ChalklineHTTP's `WebSocketChannel`): an upgrade at `/ws`, then one text
/// frame a line each way. Frames are written out byte by byte, so a test can also send what no
/// browser would (unmasked frames, absurd lengths, a frame split byte by byte).
public final class LiveWebSocketChannel: LineChannel {
    private let socket: TCPSocket
    private let reader: LineReader
    /// Held so the server outlives its clients (its process ends when it is released).
    private let server: LiveServer
    /// The response head to the upgrade, for tests of the handshake.
    public private(set) var handshake = ""
    /// The server's close frame, once one has arrived.
    public private(set) var closeFrame: Frame?

    public struct Frame: Equatable, Sendable {
        public var opcode: UInt8
        public var payload: [UInt8]
        public var text: String { String(decoding: payload, as: UTF8.self) }
        /// A close frame's status code (0 when it has none).
        public var closeCode: Int { payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : 0 }
        public var closeReason: String { String(decoding: payload.dropFirst(2), as: UTF8.self) }

        public init(opcode: UInt8, payload: [UInt8]) {
            self.opcode = opcode
            self.payload = payload
        }
    }

    /// Connects and upgrades at `path`; throws unless the answer is 101.
    public init(_ server: LiveServer, path: String = "/ws", receiveBuffer: Int32? = nil) throws {
        self.server = server
        socket = try TCPSocket(port: server.port, receiveBuffer: receiveBuffer)
        reader = LineReader(fd: socket.fd)
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        // As the server's own page in a browser sends it: its Host, and an Origin that is that Host.
        let host = "127.0.0.1:\(server.port)"
        try socket.send(Array(("GET \(path) HTTP/1.1\r\nHost: \(host)\r\nOrigin: http://\(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
        let deadline = Date().addingTimeInterval(5)
        while let line = try reader.readLine(deadline: deadline), line != "\r" { handshake += line + "\n" }
        guard handshake.hasPrefix("HTTP/1.1 101 ") else { throw TestFailure("no upgrade: \(handshake)") }
    }

    /// A masked frame, as RFC 6455 requires of a client; `length` overrides the length field.
    public static func frame(_ payload: [UInt8], opcode: UInt8 = 0x1, fin: Bool = true, masked: Bool = true, length: UInt64? = nil) -> [UInt8] {
        var out: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        let count = length ?? UInt64(payload.count)
        if count < 126 {
            out.append(maskBit | UInt8(count))
        } else if count < 65_536 {
            out += [maskBit | 126, UInt8(count >> 8), UInt8(count & 0xFF)]
        } else {
            out.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8((count >> UInt64(shift)) & 0xFF)) }
        }
        guard masked else { return out + payload }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        return out + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    /// Bytes as they are, frames or not.
    public func sendRaw(_ bytes: [UInt8]) throws { try socket.send(bytes) }

    /// The next frame of any kind; nil when the server closed the TCP connection.
    public func frame(timeout: Double = 5) throws -> Frame? {
        let deadline = Date().addingTimeInterval(timeout)
        guard let head = try reader.read(2, deadline: deadline) else { return nil }
        var length = UInt64(head[1] & 0x7F)
        if length >= 126 {
            guard let extended = try reader.read(length == 126 ? 2 : 8, deadline: deadline) else { return nil }
            length = extended.reduce(0) { $0 << 8 | UInt64($1) }
        }
        guard head[1] & 0x80 == 0 else { throw TestFailure("a server's frames are never masked") }
        guard let payload = try reader.read(Int(length), deadline: deadline) else { return nil }
        let frame = Frame(opcode: head[0] & 0x0F, payload: payload)
        if frame.opcode == 0x8 { closeFrame = frame }
        return frame
    }

    /// Skips messages until the server's close frame, and returns it; then the TCP connection
    /// must end too.
    public func expectClose(timeout: Double = 5) throws -> Frame {
        let deadline = Date().addingTimeInterval(timeout)
        while let frame = try frame(timeout: max(0.01, deadline.timeIntervalSinceNow)) {
            if frame.opcode == 0x8 {
                guard try waitForClose(timeout: max(0.5, deadline.timeIntervalSinceNow)) else { throw TestFailure("TCP stays open") }
                return frame
            }
        }
        throw TestFailure("the connection ended without a close frame")
    }

    /// True when the server closes the TCP connection before the deadline, false when it is
    /// still open then (what arrives until then is dropped).
    public func waitForClose(timeout: Double = 5) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        do {
            while try reader.read(1, deadline: deadline) != nil {}
        } catch is DeadlinePassed {
            return false
        }
        return true
    }

    // MARK: One line a message

    func write(_ bytes: [UInt8]) throws {
        // A line's LF is not part of its message (the server would forgive one anyway).
        try sendRaw(Self.frame(bytes.last == 0x0A ? Array(bytes.dropLast()) : bytes))
    }

    func deadline(in seconds: Double) -> Double { Date().timeIntervalSinceReferenceDate + seconds }

    func readLine(until deadline: Double) throws -> String? {
        let timeout = max(0.001, deadline - Date().timeIntervalSinceReferenceDate)
        guard let frame = try frame(timeout: timeout), frame.opcode != 0x8 else { return nil }
        guard frame.opcode == 0x1 else { throw TestFailure("not a text frame: opcode \(frame.opcode) \(frame.text)") }
        return frame.text
    }

    func lines(for seconds: Double) -> [String] {
        var lines: [String] = []
        let until = deadline(in: seconds)
        while let line = try? readLine(until: until) { lines.append(line) }
        return lines
    }

    func linesAlreadyHere() -> [String] { lines(for: 0.01) }
    var inProcessServer: InProcessServer? { nil }
    func finishSending() { socket.finishSending() }
    func hangUp() { socket.disconnect() }
}
