@testable import ChalklineCore
import Foundation
import Testing

/// Issue 5, on both backends: overlong lines, bad UTF-8, telnet, floods, idle connections,
/// connection limits, control characters, and who may do what. Each rule also checks that a
/// well-behaved player's round is unaffected. Scenarios that need an exact time are in
/// HardeningTests+Clock.swift (in-process only); the rules' own arithmetic is in the core's
/// LimitRulesTests.
@Suite struct HardeningTests {
    // MARK: The table in issue 5

    @Test(arguments: ServerBackend.lineBackends)
    func overlongLinesAndBadUTF8GetAnErrorAndTheConnectionStays(backend: ServerBackend) throws {
        let room = try Classroom(.scenario(backend))
        let mallory = try room.server.jsonClient("mallory")
        #expect(try mallory.command("/join \(room.code)").type == "ok")
        #expect(try room.host.command("/start").type == "ok")
        // 3,000 bytes with no LF yet, then the rest of that line and a ping: one error, then pong.
        try mallory.sendRaw(Array(String(repeating: "9", count: 3000).utf8))
        try mallory.sendRaw(Array("99\n/ping\n".utf8))
        let tooLong = try mallory.expect("error")
        #expect(tooLong.code == "line_too_long")
        #expect(tooLong.cmd == "")
        #expect(try mallory.expect("ok").cmd == "ping")
        try mallory.sendRaw([0x2F, 0x6E, 0x61, 0x6D, 0x65, 0x20, 0xC3, 0x28, 0x0A] + Array("/ping\n".utf8))
        #expect(try mallory.expect("error").code == "bad_utf8")
        #expect(try mallory.expect("ok").cmd == "ping")
        // The discarded digits were never an answer: mallory still has her one attempt.
        try room.pat.answersCorrectly(limitMs: room.limitMs)
        let end = try mallory.expect("round_end")
        #expect(end.list("results").first { $0["name"] as? String == "mallory" }?["ms"] is NSNull)
    }

    @Test(arguments: ServerBackend.lineBackends)
    func telnetNegotiationIsDroppedAndATelnetClientPlaysLikeNetcat(backend: ServerBackend) throws {
        let room = try Classroom(.scenario(backend))
        let telnet = try room.server.connect()
        try telnet.skipWelcome()
        // What a telnet client sends: WILL/DO options, a terminal-type subnegotiation, CRLF.
        let iac: [UInt8] = [0xFF, 0xFB, 0x18, 0xFF, 0xFD, 0x03, 0xFF, 0xFA, 0x18, 0x00] + Array("xterm".utf8) + [0xFF, 0xF0]
        try telnet.sendRaw(iac + Array("/format json\r\n".utf8))
        #expect(try telnet.expect("ok").string("format") == "json")
        try telnet.sendRaw(Array("/join \(room.code) tess\r\n".utf8) + [0xFF, 0xFE, 0x01])
        #expect(try telnet.expect("ok").cmd == "join")
        #expect(try room.host.command("/start").type == "ok")
        let question = try telnet.expect("question")
        let answer = try #require(product(of: question.string("text") ?? ""))
        try telnet.sendRaw([0xFF, 0xFB, 0x01] + Array("\(answer)\r\n".utf8))
        let reply = try telnet.expect("ok")
        #expect(reply.cmd == "answer")
        #expect(reply.bool("correct") == true)
        try room.pat.answersCorrectly(limitMs: room.limitMs)
    }

    /// A half-open connection is found by TCP keepalive (set on every socket); a client that
    /// wants to know now asks `/ping`.
    @Test(arguments: ServerBackend.allCases)
    func pingAnswersAtOnceEvenDuringAGame(backend: ServerBackend) throws {
        let room = try Classroom(.scenario(backend))
        #expect(try room.host.command("/start").type == "ok")
        #expect(try room.host.command("/ping").cmd == "ping")
        try room.pat.answersCorrectly(limitMs: room.limitMs)
    }

