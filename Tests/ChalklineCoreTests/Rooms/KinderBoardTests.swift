import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Issue 30's accuracy scoring and kinder leaderboard, on the core with a manual clock: points
/// that do not depend on speed, a board cut to the top N for everyone (each player keeping their
/// own place), no board until the podium, and a projector without names.
@Suite struct KinderBoardTests {
    /// Ann hosts (play=no); players 2...n+1 join; all answer question 1 right, player k after k seconds.
    func room(_ options: String, players n: Int) throws -> (ServerHarness, roundEnd: [UInt64: ServerLine], gameEnd: [UInt64: ServerLine]) {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (c1, code) = try h.timesRoom("table=7 max=4 rounds=1 time=20 gap=0 countdown=0 seed=1 play=no \(options)")
        // Ann is client 1, the players 2...n+1, as the tables below number them.
        var clients: [UInt64: HarnessClient] = [1: c1]
        for i in 0..<n { clients[UInt64(i + 2)] = try h.join("p\(i + 1)", code).0 }
        let question = try c1.step("/start").messages(to: try #require(clients[2])).first { $0.type == "question" }
        let answer = AnswerNamesItsQuestionTests.product(question)
        var last = Step(effects: [])
        for i in 0..<n {
            clock.setTime(Millis(i + 1) * 1000)
            last = try #require(clients[UInt64(i + 2)]).step("\(answer)")
        }
        var roundEnd: [UInt64: ServerLine] = [:], gameEnd: [UInt64: ServerLine] = [:]
        for id in 1...UInt64(n + 1) {
            let got = last.messages(to: try #require(clients[id]))
            roundEnd[id] = got.first { $0.type == "round_end" }
            gameEnd[id] = got.first { $0.type == "game_end" }
        }
        return (h, roundEnd, gameEnd)
    }

    @Test func accuracyPaysEveryRightAnswerTheSameAndTimeBreaksTheTie() throws {
        let (_, _, gameEnd) = try room("scoring=accuracy", players: 3)
        let table = gameEnd[1]?.list("standings") ?? []
        #expect(table.map { JSONValue.int($0["score"]) } == [1000, 1000, 1000])
        #expect(table.map { $0["name"] as? String } == ["p1", "p2", "p3"], "the fastest first")
        let speed = try room("", players: 3).gameEnd[1]?.list("standings").map { JSONValue.int($0["score"]) ?? 0 } ?? []
        #expect(Set(speed).count == 3, "speed scoring pays each speed differently: \(speed)")
    }

    @Test func topFiveCutsTheRoundTableForEveryoneAndEachKeepsTheirOwnPlace() throws {
        let (_, roundEnd, gameEnd) = try room("board=top5", players: 8)
        #expect(roundEnd[1]?.list("standings").count == 5, "the projector sees five rows")
        #expect(roundEnd[1]?.int("rank") == nil)
        let eighth = roundEnd[9]
        #expect(eighth?.list("standings").count == 6, "the top five and the player's own row")
        #expect(eighth?.int("rank") == 8)
        #expect(eighth?.int("players") == 8)
        #expect(roundEnd[3]?.list("standings").count == 5, "a player in the top five sees just the five")
        // The round's results stay whole on the projector: the host sees who was right.
        #expect(roundEnd[1]?.list("results").count == 8)
        // The podium is never cut.
        #expect(gameEnd[1]?.list("standings").count == 8)
        #expect(gameEnd[9]?.list("standings").count == 8)
    }

    @Test func noneShowsNoTableUntilThePodiumButEachPlayerTheirOwnRow() throws {
        let (_, roundEnd, gameEnd) = try room("board=none", players: 3)
        #expect(roundEnd[1]?.list("standings").isEmpty == true)
        #expect(roundEnd[3]?.list("standings").map { $0["name"] as? String } == ["p2"])
        #expect(roundEnd[3]?.int("rank") == 2)
        #expect(gameEnd[3]?.list("standings").count == 3)
    }

    @Test func hiddenNamesLeaveTheProjectorButNotThePlayers() throws {
        let (_, roundEnd, gameEnd) = try room("names=hidden", players: 3)
        #expect(roundEnd[1]?.list("standings").map { $0["name"] as? String } == ["", "", ""])
        #expect(roundEnd[1]?.list("results").allSatisfy { ($0["name"] as? String) == "" } == true)
        #expect(roundEnd[1]?.list("standings").map { JSONValue.int($0["rank"]) } == [1, 2, 3])
        #expect(gameEnd[1]?.list("standings").allSatisfy { ($0["name"] as? String) == "" } == true)
        #expect(roundEnd[2]?.list("standings").map { $0["name"] as? String } == ["p1", "p2", "p3"])
    }

    @Test func aBadValueIsRefusedWithTheChoices() throws {
        let h = try ServerHarness(.inProcess)
        let c1 = try h.jsonClient("Ann")
        let reply = try c1.step("/create times board=top3").messages(to: c1).first
        #expect(reply?.string("code") == "bad_args")
        #expect(reply?.string("message")?.contains("top5") == true, "\(String(describing: reply))")
    }
}
