import Foundation
import Testing
@testable import ChalklineCore

/// Issue 5 in the core: floods, idle connections, connection limits, control characters, and
/// who may do what. Each rule also checks that a well-behaved player's round is unaffected.
@Suite("ServerCore: limits and who may do what")
struct HardeningTests {
    private func config(_ edit: (inout ServerConfig) -> Void) -> ServerConfig {
        var c = ServerConfig()
        edit(&c)
        return c
    }

    /// Ann (1) hosts and plays a times room (7 x 2 first, 10 s a question); Bob (2) joins.
    private func room(_ h: Harness, _ options: String = "table=7 max=4 rounds=1 time=10 gap=0 countdown=0 seed=1") -> String {
        let code = h.room(options)
        h.join(2, "Bob", code)
        return code
    }

    // MARK: Flood control

    @Test func bucketLetsABurstThroughThenRefusesWithOneReplyPerRun() {
        var bucket = LineBucket(rate: 5, now: 0)
        let verdicts = (0..<13).map { _ in bucket.take(now: 0, floodTimeout: 10_000) }
        #expect(verdicts.prefix(10).allSatisfy { $0 == .run })
        #expect(Array(verdicts.suffix(3)) == [.refuse(reply: true), .refuse(reply: false), .refuse(reply: false)])
        // 200 ms at 5 a second is one token.
        #expect(bucket.take(now: 200, floodTimeout: 10_000) == .run)
        #expect(bucket.take(now: 200, floodTimeout: 10_000) == .refuse(reply: true))
    }

    @Test func bucketDisconnectsAFloodThatGoesOnAndForgivesOneThatStops() throws {
        var flooding = LineBucket(rate: 5, now: 0)
        var firstRefusal: Millis?
        var disconnectAt: Millis?
        // 10 lines a second, twice the rate: the burst lasts 2 s, then every other line is refused.
        for t in stride(from: Millis(0), through: 20_000, by: 100) where disconnectAt == nil {
            switch flooding.take(now: t, floodTimeout: 10_000) {
            case .run: break
            case .refuse: if firstRefusal == nil { firstRefusal = t }
            case .disconnect: disconnectAt = t
            }
        }
        let first = try #require(firstRefusal)
        #expect((1_900...2_100).contains(first))
        #expect(disconnectAt.map { $0 - first } == 10_000)

        var calm = LineBucket(rate: 5, now: 0)
        for _ in 0..<11 { _ = calm.take(now: 0, floodTimeout: 10_000) }
        #expect(calm.floodingSince == 0)
        // Quiet long enough to refill the bucket (2 s): the flood is over and the clock restarts.
        #expect(calm.take(now: 2_000, floodTimeout: 10_000) == .run)
        #expect(calm.floodingSince == nil)
    }

    @Test func rateZeroTurnsFloodControlOff() {
        var bucket = LineBucket(rate: 0, now: 0)
        #expect((0..<10_000).allSatisfy { _ in bucket.take(now: 0, floodTimeout: 0) == .run })
    }

    @Test func floodedLinesAreNotRunAndTheFlooderIsClosedWhileTheRoundGoesOn() {
        let h = Harness(config: config { $0.linesPerSecond = 5; $0.floodTimeout = 3_000 })
        let code = room(h)
        h.join(3, "Cy", code)
        h.line(1, "/start")
        // Cy pastes 20 wrong answers at once: what is left of the burst of 10 runs (8: /format and
        // /join took two), then one error, and the rest are dropped unanswered. Only the first
        // answer is judged; the other 7 that ran get already_answered.
        let paste = Harness.messages(h.bytes(3, Array(String(repeating: "99\n", count: 20).utf8)), to: 3)
        #expect(paste.map { $0.code ?? $0.type } == ["ok"] + Array(repeating: "already_answered", count: 7) + ["rate_limited"])
        #expect(paste.last?.cmd == "")
        // Cy keeps flooding at 10 lines a second; after 3 s of refusals: bye, then close.
        var closedAt: Millis?
        var bye: [Msg] = []
        for t in stride(from: Millis(100), through: 5_000, by: 100) where closedAt == nil {
            h.now = t
            let effects = h.line(3, "/ping")
            if Harness.closes(effects) == [ConnectionID(3)] {
                closedAt = t
                bye = Harness.messages(effects, to: 3)
            }
        }
        #expect(closedAt.map { (3_000...3_300).contains($0) } == true)
        #expect(bye.last?.type == "bye")
        #expect(bye.last?.string("reason") == "flood")
        #expect(h.line(3, "/ping").isEmpty)
        // Bob's answer still scores by the formula: 5.1 s of 10 s is 745.
        h.now = 5_100
        #expect(Harness.messages(h.line(2, "14"), to: 2).first?.int("points") == 745)
        h.disconnect(3)
        let end = Harness.messages(h.tick(10_000), to: 2)
        #expect(end.first?.type == "round_end")
        #expect(end.first?.results.contains("Bob true 745 5100") == true)
    }

