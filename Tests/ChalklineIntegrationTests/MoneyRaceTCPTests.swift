import ChalklineCore
import Foundation
import Testing
@testable import chalkline

/// The money race over TCP, and its bot solver against the core's judge in every currency.
@Suite struct MoneyRaceTCPTests {
    @Test func aWholeGameWithTwoBotsAndATextStudent() throws {
        let game = try QuizGame.play("money", "time=5 seed=8 level=3 currency=EUR", rounds: 6)
        #expect(game.final == game.replied, "game_end gave \(String(describing: game.final)), replies added up to \(game.replied)")
        #expect(game.replied > 0)
        #expect(game.questions.allSatisfy { $0.contains("€") })
        let report = try jsonReport(["player", "pupil"], db: game.server.databasePath)
        #expect(report.list("money_tags").contains { ($0.string("tag") ?? "").hasPrefix("level") })
    }

    @Test(arguments: Currency.all.map(\.code), [1, 2, 3])
    func theBotsSolverReadsEveryQuestion(code: String, level: Int) throws {
        let settings = try QuizSettings<MoneyQuiz>.parse(CommandOptions(["currency=\(code)", "level=\(level)"]), random: { 1 })
        let solver = MoneySolver()
        for seed: UInt64 in 1...15 {
            var questions = settings.kind.questions(seed: seed)
            for _ in 0..<20 {
                let q = questions.next()
                let answer = try #require(solver.answer(to: q.text), "cannot read \(q.text)")
                #expect(q.judge(answer) == .right, "\(q.text): \(answer) vs \(q.answerText)")
                let slip = try #require(solver.wrongAnswer(to: q.text, draw: Int(seed)))
                #expect(q.judge(slip) == .wrong, "\(q.text): \(slip)")
            }
        }
    }
}
