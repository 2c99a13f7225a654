import ChalklineCore
import Foundation
import Testing
@testable import chalkline

/// The pace race over TCP, and its bot solver (which works each answer back from the text, with
/// its own arithmetic) against the core's judge.
@Suite struct PaceRaceTCPTests {
    @Test func aWholeGameWithTwoBotsAndATextStudent() throws {
        let game = try QuizGame.play("pace", "time=5 seed=13 units=both level=3 ask=time,distance,pace,speed,convert decimal=comma", rounds: 6)
        #expect(game.final == game.replied, "game_end gave \(String(describing: game.final)), replies added up to \(game.replied)")
        let report = try jsonReport(["player", "pupil"], db: game.server.databasePath)
        #expect(report.list("pace_tags").reduce(0) { $0 + ($1.int("seen") ?? 0) } >= 12, "each answer counts under what was asked and its unit")
    }

    @Test(arguments: ["km", "mi", "both"], [1, 2, 3])
    func theBotsSolverReadsEveryQuestion(units: String, level: Int) throws {
        let settings = try QuizSettings<PaceQuiz>.parse(CommandOptions(["units=\(units)", "level=\(level)", "ask=time,distance,pace,speed,convert"]),
                                                        random: { 1 })
        let solver = PaceSolver()
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
