import Testing
@testable import ChalklineCore

@Suite("Scoring")
struct ScoringTests {
    @Test func instantAnswerScores1000() {
        #expect(Scoring.speedPoints(elapsedMs: 0, limitMs: 10_000) == 1000)
        #expect(Scoring.speedPoints(elapsedMs: 0, limitMs: 200) == 1000)
    }

    @Test func answerAtTheBuzzerScores500() {
        #expect(Scoring.speedPoints(elapsedMs: 10_000, limitMs: 10_000) == 500)
        #expect(Scoring.speedPoints(elapsedMs: 200, limitMs: 200) == 500)
    }

    @Test(arguments: [10_001, 15_000, 20_000, 30_000, 1_000_000] as [Millis])
    func lateAnswersClampTo500(t: Millis) {
        #expect(Scoring.speedPoints(elapsedMs: t, limitMs: 10_000) == 500)
    }

    @Test func negativeElapsedCountsAsZero() {
        #expect(Scoring.speedPoints(elapsedMs: -5, limitMs: 10_000) == 1000)
    }

    @Test func zeroLimitGivesTheFloor() {
        #expect(Scoring.speedPoints(elapsedMs: 0, limitMs: 0) == 500)
    }

    @Test func valuesInBetween() {
        #expect(Scoring.speedPoints(elapsedMs: 2_000, limitMs: 10_000) == 900)
        #expect(Scoring.speedPoints(elapsedMs: 5_000, limitMs: 10_000) == 750)
        #expect(Scoring.speedPoints(elapsedMs: 81, limitMs: 10_000) == 996)   // 995.95
        // protocol.md's examples: robo at 101 ms (994.95), sam at 302 ms (984.9), and at 513 ms with a streak of 2.
        #expect(Scoring.speedPoints(elapsedMs: 101, limitMs: 10_000) == 995)
        #expect(Scoring.speedPoints(elapsedMs: 302, limitMs: 10_000) == 985)
        #expect(Scoring.speedPoints(elapsedMs: 513, limitMs: 10_000) + Scoring.streakBonus(streak: 2) == 1074)
        #expect(Scoring.speedPoints(elapsedMs: 9, limitMs: 10_000) == 1000)   // 999.55
        #expect(Scoring.speedPoints(elapsedMs: 11, limitMs: 10_000) == 999)   // 999.45
    }

    /// `x.5` rounds away from zero, i.e. up: 1000 * (1 - t/2T) is exactly k + 0.5 for these.
    @Test(arguments: [
        (t: 10, T: 10_000, points: 1000),     // 999.5
        (t: 1, T: 1_000, points: 1000),       // 999.5
        (t: 30, T: 10_000, points: 999),      // 998.5
        (t: 2_650, T: 10_000, points: 868),   // 867.5
        (t: 2_570, T: 10_000, points: 872),   // 871.5
        (t: 9_990, T: 10_000, points: 501),   // 500.5
        (t: 53, T: 200, points: 868),         // 867.5 at the shortest time allowed
        (t: 199, T: 200, points: 503),        // 502.5
        (t: 795, T: 3_000, points: 868),      // 867.5
    ] as [(t: Millis, T: Millis, points: Int)])
    func halfRoundsUp(c: (t: Millis, T: Millis, points: Int)) {
        #expect(Scoring.speedPoints(elapsedMs: c.t, limitMs: c.T) == c.points)
    }

    /// Exhaustively against integer arithmetic for the default 10 s limit and the 0.2 s minimum.
    @Test(arguments: [200, 1_000, 10_000] as [Millis])
    func matchesExactRationalRounding(T: Millis) {
        var mismatches: [Millis] = []
        for t in 0...T {
            // 1000 * (1 - t / 2T) = 1000 * (2T - t) / 2T, rounded half up (all values are positive).
            let num = 1000 * (2 * T - t), den = 2 * T
            let exact = Int((2 * num + den) / (2 * den))
            if Scoring.speedPoints(elapsedMs: t, limitMs: T) != exact { mismatches.append(t) }
        }
        #expect(mismatches == [])
    }

    @Test func pointsNeverIncreaseWithTime() {
        var previous = Int.max
        for t in stride(from: 0 as Millis, through: 12_000, by: 7) {
            let p = Scoring.speedPoints(elapsedMs: t, limitMs: 10_000)
            #expect(p <= previous)
            #expect((500...1000).contains(p))
            previous = p
        }
    }

    @Test(arguments: [(0, 0), (1, 0), (2, 100), (3, 200), (5, 400), (6, 500), (7, 500), (100, 500)])
    func streakBonus(streak: Int, bonus: Int) {
        #expect(Scoring.streakBonus(streak: streak) == bonus)
    }
}

@Suite("Standing.rank")
struct StandingTests {
    @Test func byScoreDescending() {
        let s = Standing.rank([("a", 100, 0), ("b", 300, 0), ("c", 200, 0)])
        #expect(s.map(\.name) == ["b", "c", "a"])
        #expect(s.map(\.rank) == [1, 2, 3])
        #expect(s.map(\.score) == [300, 200, 100])
    }

    @Test func equalScoresGoToTheLowerCorrectTime() {
        let s = Standing.rank([("slow", 900, 5_000), ("fast", 900, 1_200), ("top", 1000, 9_999)])
        #expect(s.map(\.name) == ["top", "fast", "slow"])
    }

    @Test func aFullTieSharesARankListedByName() {
        let s = Standing.rank([("zed", 500, 100), ("amy", 500, 100), ("Bob", 500, 100)])
        #expect(s.map(\.name) == ["amy", "Bob", "zed"])
        #expect(s.map(\.rank) == [1, 1, 1])
    }

    /// Issue 38: the one place every view shows. Equal score and equal time share it, and the
    /// next skips past them (1, 2, 2, 4); equal score alone does not (the quicker is ahead).
    @Test func equalScoreAndTimeShareARankAndTheNextSkips() {
        let s = Standing.rank([("dee", 0, 0), ("ann", 2000, 900), ("cy", 1000, 400), ("bo", 1000, 400), ("eve", 1000, 401),
                               ("fay", 0, 0)])
        #expect(s.map(\.name) == ["ann", "bo", "cy", "eve", "dee", "fay"])
        #expect(s.map(\.rank) == [1, 2, 2, 4, 5, 5])
    }

    @Test func teamsWithEqualMeansShareARank() {
        // Means 300, 300 (600 / 2), 250 and 300: three share the first place, in the teams' order.
        let t = TeamStanding.rank(names: ["Red", "Blue", "Green", "Gold"],
                                  members: [(0, 300), (1, 200), (1, 400), (2, 250), (3, 300)])
        #expect(t.map(\.name) == ["Red", "Blue", "Gold", "Green"])
        #expect(t.map(\.rank) == [1, 1, 1, 4])
    }

    @Test func emptyAndJSON() {
        #expect(Standing.rank([(name: String, score: Int, correctMs: Millis)]()).isEmpty)
        let row = Standing.rank([("sam", 42, 7)])[0]
        #expect(row == Standing(rank: 1, name: "sam", score: 42, correctMs: 7, seat: 1))
        #expect(String(decoding: row.json.encoded(), as: UTF8.self) == #"{"rank":1,"name":"sam","score":42}"#)
    }
}
