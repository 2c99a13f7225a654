import Foundation
import Testing

/// `chalkline bot` and the Python example bot play whole games against the real server.
@Suite struct ClientBotTests {
    @Test func botsPlayAWholeTimesRaceAndTheirScoresMatchGameEnd() throws {
        let server = try LiveServer()
        let host = try TestHost(server, create: "time=0.6 gap=0 countdown=0 rounds=4 table=6")
        let bots = try ClientProcess.chalkline(["bot", "127.0.0.1:\(server.port)", "--room", host.code, "--count", "3",
                                                "--think", "60", "--skill", "0.7", "--games", "1", "--timeout", "30"])
        try host.waitForPlayers(3)
        #expect(try host.client.command("/start").string("type") == "ok")
        let end = try host.client.expect("game_end", timeout: 15)
        let standings = end.list("standings")
        #expect(standings.count == 3)
        #expect(try bots.finish() == 0, "\(bots.output)")
        #expect(bots.output.contains { $0.contains("scores agree") })
        // Each bot's row in the client's table carries the score game_end gave it, twice: as its
        // replies added up and as game_end ranked it.
        let table = try #require(bots.output.firstIndex(of: "game 1 over:"))
        for row in standings {
            let name = try #require(row.string("name"))
            let score = try #require(row.int("score"))
            let printed = bots.output[table...].first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(name + " ") }
            let numbers = printed?.split(separator: " ").compactMap { Int($0) } ?? []
            #expect(numbers.suffix(2) == [score, score], "\(name): \(printed ?? "no row")")
        }
    }

    @Test func botReportsARoomThatDoesNotExist() throws {
        let server = try LiveServer()
        let bots = try ClientProcess.chalkline(["bot", "127.0.0.1:\(server.port)", "--room", "ZZZZ", "--games", "1", "--timeout", "10"])
        #expect(try bots.finish() == 1)
        #expect(bots.output.contains { $0.contains("no_room") })
    }

    @Test func pythonExampleBotFinishesAGame() throws {
        let server = try LiveServer()
        let host = try TestHost(server, create: "time=1 gap=0 countdown=0 rounds=3 table=9")
        let script = BuiltProducts.repository.appendingPathComponent("client/examples/bot.py").path
        let bot = try ClientProcess("/usr/bin/env", ["python3", script, "--port", "\(server.port)", "--room", host.code, "--name", "pybot"])
        try bot.expect("joined room \(host.code) as pybot")
        try host.waitForPlayers(1)
        _ = try host.client.command("/start")
        let end = try host.client.expect("game_end", timeout: 10)
        let score = try #require(end.list("standings").first?.int("score"))
        #expect(score >= 3 * 500, "three right answers")
        #expect(try bot.expect("game over: rank 1, score \(score)").isEmpty == false)
        #expect(try bot.finish() == 0)
    }

    @Test func botsSolveAWholeWordPuzzleFromTheBoard() throws {
        // A test-only pack whose answers are everyday words, in the client's fallback list and in
        // any dictionary, so the bots find every one from the board's letter groups.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-bots-\(UUID().uuidString)/botpack")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let level = """
            PL|AN|ET: It circles the sun
            GA|RD|EN: Where flowers grow
            MO|NK|EY: It swings through the trees
            PE|NC|IL: You write with it and rub it out
            RAB|BIT: It has long ears and hops
            TEA|CH|ER: Runs the classroom
            BUT|TER|FLY: It was a caterpillar once
            """
        try level.write(to: folder.appendingPathComponent("level1.txt"), atomically: true, encoding: .utf8)
        let server = try LiveServer(["--levels", folder.path])
        let host = try server.connect()
        try host.skipWelcome()
        _ = try host.command("/format json")
        _ = try host.command("/name MsLee")
        let created = try host.command("/create words pack=botpack time=40 gap=0 countdown=0 play=no")
        let code = try #require(created.string("room"), "\(created)")
        let bots = try ClientProcess.chalkline(["bot", "127.0.0.1:\(server.port)", "--room", code, "--count", "2",
                                                "--think", "100", "--skill", "1", "--games", "1", "--timeout", "40"])
        try TestHost(client: host, code: code).waitForPlayers(2)
        _ = try host.command("/start")
        #expect(try host.expect("board").list("clues").count == 7)
        let levelEnd = try host.expect("level_end", timeout: 30)
        let solved = levelEnd.list("clues").filter { $0["word"] is String }
        #expect(solved.count == 7, "every word found: \(levelEnd)")
        let end = try host.expect("game_end", timeout: 10)
        #expect(end.list("standings").reduce(0) { $0 + ($1.int("score") ?? 0) } > 0)
        #expect(try bots.finish() == 0, "\(bots.output)")
        #expect(bots.output.contains { $0.contains("scores agree") })
    }
}
