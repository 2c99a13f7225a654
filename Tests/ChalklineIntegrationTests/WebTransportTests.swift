import Foundation
import Testing

/// The web on the protocol's port, over real TCP against the real server: HTTP for the pages,
/// `/ws` for the protocol in json, and the line protocol left exactly as it was.
@Suite struct WebTransportTests {
    /// One HTTP exchange: the raw request (sent with `Connection: close`, so the connection is
    /// not kept alive for another), and everything the server sent before closing, its lines
    /// without their CR.
    func http(_ server: LiveServer, _ request: String) throws -> String {
        let client = try server.connect()
        let closing = request.firstRange(of: "\r\n").map { request.replacingCharacters(in: $0, with: "\r\nConnection: close\r\n") } ?? request
        try client.sendRaw(Array(closing.utf8))
        var lines: [String] = []
        let deadline = Date().addingTimeInterval(5)
        while let line = try? client.line(timeout: max(0.01, deadline.timeIntervalSinceNow)) {
            lines.append(line.hasSuffix("\r") ? String(line.dropLast()) : line)
        }
        #expect(try client.waitForClose(timeout: 1), "every HTTP answer closes its connection")
        return lines.joined(separator: "\n")
    }

    @Test func thePageIsServedAtTheProtocolsPort() throws {
        let server = try LiveServer()
        let page = try http(server, "GET /?room=ABCD HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(page.hasPrefix("HTTP/1.1 200 OK"))
        #expect(page.contains("Content-Type: text/html; charset=utf-8"))
        #expect(page.contains("<!doctype html>"))
        #expect(!page.contains("Welcome to Chalkline"), "a browser gets no welcome line")
        let etag = try #require(page.split(separator: "\n").first { $0.hasPrefix("ETag: ") }?.dropFirst(6))
        let again = try http(server, "GET / HTTP/1.1\r\nIf-None-Match: \(etag)\r\n\r\n")
        #expect(again.hasPrefix("HTTP/1.1 304 Not Modified"))
        let head = try http(server, "HEAD /play.js HTTP/1.1\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 200 OK"))
        #expect(head.contains("text/javascript"))
        #expect(head.hasSuffix("Connection: close\n"), "HEAD sends no body")
    }

    @Test func badRequestsGetTheirStatusAndNobodyElseNotices() throws {
        let server = try LiveServer()
        let player = try server.player("pat")
        #expect(try http(server, "POST / HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 405 "))
        #expect(try http(server, "GET /../../etc/passwd HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 404 "))
        #expect(try http(server, "GET / HTTP/1.1\r\nno colon\r\n\r\n").hasPrefix("HTTP/1.1 400 "))
        #expect(try http(server, "GET /ws HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.1 400 "), "an upgrade without its headers")
        let noKey = "GET /ws HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n"
        #expect(try http(server, noKey).hasPrefix("HTTP/1.1 400 "))
        let oldVersion = "GET /ws HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 8\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
        let refused = try http(server, oldVersion)
        #expect(refused.hasPrefix("HTTP/1.1 400 "))
        #expect(refused.contains("Sec-WebSocket-Version: 13"))
        // Endless headers: answered 413 once past 8 KB, however the bytes keep coming.
        let endless = "GET / HTTP/1.1\r\n" + String(repeating: "X-Filler: " + String(repeating: "a", count: 90) + "\r\n", count: 100)
        #expect(try http(server, endless).hasPrefix("HTTP/1.1 413 "))
        #expect(try player.command("/ping").string("type") == "ok")
    }

    @Test func netcatIsWelcomedAsBeforeAndABotThatSpeaksFirstIsNotHeldBack() throws {
        let server = try LiveServer()
        let person = try server.connect()
        try person.send("")
        #expect(try person.line() == "Welcome to Chalkline 0.1.0 (protocol 1).", "Enter brings the welcome")
        let bot = try server.connect()
        try bot.send("/format json")
        #expect(try bot.line().hasPrefix("Welcome to Chalkline"), "the welcome still comes first")
        #expect(try bot.expectText(#""cmd":"format""#).hasPrefix("{"))
        // A first line that looks like HTTP but is not a request line is the line protocol.
        let odd = try server.connect()
        try odd.send("GET READY")
        #expect(try odd.line().hasPrefix("Welcome to Chalkline"))
    }

    @Test func withNoWebARequestLineIsJustALine() throws {
        let server = try LiveServer(["--no-web"])
        let client = try server.connect()
        try client.send("GET / HTTP/1.1")
        #expect(try client.line().hasPrefix("Welcome to Chalkline"))
        #expect(try client.expectText("error").contains("unknown_command") || client.received.last!.contains("error"))
    }

    @Test func aHeadThatNeverEndsIsClosed() throws {
        let server = try LiveServer()
        let client = try server.connect()
        try client.sendRaw(Array("GET / HTTP/1.1\r\nHost: slow".utf8))
        #expect(try client.waitForClose(timeout: 15))
        #expect(client.received.isEmpty, "no welcome, no answer: \(client.received)")
    }
}
