@testable import ChalklineCore
import Foundation
import Testing

/// Issue 5's scenarios that need the manual clock (a flood timed to the 100 ms, an answer
/// worth exactly 745 points) or the core's own state: in-process only. The rest run both ways.
extension HardeningTests {
    // MARK: Flood control

    @Test func floodedLinesAreNotRunAndTheFlooderIsClosedWhileTheRoundGoesOn() throws {
        let room = try ClockRoom(.with { $0.linesPerSecond = 5; $0.floodTimeout = 3_000 })
        let (cy, _) = try room.join("Cy")
        let cyID = try ClockRoom.id(cy)
        _ = try room.ann.command("/start")
        cy.take()
        // Cy pastes 20 wrong answers at once: what is left of the burst of 10 runs (8: /format and
        // /join took two), then one error, and the rest are dropped unanswered. Only the first
        // answer is judged; the other 7 that ran get already_answered.
        try cy.sendRaw(Array(String(repeating: "99\n", count: 20).utf8))
        let paste = cy.take()
        #expect(paste.map { $0.code ?? $0.type } == ["ok"] + Array(repeating: "already_answered", count: 7) + ["rate_limited"])
        #expect(paste.last?.cmd == "")
        // Cy keeps flooding at 10 lines a second; after 3 s of refusals: bye, then close.
        var closedAt: Millis?
        var bye: [ServerLine] = []
        for t in stride(from: Millis(100), through: 5_000, by: 100) where closedAt == nil {
            room.clock.advance(to: t)
            cy.take()
            if try room.clock.closes(during: { try cy.send("/ping") }) == [cyID] {
                closedAt = t
                bye = cy.take()
            }
        }
        #expect(closedAt.map { (3_000...3_300).contains($0) } == true)
        #expect(bye.last?.type == "bye")
        #expect(bye.last?.string("reason") == "flood")
        try cy.send("/ping")
        #expect(cy.take().isEmpty)
        // Bob's answer still scores by the formula: 5.1 s of 10 s is 745.
        room.clock.advance(to: 5_100)
        #expect(try room.bob.command("14").int("points") == 745)
        cy.disconnect()
        room.bob.take()
        room.clock.advance(to: 10_000)
        let end = room.bob.take()
        #expect(end.first?.type == "round_end")
        #expect(end.first?.results.contains("Bob true 745 5100") == true)
    }

    // MARK: Idle connections

    @Test func aSilentConnectionOutsideARoomGetsByeAndPlayersAreExempt() throws {
        let room = try ClockRoom(.with { $0.idleTimeout = 1_000 })
        let core = room.clock.core
        let silent = try room.harness.connect()   // says nothing at all
        let talker = try room.harness.connect()
        #expect(core.nextDeadline() == 1_000)
        room.clock.advance(to: 600)
        try talker.send("/ping")                  // speaking pushes its deadline back
        _ = try room.ann.command("/start")
        silent.take()
        #expect(room.clock.closes { room.clock.advance(to: 1_000) } == [try ClockRoom.id(silent)])
        #expect(silent.take().first?.line.hasPrefix("Goodbye: ") == true)
        #expect(core.nextDeadline() == 1_600)
        #expect(room.clock.closes { room.clock.advance(to: 1_600) } == [try ClockRoom.id(talker)])
        // Ann and Bob, seated in the room, were silent all along and are untouched: what is
        // left is the question's deadline (it opened at 600).
        #expect(core.nextDeadline() == 10_600)
        room.clock.advance(to: 9_000)
        #expect(try room.bob.command("14").int("points") == 580)
    }

    /// A projector running `chalkline watch` says nothing for the whole lesson: watching a room
    /// is being in it, and only leaving it starts the idle clock.
    @Test func aWatcherIsNotIdleUntilItStopsWatching() throws {
        let room = try ClockRoom(.with { $0.idleTimeout = 1_000 })
        let watcher = try room.harness.connect()
        try watcher.send("/watch \(room.code)")
        #expect(room.clock.closes { room.clock.advance(to: 50_000) }.isEmpty)
        room.clock.advance(to: 60_000)
        try watcher.send("/leave")
        #expect(room.clock.closes { room.clock.advance(to: 60_999) }.isEmpty)
        #expect(room.clock.closes { room.clock.advance(to: 61_000) } == [try ClockRoom.id(watcher)])
    }

