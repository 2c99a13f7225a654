import Glibc
import Testing
@testable import ChalklineClient

/// The room finder's short blocking connection frames with the shared framer too: whole lines
/// out, CR dropped, and a line past the limit is an error rather than an endless buffer.
@Suite struct BlockingLinesTests {
    @Test func linesComeOutWholeAndAnOverlongOneIsAnError() throws {
        let listener = try LoopbackListener()
        let client = try BlockingLines(listener.endpoint, timeout: 5, maxLineBytes: 64)
        let peer = try listener.accept()
        let served = Array("Welcome to Chalkline.\r\n{\"type\":\"ok\",\"cmd\":\"rooms\",\"rooms\":[]}\n".utf8)
            + [UInt8](repeating: UInt8(ascii: "z"), count: 10_000) + [0x0A]
        #expect(served.withUnsafeBytes { send(peer, $0.baseAddress, $0.count, 0) } == served.count)
        close(peer)
        #expect(try client.line() == "Welcome to Chalkline.")
        #expect(try client.line() == #"{"type":"ok","cmd":"rooms","rooms":[]}"#)
        let error = #expect(throws: ClientError.self) { try client.line() }
        #expect(error?.description == "the server sent a line over 64 bytes")
    }
}
