import Foundation
import Testing

/// A whole times race in json mode, in-process and over real TCP: fast, slow, wrong and silent players.
@Suite struct TimesRaceJSONTests {
    @Test(arguments: ServerBackend.lineBackends)
    func wholeRaceScoresEveryPlayerByTheFormula(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let names = ["alice", "bob", "carol", "dave"]
        var clients: [String: HarnessClient] = [:]
        for name in names {
            let c = try server.connect()
            #expect(try c.expectText("Welcome to Chalkline").contains("(protocol 1)"))
            try c.skipWelcome()
            #expect(try c.command("/format json").string("format") == "json")
            let welcome = try c.json()
            #expect(welcome.string("type") == "welcome")
            #expect(welcome.string("server") == "chalkline")
            #expect(welcome.int("protocol") == 1)
            #expect(try c.command("/name \(name)").string("name") == name)
            clients[name] = c
        }
        let alice = clients["alice"]!, bob = clients["bob"]!, carol = clients["carol"]!, dave = clients["dave"]!
        let created = try alice.command("/create times time=0.3 gap=0 countdown=0 rounds=2 table=7 seed=5")
        #expect(created.string("type") == "ok")
        let code = try #require(created.string("room"))
        #expect(code.count == 4)
        #expect(created.string("host_key")?.isEmpty == false)
        for name in ["bob", "carol", "dave"] {
            let joined = try clients[name]!.command("/join \(code)")
            #expect(joined.string("type") == "ok")
            #expect(joined.string("room") == code)
            #expect(joined.string("state") == "lobby")
            #expect(joined.string("token")?.count ?? 0 >= 16)
        }
        #expect(try alice.expect("joined").string("name") == "bob")

        #expect(try alice.command("/start").string("type") == "ok")
        var scores: [String: Int] = [:]
        var streaks: [String: Int] = [:]
        for round in 1...2 {
            var question: [String: Any] = [:]
            for name in names {
                question = try clients[name]!.expect("question").object
                #expect(question.int("round") == round)
                #expect(question.int("rounds") == 2)
                #expect(question.int("time_ms") == 300)
            }
            let answer = try #require(product(of: question.string("text") ?? ""))
            // Fast, then wrong, then slow: each waits for the previous reply, so the order is certain.
            let fast = try alice.command("/answer \(answer)")
            #expect(fast.bool("correct") == true)
            let wrong = try carol.command("\(answer + 1)")
            #expect(wrong.bool("correct") == false)
            #expect(wrong.int("points") == 0)
            #expect(wrong.int("streak") == 0)
            #expect(wrong["answer"] == nil, "a wrong answer's reply must not reveal the answer")
            let slow = try bob.command(" +0\(answer) ")
            #expect(slow.bool("correct") == true)
            // dave stays silent: the round ends when the 0.3 s run out.
            let end = try dave.expect("round_end", timeout: 3)
            #expect(end.int("answer") == answer)
            #expect(end.int("id") == question.int("id"))
            let results = Dictionary(uniqueKeysWithValues: end.list("results").map { ($0.string("name")!, $0) })
            #expect(Set(results.keys) == Set(names))
            #expect(results["dave"]?["ms"] is NSNull)
            #expect(results["dave"]?.int("points") == 0)
            #expect(results["carol"]?.bool("correct") == false)
            let fastMs = try #require(results["alice"]?.int("ms"))
            let slowMs = try #require(results["bob"]?.int("ms"))
            #expect(fastMs <= slowMs)
            for (name, reply, ms) in [("alice", fast, fastMs), ("bob", slow, slowMs)] {
                streaks[name, default: 0] += 1
                let points = expectedPoints(ms: ms, limitMs: 300, streak: streaks[name]!)
                #expect(reply.int("points") == points, "\(name) round \(round)")
                #expect(results[name]?.int("points") == points)
                scores[name, default: 0] += points
                #expect(reply.int("score") == scores[name])
                #expect(reply.int("streak") == streaks[name])
            }
            let standings = end.list("standings")
            // Shared places (protocol.md): a row shares the place above only on an equal score
            // (and equal time, which this test cannot see); otherwise its place is its position.
            let ranks = standings.compactMap { $0.int("rank") }, points = standings.compactMap { $0.int("score") }
            #expect(ranks.count == 4 && ranks.first == 1)
            for i in 1..<min(ranks.count, points.count) {
                #expect(ranks[i] == i + 1 || (ranks[i] == ranks[i - 1] && points[i] == points[i - 1]), "\(ranks) \(points)")
            }
            // carol (wrong) and dave (silent) have 0 points and no time of right answers: one place.
            let place = Dictionary(uniqueKeysWithValues: standings.map { ($0.string("name")!, $0.int("rank")!) })
            #expect(place["carol"] == place["dave"] && place["carol"] == 3)
            #expect(standings.first?.string("name") == (scores["alice"]! >= scores["bob"]! ? "alice" : "bob"))
        }
        let end = try carol.expect("game_end", timeout: 3)
        let standings = end.list("standings")
        #expect(standings.count == 4)
        let ordered = standings.map { ($0.string("name")!, $0.int("score")!) }
        #expect(ordered.map(\.1) == ordered.map(\.1).sorted(by: >))
        #expect(Dictionary(uniqueKeysWithValues: ordered)["alice"] == scores["alice"])
        #expect(Dictionary(uniqueKeysWithValues: ordered)["bob"] == scores["bob"])
        #expect(end.string("game")?.hasPrefix(code) == true)
        // The room is back in its lobby: another game can start.
        #expect(try alice.command("/who").list("players").count == 4)
        #expect(try bob.command("/start").string("code") == "not_host")
    }

    @Test(arguments: ServerBackend.lineBackends)
    func rejoinRestoresADroppedPlayersScore(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let alice = try server.connect(), bob = try server.connect()
        for (c, n) in [(alice, "alice"), (bob, "bob")] {
            try c.skipWelcome()
            _ = try c.command("/format json")
            _ = try c.command("/name \(n)")
        }
        let code = try #require(try alice.command("/create times time=5 gap=0 countdown=0 rounds=3 table=3").string("room"))
        let token = try #require(try bob.command("/join \(code)").string("token"))
        _ = try alice.command("/start")
        let q1 = try bob.expect("question")
        let answer1 = try #require(product(of: q1.string("text")!))
        let bobReply = try bob.command("\(answer1)")
        let bobScore = try #require(bobReply.int("score"))
        #expect(bobScore >= 500)
        _ = try alice.command("\(answer1)")
        _ = try alice.expect("round_end")
        _ = try alice.expect("question")

        bob.disconnect()
        let left = try alice.expect("left")
        #expect(left.string("name") == "bob")
        #expect(left.string("reason") == "disconnected")

        let bob2 = try server.connect()
        try bob2.skipWelcome()
        _ = try bob2.command("/format json")
        let back = try bob2.command("/rejoin \(code) \(token)")
        #expect(back.string("type") == "ok")
        #expect(back.string("name") == "bob")
        #expect(back.int("score") == bobScore)
        #expect(try alice.expect("joined").string("name") == "bob")
        let scores = try bob2.command("/scores").list("standings")
        #expect(scores.first { $0.string("name") == "bob" }?.int("score") == bobScore)
        // A wrong token gets nothing.
        let stranger = try server.connect()
        try stranger.skipWelcome()
        _ = try stranger.command("/format json")
        #expect(try stranger.command("/rejoin \(code) 0123456789abcdef0123456789abcdef").string("code") == "bad_token")
    }
}
