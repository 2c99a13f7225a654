import ChalklineTesting
import Foundation
import Testing
@testable import ChalklineClient

/// Issue 42 over real TCP: a money game read the French way. A text student after `/lang fr`
/// sees the question in French and is right with `12,50` and with `12.50`; a json player after
/// `/lang fr` gets `text` in English, as before, and `message` in French.
@Suite struct MoneyInFrenchTCPTests {
    @Test func aFrenchStudentAnswersWithACommaOrAPoint() throws {
        let server = try LiveServer()
        let host = try TestHost(server, game: "money", create: "rounds=2 gap=0 countdown=0 seed=4 level=2 ask=tip,total,split,discount currency=EUR time=60")
        let pupil = try server.connect()
        try pupil.skipWelcome()
        try pupil.send("/lang fr")
        try pupil.send("/join \(host.code) pupil")
        let bot = try server.connect()
        try bot.skipWelcome()
        try bot.enterJSON(named: "robo")
        #expect(try bot.command("/lang fr").string("type") == "ok")
        #expect(try bot.command("/join \(host.code)").string("type") == "ok")
        try host.waitForPlayers(2)
        #expect(try host.client.command("/start").string("type") == "ok")
        let solver = MoneySolver()
        for round in 1...2 {
            let seen = try host.client.expect("question", timeout: 10)
            let english = try #require(seen.string("text"))
            let asked = try bot.expect("question", timeout: 10)
            // json: the English text bots parse, unchanged; the French sentence beside it.
            #expect(asked.string("text") == english)
            let french = try #require(asked.string("message"), "\(asked.line)")
            #expect(french != english && french.hasSuffix(" ?") && french.contains(" €"), "\(french)")
            #expect(["Addition", "partager", "réduction"].contains { french.contains($0) }, "\(french)")
            #expect(!english.contains("Addition") && english.contains("?"))
            // The text student reads the same French sentence.
            _ = try pupil.expectText(french, timeout: 10)
            let answer = try #require(solver.answer(to: english), "\(english)")
            #expect(answer.contains(","), "the euro's own mark: \(answer)")
            // 12,50 the French way in round 1, 12.50 in round 2: both are the amount.
            try pupil.send(round == 1 ? answer : answer.replacingOccurrences(of: ",", with: "."))
            try bot.send(solver.wrongAnswer(to: english, draw: round)!)
            let end = try host.client.expect("round_end", timeout: 10)
            let mine = end.list("results").first { $0["name"] as? String == "pupil" }
            #expect(mine?["correct"] as? Bool == true, "round \(round): \(answer) for \(english): \(end.line)")
        }
        _ = try host.client.expect("game_end", timeout: 10)
    }
}
