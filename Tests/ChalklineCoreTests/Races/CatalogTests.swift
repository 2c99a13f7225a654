import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Walks the race catalog: every kind plays a short game, its help lists its options, and the
/// texts that name the games name it. A kind added to the catalog is tested here without
/// anyone adding it to this file.
@Suite("Every kind in the catalog")
struct CatalogTests {
    /// A short game of `kind`: two questions, or one level (of a question set, for a kind that plays them).
    static func shortGame(_ kind: RaceKind) -> String {
        let set = kind.options.contains { $0.offers == .questionSets } ? " set=capitals" : ""
        switch kind.style {
        case .quiz: return "rounds=2 time=10 gap=0 countdown=0 seed=3" + set
        case .board: return "levels=1 time=60 gap=0 countdown=0 seed=3" + set
        }
    }

    @Test(arguments: RaceCatalog.names)
    func playsAShortGame(name: String) throws {
        let kind = try #require(RaceCatalog.kind(named: name))
        var config = ServerConfig()
        config.levelPacks = [WordsFixtures.pack]
        config.questionSets = SetFixtures.library
        let h = try ServerHarness(.inProcess, config: config, seed: 2024)
        let host = try h.jsonClient("Ann")
        let player = try h.jsonClient("Bea")
        try host.send("/create \(name) \(Self.shortGame(kind))")
        let created = host.take()
        #expect(created.first?["type"] as? String == "ok", "\(created)")
        #expect(created.first?["game"] as? String == name)
        let code = try #require(created.first?["room"] as? String)
        try player.send("/join \(code)")
        #expect(player.take().first?["game"] as? String == name)
        try host.send("/start")
        var rounds = 0
        var ended = false
        while !ended && rounds < 5 {
            let seen = player.take()
            if let question = seen.first(where: { $0["type"] as? String == "question" }) {
                #expect(question["game"] as? String == name, "question must name its kind")
                #expect((question["text"] as? String)?.isEmpty == false)
                // Any answer is judged (right or wrong) or refused as unreadable: never a crash.
                try player.send("/answer 1")
                let reply = player.take().first { ($0["cmd"] as? String) == "answer" }
                #expect(reply != nil)
            }
            try host.send("/skip")
            rounds += 1
            let after = player.take()
            for end in after where end["type"] as? String == "round_end" {
                #expect((end["answer_text"] as? String)?.isEmpty == false, "round_end needs answer_text: \(end)")
            }
            ended = after.contains { $0["type"] as? String == "game_end" }
        }
        #expect(ended, "\(name): no game_end after \(rounds) skips")
    }

    @Test(arguments: RaceCatalog.names)
    func helpCreateListsTheKindsOptions(name: String) throws {
        let kind = try #require(RaceCatalog.kind(named: name))
        let help = Help.text("create", name)
        #expect(help.hasPrefix("/create \(name) "))
        #expect(help.contains(kind.summary))
        let keys = kind.options.map(\.name)
        #expect(keys.count >= 5)
        for key in keys { #expect(help.contains("\(key)="), "\(name): /help create \(name) lacks \(key)=") }
        #expect(Help.text("create").contains("\(name) options:"))
    }

    @Test func textsThatNameTheGamesNameEveryKind() throws {
        let welcome = WelcomeEvent(version: "t").text
        for name in RaceCatalog.names {
            #expect(welcome.contains(name), "the welcome does not mention \(name)")
            #expect(Help.text("create").contains(name))
        }
    }

    @Test func kindNamesAreUniqueAndLowercase() throws {
        #expect(Set(RaceCatalog.names).count == RaceCatalog.names.count)
        #expect(RaceCatalog.names.allSatisfy { $0 == $0.lowercased() && !$0.isEmpty })
    }

    @Test func seededDrawsMatchTheStandardLibraryThatEarlierSeedsWereDrawnWith() throws {
        var ours = SplitMix64(seed: 7), theirs = SplitMix64(seed: 7)
        for bound in [1, 2, 3, 10, 11, 12, 19, 1_000_003] {
            for _ in 0..<100 { #expect(ours.below(bound) == Int.random(in: 0..<bound, using: &theirs)) }
        }
        #expect(ours.int(in: 2...12) == Int.random(in: 2...12, using: &theirs))
    }

    /// Two kinds read as two commands, as the welcome always has; more as one command and a list.
    @Test func createHintReadsWellForAnyNumberOfKinds() throws {
        #expect(RaceCatalog.createHint(["times", "words"]) == "/create times or /create words")
        #expect(RaceCatalog.createHint(["times", "words", "arith"]) == "/create GAME (times, words or arith)")
    }
}
