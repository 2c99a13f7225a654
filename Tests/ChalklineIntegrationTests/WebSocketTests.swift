import Foundation
import Testing

/// The protocol over WebSocket against the real server: one line a message, json implied, and
/// every malformed frame answered with a close that says why, disturbing nobody else.
@Suite struct WebSocketTests {
    @Test func aBrowserPlaysATimesRoundAgainstAHostOnTCP() throws {
        let server = try LiveServer()
        let host = try TestHost(server, create: "time=5 gap=0 countdown=0 rounds=2 table=6")
        let page = try WebSocketTestClient(server)
        #expect(try page.json().string("type") == "welcome", "the welcome comes in json, unasked")
        let joined = try page.command("/join \(host.code) sam")
        #expect(joined.string("type") == "ok")
        #expect(joined.string("token") != nil)
        try host.waitForPlayers(1)
        _ = try host.client.command("/start")
        var total = 0
        for _ in 1...2 {
            let question = try page.expect("question")
            let text = try #require(question.string("text"))
            let answer = try #require(product(of: text))
            let result = try page.command("\(answer)")
            #expect(result.string("type") == "ok")
            total += try #require(result.int("points"))
            #expect(try page.expect("round_end").string("type") == "round_end")
        }
        let end = try page.expect("game_end")
        let standings = end.list("standings")
        #expect(standings.first?.string("name") == "sam")
        #expect(standings.first?.int("score") == total, "the score is the sum of the points shown")
    }

    @Test func pingsArePongedAndACloseIsAnsweredThenTheSocketEnds() throws {
        let server = try LiveServer()
        let page = try WebSocketTestClient(server)
        _ = try page.json()
        try page.sendRaw(WebSocketTestClient.frame(Array("hi".utf8), opcode: 0x9))
        #expect(try page.frame() == .init(opcode: 0xA, payload: Array("hi".utf8)))
        try page.sendRaw(WebSocketTestClient.frame([0x03, 0xE8] + Array("bye".utf8), opcode: 0x8))
        #expect(try page.expectClose().closeCode == 1000)
    }

    @Test func fragmentsAndAFrameSplitByteByByteMakeOneLine() throws {
        let server = try LiveServer()
        let page = try WebSocketTestClient(server)
        _ = try page.json()
        // A ping between the fragments of a message is allowed (RFC 6455 section 5.4).
        try page.sendRaw(WebSocketTestClient.frame(Array("/na".utf8), fin: false)
            + WebSocketTestClient.frame(Array("p".utf8), opcode: 0x9))
        #expect(try page.frame() == .init(opcode: 0xA, payload: Array("p".utf8)))
        for byte in WebSocketTestClient.frame(Array("me sam".utf8), opcode: 0x0) { try page.sendRaw([byte]) }
        let named = try page.expect("ok")
        #expect(named.string("cmd") == "name")
        #expect(named.string("name") == "sam")
        for byte in WebSocketTestClient.frame(Array("/ping".utf8)) { try page.sendRaw([byte]) }
        #expect(try page.expect("ok").string("cmd") == "ping")
    }

    /// Each broken input gets the close code RFC 6455 gives it, and a player in a room with the
    /// same server plays on.
    @Test(arguments: [
        ("unmasked", WebSocketTestClient.frame(Array("/ping".utf8), masked: false), 1002),
        ("2^63 bytes", WebSocketTestClient.frame([], length: 1 << 63), 1002),
        ("larger than a line", WebSocketTestClient.frame(Array(repeating: 0x61, count: 5000)), 1009),
        ("not UTF-8", WebSocketTestClient.frame([0x2F, 0xC3, 0x28]), 1007),
        ("binary", WebSocketTestClient.frame([1, 2, 3], opcode: 0x2), 1003),
        ("two lines", WebSocketTestClient.frame(Array("/ping\n/ping".utf8)), 1007),
        ("reserved opcode", WebSocketTestClient.frame([], opcode: 0x3), 1002),
        ("continuation first", WebSocketTestClient.frame(Array("x".utf8), opcode: 0x0), 1002),
    ])
    func brokenFramesAreClosedWithTheirCode(_ label: String, _ bytes: [UInt8], _ code: Int) throws {
        let server = try LiveServer()
        let bystander = try server.player("pat")
        let page = try WebSocketTestClient(server)
        _ = try page.json()
        try page.sendRaw(bytes)
        let close = try page.expectClose()
        #expect(close.closeCode == code, "\(label): \(close.closeCode) \(close.closeReason)")
        #expect(try bystander.command("/ping").string("type") == "ok")
    }

    @Test func aPingFloodIsCutOffLikeALineFlood() throws {
        let server = try LiveServer(["--rate-limit", "5", "--flood-timeout", "1"])
        let page = try WebSocketTestClient(server)
        _ = try page.json()
        var bye: [String: Any]?
        let deadline = Date().addingTimeInterval(8)
        while bye == nil && Date() < deadline {
            try page.sendRaw(Array((0..<20).map { _ in WebSocketTestClient.frame([], opcode: 0x9) }.joined()))
            while let frame = try? page.frame(timeout: 0.05) {
                if frame.opcode == 0x1, frame.text.contains(#""type":"bye""#) {
                    bye = try JSONSerialization.jsonObject(with: Data(frame.payload)) as? [String: Any]
                    break
                }
            }
        }
        #expect(bye?.string("reason") == "flood")
        #expect(try page.waitForClose())
    }

    @Test func webSocketsCountTowardsThePerAddressCap() throws {
        let server = try LiveServer(["--max-per-ip", "2"])
        let first = try WebSocketTestClient(server)
        let second = try server.player("pat")
        let third = try WebSocketTestClient(server)
        #expect(try third.json().string("code") == "too_many_connections")
        #expect(try third.expectClose().closeCode == 1000)
        #expect(try first.json().string("type") == "welcome")
        #expect(try second.command("/ping").string("type") == "ok")
    }

    @Test func anIdleWebSocketGetsByeThenAClose() throws {
        let server = try LiveServer(["--idle-timeout", "0.3"])
        let page = try WebSocketTestClient(server)
        _ = try page.json()
        #expect(try page.expect("bye").string("reason") == "idle")
        #expect(try page.expectClose().closeCode == 1000)
    }

    @Test func shutdownIsToldThenTheCloseSaysGoingAway() throws {
        let server = try LiveServer()
        let page = try WebSocketTestClient(server)
        _ = try page.json()
        _ = try page.command("/ping")
        server.process.interrupt()
        #expect(try page.expect("shutdown").string("type") == "shutdown")
        #expect(try page.expectClose().closeCode == 1001)
    }

    @Test func aWebSocketThatStopsReadingIsCutOffAndOthersAreNot() throws {
        let server = try LiveServer(["--max-queued-bytes", "65536", "--rate-limit", "0"])
        let slow = try WebSocketTestClient(server, receiveBuffer: 4096)
        let other = try server.player("pat")
        let burst = (0..<20_000).map { _ in WebSocketTestClient.frame(Array("/help".utf8)) }.joined()
        try? slow.sendRaw(Array(burst))
        #expect(try other.command("/ping").string("type") == "ok")
        #expect(try slow.waitForClose(timeout: 20), "the server should close a WebSocket that does not read")
        #expect(server.log.contains("client too slow"))
    }

    @Test func textModeIsRefusedOnAWebSocket() throws {
        let server = try LiveServer()
        let page = try WebSocketTestClient(server)
        _ = try page.json()
        let refused = try page.command("/format text")
        #expect(refused.string("code") == "bad_args")
        #expect(try page.command("/ping").string("type") == "ok")
    }
}
