import ChalklineHTTP
import ChalklineWeb
import Testing

@Suite struct FirstLineTests {
    @Test(arguments: ["GET / HTTP/1.1\r\n", "HEAD /play.js HTTP/1.0\n", "GET /ws?x=1 HTTP/1.1\r\nHost: a\r\n"])
    func requestLinesAreHTTP(_ text: String) {
        #expect(FirstLine.classify(Array(text.utf8)) == .http)
    }

    @Test(arguments: ["/name sam\n", "14\n", "GET\n", "get / HTTP/1.1\n", "GET / HTTP/2\n", "GET  / HTTP/1.1\n",
                      "GET / HTTP/1.1 extra\n", "PRESENT\n", "\n", "GET / HTTP/1.1\rx"])
    func otherFirstLinesAreTheLineProtocol(_ text: String) {
        #expect(FirstLine.classify(Array(text.utf8)) == .line)
    }

    @Test(arguments: ["", "G", "GET", "GET ", "GET /pl", "GET / HTTP/1.", "GET / HTTP/1.1", "GET / HTTP/1.1\r"])
    func aPrefixOfARequestLineWaitsForMore(_ text: String) {
        #expect(FirstLine.classify(Array(text.utf8)) == .undecided)
    }

    @Test func aMethodLongerThanAnyIsTheLineProtocol() {
        #expect(FirstLine.classify(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)) == .line)
    }
}