    @Test func idleClockStartsWhenAPlayerLeavesTheRoom() throws {
        let room = try ClockRoom(.with { $0.idleTimeout = 1_000 })
        room.clock.advance(to: 5_000)
        _ = try room.ann.command("/kick Bob")     // Bob said nothing since he joined at 0
        // His entry from connecting (1 000) may still surface first; a tick then reschedules it.
        #expect(room.clock.closes { room.clock.advance(to: 5_999) }.isEmpty)
        #expect(room.clock.core.nextDeadline() == 6_000)
        room.bob.take()
        #expect(room.clock.closes { room.clock.advance(to: 6_000) } == [try ClockRoom.id(room.bob)])
        #expect(room.bob.take().lines
                == [#"{"type":"bye","reason":"idle","message":"Closing your connection: nothing was heard from you for 1.0 s outside a room."}"#])
    }

    @Test func theIdleScheduleHoldsOneEntryPerConnectionWhateverItSends() throws {
        let harness = try ServerHarness(.inProcess, config: .with { $0.idleTimeout = 1_000; $0.linesPerSecond = 0 })
        let clock = try #require(harness.inProcess)
        let clients = try (1...100).map { _ in try harness.connect() }
        for t in 1...50 {
            clock.advance(to: Millis(t * 10))
            for client in clients { try client.send("/ping") }
        }
        #expect(clock.core.idleSchedule.count == 100)
        // The first tick finds every entry stale and puts each back once.
        #expect(clock.closes { clock.advance(to: 1_000) }.isEmpty)
        #expect(clock.core.idleSchedule.count == 100)
        #expect(clock.core.nextDeadline() == 1_500)
        #expect(clock.closes { clock.advance(to: 1_500) }.count == 100)
        #expect(clock.core.nextDeadline() == nil)
    }

    @Test func idleTimeoutZeroNeverCloses() throws {
        let harness = try ServerHarness(.inProcess, config: .with { $0.idleTimeout = 0 })
        let clock = try #require(harness.inProcess)
        let client = try harness.connect()
        #expect(clock.core.nextDeadline() == nil)
        client.take()
        #expect(clock.closes { clock.advance(to: 100_000_000) }.isEmpty)
        #expect(client.take().isEmpty && clock.records.isEmpty)
    }

    // MARK: Connection limits

    @Test func overMaxConnectionsTheNewcomerGetsServerFullAndNobodyElseNotices() throws {
        let room = try ClockRoom(.with { $0.maxConnections = 3 })
        let third = try room.harness.connect()
        third.take()
        var fourth: HarnessClient?
        let closed = try room.clock.closes { fourth = try room.harness.connect() }
        let refused = try #require(fourth)
        #expect(refused.take().first?.line.hasPrefix("error server_full: ") == true)
        #expect(closed == [try ClockRoom.id(refused)])
        #expect(room.ann.take().isEmpty && room.bob.take().isEmpty && third.take().isEmpty)
        #expect(room.clock.core.connectionCount == 3)
        #expect(room.clock.core.disconnect(try ClockRoom.id(refused), now: room.clock.now).isEmpty)
        third.disconnect()
        #expect(try room.clock.closes { _ = try room.harness.connect() }.isEmpty)
        _ = try room.ann.command("/start")
        #expect(try room.bob.command("14").int("points") == 1000)
    }

    @Test func overMaxPerAddressOnlyThatAddressIsRefused() throws {
        let harness = try ServerHarness(.inProcess, config: .with { $0.maxConnectionsPerIP = 2 })
        let clock = try #require(harness.inProcess)
        func connect(_ peer: String) throws -> (HarnessClient, [ConnectionID]) {
            var client: HarnessClient?
            let closed = try clock.closes { client = try harness.connect(peer: peer) }
            return (try #require(client), closed)
        }
        let (first, firstClosed) = try connect("10.1.1.1")
        #expect(firstClosed.isEmpty)
        #expect(try connect("::ffff:10.1.1.1").1.isEmpty)
        let (third, thirdClosed) = try connect("10.1.1.1")
        #expect(third.take().first?.line.hasPrefix("error too_many_connections: ") == true)
        #expect(thirdClosed == [try ClockRoom.id(third)])
        #expect(try connect("10.1.1.2").1.isEmpty)
        first.disconnect()
        #expect(try connect("10.1.1.1").1.isEmpty)
        #expect(clock.core.perAddress == ["10.1.1.1": 2, "10.1.1.2": 1])
    }

    // MARK: Who may do what

    @Test func claimFromANewConnectionReattachesTheCreatorsSeatMidGame() throws {
        let room = try ClockRoom(ServerConfig(), "table=7 max=4 rounds=2 time=10 gap=0 countdown=0 seed=1")
        let key = try #require(room.hostKey)
        _ = try room.ann.command("/start")
        room.clock.advance(to: 1_000)
        #expect(try room.ann.command("14").int("points") == 950)
        room.ann.disconnect()                  // Ann's laptop dies; nobody becomes host (issue 27)
        #expect(try room.bob.command("/skip").code == "not_host")
        let laptop = try room.harness.jsonClient()
        #expect(try laptop.command("/claim \(room.code) \(key.uppercased())").code == "bad_key")
        room.bob.take()
        laptop.take()
        try laptop.send("/claim \(room.code.lowercased()) \(key)")
        let reply = laptop.take()
        // Round 1 is still open: Ann gets it again, to answer it too, and (as the room's host) the
        // round's answer count so far: her own answer is in.
        #expect(reply.types == ["ok", "host", "question", "progress"])
        #expect(reply.last?.int("answers") == 1)
        #expect(reply.dropFirst(2).first?.int("round") == 1)
        #expect(reply.first?.string("name") == "Ann")
        #expect(reply.first?.int("score") == 950)
        #expect(room.bob.take().types == ["joined", "host"])
        #expect(try room.bob.command("/stop").code == "not_host")
        laptop.take()
        try laptop.send("/stop")
        #expect(laptop.take().types == ["ok", "game_end"])
    }

    @Test func claimAfterTheSeatIsGoneMakesANewHostSeat() throws {
        let room = try ClockRoom()
        let key = try #require(room.hostKey)
        room.ann.disconnect()                  // in the lobby the seat goes at once
        let laptop = try room.harness.jsonClient()
        laptop.take()
        try laptop.send("/claim \(room.code) \(key)")
        let reply = laptop.take()
        #expect(reply.types == ["ok", "host"])
        #expect(reply.first?.string("name") == "Ann")
        #expect(try laptop.command("/start").type == "ok")
        room.clock.advance(to: 2_000)
        #expect(try room.bob.command("14").int("points") == 900)
        // The key never appears in what others see.
        for command in ["/who", "/rooms"] {
            room.bob.take()
            try room.bob.send(command)
            #expect(!room.bob.take().lines.joined().contains(key))
        }
    }

    /// Guesses are counted by address: a new connection for every guess gains nothing, and
    /// each shut-out in a row lasts twice the one before.
    @Test func wrongGuessesAreCountedByAddressAcrossConnections() throws {
        let room = try ClockRoom()
        let code = room.code
        func guesser() throws -> HarnessClient { try room.harness.jsonClient("Eve", peer: "10.9.9.9") }
        for guess in 0..<20 {
            #expect(try guesser().command("/join ZZZ\(guess)").code == "no_room")
        }
        // Even the right code is refused unchecked now, on any connection from the address.
        let refused = try guesser().command("/join \(code)")
        #expect(refused.code == "rate_limited")
        #expect(refused.int("retry_ms") == 60_000)
        #expect(try guesser().command("/rejoin \(code) 00").code == "rate_limited")
        #expect(try guesser().command("/claim \(code) 00").code == "rate_limited")
        #expect(try guesser().command("/watch \(code)").code == "rate_limited")
        // Others were never limited.
        #expect(try room.harness.jsonClient("Dan").command("/join \(code)").type == "ok")
        room.clock.advance(to: 59_999)
        #expect(try guesser().command("/join \(code)").code == "rate_limited")
        room.clock.advance(to: 60_000)
        #expect(try guesser().command("/watch \(code)").type == "ok")
        // Twenty more wrong: the second shut-out is two minutes.
        for guess in 0..<20 { _ = try guesser().command("/join ZZZ\(guess)") }
        #expect(try guesser().command("/join \(code)").int("retry_ms") == 120_000)
    }

    /// Many addresses guessing together: past the server-wide budget, an address that has
    /// guessed wrong waits, and one that has not still joins.
    @Test func theServerWideBudgetStopsManyAddressesButNotTheCarefulOnes() throws {
        var rules = GuessRules()
        rules.overall = 30
        let room = try ClockRoom(.with { $0.guesses = rules })
        let bots = try (0..<30).map { try room.harness.jsonClient("Bot", peer: "10.8.0.\($0)") }
        for (n, bot) in bots.enumerated() {
            #expect(try bot.command("/join QQQ\(n)").code == "no_room")
        }
        #expect(try bots[0].command("/join \(room.code)").code == "rate_limited")
        let kim = try room.harness.jsonClient("Kim", peer: "10.8.1.1")
        #expect(try kim.command("/join \(room.code)").type == "ok")
    }

    @Test func kickedMayComeBackUnderAnotherNameBannedMayNot() throws {
        let room = try ClockRoom()
        let code = room.code
        let (cy, _) = try room.join("Cy")
        room.ann.take()
        room.bob.take()
        // Kick Bob: his name is refused, another name is fine, from the same connection.
        try room.ann.send("/kick bob")
        #expect(room.bob.take().lines == [#"{"type":"kicked","room":"\#(code)","banned":false}"#])
        #expect(try room.bob.command("/join \(code) BOB").code == "name_refused")
        #expect(try room.bob.command("/join \(code) Bobby").type == "ok")
        // Ban Cy: name, connection and token are all refused.
        room.ann.take()
        cy.take()
        try room.ann.send("/ban Cy")
        #expect(room.ann.take().lines == [
            #"{"type":"ok","cmd":"ban","name":"Cy"}"#,
            #"{"type":"left","room":"\#(code)","name":"Cy","players":2,"reason":"banned"}"#,
        ])
        #expect(cy.take().lines == [#"{"type":"kicked","room":"\#(code)","banned":true}"#])
        #expect(try cy.command("/join \(code) Cyrus").code == "banned")
        let dee = try room.harness.jsonClient()
        #expect(try dee.command("/join \(code) cy").code == "banned")
        #expect(try dee.command("/join \(code) Dee").type == "ok")
    }

