import Foundation
import ChalklineTesting
import Testing
@testable import ChalklineCore

/// The word race through `ServerCore`, as the shell drives it: `/create words`, claims seen by
/// the whole room, levels ending by completion and by time, and progression to `game_end`.
@Suite struct WordsCoreTests {
    let h: ServerHarness
    let clock: InProcessServer
    let host: HarnessClient
    let guest: HarnessClient
    let code: String

    init() throws {
        h = try WordsFixtures.server()
        clock = try #require(h.inProcess)
        host = try h.jsonClient("ann")
        guest = try h.jsonClient("bob")
        try host.send("/create words pack=test level=1 levels=2 time=30 gap=2 countdown=0 seed=5")
        let reply = try #require(host.take().first)
        code = try #require(reply["room"] as? String)
        try guest.send("/join \(code)")
        _ = guest.take()
        _ = host.take()
    }

    private func start() throws -> ServerLine {
        try host.send("/start")
        let board = try #require(host.take("board").first)
        #expect(guest.take("board").count == 1)
        return board
    }

    @Test func createEchoesTheSettings() throws {
        let h = try WordsFixtures.server()
        let teacher = try h.jsonClient("teach")
        try teacher.send("/create words")
        let reply = try #require(teacher.take().first)
        #expect(reply["game"] as? String == "words")
        let settings = try #require(reply["settings"] as? [String: Any])
        #expect(settings["pack"] as? String == "test")
        #expect(settings["levels"] as? Int == 3)
        #expect(settings["time"] as? Double == 180)
    }

    @Test func unknownPackIsNoPack() throws {
        let h = try WordsFixtures.server()
        let teacher = try h.jsonClient("teach")
        try teacher.send("/create words pack=dinosaurs")
        let reply = try #require(teacher.take().first)
        #expect(reply["code"] as? String == "no_pack")
        #expect((reply["message"] as? String)?.contains("test") == true)
    }

    @Test func claimIsRepliedToTheClaimerAndBroadcastToTheRoom() throws {
        let board = try start()
        #expect(board["level"] as? Int == 1)
        #expect(board["levels"] as? Int == 2)
        #expect(board["time_ms"] as? Int == 30_000)
        clock.advance(to: 2500)
        try guest.send("Rain Coat")
        let got = guest.take()
        #expect(got.first?["type"] as? String == "ok")
        #expect(got.first?["correct"] as? Bool == true)
        #expect(got.first?["points"] as? Int == 300)
        #expect(got.last?["type"] as? String == "solved")
        let seen = host.take("solved")
        #expect(seen.count == 1)
        #expect(seen.first?["word"] as? String == "RAINCOAT")
        #expect(seen.first?["name"] as? String == "bob")
        #expect(seen.first?["n"] as? Int == got.first?["n"] as? Int)

        try host.send("raincoat")
        let late = try #require(host.take().first)
        #expect(late["code"] as? String == "already_solved")
        #expect(late["name"] as? String == "bob")
    }

    @Test func levelEndsWhenAllSevenAreClaimedThenTheNextBoardFollowsTheGap() throws {
        _ = try start()
        for (i, word) in WordsFixtures.answersA.enumerated() {
            clock.advance(to: Millis(1000 * (i + 1)))
            try (i.isMultiple(of: 2) ? host : guest).send(word)
        }
        let end = try #require(guest.take("level_end").first)
        #expect(end["level"] as? Int == 1)
        let clues = try #require(end["clues"] as? [[String: Any]])
        #expect(clues.count == 7)
        #expect(clues.allSatisfy { $0["solved_by"] as? String != nil })
        let standings = try #require(end["standings"] as? [[String: Any]])
        // ann: 4 words (SUNFLOWER first, with the bonus: 450, BUTTERFLY 300, FIREWORK 200, PINEAPPLE 500);
        // bob: RAINCOAT 200, POPCORN 200, STARFISH 300.
        #expect(standings.map { $0["name"] as? String } == ["ann", "bob"])
        #expect(standings.map { $0["score"] as? Int } == [1450, 700])

        clock.advance(to: 7000 + 1999)
        #expect(host.take("board").isEmpty)
        clock.advance(to: 7000 + 2000)
        let next = try #require(host.take("board").first)
        #expect(next["level"] as? Int == 2)
        #expect(next["round"] as? Int == 2)
    }

    @Test func levelEndsWhenTimeRunsOutAndTheLastLevelEndsTheGame() throws {
        _ = try start()
        clock.advance(to: 29_999)
        #expect(host.take("level_end").isEmpty)
        clock.advance(to: 30_000)
        let end = try #require(host.take("level_end").first)
        let clues = try #require(end["clues"] as? [[String: Any]])
        #expect(clues.allSatisfy { $0["solved_by"] is NSNull })
        #expect(clues.compactMap { $0["word"] as? String }.sorted() == WordsFixtures.answersA.sorted())

        clock.advance(to: 32_000)
        #expect(host.take("board").first?["level"] as? Int == 2)
        clock.advance(to: 33_000)
        try guest.send("teapot")
        clock.advance(to: 62_000)
        let messages = host.take()
        let types = messages.compactMap { $0["type"] as? String }
        #expect(types == ["solved", "progress", "level_end", "game_end"])
        let final = try #require(messages.last?["standings"] as? [[String: Any]])
        #expect(final.first?["name"] as? String == "bob")
        #expect(final.first?["score"] as? Int == 300)
        #expect(clock.core.nextDeadline() == nil || clock.core.nextDeadline()! > 62_000)
    }

    @Test func wordsBetweenLevelsAreNotJudged() throws {
        try guest.send("popcorn")
        #expect(guest.take().first?["code"] as? String == "no_question")
    }
}
