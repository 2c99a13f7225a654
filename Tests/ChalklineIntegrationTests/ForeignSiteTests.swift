import ChalklineCore
import Foundation
import Testing

/// Issue 38 section 7, over real TCP against the real server: a page from another web site, open
/// in a student's browser, cannot reach the class; one address holding unfinished requests cannot
/// lock the others out.
@Suite struct ForeignSiteTests {
    /// A raw connection from `source`, for sending a request by hand and reading what comes back.
    struct Raw {
        let socket: TCPSocket
        let reader: LineReader

        init(_ server: LiveServer, source: String = "127.0.0.1") throws {
            socket = try TCPSocket(port: server.port, source: source)
            reader = LineReader(fd: socket.fd)
        }

        func send(_ text: String) throws { try socket.send(Array(text.utf8)) }

        /// The first line of the answer, without its CR; nil when the server closed without one.
        func statusLine(timeout: Double = 5) throws -> String? {
            try reader.readLine(deadline: Date().addingTimeInterval(timeout)).map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        }
    }

    func upgrade(host: String, origin: String?) -> String {
        "GET /ws HTTP/1.1\r\nHost: \(host)\r\n" + (origin.map { "Origin: \($0)\r\n" } ?? "")
            + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    }

    @Test func aPageFromAnotherSiteCannotOpenTheWebSocket() throws {
        let server = try LiveServer()
        let here = "127.0.0.1:\(server.port)"
        for origin in ["http://evil.example", "http://evil.example:\(server.port)", "null", "http://10.9.9.9:\(server.port)",
                       "http://127.0.0.1:\(server.port + 1)"] {
            let c = try Raw(server)
            try c.send(upgrade(host: here, origin: origin))
            let status = try c.statusLine()
            #expect(status?.hasPrefix("HTTP/1.1 403 ") == true, "Origin \(origin): \(status ?? "closed")")
        }
        // The server's own page, and a client that is not a browser page at all, still connect.
        for origin in ["http://\(here)", "http://localhost:\(server.port)", nil] as [String?] {
            let c = try Raw(server)
            try c.send(upgrade(host: origin.map { String($0.dropFirst(7)) } ?? here, origin: origin))
            let status = try c.statusLine()
            #expect(status?.hasPrefix("HTTP/1.1 101 ") == true, "Origin \(origin ?? "none"): \(status ?? "closed")")
        }
    }

    /// DNS rebinding: a name of the attacker's pointed at the laptop. The browser then thinks the
    /// server is part of evil.example and sends its name as Host (and as Origin, which matches).
    @Test func aNameTheServerDoesNotKnowIsRefused() throws {
        let server = try LiveServer()
        let rebound = "evil.example:\(server.port)"
        let socket = try Raw(server)
        try socket.send(upgrade(host: rebound, origin: "http://\(rebound)"))
        #expect(try socket.statusLine()?.hasPrefix("HTTP/1.1 421 ") == true)
        let page = try Raw(server)
        try page.send("GET / HTTP/1.1\r\nHost: \(rebound)\r\n\r\n")
        #expect(try page.statusLine()?.hasPrefix("HTTP/1.1 421 ") == true)
        for host in ["localhost:\(server.port)", "127.0.0.1:\(server.port)", "[::1]:\(server.port)"] {
            let ok = try Raw(server)
            try ok.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            #expect(try ok.statusLine() == "HTTP/1.1 200 OK", "Host \(host)")
        }
    }

    /// Unfinished requests count toward a cap of their own, per address: the address that holds
    /// them is refused more, another address is served.
    @Test func unfinishedRequestsFromOneAddressDoNotLockOutTheOthers() throws {
        let server = try LiveServer(["--max-per-ip", "5"])
        // Unfinished requests are not idle: none gives way to a new connection.
        let held = try (0..<5 * Limits.unannouncedPerIPMultiple).map { _ -> Raw in
            let c = try Raw(server)
            try c.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  // never finished
            return c
        }
        let refused = try Raw(server)
        try refused.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try refused.statusLine() == nil, "one unfinished connection past the cap from one address is closed unanswered")
        let other = try Raw(server, source: "127.0.0.2")
        try other.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try other.statusLine() == "HTTP/1.1 200 OK")
        let student = try Raw(server, source: "127.0.0.3")
        try student.send("/name ana\n")
        #expect(try student.statusLine()?.contains("Welcome to Chalkline") == true)
        // Once they go, the address is served again.
        for c in held { c.socket.disconnect() }
        try expectEventually { () -> Bool in
            let again = try Raw(server)
            try again.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return try again.statusLine() == "HTTP/1.1 200 OK"
        }
    }

    /// The server takes a moment to see the held sockets close: try again until it has, with a deadline.
    func expectEventually(timeout: Double = 5, _ attempt: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try attempt() { return }
        }
        Issue.record("still refused after \(timeout) s")
    }
}
