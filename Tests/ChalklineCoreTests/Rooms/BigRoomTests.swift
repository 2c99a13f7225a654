import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Issue 15's rooms of 1,000: each player's results events stay small, the host's and the
/// watchers' keep the whole table, and a room of ten sees no change at all.
@Suite struct BigRoomTests {
    /// The last step of a round, and the clients by the numbers the tests give them: Ann 1,
    /// the watcher 99, player n 100+n.
    private struct Round {
        let step: Step
        let clients: [UInt64: HarnessClient]
        var sends: [Step.Sent] { step.sends }
    }

    /// Ann hosts without playing; `count` players join; one question is played, players
    /// 1...answering answering it right in turn.
    private func playOneRound(_ count: Int, answering: Int) throws -> (ServerHarness, Round, String) {
        var config = ServerConfig()
        config.maxPlayersPerRoom = count
        let h = try ServerHarness(.inProcess, config: config)
        let clock = try #require(h.inProcess)
        let (c1, code) = try h.timesRoom("table=7 max=4 rounds=1 time=10 gap=0 countdown=0 seed=1 play=no")
        var clients: [UInt64: HarnessClient] = [1: c1]
        for n in 0..<count { clients[UInt64(100 + n)] = try h.join("p\(n)", code).0 }
        let c99 = try h.jsonClient()
        clients[99] = c99
        try c99.step("/watch \(code)")
        try c1.step("/start")
        var last = Step(effects: [])
        for n in 0..<answering {
            clock.setTime(clock.now + 1)
            last = try #require(clients[UInt64(100 + n)]).step("14")
        }
        if answering < count { last = clock.advance(to: 20_000) }
        return (h, Round(step: last, clients: clients), code)
    }

    private func event(_ type: String, _ effects: Round, to n: UInt64) -> ServerLine? {
        effects.clients[n].flatMap { client in effects.step.messages(to: client).first { $0.type == type } }
    }

    private func bytes(_ type: String, _ effects: Round, to n: UInt64) -> Int {
        guard let id = effects.clients[n]?.connection else { return 0 }
        return effects.sends.filter { $0.to.contains(id) }.flatMap { $0.string.split(separator: "\n") }
            .first { $0.contains("\"type\":\"\(type)\"") }?.utf8.count ?? 0
    }

    @Test func aRoomOfAThousandSendsEachPlayerTheTopAndTheirOwnRows() throws {
        let (_, effects, _) = try playOneRound(1000, answering: 600)
        // Player 412 answered 413th, so ranks 413th; player 900 did not answer.
        for n in [0, 412, 900, 999] {
            let id = UInt64(100 + n)
            let end = try! #require(event("round_end", effects, to: id))
            #expect(bytes("round_end", effects, to: id) < 2048, "player \(n)")
            #expect(end.int("players") == 1000)
            let own = end.list("standings").first { $0["name"] as? String == "p\(n)" }
            #expect(own != nil, "player \(n) sees their own standing")
            #expect(end.int("rank") == (own.flatMap { JSONValue.int($0["rank"]) } ?? -1))
            #expect(end.list("results").contains { $0["name"] as? String == "p\(n)" }, "player \(n) sees their own result")
            #expect(end.list("results").count <= Limits.tableTop + 1)
            #expect(end.list("standings").count <= Limits.tableTop + 1)
        }
        let late = try! #require(event("round_end", effects, to: 512))
        #expect(late.int("rank") == 413)
        // The host and the watcher: every result and every standing, and nothing added.
        for screen: UInt64 in [1, 99] {
            let end = try! #require(event("round_end", effects, to: screen))
            #expect(end.list("results").count == 1000)
            #expect(end.list("standings").count == 1000)
            #expect(end.int("players") == nil)
        }
        let game = try! #require(event("game_end", effects, to: 700))
        #expect(bytes("game_end", effects, to: 700) < 2048)
        #expect(game.int("players") == 1000 && game.list("standings").count == Limits.tableTop + 1)
        #expect(event("game_end", effects, to: 1)?.list("standings").count == 1000)
    }

    @Test func aRoomOfTenSeesTheWholeTableUnchanged() throws {
        let (_, effects, _) = try playOneRound(10, answering: 10)
        for n: UInt64 in [100, 109, 1, 99] {
            let end = try! #require(event("round_end", effects, to: n))
            #expect(end.list("results").count == 10)
            #expect(end.int("players") == nil && end.int("rank") == nil)
            #expect(event("game_end", effects, to: n)?.int("players") == nil)
        }
        // Everyone in a small room gets the very same bytes.
        let payloads = Set(effects.sends.filter { $0.string.contains("\"round_end\"") }.map(\.string))
        #expect(payloads.count == 1)
    }

    @Test func anEleventhPlayerCutsTheTable() throws {
        let (_, effects, _) = try playOneRound(11, answering: 11)
        #expect(event("round_end", effects, to: 110)?.int("players") == 11)
        #expect(event("round_end", effects, to: 110)?.int("rank") == 11)
        #expect(event("round_end", effects, to: 110)?.list("standings").count == 11)
    }

    @Test func ordinals() throws {
        #expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 412, 1000].map(TextFormat.ordinal)
                == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th", "412th", "1,000th"])
    }
}
