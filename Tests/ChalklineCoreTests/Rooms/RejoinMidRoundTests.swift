import ChalklineTesting
import Testing
@testable import ChalklineCore

/// A student whose Wi-Fi drops mid-question keeps their seat; back with `/rejoin`, they must see
/// that question again, or they could not answer the round they are still in.
@Suite struct RejoinMidRoundTests {
    @Test func theOpenQuestionComesAgainWithTheTimeLeftAndCanBeAnswered() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (c1, code) = try h.timesRoom()
        let (c2, joined2) = try h.join("Bob", code)
        let token = joined2.string("token") ?? ""
        try c1.step("/start")                                   // 7 x 2 opens at 0, 10 s
        clock.setTime(2_000)
        try c2.stepDisconnect()
        clock.setTime(4_000)
        let c3 = try h.jsonClient()
        let back = try c3.step("/rejoin \(code) \(token)").messages(to: c3)
        #expect(back.map(\.type) == ["ok", "question"])
        #expect(back.last?.string("text") == "7 x 2")
        #expect(back.last?.int("time_ms") == 6_000)
        #expect(back.last?.int("round") == 1)
        clock.setTime(5_000)
        let reply = try c3.step("14").messages(to: c3).first
        #expect(reply?.bool("correct") == true)
        #expect(reply?.int("points") == Scoring.speedPoints(elapsedMs: 5_000, limitMs: 10_000))
    }

    @Test func theOpenBoardComesAgainInTheWordPuzzle() throws {
        var config = ServerConfig()
        config.levelPacks = [WordsFixtures.pack]
        let h = try ServerHarness(.inProcess, config: config)
        let clock = try #require(h.inProcess)
        let c1 = try h.jsonClient("Ann")
        let code = try c1.step("/create words pack=test time=60 countdown=0 gap=0 seed=3").messages(to: c1).first?.string("room") ?? ""
        let (c2, joined2) = try h.join("Bob", code)
        let token = joined2.string("token") ?? ""
        try c1.step("/start")
        clock.setTime(10_000)
        try c2.stepDisconnect()
        let c3 = try h.jsonClient()
        let back = try c3.step("/rejoin \(code) \(token)").messages(to: c3)
        #expect(back.map(\.type) == ["ok", "board"])
        #expect(back.last?.int("time_ms") == 50_000)
    }

    @Test func betweenRoundsNothingIsResent() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (c1, code) = try h.timesRoom("table=7 max=4 rounds=3 time=10 gap=5 countdown=0 seed=1")
        let (c2, joined2) = try h.join("Bob", code)
        let token = joined2.string("token") ?? ""
        try c1.step("/start")
        clock.advance(to: 10_000)                                        // round 1 closes; the gap runs
        try c2.stepDisconnect()
        let c3 = try h.jsonClient()
        #expect(try c3.step("/rejoin \(code) \(token)").messages(to: c3).map(\.type) == ["ok"])
    }
}
