import ChalklineCore
import Foundation
import Testing
@testable import ChalklineClient

/// The arithmetic race over TCP and its report (the bot's solver is checked in ChalklineClientTests).
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
}
