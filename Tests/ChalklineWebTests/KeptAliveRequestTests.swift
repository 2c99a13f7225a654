import ChalklineCore
import ChalklineHTTP
import ChalklineWeb
import Testing

/// The pure side of kept-alive connections (review findings 5 and 9): pipelined heads are read
/// in place by offset, a request with a body is never kept alive, and only a room that exists
/// gets a QR code drawn.
@Suite struct KeptAliveRequestTests {
    @Test func pipelinedHeadsAreReadByOffset() {
        let bytes = Array("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\n\r\nGET /c".utf8)
        guard case .complete(let first, let length) = HTTPRequest.parse(bytes, from: 0) else {
            Issue.record("no first request")
            return
        }
        #expect(first.path == "/a")
        guard case .complete(let second, let secondLength) = HTTPRequest.parse(bytes, from: length) else {
            Issue.record("no second request")
            return
        }
        #expect(second.path == "/b")
        #expect(secondLength == 19)
        #expect(HTTPRequest.parse(bytes, from: length + secondLength) == .incomplete)
    }

    @Test func aRequestWithABodyIsNotKeptAlive() {
        func request(_ headers: [(String, String)]) -> HTTPRequest {
            HTTPRequest(method: "GET", path: "/", query: "", version: "HTTP/1.1", headers: headers.map { (name: $0.0, value: $0.1) })
        }
        #expect(request([]).keepsAlive)
        #expect(request([("content-length", "0")]).keepsAlive)
        #expect(!request([("content-length", "12")]).keepsAlive)
        #expect(!request([("transfer-encoding", "chunked")]).keepsAlive)
    }

    @Test func onlyARoomThatExistsGetsAQRCode() {
        let cache = QRCodeCache()
        let hosts = HostPolicy(hostName: "laptop", publicURL: nil)
        func ask(_ code: String) -> HTTPResponse? {
            let request = HTTPRequest(method: "GET", path: "/qr.svg", query: "room=\(code)", version: "HTTP/1.1", headers: [])
            guard case .respond(let response, _) = WebExchange.answer(request, site: Pages.site, joinURL: "http://10.0.0.5:7420/",
                                                                    hosts: hosts, qrCodes: cache, isRoom: { $0 == "ABCD" }) else { return nil }
            return response
        }
        #expect(ask("abcd")?.status == 200)
        #expect(ask("ZZZZ")?.status == 404)
        #expect(cache.drawn == 1, "a made-up code draws nothing")
    }
}
