import ChalklineProtocol
import Glibc
import Testing
@testable import ChalklineClient

/// The client frames the server's lines with the shared `LineFramer`: whole lines come out
/// whatever the reads, and a line past the limit ends the connection with a reason instead
/// of growing the client's memory. A listening socket on loopback stands in for the server.
@Suite struct LineConnectionFramingTests {
    /// Runs a connection against `served` (written by the stand-in server, then closed) and
    /// returns the lines it read and why it closed.
    private func read(_ served: [UInt8], maxLineBytes: Int) throws -> (lines: [String], closed: String?) {
        let listener = try LoopbackListener()
        let reactor = Reactor()
        let connection = LineConnection(to: listener.endpoint, reactor: reactor, maxLineBytes: maxLineBytes)
        var lines: [String] = []
        var closed: String?? = .none
        connection.onLine = { lines.append($0) }
        connection.onClose = { reason in
            closed = .some(reason)
            reactor.stop()
        }
        try connection.connect()
        let peer = try listener.accept()
        let sent = served.withUnsafeBytes { send(peer, $0.baseAddress, $0.count, 0) }
        try #require(sent == served.count)
        close(peer)
        #expect(reactor.run(until: Clock.nanoseconds() + 10_000_000_000), "the connection never closed")
        return (lines, closed ?? "still open")
    }

    @Test func wholeLinesComeOutAndACleanCloseHasNoReason() throws {
        let (lines, closed) = try read(Array("{\"a\":1}\r\n\nsecond line\nlast\n".utf8), maxLineBytes: 64)
        #expect(lines == [#"{"a":1}"#, "", "second line", "last"])
        #expect(closed == nil)
    }

    @Test func aLineOverTheLimitClosesTheConnectionWithAReason() throws {
        let long = [UInt8](repeating: UInt8(ascii: "y"), count: 100_000)
        let (lines, closed) = try read(Array("fits\n".utf8) + long + Array("\nnever read\n".utf8), maxLineBytes: 64)
        #expect(lines == ["fits"])
        #expect(closed == "the server sent a line over 64 bytes")
    }

    /// The shared framer's raw form hands lines over in place, and never holds more than the
    /// limit of a line that does not end.
    @Test func theRawFramerHoldsNoMoreThanItsLimit() {
        var framer = LineFramer(maxBytes: 8)
        var seen: [String] = []
        let record: (LineFramer.Raw) -> Void = { raw in
            switch raw {
            case .bytes(let bytes): seen.append(String(decoding: bytes, as: UTF8.self))
            case .tooLong: seen.append("<too long>")
            }
        }
        Array("abc\r\nde".utf8).withUnsafeBytes { framer.push($0, each: record) }
        #expect(seen == ["abc"] && framer.pendingCount == 2)
        for _ in 0..<1000 { Array("xxxxxxxx".utf8).withUnsafeBytes { framer.push($0, each: record) } }
        #expect(seen == ["abc", "<too long>"] && framer.pendingCount == 0)
        Array("zz\nok\n".utf8).withUnsafeBytes { framer.push($0, each: record) }
        #expect(seen == ["abc", "<too long>", "ok"])
    }
}
