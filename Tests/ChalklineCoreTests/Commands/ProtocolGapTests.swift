import ChalklineTesting
import Testing
@testable import ChalklineCore

/// What a bot author had to guess (issue 16's gaps), now one rule each.
@Suite("Protocol gaps")
struct ProtocolGapTests {
    /// One rule for every command: words it does not take are `bad_args`.
    @Test(arguments: ["/ping extra", "/rooms 1 2", "/skip now", "/start please", "/quit now", "/packs all", "/scores x", "/leave now"])
    func extraWordsAreRefused(line: String) throws {
        let h = try WordsFixtures.server()
        let ann = try h.jsonClient("Ann")
        try ann.send("/create words")
        _ = ann.take()
        try ann.send(line)
        let reply = ann.take().first
        #expect(reply?["code"] as? String == "bad_args", "\(line): \(String(describing: reply))")
    }

    @Test func helpForNoSuchCommandIsUnknownCommand() throws {
        let h = try WordsFixtures.server()
        let ann = try h.jsonClient("Ann")
        try ann.send("/help nosuchcmd")
        #expect(ann.take().first?["code"] as? String == "unknown_command")
        try ann.send("/help create chess")
        #expect(ann.take().first?["code"] as? String == "bad_args")
        try ann.send("/help create words")
        #expect((ann.take().first?["text"] as? String)?.hasPrefix("/create words") == true)
    }

    @Test func joiningTellsTheRoomsSettingsAndNoJoinedEventForOneself() throws {
        let h = try WordsFixtures.server()
        let ann = try h.jsonClient("Ann"), bea = try h.jsonClient("Bea")
        try ann.send("/create words time=120")
        let code = ann.take().first?["room"] as? String ?? ""
        try bea.send("/join \(code)")
        let seen = bea.take()
        #expect((seen.first?["settings"] as? [String: Any])?["time"] as? Double == 120)
        #expect(!seen.contains { $0["type"] as? String == "joined" })
    }

    @Test func solvedSaysWhichGroupsTheWordTookOffTheBoard() throws {
        let h = try WordsFixtures.server()
        let ann = try h.jsonClient("Ann")
        try ann.send("/create words countdown=0 gap=0")
        _ = ann.take()
        try ann.send("/start")
        let board = try #require(ann.take("board").first)
        let before = board["groups"] as? [String] ?? []
        try ann.send(WordsFixtures.answersA[0])
        let solved = try #require(ann.take("solved").first)
        let groups = solved["groups"] as? [String] ?? []
        #expect(groups.joined() == WordsFixtures.answersA[0])
        #expect(groups.allSatisfy(before.contains))
    }

    @Test func packsListsEveryPackWithItsLevels() throws {
        let h = try WordsFixtures.server()
        let ann = try h.jsonClient("Ann")
        try ann.send("/packs")
        let packs = ann.take().first?["packs"] as? [[String: Any]] ?? []
        #expect(packs.map { "\($0["name"] as? String ?? "?") \($0["levels"] as? Int ?? -1)" } == ["test 3"])
    }

    @Test func everyRateLimitedSaysWhenToTryAgain() throws {
        var config = ServerConfig()
        config.linesPerSecond = 1
        let client = try ServerHarness(.inProcess, config: config).jsonClient()
        var limited: ServerLine?
        for _ in 0..<6 where limited == nil {
            try client.send("/ping")
            limited = client.take().first { $0.code == "rate_limited" }
        }
        #expect((limited?.int("retry_ms") ?? 0) > 0, "\(String(describing: limited))")
        #expect((limited?.int("retry_ms") ?? 0) <= 1000)
    }
}