    @Test func aBannedTokenCannotRejoin() throws {
        let room = try ClockRoom()
        let (cy, token) = try room.join("Cy")
        _ = try room.ann.command("/start")
        cy.disconnect()                        // Cy's seat is kept while the game runs
        _ = try room.ann.command("/ban cy")
        #expect(try room.harness.jsonClient().command("/rejoin \(room.code) \(token)").code == "banned")
        room.clock.advance(to: 3_000)
        #expect(try room.bob.command("14").int("points") == 850)
    }

    @Test func lockKeepsNewPlayersOutButNotRejoins() throws {
        let room = try ClockRoom()
        let code = room.code
        #expect(try room.bob.command("/lock").code == "not_host")
        #expect(try room.ann.command("/lock").line == #"{"type":"ok","cmd":"lock","room":"\#(code)","locked":true}"#)
        let cy = try room.harness.jsonClient()
        #expect(try cy.command("/join \(code) Cy").code == "room_locked")
        #expect(try cy.command("/rooms").list("rooms").first?["locked"] as? Bool == true)
        _ = try room.ann.command("/start")
        room.bob.disconnect()
        #expect(try room.ann.command("/unlock").type == "ok")
        #expect(try cy.command("/join \(code) Cy").type == "ok")
    }

    @Test func rejoinWorksWhileLocked() throws {
        let room = try ClockRoom()
        _ = try room.ann.command("/start")
        room.bob.disconnect()
        _ = try room.ann.command("/lock")
        let laptop = try room.harness.jsonClient()
        let back = try laptop.command("/rejoin \(room.code) \(room.bobToken)")
        #expect(back.type == "ok")
        #expect(back.string("name") == "Bob")
        room.clock.advance(to: 1_000)
        #expect(try laptop.command("14").int("points") == 950)
    }

