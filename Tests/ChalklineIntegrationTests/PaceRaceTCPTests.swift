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
        // Issue 27: each answer counts under what was asked; the unit is not a row among them.
        #expect(report.list("pace_tags").reduce(0) { $0 + ($1.int("seen") ?? 0) } >= 6)
        #expect(!report.list("pace_tags").contains { ["km", "mi"].contains($0.string("tag") ?? "") })
    }

    @Test(arguments: ["km", "mi", "both"], [1, 2, 3])
    func theBotsSolverReadsEveryQuestion(units: String, level: Int) throws {
        try checkSolver(PaceQuiz.self, ["units=\(units)", "level=\(level)", "ask=time,distance,pace,speed,convert"], PaceSolver(), seeds: 1...15)
    }
}
