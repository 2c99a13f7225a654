import ChalklineTesting
import Foundation
import Testing
@testable import ChalklineClient

/// Review42 R6 over real TCP: a json reader after `/lang fr` gets `round_end`'s `answer_message`,
/// the right answer as French writes it (`3,5`, `7,20 $`), while `answer_text` stays as bots
/// parse it; an English reader in the same room gets the English (`3.5`, `$7.20`).
@Suite struct AnswerMessageTCPTests {
    /// The host's, a French bot's and an English bot's `round_end` of every round of a `kind` room.
    private func play(_ kind: String, _ options: String, rounds: Int) throws -> [(french: ServerLine, english: ServerLine)] {
        let server = try LiveServer()
        let host = try TestHost(server, game: kind, create: "rounds=\(rounds) time=60 gap=0 countdown=0 \(options)")
        let zoe = try server.connect(), sam = try server.connect()
        try zoe.skipWelcome()
        try zoe.enterJSON(named: "zoe")
        #expect(try zoe.command("/lang fr").string("type") == "ok")
        #expect(try zoe.command("/join \(host.code)").string("type") == "ok")
        try sam.skipWelcome()
        try sam.enterJSON(named: "sam")
        #expect(try sam.command("/join \(host.code)").string("type") == "ok")
        try host.waitForPlayers(2)
        #expect(try host.client.command("/start").string("type") == "ok")
        let solver = try #require(QuizSolvers.solver(for: kind))
        var ends: [(ServerLine, ServerLine)] = []
        for _ in 1...rounds {
            let q = try sam.expect("question", timeout: 10)
            _ = try zoe.expect("question", timeout: 10)
            let text = try #require(q.string("text"))
            let answer = try #require(solver.answer(to: text))
            try zoe.send(answer)
            try sam.send(answer)
            ends.append((try zoe.expect("round_end", timeout: 10), try sam.expect("round_end", timeout: 10)))
        }
        return ends
    }

    @Test func arithWithDecimalsAndMoneyAreRevealedTheFrenchWay() throws {
        var decimals = 0
        for (french, english) in try play("arith", "ops=+ terms=2 decimals=1 max=20 seed=3", rounds: 4) {
            let text = try #require(english.string("answer_text"))
            #expect(french.string("answer_text") == text, "answer_text as bots parse it, for every reader")
            guard text.contains(".") else { continue }
            decimals += 1
            #expect(french.string("answer_message") == text.replacingOccurrences(of: ".", with: ","), "\(french.line)")
            #expect(english.string("answer_message") == text, "\(english.line)")
        }
        #expect(decimals > 0, "seed 3 asks an answer with decimals")

        for (french, english) in try play("money", "currency=USD ask=tip level=2 seed=4", rounds: 2) {
            let text = try #require(english.string("answer_text"))
            #expect(text.hasPrefix("$") && text.contains("."), "\(text)")
            #expect(french.string("answer_text") == text)
            // `$7.20` → `7,20 $`.
            let amount = String(text.dropFirst()).replacingOccurrences(of: ".", with: ",")
            #expect(french.string("answer_message") == amount + " $", "\(french.line)")
            #expect(english.string("answer_message") == text, "\(english.line)")
        }
    }

    @Test func aTimesTableAnswerHasNone() throws {
        for (french, english) in try play("times", "table=7 seed=1", rounds: 1) {
            #expect(french["answer_message"] == nil && english["answer_message"] == nil, "\(french.line)")
        }
    }
}
