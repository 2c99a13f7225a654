import Testing
@testable import ChalklineCore

/// Issue 15's rooms of 1,000: each player's results events stay small, the host's and the
/// watchers' keep the whole table, and a room of ten sees no change at all.
@Suite struct BigRoomTests {
    /// Ann hosts without playing; `count` players join; one question is played, players
    /// 1...answering answering it right in turn.
    private func playOneRound(_ count: Int, answering: Int) -> (Harness, [Effect], String) {
        var config = ServerConfig()
        config.maxPlayersPerRoom = count
        let h = Harness(config: config)
        let code = h.room("table=7 max=4 rounds=1 time=10 gap=0 countdown=0 seed=1 play=no")
        for n in 0..<count { h.join(UInt64(100 + n), "p\(n)", code) }
        h.jsonClient(99)
        h.line(99, "/watch \(code)")
        h.line(1, "/start")
        var last: [Effect] = []
        for n in 0..<answering {
            h.now += 1
            last = h.line(UInt64(100 + n), "14")
        }
        if answering < count { last = h.tick(20_000) }
        return (h, last, code)
    }

    private func event(_ type: String, _ effects: [Effect], to n: UInt64) -> Msg? {
        Harness.messages(effects, to: n).first { $0.type == type }
    }

    private func bytes(_ type: String, _ effects: [Effect], to n: UInt64) -> Int {
        Harness.sends(effects).filter { $0.to.contains(ConnectionID(n)) }.flatMap { $0.string.split(separator: "\n") }
            .first { $0.contains("\"type\":\"\(type)\"") }?.utf8.count ?? 0
    }

    @Test func aRoomOfAThousandSendsEachPlayerTheTopAndTheirOwnRows() {
        let (_, effects, _) = playOneRound(1000, answering: 600)
        // Player 412 answered 413th, so ranks 413th; player 900 did not answer.
        for n in [0, 412, 900, 999] {
            let id = UInt64(100 + n)
            let end = try! #require(event("round_end", effects, to: id))
            #expect(bytes("round_end", effects, to: id) < 2048, "player \(n)")
            #expect(end.int("players") == 1000)
            let own = end.list("standings").first { $0["name"] as? String == "p\(n)" }
            #expect(own != nil, "player \(n) sees their own standing")
            #expect(end.int("rank") == (own.flatMap { Msg.int($0["rank"]) } ?? -1))
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

    @Test func aRoomOfTenSeesTheWholeTableUnchanged() {
        let (_, effects, _) = playOneRound(10, answering: 10)
        for n: UInt64 in [100, 109, 1, 99] {
            let end = try! #require(event("round_end", effects, to: n))
            #expect(end.list("results").count == 10)
            #expect(end.int("players") == nil && end.int("rank") == nil)
            #expect(event("game_end", effects, to: n)?.int("players") == nil)
        }
        // Everyone in a small room gets the very same bytes.
        let payloads = Set(Harness.sends(effects).filter { $0.string.contains("\"round_end\"") }.map(\.string))
        #expect(payloads.count == 1)
    }

    @Test func anEleventhPlayerCutsTheTable() {
        let (_, effects, _) = playOneRound(11, answering: 11)
        #expect(event("round_end", effects, to: 110)?.int("players") == 11)
        #expect(event("round_end", effects, to: 110)?.int("rank") == 11)
        #expect(event("round_end", effects, to: 110)?.list("standings").count == 11)
    }

    @Test func ordinals() {
        #expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 412, 1000].map(TextFormat.ordinal)
                == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th", "412th", "1,000th"])
    }
}
