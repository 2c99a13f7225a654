import ChalklineCore
import Foundation
import Testing

/// Issue 18, on every backend where only the protocol is asked, live where the database is: names that cannot pass for someone else's, secrets that cannot be
/// guessed from many connections, reports that match the game, claims that survive a kill,
/// bans that cover watching, and a new game that is a new game.
@Suite struct IdentityTests {
    /// A room hosted by Ms.Lee (not playing) with sam seated; returns the host, sam and the code.
    private func roomWithSam(_ server: ServerHarness, _ options: String = "") throws -> (HarnessClient, HarnessClient, String) {
        let host = try server.player("Ms.Lee")
        let code = try #require(try host.command("/create times play=no \(options)").string("room"))
        let sam = try server.player("x")
        #expect(try sam.command("/join \(code) sam").string("type") == "ok")
        return (host, sam, code)
    }

    /// Each look-alike of the attack is refused outright (invisible marks, mixed scripts,
    /// fillers, a pile of accents, too many bytes) or taken to be the name it imitates.
    @Test(arguments: ServerBackend.allCases)
    func lookAlikeNamesCannotSitBesideTheRealOne(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let (host, sam, code) = try roomWithSam(server)
        var seated = [host, sam]  // a dropped connection would give its name up
        let refused = ["sam\u{034F}", "sam\u{FE0F}", "sam\u{180B}", "s\u{0430}m", "\u{3164}", "sam\u{3164}", "sa\u{200B}m",
                       "s" + String(repeating: "\u{0301}", count: 490), "\u{00E9}\u{0301}\u{0302}\u{0303}\u{0304}",
                       String(repeating: "a\u{0301}\u{0302}\u{0303}", count: 7)]  // 7 letters, 49 bytes
        for name in refused {
            let client = try server.player("x")
            #expect(try client.command("/join \(code) \(name)").string("code") == "bad_name", "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        for name in ["SAM", "\u{FF53}\u{FF41}\u{FF4D}", "Sam"] {
            let client = try server.player("x")
            #expect(try client.command("/join \(code) \(name)").string("code") == "name_taken", "\(name)")
        }
        // Wholly Cyrillic, drawn exactly like a Latin name in the room.
        let pop = try server.player("x")
        #expect(try pop.command("/join \(code) pop").string("type") == "ok")
        seated.append(pop)
        let cyrillic = try server.player("x")
        #expect(try cyrillic.command("/join \(code) \u{0440}\u{043E}\u{0440}").string("code") == "name_taken")
        // Real names in any script still join; composed and decomposed accents are one name.
        for name in ["José", "Zoë", "李明", "Đức", "Nguyễn", "さくら", "민준", "Αλέξης", "Влад", "أحمد", "प्रिया",
                     String(repeating: "a\u{0301}\u{0302}\u{0303}", count: 6)] {
            let client = try server.player("x")
            #expect(try client.command("/join \(code) \(name)").string("type") == "ok", "\(name)")
            seated.append(client)
        }
        let decomposed = try server.player("x")
        #expect(try decomposed.command("/join \(code) Jose\u{0301}").string("code") == "name_taken")
        #expect(try host.command("/who").int("total") == seated.count)
    }

    /// After `/kick sam` and after `/ban sam`, no variant of sam walks back in, and `/who`
    /// never shows two rows reading sam.
    @Test(arguments: ServerBackend.allCases)
    func kicksAndBansCoverEveryVariantOfTheName(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let (host, sam, code) = try roomWithSam(server)
        #expect(try host.command("/kick sam").string("type") == "ok")
        _ = try sam.expect("kicked")
        for name in ["SAM", "\u{FF53}\u{FF41}\u{FF4D}", "Sam"] {
            let client = try server.player("x")
            #expect(try client.command("/join \(code) \(name)").string("code") == "name_refused", "\(name)")
        }
        let tom = try server.player("x")
        #expect(try tom.command("/join \(code) tom").string("type") == "ok")
        #expect(try host.command("/ban \u{FF34}\u{FF2F}\u{FF2D}").string("name") == "tom")
        for name in ["TOM", "Tom", "\u{FF54}\u{FF4F}\u{FF4D}"] {
            let client = try server.player("x")
            #expect(try client.command("/join \(code) \(name)").string("code") == "banned", "\(name)")
        }
        let who = try host.command("/who").list("players").map { $0.string("name")! }
        #expect(who == ["Ms.Lee"])
    }

