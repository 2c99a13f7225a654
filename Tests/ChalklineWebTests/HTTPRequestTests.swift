import ChalklineCore
import ChalklineHTTP
import ChalklineWeb
import Testing

@Suite struct HTTPRequestTests {
    @Test func aWholeHeadParsesWithItsHeadersAndQuery() throws {
        let text = "GET /?room=ABCD HTTP/1.1\r\nHost: teacher:7420\r\nConnection: keep-alive, Upgrade\r\n\r\nrest"
        guard case .complete(let request, let length) = HTTPRequest.parse(Array(text.utf8)) else {
            Issue.record("not complete")
            return
        }
        #expect(request.method == "GET")
        #expect(request.path == "/")
        #expect(request.query == "room=ABCD")
        #expect(request.header("host") == "teacher:7420")
        #expect(request.tokens("connection") == ["keep-alive", "upgrade"])
        #expect(length == text.utf8.count - 4)
    }

    @Test func bareLineFeedsEndTheHeadToo() {
        guard case .complete(let request, _) = HTTPRequest.parse(Array("HEAD /play.js HTTP/1.0\nA: b\n\n".utf8)) else {
            Issue.record("not complete")
            return
        }
        #expect(request.method == "HEAD")
        #expect(request.header("a") == "b")
    }

    @Test func aHeadStillArrivingIsIncomplete() {
        #expect(HTTPRequest.parse(Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)) == .incomplete)
    }

    @Test func aHeadPastTheLimitIsTooLarge() {
        let endless = Array("GET / HTTP/1.1\r\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: Limits.httpHeadBytes)
        #expect(HTTPRequest.parse(endless) == .tooLarge)
    }

    @Test(arguments: ["GET / HTTP/1.1\r\nNo colon here\r\n\r\n", "GET / HTTP/1.1\r\nBad Name: x\r\n\r\n",
                      "GET noslash HTTP/1.1\r\n\r\n", "GET / HTTP/3.0\r\n\r\n", "GET / HTTP/1.1\r\n: empty\r\n\r\n"])
    func malformedHeadsAreRefused(_ text: String) {
        guard case .malformed = HTTPRequest.parse(Array(text.utf8)) else {
            Issue.record("\(text.debugDescription) was not refused")
            return
        }
    }

    @Test func aHeadThatIsNotUTF8IsRefused() {
        let bytes = Array("GET / HTTP/1.1\r\nX: ".utf8) + [0xFF, 0xFE] + Array("\r\n\r\n".utf8)
        guard case .malformed = HTTPRequest.parse(bytes) else {
            Issue.record("accepted")
            return
        }
    }
}
