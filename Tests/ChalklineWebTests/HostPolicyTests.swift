import ChalklineHTTP
import ChalklineWeb
import Testing

/// Which names reach the server and which pages may open its WebSocket (issue 38 section 7).
@Suite struct HostPolicyTests {
    let laptop = HostPolicy(hostName: "laptop", publicURL: nil)
    let named = HostPolicy(hostName: "laptop.school.lan", publicURL: "http://chalk.school.example:8080/")

    @Test func addressesAndTheServersOwnNamesAreItsHosts() {
        for host in ["127.0.0.1:7420", "10.0.0.5", "[::1]:7420", "[fe80::1]", "localhost:7420", "LAPTOP:7420", "laptop.local:7420",
                     "laptop.local.:7420"] {
            #expect(laptop.allowsHost(host), "\(host)")
        }
        #expect(laptop.allowsHost(nil), "no Host: not a browser")
        for host in ["evil.example:7420", "laptop.evil.example", "10.0.0.5.evil.example", "", "999.1.1.1:7420", "attacker"] {
            #expect(!laptop.allowsHost(host), "\(host)")
        }
        #expect(named.allowsHost("chalk.school.example:8080"))
        #expect(named.allowsHost("laptop.school.lan:7420"))
        #expect(named.allowsHost("laptop:7420"))
    }

    @Test func onlyThisServersPagesMayOpenItsWebSocket() {
        #expect(laptop.allowsOrigin(nil, host: "10.0.0.5:7420"))
        #expect(laptop.allowsOrigin("http://10.0.0.5:7420", host: "10.0.0.5:7420"))
        #expect(laptop.allowsOrigin("http://laptop:7420", host: "laptop:7420"))
        #expect(laptop.allowsOrigin("http://10.0.0.5", host: "10.0.0.5:80"), "port 80 is http's default")
        #expect(!laptop.allowsOrigin("http://evil.example", host: "10.0.0.5:7420"))
        #expect(!laptop.allowsOrigin("http://10.0.0.66:7420", host: "10.0.0.5:7420"), "another machine on the LAN")
        #expect(!laptop.allowsOrigin("http://10.0.0.5:7421", host: "10.0.0.5:7420"), "another port of the same machine")
        #expect(!laptop.allowsOrigin("http://evil.example:7420", host: "evil.example:7420"), "DNS rebinding")
        #expect(!laptop.allowsOrigin("null", host: "10.0.0.5:7420"))
        #expect(!laptop.allowsOrigin("file://", host: "10.0.0.5:7420"))
        #expect(!laptop.allowsOrigin("http://10.0.0.5:7420", host: nil))
        // Behind a proxy that rewrites Host, the public URL's pages are still the server's own.
        #expect(named.allowsOrigin("https://chalk.school.example", host: "127.0.0.1:7420"))
    }

    @Test func theExchangeRefusesForeignPagesAndNames() {
        let upgrade = [("host", "10.0.0.5:7420"), ("upgrade", "websocket"), ("connection", "Upgrade"),
                       ("sec-websocket-version", "13"), ("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ==")]
        func answer(_ headers: [(String, String)], path: String = "/ws") -> WebExchange.Answer {
            WebExchange.answer(HTTPRequest(method: "GET", path: path, query: "", version: "HTTP/1.1", headers: headers),
                               site: Pages.site, hosts: laptop, qrCodes: QRCodeCache())
        }
        guard case .respond(let foreign, _) = answer(upgrade + [("origin", "http://evil.example")]) else {
            Issue.record("a foreign page's upgrade was accepted")
            return
        }
        #expect(foreign.status == 403)
        guard case .upgrade = answer(upgrade + [("origin", "http://10.0.0.5:7420")]) else {
            Issue.record("the server's own page was refused")
            return
        }
        guard case .respond(let rebound, _) = answer([("host", "evil.example:7420")], path: "/") else {
            Issue.record("no answer")
            return
        }
        #expect(rebound.status == 421)
    }

    @Test func aRoomsQRCodeIsDrawnOnceAndTheCacheIsBounded() {
        let cache = QRCodeCache(capacity: 3)
        let request = HTTPRequest(method: "GET", path: "/qr.svg", query: "room=ABCD", version: "HTTP/1.1", headers: [])
        var bodies: [[UInt8]] = []
        for _ in 0..<5 {
            guard case .respond(let response, _) = WebExchange.answer(request, site: Pages.site, joinURL: "http://10.0.0.5:7420/",
                                                                    hosts: laptop, qrCodes: cache) else { return }
            #expect(response.status == 200)
            bodies.append(response.body)
        }
        #expect(cache.drawn == 1)
        #expect(Set(bodies).count == 1)
        for code in ["A", "B", "C", "D"] { _ = cache.svg(for: code) }
        #expect(cache.drawn == 5)
        _ = cache.svg(for: "D")
        #expect(cache.drawn == 5, "the newest is still held")
        _ = cache.svg(for: "http://10.0.0.5:7420/?room=ABCD")
        #expect(cache.drawn == 6, "the oldest was forgotten when the fourth text came")
    }
}
