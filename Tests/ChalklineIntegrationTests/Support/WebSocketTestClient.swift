import Foundation
import Testing

/// A browser's side of a WebSocket to the real server: the harness's client for the lines it
/// reads and sends, and the channel itself for raw frames and the close.
final class WebSocketTestClient {
    let raw: LiveWebSocketChannel
    let lines: HarnessClient

    /// Connects and upgrades at `path`; throws unless the answer is 101.
    init(_ server: LiveServer, path: String = "/ws", receiveBuffer: Int32? = nil) throws {
        raw = try LiveWebSocketChannel(server, path: path, receiveBuffer: receiveBuffer)
        lines = HarnessClient(raw, inspect: ProtocolSchema.check(line:))
    }

    static func frame(_ payload: [UInt8], opcode: UInt8 = 0x1, fin: Bool = true, masked: Bool = true, length: UInt64? = nil) -> [UInt8] {
        LiveWebSocketChannel.frame(payload, opcode: opcode, fin: fin, masked: masked, length: length)
    }

    var handshake: String { raw.handshake }
    func send(_ line: String) throws { try lines.send(line) }
    func sendRaw(_ bytes: [UInt8]) throws { try raw.sendRaw(bytes) }
    func json(timeout: Double = 5) throws -> ServerLine { try lines.json(timeout: timeout) }
    func expect(_ type: String, timeout: Double = 5) throws -> ServerLine { try lines.expect(type, timeout: timeout) }
    func command(_ line: String, timeout: Double = 5) throws -> ServerLine { try lines.command(line, timeout: timeout) }
    func frame(timeout: Double = 5) throws -> LiveWebSocketChannel.Frame? { try raw.frame(timeout: timeout) }
    func expectClose(timeout: Double = 5) throws -> LiveWebSocketChannel.Frame { try raw.expectClose(timeout: timeout) }
    func waitForClose(timeout: Double = 5) throws -> Bool { try raw.waitForClose(timeout: timeout) }
}
