import ChalklineCore
import ChalklineHTTP
import ChalklineWeb
import Testing

/// What the exchange decides about keeping a connection and compressing a file; the bytes on
/// the wire are checked over TCP (PageLoadTCPTests).
@Suite struct KeepAliveAndGzipTests {
    func request(_ headers: [(String, String)] = [], method: String = "GET", version: String = "HTTP/1.1") -> HTTPRequest {
        HTTPRequest(method: method, path: "/play.js", query: "", version: version, headers: headers.map { ($0.0.lowercased(), $0.1) })
    }

    @Test func http11KeepsAliveUnlessItSaysClose() {
        #expect(request().keepsAlive)
        #expect(request([("Connection", "keep-alive")]).keepsAlive)
        #expect(!request([("Connection", "Close")]).keepsAlive)
        #expect(!request(version: "HTTP/1.0").keepsAlive)
        #expect(!request([("Connection", "keep-alive")], version: "HTTP/1.0").keepsAlive)
    }

    @Test func refusalsClose() {
        for status in [200, 304, 404] { #expect(WebExchange.keepsAlive(after: HTTPResponse(status: status))) }
        for status in [400, 405, 413] { #expect(!WebExchange.keepsAlive(after: HTTPResponse(status: status))) }
    }

    @Test func acceptEncodingIsReadWithItsQValues() {
        #expect(request([("Accept-Encoding", "gzip, deflate, br, zstd")]).acceptsGzip)
        #expect(request([("Accept-Encoding", "br;q=1.0, GZIP;q=0.5")]).acceptsGzip)
        #expect(request([("Accept-Encoding", "*")]).acceptsGzip)
        #expect(!request().acceptsGzip)
        #expect(!request([("Accept-Encoding", "gzip;q=0")]).acceptsGzip)
        #expect(!request([("Accept-Encoding", "*, gzip;q=0")]).acceptsGzip)
        #expect(!request([("Accept-Encoding", "identity")]).acceptsGzip)
    }

    @Test func everyTextFileHasASmallerGzippedCopyWithItsOwnETag() {
        for file in Pages.site.files {
            let gzipped = file.gzipped ?? []
            #expect(gzipped.count > 0 && gzipped.count < file.bytes.count, "\(file.path)")
            #expect(gzipped.starts(with: [0x1f, 0x8b]), "\(file.path) is gzip")
            #expect(file.gzippedETag != file.etag)
        }
    }

    @Test func aKeptAliveAnswerSaysForHowLong() {
        let text = String(decoding: HTTPResponse(status: 200, body: [1]).rendered(keepAlive: true), as: UTF8.self)
        #expect(text.contains("Keep-Alive: timeout=\(Limits.httpKeepAliveIdleMs / 1000)\r\n"))
        #expect(!text.contains("Connection: close"))
        #expect(String(decoding: HTTPResponse(status: 200).rendered(), as: UTF8.self).contains("Connection: close\r\n"))
    }
}