    // MARK: Idle connections

    @Test func aSilentConnectionOutsideARoomGetsByeAndPlayersAreExempt() {
        let h = Harness(config: config { $0.idleTimeout = 1_000 })
        let code = room(h)
        h.connect(3)                      // says nothing at all
        h.connect(4)
        #expect(h.core.nextDeadline() == 1_000)
        h.now = 600
        h.line(4, "/ping")                // speaking pushes its deadline back
        h.line(1, "/start")
        let first = h.tick(1_000)
        #expect(Harness.closes(first) == [ConnectionID(3)])
        #expect(Harness.text(first, to: 3).hasPrefix("Goodbye: "))
        #expect(h.core.nextDeadline() == 1_600)
        let second = h.tick(1_600)
        #expect(Harness.closes(second) == [ConnectionID(4)])
        // Ann and Bob, seated in the room, were silent all along and are untouched: what is
        // left is the question's deadline (it opened at 600).
        #expect(h.core.nextDeadline() == 10_600)
        h.now = 9_000
        #expect(Harness.messages(h.line(2, "14"), to: 2).first?.int("points") == 580)
        _ = code
    }

    /// A projector running `chalkline watch` says nothing for the whole lesson: watching a room
    /// is being in it, and only leaving it starts the idle clock.
    @Test func aWatcherIsNotIdleUntilItStopsWatching() {
        let h = Harness(config: config { $0.idleTimeout = 1_000 })
        let code = room(h)
        h.connect(5)
        h.line(5, "/watch \(code)")
        #expect(Harness.closes(h.tick(50_000)).isEmpty)
        h.now = 60_000
        h.line(5, "/leave")
        #expect(Harness.closes(h.tick(60_999)).isEmpty)
        #expect(Harness.closes(h.tick(61_000)) == [ConnectionID(5)])
    }

