import Testing
@testable import ChalklineCore

/// What a bot author had to guess (issue 16's gaps), now one rule each.
@Suite("Protocol gaps")
struct ProtocolGapTests {
    /// One rule for every command: words it does not take are `bad_args`.
    @Test(arguments: ["/ping extra", "/rooms 1 2", "/skip now", "/start please", "/quit now", "/packs all", "/scores x", "/leave now"])
    func extraWordsAreRefused(line: String) {
        let h = WordsCoreHarness()
        let ann = h.connect("Ann")
        h.send(ann, "/create words")
        _ = h.take(ann)
        h.send(ann, line)
        let reply = h.take(ann).first
        #expect(reply?["code"] as? String == "bad_args", "\(line): \(String(describing: reply))")
    }

    @Test func helpForNoSuchCommandIsUnknownCommand() {
        let h = WordsCoreHarness()
        let ann = h.connect("Ann")
        h.send(ann, "/help nosuchcmd")
        #expect(h.take(ann).first?["code"] as? String == "unknown_command")
        h.send(ann, "/help create chess")
        #expect(h.take(ann).first?["code"] as? String == "bad_args")
        h.send(ann, "/help create words")
        #expect((h.take(ann).first?["text"] as? String)?.hasPrefix("/create words") == true)
    }

    @Test func joiningTellsTheRoomsSettingsAndNoJoinedEventForOneself() {
        let h = WordsCoreHarness()
        let ann = h.connect("Ann"), bea = h.connect("Bea")
        h.send(ann, "/create words time=120")
        let code = h.take(ann).first?["room"] as? String ?? ""
        h.send(bea, "/join \(code)")
        let seen = h.take(bea)
        #expect((seen.first?["settings"] as? [String: Any])?["time"] as? Double == 120)
        #expect(!seen.contains { $0["type"] as? String == "joined" })
    }

    @Test func solvedSaysWhichGroupsTheWordTookOffTheBoard() throws {
        let h = WordsCoreHarness()
        let ann = h.connect("Ann")
        h.send(ann, "/create words countdown=0 gap=0")
        _ = h.take(ann)
        h.send(ann, "/start")
        let board = try #require(h.take(ann, type: "board").first)
        let before = board["groups"] as? [String] ?? []
        h.send(ann, WordsFixtures.answersA[0])
        let solved = try #require(h.take(ann, type: "solved").first)
        let groups = solved["groups"] as? [String] ?? []
        #expect(groups.joined() == WordsFixtures.answersA[0])
        #expect(groups.allSatisfy(before.contains))
    }

    @Test func packsListsEveryPackWithItsLevels() {
        let h = WordsCoreHarness()
        let ann = h.connect("Ann")
        h.send(ann, "/packs")
        let packs = h.take(ann).first?["packs"] as? [[String: Any]] ?? []
        #expect(packs.map { "\($0["name"] as? String ?? "?") \($0["levels"] as? Int ?? -1)" } == ["test 3"])
    }

    @Test func everyRateLimitedSaysWhenToTryAgain() {
        var config = ServerConfig()
        config.linesPerSecond = 1
        let h = Harness(config: config)
        h.jsonClient(1)
        var limited: Msg?
        for _ in 0..<6 where limited == nil {
            limited = Harness.messages(h.line(1, "/ping"), to: 1).first { $0.code == "rate_limited" }
        }
        #expect((limited?.int("retry_ms") ?? 0) > 0, "\(String(describing: limited))")
        #expect((limited?.int("retry_ms") ?? 0) <= 1000)
    }
}