    @Test(arguments: ServerBackend.lineBackends)
    func floodIsRateLimitedThenDisconnectedWhileTheRoundGoesOn(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend, config: .with { $0.linesPerSecond = 5; $0.floodTimeout = 1_000 })
        let room = try Classroom(server, time: 10)
        let flooder = try server.jsonClient()
        _ = try flooder.command("/join \(room.code) flo")
        #expect(try room.host.command("/start").type == "ok")
        _ = try flooder.expect("question")
        // A burst well over 10 lines: some pongs, then one rate_limited for the rest.
        try flooder.sendRaw(Array(String(repeating: "/ping\n", count: 30).utf8))
        let limited = try flooder.expect("error")
        #expect(limited.code == "rate_limited")
        #expect(limited.cmd == "")
        // Keep flooding, 10 lines each 50 ms, until the server says goodbye (8 s at most).
        var bye: ServerLine?
        for _ in 0..<160 where bye == nil {
            try? flooder.sendRaw(Array(String(repeating: "/ping\n", count: 10).utf8))
            bye = flooder.drain(for: 0.05).first { $0.type == "bye" }
        }
        #expect(bye?.string("reason") == "flood")
        #expect(try flooder.waitForClose())
        try room.pat.answersCorrectly(limitMs: room.limitMs)
    }

    @Test(arguments: ServerBackend.allCases)
    func idleConnectionOutsideARoomGetsByeAndPlayersAreExempt(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend, config: .with { $0.idleTimeout = 300 })
        let room = try Classroom(server)
        let idler = try server.jsonClient()
        let bye = try idler.expect("bye", timeout: 5)
        #expect(bye.string("reason") == "idle")
        #expect(try idler.waitForClose())
        // The teacher and pat were silent as long, seated in the room: still there.
        try room.playRound()
    }

    @Test(arguments: ServerBackend.lineBackends)
    func overMaxConnectionsTheNewcomerGetsServerFull(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend, config: .with { $0.maxConnections = 3 })
        let room = try Classroom(server)
        let third = try server.jsonClient()
        let fourth = try server.connect()
        #expect(try fourth.line().hasPrefix("error server_full: "))
        #expect(try fourth.waitForClose())
        #expect(try third.command("/ping").type == "ok")
        try room.playRound()
    }

    @Test(arguments: ServerBackend.lineBackends)
    func overMaxPerIPTheNewcomerGetsTooManyConnections(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend, config: .with { $0.maxConnectionsPerIP = 3 })
        let room = try Classroom(server)
        let third = try server.jsonClient()
        let fourth = try server.connect()
        #expect(try fourth.line().hasPrefix("error too_many_connections: "))
        #expect(try fourth.waitForClose())
        #expect(try third.command("/ping").type == "ok")
        try room.playRound()
    }

    @Test(arguments: ServerBackend.lineBackends)
    func controlCharactersAreRefusedInNamesAndNeverEchoed(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let room = try Classroom(server)
        let watcher = try server.connect()   // text mode, like a terminal that would obey escapes
        try watcher.skipWelcome()
        try watcher.send("/join \(room.code) watcher")
        _ = try watcher.expectText("You are in room")
        let evil = try server.connect()
        try evil.skipWelcome()
        try evil.sendRaw(Array("/name ev\u{1B}[31mil\n".utf8) + [0x2F, 0x6E, 0x61, 0x6D, 0x65, 0x20, 0x41, 0x00, 0x42, 0x0A])
        #expect(try evil.expectText("error").hasPrefix("error bad_name"))
        #expect(try evil.expectText("error").hasPrefix("error bad_name"))
        try evil.send("/join \(room.code) m\u{1B}]0;owned\u{7}e")
        #expect(try evil.expectText("error").hasPrefix("error bad_name"))
        try evil.send("/\u{1B}[2Jclear")
        let echoed = try evil.expectText("error unknown_command")
        #expect(!echoed.contains("\u{1B}"))
        #expect(echoed.contains("/<U+001B>[2jclear"))
        try room.playRound()
        let seen = try watcher.expectText("Game over") + watcher.received.joined()
        #expect(!seen.contains("\u{1B}") && !seen.contains("\u{0}"))
    }

    // MARK: Who may do what

    @Test(arguments: ServerBackend.allCases)
    func hostReclaimsTheRoomFromANewConnection(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let room = try Classroom(server)
        let intruder = try server.jsonClient("eve")
        #expect(try intruder.command("/claim \(room.code) 0123456789abcdef0123456789abcdef").code == "bad_key")
        #expect(try room.pat.command("/start").code == "not_host")
        room.host.disconnect()
        // Issue 27: the room waits for its teacher; pat is not made host meanwhile.
        #expect(try room.pat.expect("host_away").object.count == 2)
        #expect(try room.pat.command("/start").code == "not_host")
        #expect(try room.pat.command("/kick teach").code == "not_host")
        let laptop = try server.jsonClient()
        let claimed = try laptop.command("/claim \(room.code) \(room.hostKey)")
        #expect(claimed.type == "ok")
        #expect(claimed.string("name") == "teach")
        #expect(try laptop.expect("host").string("name") == "teach")
        #expect(try room.pat.expect("host").string("name") == "teach")
        try room.playRound(starter: laptop)
        // Secrets never reach the log.
        if let live = server.live {
            #expect(!live.log.contains(room.hostKey) && !live.log.contains(room.patToken))
        }
    }

    @Test(arguments: ServerBackend.allCases)
    func createPasswordKeepsRoomCreationForTheTeacher(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend, config: .with { $0.createPassword = "chalk-42" })
        let student = try server.jsonClient("kid")
        #expect(try student.command("/create times").code == "bad_password")
        #expect(try student.command("/create times password=chalk").code == "bad_password")
        let room = try Classroom(server, password: "chalk-42")
        try room.playRound()
    }

    @Test(arguments: ServerBackend.allCases)
    func tooManyWrongRoomCodesAreRateLimited(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let room = try Classroom(server)
        // A new connection for every guess, as the attack did: the address is what counts.
        let wrong = Array("ABCDEFGHJKLMNPQRSTUVW".map { String(repeating: $0, count: 4) }.filter { $0 != room.code }.prefix(20))
        for code in wrong {
            let guesser = try server.jsonClient("guess")
            #expect(try guesser.command("/join \(code)").code == "no_room")
        }
        let last = try server.jsonClient("guess")
        let refused = try last.command("/join \(room.code)")
        #expect(refused.code == "rate_limited")
        #expect((refused.int("retry_ms") ?? 0) > 50_000)
        try room.playRound()
    }

    @Test(arguments: ServerBackend.allCases)
    func kickedPlayerComesBackOnlyUnderAnotherName(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let room = try Classroom(server)
        let rude = try server.jsonClient()
        _ = try rude.command("/join \(room.code) rudename")
        #expect(try room.host.command("/kick rudename").type == "ok")
        #expect(try rude.expect("kicked").bool("banned") == false)
        #expect(try rude.command("/join \(room.code) RudeName").code == "name_refused")
        #expect(try rude.command("/join \(room.code) kind").type == "ok")
        _ = try rude.command("/leave")
        try room.playRound()
    }

    @Test(arguments: ServerBackend.allCases)
    func bannedPlayerIsRefusedByNameTokenAndConnection(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let room = try Classroom(server)
        let pest = try server.jsonClient()
        let token = try #require(try pest.command("/join \(room.code) pest").string("token"))
        #expect(try room.host.command("/ban pest").type == "ok")
        #expect(try pest.expect("kicked").bool("banned") == true)
        #expect(try pest.command("/join \(room.code) angel").code == "banned")
        let again = try server.jsonClient()
        #expect(try again.command("/join \(room.code) PEST").code == "banned")
        #expect(try again.command("/rejoin \(room.code) \(token)").code == "banned")
        try room.playRound()
    }

    @Test(arguments: ServerBackend.allCases)
    func lockedRoomTakesNoNewPlayersButRejoinWorks(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        // The gap gives pat's new connection time to come back before the second question.
        let room = try Classroom(server, time: 10, rounds: 2, gap: 2)
        #expect(try room.pat.command("/lock").code == "not_host")
        #expect(try room.host.command("/lock").bool("locked") == true)
        let late = try server.jsonClient()
        #expect(try late.command("/join \(room.code) late").code == "room_locked")
        try room.playRound()
        // pat's connection drops mid-game and comes back with the token, through the lock.
        room.pat.disconnect()
        let back = try server.jsonClient()
        let rejoined = try back.command("/rejoin \(room.code) \(room.patToken)")
        #expect(rejoined.type == "ok")
        #expect(rejoined.string("name") == "pat")
        try back.answersCorrectly(limitMs: room.limitMs, streak: 2)
        #expect(try room.host.command("/unlock").bool("locked") == false)
        #expect(try late.command("/join \(room.code) late").type == "ok")
    }

    @Test(arguments: ServerBackend.allCases)
    func nobodyLearnsTheAnswerBeforeTheRoundEnds(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let room = try Classroom(server, time: 10)
        let wrong = try server.jsonClient()
        _ = try wrong.command("/join \(room.code) wrong")
        #expect(try room.host.command("/start").type == "ok")
        let question = try wrong.expect("question")
        let answer = try #require(product(of: question.string("text") ?? ""))
        let reply = try wrong.command("\(answer + 1)")
        #expect(reply.bool("correct") == false)
        #expect(reply["answer"] == nil)
        #expect(try wrong.command("\(answer)").code == "already_answered")
        _ = try wrong.command("/scores")
        _ = try wrong.command("/who")
        for line in wrong.received where !line.contains(#""type":"round_end""#) {
            #expect(!line.contains(#""answer":"#), "\(line)")
        }
        try room.pat.answersCorrectly(limitMs: room.limitMs)
        #expect(try wrong.expect("round_end").int("answer") == answer)
    }

    @Test(arguments: ServerBackend.allCases)
    func aGameWhosePlayersAllDropEndsAndItsRoomCloses(backend: ServerBackend) throws {
        // Issue 27: without its host the game pauses after the open round, so it ends at the
        // abandoned-game timeout (1 s here) rather than by running out its rounds.
        let server = try ServerHarness.scenario(backend, config: .with { $0.abandonedGameTimeout = 1_000 })
        let room = try Classroom(server, time: 0.5, rounds: 3)
        try room.playRound()
        room.pat.disconnect()
        room.host.disconnect()
        let watcher = try server.jsonClient()
        // Nobody is there and no host: the game ends after 1 s, and the room is gone (5 s at most).
        var open = true
        for _ in 0..<50 where open {
            let rooms = try watcher.command("/rooms").list("rooms")
            open = rooms.contains { $0["code"] as? String == room.code }
            if open { _ = watcher.drain(for: 0.1) }
        }
        #expect(!open)
    }
}