    @Test func idleClockStartsWhenAPlayerLeavesTheRoom() {
        let h = Harness(config: config { $0.idleTimeout = 1_000 })
        let code = room(h)
        h.now = 5_000
        h.line(1, "/kick Bob")            // Bob said nothing since he joined at 0
        // His entry from connecting (1 000) may still surface first; a tick then reschedules it.
        #expect(Harness.closes(h.tick(5_999)).isEmpty)
        #expect(h.core.nextDeadline() == 6_000)
        let effects = h.tick(6_000)
        #expect(Harness.closes(effects) == [ConnectionID(2)])
        #expect(Harness.messages(effects, to: 2).map(\.line)
                == [#"{"type":"bye","reason":"idle","message":"Closing your connection: nothing was heard from you for 1.0 s outside a room."}"#])
        _ = code
    }

    @Test func theIdleScheduleHoldsOneEntryPerConnectionWhateverItSends() {
        let h = Harness(config: config { $0.idleTimeout = 1_000; $0.linesPerSecond = 0 })
        for n in 1...100 { h.connect(UInt64(n)) }
        for t in 1...50 {
            h.now = Millis(t * 10)
            for n in 1...100 { h.line(UInt64(n), "/ping") }
        }
        #expect(h.core.idleSchedule.count == 100)
        // The first tick finds every entry stale and puts each back once.
        #expect(Harness.closes(h.tick(1_000)).isEmpty)
        #expect(h.core.idleSchedule.count == 100)
        #expect(h.core.nextDeadline() == 1_500)
        #expect(Harness.closes(h.tick(1_500)).count == 100)
        #expect(h.core.nextDeadline() == nil)
    }

    @Test func idleTimeoutZeroNeverCloses() {
        let h = Harness(config: config { $0.idleTimeout = 0 })
        h.connect(1)
        #expect(h.core.nextDeadline() == nil)
        #expect(h.tick(100_000_000).isEmpty)
    }

    // MARK: Connection limits

    @Test func overMaxConnectionsTheNewcomerGetsServerFullAndNobodyElseNotices() {
        let h = Harness(config: config { $0.maxConnections = 3 })
        let code = room(h)
        h.connect(3)
        let refused = h.connect(4)
        #expect(Harness.text(refused, to: 4).hasPrefix("error server_full: "))
        #expect(Harness.closes(refused) == [ConnectionID(4)])
        #expect(Harness.sends(refused).allSatisfy { $0.to == [ConnectionID(4)] })
        #expect(h.core.connectionCount == 3)
        #expect(h.disconnect(4).isEmpty)
        h.disconnect(3)
        #expect(Harness.closes(h.connect(5)).isEmpty)
        h.line(1, "/start")
        #expect(Harness.messages(h.line(2, "14"), to: 2).first?.int("points") == 1000)
        _ = code
    }

    @Test func overMaxPerAddressOnlyThatAddressIsRefused() {
        let h = Harness(config: config { $0.maxConnectionsPerIP = 2 })
        let core = h.core
        #expect(Harness.closes(core.connect(ConnectionID(1), peer: "10.1.1.1", now: 0)).isEmpty)
        #expect(Harness.closes(core.connect(ConnectionID(2), peer: "::ffff:10.1.1.1", now: 0)).isEmpty)
        let refused = core.connect(ConnectionID(3), peer: "10.1.1.1", now: 0)
        #expect(Harness.text(refused, to: 3).hasPrefix("error too_many_connections: "))
        #expect(Harness.closes(refused) == [ConnectionID(3)])
        #expect(Harness.closes(core.connect(ConnectionID(4), peer: "10.1.1.2", now: 0)).isEmpty)
        _ = core.disconnect(ConnectionID(1), now: 0)
        #expect(Harness.closes(core.connect(ConnectionID(5), peer: "10.1.1.1", now: 0)).isEmpty)
        #expect(core.perAddress == ["10.1.1.1": 2, "10.1.1.2": 1])
    }

    @Test func peerAddressKeys() {
        #expect(PeerAddress.key("10.0.0.7") == "10.0.0.7")
        #expect(PeerAddress.key("10.0.0.7:5123") == "10.0.0.7")
        #expect(PeerAddress.key("::FFFF:10.0.0.7") == "10.0.0.7")
        #expect(PeerAddress.key("[fe80::1]:80") == "fe80::1")
        #expect(PeerAddress.key("fe80::1") == "fe80::1")
    }

    // MARK: Control characters

    @Test func controlCharactersAreRefusedInNamesAndNeverEchoed() {
        let h = Harness()
        h.connect(1)
        for evil in ["Ann\u{1B}[31m", "A\u{0}nn", "Ann\u{7}", "\u{202E}nnA", "Ann\u{9B}2J"] {
            let text = Harness.text(h.line(1, "/name \(evil)"), to: 1)
            #expect(text.hasPrefix("error bad_name"), "\(evil.debugDescription)")
            #expect(!text.unicodeScalars.contains { Visible.isUnsafe($0) && $0 != "\n" })
        }
        // Echoed input in errors: the unknown verb, the room code.
        let verb = Harness.text(h.line(1, "/\u{1B}[2Jwipe"), to: 1)
        #expect(verb == "error unknown_command: There is no command /<U+001B>[2jwipe. Type /help for the list.\n")
        let join = Harness.text(h.line(1, "/join \u{1B}]0;pwned\u{7}AB\u{0}CD Zoë"), to: 1)
        #expect(join == "error no_room: There is no room ABCD. Check the code with your host.\n")
        h.line(1, "/format json")
        let json = Harness.messages(h.line(1, "/x\u{0}\u{1B}[1m"), to: 1)[0]
        #expect(json.cmd == "x")
        #expect(!json.line.contains("\\u00"))
    }

    @Test func visibleCleanKeepsWhatIsSafe() {
        #expect(Visible.clean("Zoë 7 x 8 = ?") == "Zoë 7 x 8 = ?")
        #expect(Visible.clean("a\u{1B}[38;5;196mred\u{1B}[0m") == "ared")
        #expect(Visible.clean("\u{1B}]8;;http://x\u{1B}\\link") == "link")
        #expect(Visible.clean("tab\there\u{7F}\u{85}") == "tabhere")
    }

    // MARK: Who may do what

    @Test func claimFromANewConnectionReattachesTheCreatorsSeatMidGame() {
        let h = Harness()
        h.jsonClient(1, name: "Ann")
        let created = Harness.messages(h.line(1, "/create times table=7 max=4 rounds=2 time=10 gap=0 countdown=0 seed=1"), to: 1)[0]
        let room = created.string("room")!, key = created.string("host_key")!
        h.join(2, "Bob", room)
        h.line(1, "/start")
        h.now = 1_000
        #expect(Harness.messages(h.line(1, "14"), to: 1)[0].int("points") == 950)
        h.disconnect(1)                  // Ann's laptop dies; nobody becomes host (issue 27)
        #expect(Harness.messages(h.line(2, "/skip"), to: 2)[0].code == "not_host")
        h.jsonClient(3)
        #expect(Harness.messages(h.line(3, "/claim \(room) \(key.uppercased())"), to: 3)[0].code == "bad_key")
        let claim = h.line(3, "/claim \(room.lowercased()) \(key)")
        let reply = Harness.messages(claim, to: 3)
        // Round 1 is still open: Ann gets it again, to answer it too.
        #expect(reply.map(\.type) == ["ok", "host", "question"])
        #expect(reply[2].int("round") == 1)
        #expect(reply[0].string("name") == "Ann")
        #expect(reply[0].int("score") == 950)
        #expect(Harness.messages(claim, to: 2).map(\.type) == ["joined", "host"])
        #expect(Harness.messages(h.line(2, "/stop"), to: 2)[0].code == "not_host")
        #expect(Harness.messages(h.line(3, "/stop"), to: 3).map(\.type) == ["ok", "game_end"])
    }

    @Test func claimAfterTheSeatIsGoneMakesANewHostSeat() {
        let h = Harness()
        h.jsonClient(1, name: "Ann")
        let created = Harness.messages(h.line(1, "/create times table=7 max=4 rounds=1 time=10 gap=0 countdown=0 seed=1"), to: 1)[0]
        let room = created.string("room")!, key = created.string("host_key")!
        h.join(2, "Bob", room)
        h.disconnect(1)                   // in the lobby the seat goes at once
        h.jsonClient(3)
        let reply = Harness.messages(h.line(3, "/claim \(room) \(key)"), to: 3)
        #expect(reply.map(\.type) == ["ok", "host"])
        #expect(reply[0].string("name") == "Ann")
        #expect(Harness.messages(h.line(3, "/start"), to: 3)[0].type == "ok")
        h.now = 2_000
        #expect(Harness.messages(h.line(2, "14"), to: 2)[0].int("points") == 900)
        // The key never appears in what others see.
        #expect(!Harness.text(h.line(2, "/who"), to: 2).contains(key))
        #expect(!Harness.text(h.line(2, "/rooms"), to: 2).contains(key))
    }

    @Test func createPasswordIsRequiredWhenSetAndNeverEchoed() {
        let h = Harness(config: config { $0.createPassword = "s3cret" })
        h.jsonClient(1, name: "Ann")
        #expect(Harness.messages(h.line(1, "/create times"), to: 1)[0].code == "bad_password")
        #expect(Harness.messages(h.line(1, "/create times password=nope"), to: 1)[0].code == "bad_password")
        #expect(Harness.messages(h.line(1, "/create times password=s3cret password=s3cret"), to: 1)[0].code == "bad_password")
        let ok = Harness.messages(h.line(1, "/create times table=7 password=s3cret rounds=1"), to: 1)[0]
        #expect(ok.type == "ok")
        #expect(!ok.line.contains("s3cret"))
        // Players still join freely.
        #expect(h.join(2, "Bob", ok.string("room")!).type == "ok")
    }

    @Test func passwordIsIgnoredWhenTheServerHasNone() {
        let h = Harness()
        h.jsonClient(1, name: "Ann")
        #expect(Harness.messages(h.line(1, "/create times password=x"), to: 1)[0].type == "ok")
    }

    /// Guesses are counted by address: a new connection for every guess gains nothing, and
    /// each shut-out in a row lasts twice the one before.
    @Test func wrongGuessesAreCountedByAddressAcrossConnections() {
        let h = Harness()
        let code = room(h)
        var next: UInt64 = 100
        func guesser() -> UInt64 {
            next += 1
            h.jsonClient(next, name: "Eve", peer: "10.9.9.9")
            return next
        }
        for guess in 0..<20 {
            #expect(Harness.messages(h.line(guesser(), "/join ZZZ\(guess)"), to: next)[0].code == "no_room")
        }
        // Even the right code is refused unchecked now, on any connection from the address.
        let refused = Harness.messages(h.line(guesser(), "/join \(code)"), to: next)[0]
        #expect(refused.code == "rate_limited")
        #expect(refused.int("retry_ms") == 60_000)
        #expect(Harness.messages(h.line(guesser(), "/rejoin \(code) 00"), to: next)[0].code == "rate_limited")
        #expect(Harness.messages(h.line(guesser(), "/claim \(code) 00"), to: next)[0].code == "rate_limited")
        #expect(Harness.messages(h.line(guesser(), "/watch \(code)"), to: next)[0].code == "rate_limited")
        // Others were never limited.
        h.jsonClient(4, name: "Dan")
        #expect(Harness.messages(h.line(4, "/join \(code)"), to: 4)[0].type == "ok")
        h.now = 59_999
        #expect(Harness.messages(h.line(guesser(), "/join \(code)"), to: next)[0].code == "rate_limited")
        h.now = 60_000
        #expect(Harness.messages(h.line(guesser(), "/watch \(code)"), to: next)[0].type == "ok")
        // Twenty more wrong: the second shut-out is two minutes.
        for guess in 0..<20 { h.line(guesser(), "/join ZZZ\(guess)") }
        #expect(Harness.messages(h.line(guesser(), "/join \(code)"), to: next)[0].int("retry_ms") == 120_000)
    }

    /// However many addresses guess wrong, the limiter remembers at most `maxAddresses`, even
    /// when every one of them is shut out.
    @Test func theGuessTableStaysBounded() {
        var rules = GuessRules()
        rules.free = 1
        let limiter = GuessLimiter(rules)
        for n in 0..<(GuessLimiter.maxAddresses + 500) {
            limiter.recordFailure("10.\(n / 65536).\(n / 256 % 256).\(n % 256)", now: 1_000)
        }
        #expect(limiter.count == GuessLimiter.maxAddresses)
    }

    /// Many addresses guessing together: past the server-wide budget, an address that has
    /// guessed wrong waits, and one that has not still joins.
    @Test func theServerWideBudgetStopsManyAddressesButNotTheCarefulOnes() {
        var rules = GuessRules()
        rules.overall = 30
        let h = Harness(config: config { $0.guesses = rules })
        let code = room(h)
        for n in 0..<30 {
            let id = UInt64(100 + n)
            h.jsonClient(id, name: "Bot", peer: "10.8.0.\(n)")
            #expect(Harness.messages(h.line(id, "/join QQQ\(n)"), to: id)[0].code == "no_room")
        }
        #expect(Harness.messages(h.line(100, "/join \(code)"), to: 100)[0].code == "rate_limited")
        h.jsonClient(200, name: "Kim", peer: "10.8.1.1")
        #expect(Harness.messages(h.line(200, "/join \(code)"), to: 200)[0].type == "ok")
    }

    @Test func kickedMayComeBackUnderAnotherNameBannedMayNot() {
        let h = Harness()
        let code = room(h)
        h.join(3, "Cy", code)
        // Kick Bob: his name is refused, another name is fine, from the same connection.
        let kick = h.line(1, "/kick bob")
        #expect(Harness.messages(kick, to: 2).map(\.line) == [#"{"type":"kicked","room":"\#(code)","banned":false}"#])
        #expect(Harness.messages(h.line(2, "/join \(code) BOB"), to: 2)[0].code == "name_refused")
        #expect(Harness.messages(h.line(2, "/join \(code) Bobby"), to: 2)[0].type == "ok")
        // Ban Cy: name, connection and token are all refused.
        let ban = h.line(1, "/ban Cy")
        #expect(Harness.messages(ban, to: 1).map(\.line) == [
            #"{"type":"ok","cmd":"ban","name":"Cy"}"#,
            #"{"type":"left","room":"\#(code)","name":"Cy","players":2,"reason":"banned"}"#,
        ])
        #expect(Harness.messages(ban, to: 3).map(\.line) == [#"{"type":"kicked","room":"\#(code)","banned":true}"#])
        #expect(Harness.messages(h.line(3, "/join \(code) Cyrus"), to: 3)[0].code == "banned")
        h.jsonClient(4)
        #expect(Harness.messages(h.line(4, "/join \(code) cy"), to: 4)[0].code == "banned")
        #expect(Harness.messages(h.line(4, "/join \(code) Dee"), to: 4)[0].type == "ok")
    }

    @Test func aBannedTokenCannotRejoin() {
        let h = Harness()
        let code = room(h)
        let token = h.join(3, "Cy", code).string("token")!
        h.line(1, "/start")
        h.disconnect(3)                   // Cy's seat is kept while the game runs
        h.line(1, "/ban cy")
        h.jsonClient(5)
        #expect(Harness.messages(h.line(5, "/rejoin \(code) \(token)"), to: 5)[0].code == "banned")
        h.now = 3_000
        #expect(Harness.messages(h.line(2, "14"), to: 2)[0].int("points") == 850)
    }

    @Test func lockKeepsNewPlayersOutButNotRejoins() {
        let h = Harness()
        let code = room(h)
        #expect(Harness.messages(h.line(2, "/lock"), to: 2)[0].code == "not_host")
        #expect(Harness.messages(h.line(1, "/lock"), to: 1)[0].line == #"{"type":"ok","cmd":"lock","room":"\#(code)","locked":true}"#)
        h.jsonClient(3)
        #expect(Harness.messages(h.line(3, "/join \(code) Cy"), to: 3)[0].code == "room_locked")
        #expect(Harness.messages(h.line(3, "/rooms"), to: 3)[0].list("rooms").first?["locked"] as? Bool == true)
        h.line(1, "/start")
        h.disconnect(2)
        #expect(Harness.messages(h.line(1, "/unlock"), to: 1)[0].string("type") == "ok")
        #expect(Harness.messages(h.line(3, "/join \(code) Cy"), to: 3)[0].type == "ok")
    }

    @Test func rejoinWorksWhileLocked() {
        let h = Harness()
        let code = h.room("table=7 max=4 rounds=1 time=10 gap=0 countdown=0 seed=1")
        let token = h.join(2, "Bob", code).string("token")!
        h.line(1, "/start")
        h.disconnect(2)
        h.line(1, "/lock")
        h.jsonClient(3)
        let back = Harness.messages(h.line(3, "/rejoin \(code) \(token)"), to: 3)[0]
        #expect(back.type == "ok")
        #expect(back.string("name") == "Bob")
        h.now = 1_000
        #expect(Harness.messages(h.line(3, "14"), to: 3)[0].int("points") == 950)
    }

    // MARK: Nobody learns an answer early

    @Test func noMessageCarriesTheAnswerBeforeTheRoundEnds() {
        let h = Harness()
        let code = room(h, "table=7 max=4 rounds=2 time=10 gap=0 countdown=0 seed=1")
        h.jsonClient(3)
        h.line(3, "/format text")
        h.line(3, "/join \(code) Cy")
        var early: [Msg] = []
        var earlyText = ""
        func collect(_ effects: [Effect]) {
            early += Harness.messages(effects, to: 1) + Harness.messages(effects, to: 2)
            earlyText += Harness.text(effects, to: 3)
        }
        collect(h.line(1, "/start"))       // question 7 x 2
        collect(h.line(2, "15"))           // wrong
        collect(h.line(2, "14"))           // already answered
        collect(h.line(3, "13"))           // wrong, text
        collect(h.line(2, "/scores"))
        collect(h.line(2, "/who"))
        #expect(early.allSatisfy { $0["answer"] == nil })
        #expect(early.contains { $0.cmd == "answer" && $0.bool("correct") == false })
        #expect(!earlyText.contains("14"))
        let end = Harness.messages(h.line(1, "14"), to: 2)
        #expect(end.map(\.type) == ["round_end", "question"])
        #expect(end[0].int("answer") == 14)
    }

    @Test func aWordsBoardHidesEveryUnclaimedWord() {
        let h = WordsCoreHarness()
        let ann = h.connect("ann")
        h.send(ann, "/create words time=60 countdown=0 gap=0 levels=1 seed=3")
        _ = h.take(ann)
        h.send(ann, "/start")
        let board = h.take(ann).first { $0["type"] as? String == "board" }
        let clues = board?["clues"] as? [[String: Any]] ?? []
        #expect(clues.count == 7)
        #expect(clues.allSatisfy { $0["word"] is NSNull })
    }
}
