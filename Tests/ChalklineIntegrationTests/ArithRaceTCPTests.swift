import ChalklineCore
import Foundation
import Testing
@testable import chalkline

/// The arithmetic race over TCP, its bot solver against the core's judge, and its report.
@Suite struct ArithRaceTCPTests {
    @Test func aWholeGameWithTwoBotsAndATextStudent() throws {
        let game = try QuizGame.play("arith", "time=5 seed=21 decimals=1 percent=yes negatives=yes parens=yes", rounds: 6)
        #expect(game.final == game.replied, "game_end gave \(String(describing: game.final)), replies added up to \(game.replied)")
        #expect(game.replied > 0)
        // The class report counts the questions by skill.
        let report = try jsonReport(["facts"], db: game.server.databasePath)
        let skills = report.list("arith_tags").compactMap { $0.string("tag") }
        #expect(!skills.isEmpty, "\(report.keys)")
        let player = try jsonReport(["player", "pupil"], db: game.server.databasePath)
        #expect(player.list("arith_tags").reduce(0) { $0 + ($1.int("seen") ?? 0) } >= 6)
    }

    /// The bot reads every question the way protocol.md writes it: over many seeds and every
    /// kind of setting, its answer is judged right and its slip wrong.
    @Test(arguments: ["", "negatives=yes parens=yes terms=5", "decimals=2 percent=yes", "decimals=1 negatives=yes ops=x/"])
    func theBotsSolverReadsEveryQuestion(options: String) throws {
        try checkSolver(ArithQuiz.self, options.split(separator: " ").map(String.init), ArithSolver(), seeds: 1...30)
    }
}