    // MARK: Nobody learns an answer early

    @Test func noMessageCarriesTheAnswerBeforeTheRoundEnds() throws {
        let room = try ClockRoom(ServerConfig(), "table=7 max=4 rounds=2 time=10 gap=0 countdown=0 seed=1")
        let cy = try room.harness.jsonClient()
        try cy.send("/format text")
        try cy.send("/join \(room.code) Cy")
        for client in [room.ann, room.bob, cy] { client.take() }
        var early: [ServerLine] = []
        var earlyText = ""
        func step(_ client: HarnessClient, _ line: String) throws {
            try client.send(line)
            early += room.ann.take() + room.bob.take()
            earlyText += cy.take().lines.joined(separator: "\n")
        }
        try step(room.ann, "/start")           // question 7 x 2
        try step(room.bob, "15")               // wrong
        try step(room.bob, "14")               // already answered
        try step(cy, "13")                     // wrong, text
        try step(room.bob, "/scores")
        try step(room.bob, "/who")
        #expect(early.allSatisfy { $0["answer"] == nil })
        #expect(early.contains { $0.cmd == "answer" && $0.bool("correct") == false })
        #expect(!earlyText.contains("14"))
        try room.ann.send("14")
        let end = room.bob.take()
        #expect(end.types == ["round_end", "question"])
        #expect(end.first?.int("answer") == 14)
    }
}
