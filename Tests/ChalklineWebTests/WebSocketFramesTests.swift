import ChalklineHTTP
import ChalklineWeb
import Testing

@Suite struct WebSocketFramesTests {
    func frames(_ text: String) -> [UInt8] {
        Array(text.utf8).withUnsafeBytes { WebSocketFrames.textFrames($0) }
    }

    @Test func eachLineIsOneTextFrameWithoutItsNewline() {
        #expect(frames("{\"a\":1}\n") == [0x81, 7] + Array("{\"a\":1}".utf8))
        #expect(frames("x\ny\n") == [0x81, 1, UInt8(ascii: "x"), 0x81, 1, UInt8(ascii: "y")])
    }

    @Test func lengthsUseTheShortestEncoding() {
        let medium = String(repeating: "a", count: 200)
        #expect(Array(frames(medium + "\n").prefix(4)) == [0x81, 126, 0, 200])
        let large = String(repeating: "b", count: 70_000)
        #expect(Array(frames(large + "\n").prefix(10)) == [0x81, 127, 0, 0, 0, 0, 0, 0x01, 0x11, 0x70])
        #expect(frames(large + "\n").count == 70_010)
    }

    @Test func clientFrameSizesCountTheMask() {
        #expect(WebSocketFrames.clientFrameSize(payload: 5) == 11)
        #expect(WebSocketFrames.clientFrameSize(payload: 200) == 208)
        #expect(WebSocketFrames.clientFrameSize(payload: 70_000) == 70_014)
    }
}
