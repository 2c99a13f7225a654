import ChalklineCore
import Foundation
import Testing

/// A page must load on a slow or busy device (issue 38, 1): over real TCP against the real
/// server, a browser's socket that is silent for seconds before its request still gets the
/// page, kept-alive and pipelined requests are answered in order, the pages' files go out
/// gzipped to a browser that takes it, and a person at netcat is welcomed on their first line.
@Suite struct PageLoadTCPTests {
    /// A socket read by hand: HTTP bodies are bytes, not lines.
    final class RawClient {
        let socket: TCPSocket
        private var buffer: [UInt8] = []
        private(set) var closed = false

        init(_ server: LiveServer) throws { socket = try TCPSocket(port: server.port) }

        func send(_ text: String) throws { try socket.send(Array(text.utf8)) }

        /// Reads what is there within `seconds`; false once the server has closed.
        @discardableResult
        private func fill(until deadline: Date) -> Bool {
            var pfd = pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0)
            let ms = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard poll(&pfd, 1, ms) > 0 else { return true }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = recv(socket.fd, &chunk, chunk.count, 0)
            if n <= 0 { closed = true; return false }
            buffer += chunk[..<n]
            return true
        }

        /// True if no byte arrives for `seconds` and the socket stays open.
        func staysSilent(for seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                guard fill(until: deadline) else { return false }
                if !buffer.isEmpty { return false }
            }
            return true
        }

        /// The server closes the connection within `seconds` (what arrives before is kept).
        func closes(within seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline, fill(until: deadline) {}
            return closed
        }

        struct Response {
            var status: Int
            var headers: [String: String]
            var body: [UInt8]
            var text: String { String(decoding: body, as: UTF8.self) }
        }

        /// The next whole response (head, then `Content-Length` bytes of body; none for 304 or HEAD).
        func response(timeout: Double = 10, headOnly: Bool = false) throws -> Response {
            let deadline = Date().addingTimeInterval(timeout)
            let end: Int
            while true {
                if let found = buffer.firstRange(of: Array("\r\n\r\n".utf8)) { end = found.upperBound; break }
                guard Date() < deadline, fill(until: deadline) else {
                    throw TestFailure("no response head; got: \(String(decoding: buffer, as: UTF8.self).prefix(200))")
                }
            }
            let head = String(decoding: buffer[..<end], as: UTF8.self)
            var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
            let statusLine = lines.removeFirst()
            let parts = statusLine.split(separator: " ")
            guard parts.count >= 2, parts[0] == "HTTP/1.1", let status = Int(parts[1]) else {
                throw TestFailure("not an HTTP/1.1 status line: \(statusLine)")
            }
            var headers: [String: String] = [:]
            for line in lines {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let length = (status == 304 || headOnly) ? 0 : Int(headers["content-length"] ?? "0") ?? 0
            while buffer.count < end + length {
                guard Date() < deadline, fill(until: deadline) else { throw TestFailure("body cut short") }
            }
            let body = Array(buffer[end..<(end + length)])
            buffer.removeFirst(end + length)
            return Response(status: status, headers: headers, body: body)
        }

        /// Lines of text (the line protocol), until one contains `fragment`; they are taken.
        func text(until fragment: String, timeout: Double = 5) throws -> [String] {
            let deadline = Date().addingTimeInterval(timeout)
            while true {
                let text = String(decoding: buffer, as: UTF8.self)
                if text.contains(fragment) {
                    buffer = []
                    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                }
                guard Date() < deadline, fill(until: deadline) else {
                    throw TestFailure("no \"\(fragment)\"; got: \(text)")
                }
            }
        }
    }

    static func get(_ path: String, _ extra: String = "") -> String {
        "GET \(path) HTTP/1.1\r\nHost: localhost\r\n\(extra)\r\n"
    }

    /// A browser's preconnected socket on a busy device: silent for a second, or for nine (just
    /// under Chromium's 10 s for an unused socket), then its request; it must get the page.
    @Test(arguments: [1.0, 9.0])
    func aSilentSocketThatAsksLateGetsThePage(after seconds: Double) throws {
        let server = try LiveServer()
        let browser = try RawClient(server)
        #expect(browser.staysSilent(for: seconds), "nothing is sent to a socket that has not spoken")
        try browser.send(Self.get("/style.css"))
        let response = try browser.response()
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "text/css; charset=utf-8")
        #expect(!response.text.contains("Welcome to Chalkline"))
    }

    @Test func twoRequestsOnOneKeptAliveConnection() throws {
        let server = try LiveServer()
        let browser = try RawClient(server)
        try browser.send(Self.get("/"))
        let page = try browser.response()
        #expect(page.status == 200)
        #expect(page.headers["connection"]?.lowercased() != "close")
        #expect(page.text.contains("<!doctype html>"))
        try browser.send(Self.get("/style.css"))
        let style = try browser.response()
        #expect(style.status == 200)
        #expect(style.headers["content-type"] == "text/css; charset=utf-8")
        #expect(browser.staysSilent(for: 0.3), "still open, nothing unasked")
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let server = try LiveServer()
        let browser = try RawClient(server)
        let paths = ["/", "/style.css", "/play.js", "/nothing-here", "/line.js"]
        try browser.send(paths.map { Self.get($0) }.joined())
        let types = try paths.map { _ in try browser.response() }.map { "\($0.status) \($0.headers["content-type"] ?? "")" }
        #expect(types == ["200 text/html; charset=utf-8", "200 text/css; charset=utf-8", "200 text/javascript; charset=utf-8",
                          "404 text/plain; charset=utf-8", "200 text/javascript; charset=utf-8"])
    }

    @Test func connectionCloseHTTP10AndErrorsStillClose() throws {
        let server = try LiveServer()
        let asked = try RawClient(server)
        try asked.send(Self.get("/", "Connection: close\r\n"))
        #expect(try asked.response().status == 200)
        #expect(asked.closes(within: 2), "Connection: close is honoured")

        let old = try RawClient(server)
        try old.send("GET / HTTP/1.0\r\n\r\n")
        let page = try old.response()
        #expect(page.status == 200)
        #expect(old.closes(within: 2), "HTTP/1.0 closes")

        let bad = try RawClient(server)
        try bad.send("GET / HTTP/1.1\r\nno colon\r\n\r\n" + Self.get("/"))
        #expect(try bad.response().status == 400)
        #expect(bad.closes(within: 2), "a 400 closes, the request behind it is not read")

        let big = try RawClient(server)
        try big.send("GET / HTTP/1.1\r\n" + String(repeating: "X-Filler: " + String(repeating: "a", count: 90) + "\r\n", count: 100))
        #expect(try big.response().status == 413)
        #expect(big.closes(within: 2))
    }

    @Test func anIdleKeptAliveConnectionIsClosedAfterItsLimit() throws {
        let server = try LiveServer()
        let browser = try RawClient(server)
        try browser.send(Self.get("/icon.svg"))
        #expect(try browser.response().status == 200)
        let limit = Double(Limits.httpKeepAliveIdleMs) / 1000
        #expect(browser.staysSilent(for: limit - 1), "kept for its idle limit")
        #expect(browser.closes(within: 3), "and closed after it")
    }

    /// Slowloris on a kept-alive connection: the second request's head has the same deadline.
    @Test func aSecondHeadThatNeverEndsIsClosed() throws {
        let server = try LiveServer()
        let browser = try RawClient(server)
        try browser.send(Self.get("/icon.svg"))
        #expect(try browser.response().status == 200)
        try browser.send("GET / HTTP/1.1\r\nHost: slow")
        #expect(browser.closes(within: Double(Limits.httpHeadTimeoutMs) / 1000 + 3))
    }

    /// Slowloris after a silence: a head begun late still has only its own 10 seconds (the
    /// silence did not use them up, and did not make them endless either).
    @Test func aHeadBegunAfterALongSilenceIsClosedAtItsDeadline() throws {
        let server = try LiveServer()
        let browser = try RawClient(server)
        let head = Double(Limits.httpHeadTimeoutMs) / 1000
        #expect(browser.staysSilent(for: head + 1))
        try browser.send("GET / HTTP/1.1\r\nHost: slow")
        #expect(browser.staysSilent(for: head - 2), "its 10 seconds count from its first byte")
        #expect(browser.closes(within: 5))
    }

    /// Every file, plain and gzipped: the gzipped body inflates to the plain bytes, has its own
    /// ETag, and revalidates to a 304.
    @Test func gzippedFilesInflateToThePlainBytes() throws {
        let server = try LiveServer()
        var plainTotal = 0, gzipTotal = 0
        for path in ["/", "/style.css", "/play.js", "/icon.svg", "/line.js", "/host", "/host.css", "/host.js"] {
            let browser = try RawClient(server)
            try browser.send(Self.get(path))
            let plain = try browser.response()
            try browser.send(Self.get(path, "Accept-Encoding: gzip, deflate, br\r\n"))
            let zipped = try browser.response()
            #expect(plain.status == 200 && zipped.status == 200)
            #expect(plain.headers["content-encoding"] == nil)
            #expect(zipped.headers["content-encoding"] == "gzip", "\(path)")
            #expect(zipped.headers["vary"] == "Accept-Encoding")
            #expect(plain.headers["vary"] == "Accept-Encoding", "a cache must not serve the plain copy to a gzip reader or back")
            #expect(zipped.headers["etag"] != nil && zipped.headers["etag"] != plain.headers["etag"])
            #expect(zipped.body.count < plain.body.count, "\(path): \(zipped.body.count) of \(plain.body.count)")
            #expect(try Self.gunzip(zipped.body) == plain.body, "\(path) inflates to the same bytes")
            try browser.send(Self.get(path, "Accept-Encoding: gzip\r\nIf-None-Match: \(zipped.headers["etag"] ?? "")\r\n"))
            let again = try browser.response()
            #expect(again.status == 304)
            #expect(again.headers["etag"] == zipped.headers["etag"])
            try browser.send(Self.get(path, "Accept-Encoding: gzip;q=0\r\n"))
            #expect(try browser.response().headers["content-encoding"] == nil, "q=0 refuses gzip")
            plainTotal += plain.body.count
            gzipTotal += zipped.body.count
        }
        print("pages' files: \(plainTotal) bytes plain, \(gzipTotal) gzipped")
    }

    /// The system's gzip, not our zlib: the body must be what any browser can inflate.
    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }

    /// A person at netcat presses Enter (or types a command) and is welcomed, then answered.
    @Test func aPersonAtNetcatIsWelcomedOnTheirFirstLine() throws {
        let server = try LiveServer()
        let enter = try RawClient(server)
        try enter.send("\n")
        let welcome = try enter.text(until: "/help")
        #expect(welcome.first == "Welcome to Chalkline 0.1.0 (protocol 1).")
        #expect(enter.staysSilent(for: 0.3), "an empty line gets just the welcome")

        let typed = try RawClient(server)
        try typed.send("/ping\n")
        let lines = try typed.text(until: "pong")
        #expect(lines.first == "Welcome to Chalkline 0.1.0 (protocol 1).")
        #expect(lines.firstIndex(of: "pong")! > lines.firstIndex { $0.contains("/help") }!, "the welcome, then the reply")

        let bot = try RawClient(server)
        try bot.send("/name robo\n")
        let named = try bot.text(until: "robo")
        #expect(named.first?.hasPrefix("Welcome to Chalkline") == true)
    }

    /// Silent past the longest a browser keeps a socket it has not used: a person at netcat
    /// who has not typed yet; welcomed then.
    @Test func aSocketSilentPastEveryBrowsersSpareIsWelcomed() throws {
        let server = try LiveServer()
        let person = try RawClient(server)
        let silence = Double(Limits.silentWelcomeMs) / 1000
        #expect(person.staysSilent(for: silence - 2))
        let welcome = try person.text(until: "/help", timeout: 5)
        #expect(welcome.first == "Welcome to Chalkline 0.1.0 (protocol 1).")
    }
}
