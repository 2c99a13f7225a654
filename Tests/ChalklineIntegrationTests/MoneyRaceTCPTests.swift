import ChalklineCore
import Foundation
import Testing
@testable import ChalklineClient

/// The money race over TCP (its bot solver is checked in ChalklineClientTests).
@Suite struct MoneyRaceTCPTests {
    @Test func aWholeGameWithTwoBotsAndATextStudent() throws {
        let game = try QuizGame.play("money", "time=5 seed=8 level=3 currency=EUR", rounds: 6)
        #expect(game.final == game.replied, "game_end gave \(String(describing: game.final)), replies added up to \(game.replied)")
        #expect(game.replied > 0)
        #expect(game.questions.allSatisfy { $0.contains("€") })
        let report = try jsonReport(["player", "pupil"], db: game.server.databasePath)
        // Issue 27: the level is the room's, not a skill; the rows are the kinds of question.
        #expect(!report.list("money_tags").isEmpty)
        #expect(!report.list("money_tags").contains { ($0.string("tag") ?? "").hasPrefix("level") })
    }

}