    /// The attack: a new connection for every wrong `/create` password. The address is shut
    /// out after 20, even when the 21st guess is right.
    @Test(arguments: ServerBackend.allCases)
    func createPasswordGuessesAreCountedAcrossConnections(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend, config: .with { $0.createPassword = "chalk-42" })
        for guess in 0..<20 {
            let client = try server.player("eve")
            #expect(try client.command("/create times password=guess\(guess)").string("code") == "bad_password")
        }
        let last = try server.player("eve")
        let refused = try last.command("/create times password=chalk-42")
        #expect(refused.string("code") == "rate_limited")
        #expect((refused.int("retry_ms") ?? 0) > 50_000)
    }

    /// sam answers rounds 1 and 2 and leaves; someone else joins as sam and misses round 3.
    /// The report shows two players called sam, each with their own answers.
    @Test func twoPlayersWhoUsedOneNameAreTwoRowsInTheReport() throws {
        let path = temporaryDatabasePath()
        defer { LiveServer.removeDatabase(path) }
        // Live only: the report is read from the server's own database.
        let server = try ServerHarness.scenario(.live, liveArguments: ["--db", path])
        let (host, sam, code) = try roomWithSam(server, "table=6 max=9 rounds=3 time=30 gap=1 countdown=0 seed=4")
        _ = try host.command("/start")
        for _ in 1...2 {
            let question = try sam.expect("question")
            #expect(try sam.command("\(product(of: question.string("text")!)!)").bool("correct") == true)
            _ = try sam.expect("round_end")
        }
        #expect(try sam.command("/leave").string("type") == "ok")
        let second = try server.player("x")
        #expect(try second.command("/join \(code) sam").string("type") == "ok")
        let question = try second.expect("question")
        #expect(try second.command("\(product(of: question.string("text")!)! + 1)").bool("correct") == false)
        let end = try host.expect("game_end")
        #expect(end.list("standings").map { "\($0.string("name")!) \($0.int("score")!)" } == ["sam 0"])
        let report = try jsonReport(["game", "\(code)-1"], db: path)
        let rows = report.list("standings").map { "\($0.string("name")!) \($0.int("answers")!) \($0.int("correct")!)" }
        #expect(rows.sorted() == ["sam 1 0", "sam 2 2"])
    }

    /// A claimed word the room saw is on disk when the server is killed right after.
    @Test func aClaimSeenBeforeSIGKILLIsInTheDatabase() throws {
        let path = temporaryDatabasePath()
        defer { LiveServer.removeDatabase(path) }
        var server: LiveServer? = try LiveServer(["--db", path])
        let host = try server!.player("Ms.Lee")
        let code = try #require(try host.command("/create words play=no level=1 levels=1 countdown=0 seed=5").string("room"))
        let bot = try server!.player("wordbot")
        _ = try bot.command("/join \(code)")
        let watcher = try server!.player("screen")
        _ = try watcher.command("/watch \(code)")
        _ = try host.command("/start")
        _ = try watcher.expect("board")
        #expect(try bot.command("PENGUIN").bool("correct") == true)
        let solved = try watcher.expect("solved")
        try server!.stop(signal: SIGKILL)
        server = nil
        let report = try jsonReport(["game", "\(code)-1"], db: path)
        let answers = report.list("answers").map { "\($0.string("player")!) \($0.string("typed")!) \($0.bool("correct")!) \($0.int("points")!)" }
        #expect(answers == ["wordbot PENGUIN true \(solved.int("points")!)"])
        // The game never finished: both reports name the same winner.
        let winner = report.list("standings").first { $0.int("rank") == 1 }?.string("name")
        #expect(winner == "wordbot")
        let games = try jsonReport(["games"], db: path)
        #expect(games.list("games").first?.string("winner") == winner)
    }

    /// A banned connection cannot go on seeing the room from the watchers' side.
    @Test(arguments: ServerBackend.allCases)
    func aBanCoversWatching(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let (host, sam, code) = try roomWithSam(server)
        #expect(try host.command("/ban sam").string("type") == "ok")
        _ = try sam.expect("kicked")
        let watch = try sam.command("/watch \(code)")
        #expect(watch.string("code") == "banned")
    }

    /// Without `seed=`, the room's second game asks other questions than its first, and the
    /// settings a joining player gets say which seed is in play.
    @Test(arguments: ServerBackend.allCases)
    func eachGameWithoutASeedDrawsANewOne(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let host = try server.player("Ms.Lee")
        let created = try host.command("/create times table=all order=random rounds=6 time=30 gap=0 countdown=0")
        let code = try #require(created.string("room"))
        let firstSeed = (created["settings"] as? [String: Any])?.int("seed")
        let sam = try server.player("sam")
        _ = try sam.command("/join \(code)")
        var games: [[String]] = []
        for _ in 0..<2 {
            _ = try host.command("/start")
            var asked: [String] = []
            for _ in 0..<6 {
                let question = try sam.expect("question")
                asked.append(question.string("text")!)
                _ = try host.command("/skip")
            }
            _ = try sam.expect("game_end")
            games.append(asked)
        }
        #expect(games[0] != games[1])
        let late = try server.player("late")
        let seed = (try late.command("/join \(code)")["settings"] as? [String: Any])?.int("seed")
        #expect(seed != nil && seed != firstSeed)
    }

    /// Without `level=`, the word puzzle starts at the level the seed picks.
    @Test(arguments: ServerBackend.allCases)
    func theSeedPicksTheFirstLevel(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend, config: ServerConfig().withBuiltinPack())
        let host = try server.player("Ms.Lee")
        let count = try #require(try host.command("/packs").list("packs").first { $0.string("name") == "builtin" }?.int("levels"))
        let created = try host.command("/create words play=no levels=2 countdown=0 seed=1000003")
        let code = try #require(created.string("room"))
        #expect((created["settings"] as? [String: Any])?.int("level") == 1_000_003 % count + 1)
        let bot = try server.player("bot")
        _ = try bot.command("/join \(code)")
        _ = try host.command("/start")
        #expect(try bot.expect("board").int("level") == 1_000_003 % count + 1)
    }

    /// Invisible characters in a mistyped command are shown, and a blank followed by a
    /// combining mark still separates words.
    @Test(arguments: ServerBackend.allCases)
    func smallThings(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let client = try server.player("kid")
        let unknown = try client.command("/pi\u{0}ng")
        #expect(unknown.string("code") == "unknown_command")
        #expect(unknown.string("message")?.contains("/pi<U+0000>ng") == true)
        let zeroWidth = try client.command("/pi\u{200B}ng")
        #expect(zeroWidth.string("message")?.contains("/pi<U+200B>ng") == true)
        #expect(try client.command("/ping \u{0301}x").string("code") == "bad_args")
        #expect(try client.command("/ping \u{E0041}x").string("code") == "bad_args")
    }
}
