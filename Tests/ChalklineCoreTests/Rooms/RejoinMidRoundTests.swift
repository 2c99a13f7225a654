import Testing
@testable import ChalklineCore

/// A student whose Wi-Fi drops mid-question keeps their seat; back with `/rejoin`, they must see
/// that question again, or they could not answer the round they are still in.
@Suite struct RejoinMidRoundTests {
    @Test func theOpenQuestionComesAgainWithTheTimeLeftAndCanBeAnswered() {
        let h = Harness()
        let code = h.room()
        let token = h.join(2, "Bob", code).string("token") ?? ""
        h.line(1, "/start")                                   // 7 x 2 opens at 0, 10 s
        h.now = 2_000
        h.disconnect(2)
        h.now = 4_000
        h.jsonClient(3)
        let back = Harness.messages(h.line(3, "/rejoin \(code) \(token)"), to: 3)
        #expect(back.map(\.type) == ["ok", "question"])
        #expect(back.last?.string("text") == "7 x 2")
        #expect(back.last?.int("time_ms") == 6_000)
        #expect(back.last?.int("round") == 1)
        h.now = 5_000
        let reply = Harness.messages(h.line(3, "14"), to: 3).first
        #expect(reply?.bool("correct") == true)
        #expect(reply?.int("points") == Scoring.speedPoints(elapsedMs: 5_000, limitMs: 10_000))
    }

    @Test func theOpenBoardComesAgainInTheWordPuzzle() {
        var config = ServerConfig()
        config.levelPacks = [WordsFixtures.pack]
        let h = Harness(config: config)
        h.jsonClient(1, name: "Ann")
        let code = Harness.messages(h.line(1, "/create words pack=test time=60 countdown=0 gap=0 seed=3"), to: 1).first?.string("room") ?? ""
        let token = h.join(2, "Bob", code).string("token") ?? ""
        h.line(1, "/start")
        h.now = 10_000
        h.disconnect(2)
        h.jsonClient(3)
        let back = Harness.messages(h.line(3, "/rejoin \(code) \(token)"), to: 3)
        #expect(back.map(\.type) == ["ok", "board"])
        #expect(back.last?.int("time_ms") == 50_000)
    }

    @Test func betweenRoundsNothingIsResent() {
        let h = Harness()
        let code = h.room("table=7 max=4 rounds=3 time=10 gap=5 countdown=0 seed=1")
        let token = h.join(2, "Bob", code).string("token") ?? ""
        h.line(1, "/start")
        h.tick(10_000)                                        // round 1 closes; the gap runs
        h.disconnect(2)
        h.jsonClient(3)
        #expect(Harness.messages(h.line(3, "/rejoin \(code) \(token)"), to: 3).map(\.type) == ["ok"])
    }
}
