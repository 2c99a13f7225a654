import Foundation
import Testing

/// A browser's side of a WebSocket to the real server, written out byte by byte so tests can
/// also send what no browser would (unmasked frames, absurd lengths, a frame split byte by byte).
/// Messages are read with a deadline, like `HarnessClient`'s lines.
final class WebSocketTestClient: JSONTestClient {
    private let socket: TCPSocket
    private let reader: LineReader
    /// The response head to the upgrade, for tests of the handshake.
    private(set) var handshake = ""

    struct Frame: Equatable {
        var opcode: UInt8
        var payload: [UInt8]
        var text: String { String(decoding: payload, as: UTF8.self) }
        /// A close frame's status code (0 when it has none).
        var closeCode: Int { payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : 0 }
        var closeReason: String { String(decoding: payload.dropFirst(2), as: UTF8.self) }
    }

    /// Connects and upgrades at `path`; throws unless the answer is 101.
    init(port: UInt16, path: String = "/ws", receiveBuffer: Int32? = nil) throws {
        socket = try TCPSocket(port: port, receiveBuffer: receiveBuffer)
        reader = LineReader(fd: socket.fd)
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        try socket.send(Array(("GET \(path) HTTP/1.1\r\nHost: test\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
        let deadline = Date().addingTimeInterval(5)
        while let line = try reader.readLine(deadline: deadline), line != "\r" { handshake += line + "\n" }
        guard handshake.hasPrefix("HTTP/1.1 101 ") else { throw TestFailure("no upgrade: \(handshake)") }
    }

    /// A masked frame, as RFC 6455 requires of a client; `length` overrides the length field.
    static func frame(_ payload: [UInt8], opcode: UInt8 = 0x1, fin: Bool = true, masked: Bool = true, length: UInt64? = nil) -> [UInt8] {
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

    func send(_ line: String) throws { try sendRaw(Self.frame(Array(line.utf8))) }

    /// Bytes as they are: frames a browser would never send, or one split anywhere.
    func sendRaw(_ bytes: [UInt8]) throws { try socket.send(bytes) }

    /// True when the server closes the TCP connection before the deadline (what arrives until
    /// then is dropped).
    func waitForClose(timeout: Double = 5) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while try reader.read(1, deadline: deadline) != nil {}
        return true
    }

    /// The next frame of any kind; nil when the server closed the TCP connection.
    func frame(timeout: Double = 5) throws -> Frame? {
        let deadline = Date().addingTimeInterval(timeout)
        guard let head = try reader.read(2, deadline: deadline) else { return nil }
        var length = UInt64(head[1] & 0x7F)
        if length >= 126 {
            guard let extended = try reader.read(length == 126 ? 2 : 8, deadline: deadline) else { return nil }
            length = extended.reduce(0) { $0 << 8 | UInt64($1) }
        }
        #expect(head[1] & 0x80 == 0, "a server's frames are never masked")
        guard let payload = try reader.read(Int(length), deadline: deadline) else { return nil }
        return Frame(opcode: head[0] & 0x0F, payload: payload)
    }

    /// The next text message as JSON, held to the schema like every json line a test reads.
    func json(timeout: Double = 5) throws -> [String: Any] {
        guard let frame = try frame(timeout: timeout) else { throw TestFailure("connection closed") }
        guard frame.opcode == 0x1 else { throw TestFailure("not a text frame: opcode \(frame.opcode) \(frame.text)") }
        guard let object = try JSONSerialization.jsonObject(with: Data(frame.payload)) as? [String: Any] else {
            throw TestFailure("not a JSON object: \(frame.text)")
        }
        ProtocolSchema.check(object, line: frame.text)
        return object
    }

    /// Skips messages until the server's close frame, and returns it; then the TCP connection
    /// must end too.
    func expectClose(timeout: Double = 5) throws -> Frame {
        let deadline = Date().addingTimeInterval(timeout)
        while let frame = try frame(timeout: max(0.01, deadline.timeIntervalSinceNow)) {
            if frame.opcode == 0x8 {
                #expect(try waitForClose(timeout: max(0.5, deadline.timeIntervalSinceNow)), "TCP closes after the close frame")
                return frame
            }
        }
        throw TestFailure("the connection ended without a close frame")
    }
}
