import ChalklineCore
import Foundation
import Testing
@testable import ChalklineClient

/// The pace race over TCP (its bot solver is checked in ChalklineClientTests).
@Suite struct PaceRaceTCPTests {
    @Test func aWholeGameWithTwoBotsAndATextStudent() throws {
        let game = try QuizGame.play("pace", "time=5 seed=13 units=both level=3 ask=time,distance,pace,speed,convert decimal=comma", rounds: 6)
        #expect(game.final == game.replied, "game_end gave \(String(describing: game.final)), replies added up to \(game.replied)")
        let report = try jsonReport(["player", "pupil"], db: game.server.databasePath)
        // Issue 27: each answer counts under what was asked; the unit is not a row among them.
        #expect(report.list("pace_tags").reduce(0) { $0 + ($1.int("seen") ?? 0) } >= 6)
        #expect(!report.list("pace_tags").contains { ["km", "mi"].contains($0.string("tag") ?? "") })
    }

}
