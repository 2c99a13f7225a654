import ChalklineHTTP
import ChalklineWeb
import Testing

@Suite struct WebExchangeTests {
    func request(_ path: String, _ headers: [(String, String)] = [], method: String = "GET", version: String = "HTTP/1.1") -> HTTPRequest {
        HTTPRequest(method: method, path: path, query: "", version: version,
                    headers: headers.map { ($0.0.lowercased(), $0.1) })
    }

    func answer(_ request: HTTPRequest) -> WebExchange.Answer { WebExchange.answer(request, site: Pages.site, hosts: HostPolicy(hostName: "laptop", publicURL: nil), qrCodes: QRCodeCache()) }

    static let upgrade = [("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Version", "13"),
                          ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")]

    @Test func theRFCsExampleKeyGetsTheRFCsAcceptValue() {
        // RFC 6455 section 1.3.
        #expect(WebSocketHandshake.accept(key: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func anUpgradeIsAnswered101() {
        guard case .upgrade(let response) = answer(request("/ws", Self.upgrade)) else {
            Issue.record("no upgrade")
            return
        }
        #expect(response.status == 101)
        #expect(response.headers.contains { $0 == ("Sec-WebSocket-Accept", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=") })
        let text = String(decoding: response.rendered(), as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 101 Switching Protocols\r\n"))
        #expect(!text.contains("Content-Length"), "a 101 has no body to measure")
    }

    @Test(arguments: [
        ("Sec-WebSocket-Key", "c2hvcnQ="), ("Sec-WebSocket-Key", ""), ("Sec-WebSocket-Version", "8"), ("Upgrade", "h2c"),
    ])
    func aBrokenUpgradeIs400(_ header: (String, String)) {
        let headers = Self.upgrade.map { $0.0 == header.0 ? header : $0 }
        guard case .respond(let response, _) = answer(request("/ws", headers)) else {
            Issue.record("upgraded")
            return
        }
        #expect(response.status == 400)
        if header.0 == "Sec-WebSocket-Version" {
            #expect(response.headers.contains { $0 == ("Sec-WebSocket-Version", "13") })
        }
    }

    @Test func anUpgradeWithoutAKeyIs400() {
        guard case .respond(let response, _) = answer(request("/ws", Array(Self.upgrade.dropLast()))) else {
            Issue.record("upgraded")
            return
        }
        #expect(response.status == 400)
    }

    @Test func pagesAreServedWithAValidatorAndRevalidated() throws {
        guard case .respond(let page, false) = answer(request("/")) else {
            Issue.record("no page")
            return
        }
        #expect(page.status == 200)
        let etag = try #require(page.headers.first { $0.0 == "ETag" }?.1)
        #expect(page.headers.contains { $0 == ("Cache-Control", "no-cache") })
        guard case .respond(let again, _) = answer(request("/", [("If-None-Match", etag)])) else {
            Issue.record("no answer")
            return
        }
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
    }

    @Test func headGetsTheHeadOnly() {
        guard case .respond(let response, let headOnly) = answer(request("/play.js", method: "HEAD")) else {
            Issue.record("no answer")
            return
        }
        #expect(headOnly)
        let rendered = response.rendered(headOnly: true)
        #expect(String(decoding: rendered, as: UTF8.self).hasSuffix("\r\n\r\n"))
        #expect(String(decoding: rendered, as: UTF8.self).contains("Content-Length: \(response.body.count)\r\n"))
    }

    @Test func otherMethodsAre405AndUnknownPaths404() {
        guard case .respond(let post, _) = answer(request("/", method: "POST")),
              case .respond(let missing, _) = answer(request("/etc/passwd")) else {
            Issue.record("no answer")
            return
        }
        #expect(post.status == 405)
        #expect(post.headers.contains { $0 == ("Allow", "GET, HEAD") })
        #expect(missing.status == 404)
    }

    /// What a phone on a busy school network downloads for each page: its files as the server
    /// sends them to a browser that takes gzip (every browser does). 29 KB and 27 KB when the
    /// budget moved from raw bytes to this (issue 41): the raw total (150 KiB) was all used, and
    /// what the class waits for is the bytes on the wire.
    @Test func thePagesFitTheirBudget() {
        let shared = ["/line.js", "/shared.js", "/icon.svg"]
        func sent(_ belongs: (String) -> Bool) -> Int {
            Pages.site.files.filter { belongs($0.path) || shared.contains($0.path) }
                .reduce(0) { $0 + ($1.gzipped ?? $1.bytes).count }
        }
        // The student page also loads the picture pad's pictures (a class's picture codes), and its
        // words' module (i18n.js; the catalog it fetches, /lang/CODE.json, is data, not code).
        let student = sent { $0 == "/" || $0 == "/style.css" || $0.hasPrefix("/play") || $0 == "/pictures.js" || $0 == "/i18n.js" }
        let teacher = sent { $0.hasPrefix("/host") || $0 == "/teacher.css" || $0 == "/i18n.js" }
        // The desk (issue 40): every file /desk loads, found by following its links and imports.
        let deskFiles = Self.loaded(by: "/desk")
        #expect(deskFiles.isSuperset(of: ["/desk.js", "/desk-classes.js", "/host-report.js", "/pictures.js", "/teacher.css"]), "\(deskFiles)")
        let desk = sent { deskFiles.contains($0) }
        // 44 KiB since issue 42: 38.4 KB before; the English kept beside each key (what the page
        // reads when its catalog cannot load) +3.0 KB, i18n.js counted +2.1 KB: 43.5 KB.
        #expect(student > 20 * 1024 && student < 44 * 1024, "the student page sends \(student) bytes")
        #expect(teacher > 20 * 1024 && teacher < 48 * 1024, "the teacher page sends \(teacher) bytes")
        // 50 KiB since issue 42: the desk now loads i18n.js and desk-words.js and keeps each
        // text's English beside its key (49,752 bytes measured at the merge).
        #expect(desk > 20 * 1024 && desk < 50 * 1024, "the desk sends \(desk) bytes")
        #expect(Pages.site.files.count >= 4)
    }

    /// `page` and the files it loads: its stylesheets and scripts, and the modules they import
    /// (not the pages it links to).
    static func loaded(by page: String) -> Set<String> {
        var found: Set<String> = [page], queue = [page]
        while let path = queue.popLast() {
            guard let file = Pages.site.file(at: path) else { continue }
            for match in String(decoding: file.bytes, as: UTF8.self).matches(of: /(?:rel="stylesheet" href|src)="(\/[^"?#]+)"|from '\.(\/[^']+)'/) {
                let next = String(match.1 ?? match.2 ?? "")
                if Pages.site.file(at: next) != nil, found.insert(next).inserted { queue.append(next) }
            }
        }
        return found
    }
}
