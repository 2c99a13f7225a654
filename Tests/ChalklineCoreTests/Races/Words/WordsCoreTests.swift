import Foundation
import Testing
@testable import ChalklineCore

/// The word race through `ServerCore`, as the shell drives it: `/create words`, claims seen by
/// the whole room, levels ending by completion and by time, and progression to `game_end`.
@Suite struct WordsCoreTests {
    let h = WordsCoreHarness()
    let host: ConnectionID
    let guest: ConnectionID
    let code: String

    init() throws {
        host = h.connect("ann")
        guest = h.connect("bob")
        h.send(host, "/create words pack=test level=1 levels=2 time=30 gap=2 countdown=0 seed=5")
        let reply = try #require(h.take(host).first)
        code = try #require(reply["room"] as? String)
        h.send(guest, "/join \(code)")
        _ = h.take(guest)
        _ = h.take(host)
    }

    private func start() throws -> [String: Any] {
        h.send(host, "/start")
        let board = try #require(h.take(host, type: "board").first)
        #expect(h.take(guest, type: "board").count == 1)
        return board
    }

    @Test func createEchoesTheSettings() throws {
        let h = WordsCoreHarness()
        let teacher = h.connect("teach")
        h.send(teacher, "/create words")
        let reply = try #require(h.take(teacher).first)
        #expect(reply["game"] as? String == "words")
        let settings = try #require(reply["settings"] as? [String: Any])
        #expect(settings["pack"] as? String == "test")
        #expect(settings["levels"] as? Int == 3)
        #expect(settings["time"] as? Double == 180)
    }

    @Test func unknownPackIsNoPack() throws {
        let h = WordsCoreHarness()
        let teacher = h.connect("teach")
        h.send(teacher, "/create words pack=dinosaurs")
        let reply = try #require(h.take(teacher).first)
        #expect(reply["code"] as? String == "no_pack")
        #expect((reply["message"] as? String)?.contains("test") == true)
    }

    @Test func claimIsRepliedToTheClaimerAndBroadcastToTheRoom() throws {
        let board = try start()
        #expect(board["level"] as? Int == 1)
        #expect(board["levels"] as? Int == 2)
        #expect(board["time_ms"] as? Int == 30_000)
        h.advance(to: 2500)
        h.send(guest, "Rain Coat")
        let got = h.take(guest)
        #expect(got.first?["type"] as? String == "ok")
        #expect(got.first?["correct"] as? Bool == true)
        #expect(got.first?["points"] as? Int == 300)
        #expect(got.last?["type"] as? String == "solved")
        let seen = h.take(host, type: "solved")
        #expect(seen.count == 1)
        #expect(seen.first?["word"] as? String == "RAINCOAT")
        #expect(seen.first?["name"] as? String == "bob")
        #expect(seen.first?["n"] as? Int == got.first?["n"] as? Int)

        h.send(host, "raincoat")
        let late = try #require(h.take(host).first)
        #expect(late["code"] as? String == "already_solved")
        #expect(late["name"] as? String == "bob")
    }

    @Test func levelEndsWhenAllSevenAreClaimedThenTheNextBoardFollowsTheGap() throws {
        _ = try start()
        for (i, word) in WordsFixtures.answersA.enumerated() {
            h.advance(to: Millis(1000 * (i + 1)))
            h.send(i.isMultiple(of: 2) ? host : guest, word)
        }
        let end = try #require(h.take(guest, type: "level_end").first)
        #expect(end["level"] as? Int == 1)
        let clues = try #require(end["clues"] as? [[String: Any]])
        #expect(clues.count == 7)
        #expect(clues.allSatisfy { $0["solved_by"] as? String != nil })
        let standings = try #require(end["standings"] as? [[String: Any]])
        // ann: 4 words (SUNFLOWER first, with the bonus: 450, BUTTERFLY 300, FIREWORK 200, PINEAPPLE 500);
        // bob: RAINCOAT 200, POPCORN 200, STARFISH 300.
        #expect(standings.map { $0["name"] as? String } == ["ann", "bob"])
        #expect(standings.map { $0["score"] as? Int } == [1450, 700])

        h.advance(to: 7000 + 1999)
        #expect(h.take(host, type: "board").isEmpty)
        h.advance(to: 7000 + 2000)
        let next = try #require(h.take(host, type: "board").first)
        #expect(next["level"] as? Int == 2)
        #expect(next["round"] as? Int == 2)
    }

    @Test func levelEndsWhenTimeRunsOutAndTheLastLevelEndsTheGame() throws {
        _ = try start()
        h.advance(to: 29_999)
        #expect(h.take(host, type: "level_end").isEmpty)
        h.advance(to: 30_000)
        let end = try #require(h.take(host, type: "level_end").first)
        let clues = try #require(end["clues"] as? [[String: Any]])
        #expect(clues.allSatisfy { $0["solved_by"] is NSNull })
        #expect(clues.compactMap { $0["word"] as? String }.sorted() == WordsFixtures.answersA.sorted())

        h.advance(to: 32_000)
        #expect(h.take(host, type: "board").first?["level"] as? Int == 2)
        h.advance(to: 33_000)
        h.send(guest, "teapot")
        h.advance(to: 62_000)
        let messages = h.take(host)
        let types = messages.compactMap { $0["type"] as? String }
        #expect(types == ["solved", "progress", "level_end", "game_end"])
        let final = try #require(messages.last?["standings"] as? [[String: Any]])
        #expect(final.first?["name"] as? String == "bob")
        #expect(final.first?["score"] as? Int == 300)
        #expect(h.core.nextDeadline() == nil || h.core.nextDeadline()! > 62_000)
    }

    @Test func wordsBetweenLevelsAreNotJudged() throws {
        h.send(guest, "popcorn")
        #expect(h.take(guest).first?["code"] as? String == "no_question")
    }
}
