import Foundation
import Testing

/// `chalkline bot` in games of a teacher's own questions (`quiz set=NAME`), against the real
/// server: from the set's file, or learning from the reveals.
@Suite struct ClientBotSetTests {
    /// Whether `name` was right in each `round_end` of the next `rounds`.
    private func verdicts(_ host: TestHost, rounds: Int, name: String) throws -> [Bool?] {
        try (0..<rounds).map { _ in
            let end = try host.client.expect("round_end", timeout: 15)
            return end.list("results").first { $0.string("name") == name }?.bool("correct")
        }
    }

    @Test func botsWithTheSetsFileAnswerEveryMultipleChoiceQuestion() throws {
        let server = try LiveServer()
        let host = try TestHost(server, game: "quiz", create: "set=capitals choices=4 rounds=5 time=5 gap=0 countdown=0")
        let file = BuiltProducts.repository.appendingPathComponent("Sources/chalkline-server/Sets/capitals.csv").path
        let bots = try ClientProcess.chalkline(["bot", "127.0.0.1:\(server.port)", "--room", host.code, "--count", "2", "--set", file,
                                                "--think", "50", "--skill", "1", "--games", "1", "--timeout", "40", "--verbose"])
        try host.waitForPlayers(2)
        #expect(try host.client.command("/start").string("type") == "ok")
        let question = try host.client.expect("question")
        #expect((question["choices"] as? [String])?.count == 4, "\(question)")
        #expect(try verdicts(host, rounds: 5, name: "bot1") == Array(repeating: true, count: 5), "\(bots.output)")
        _ = try host.client.expect("game_end", timeout: 10)
        #expect(try bots.finish() == 0, "\(bots.output)")
        #expect(bots.output.contains { $0.contains("scores agree") })
    }

    /// The shipped elements asked the other way round: the options are symbols (`H  Au  Ti  Pb`),
    /// and a bot that answered by letter would pick the wrong one or be refused (review41 D7).
    @Test func botsAnswerOptionsThatAreLettersByTheirText() throws {
        let server = try LiveServer()
        let host = try TestHost(server, game: "quiz", create: "set=elements choices=4 ask=answer rounds=6 seed=4 time=5 gap=0 countdown=0")
        let file = BuiltProducts.repository.appendingPathComponent("Sources/chalkline-server/Sets/elements.csv").path
        let bots = try ClientProcess.chalkline(["bot", "127.0.0.1:\(server.port)", "--room", host.code, "--set", file,
                                                "--think", "50", "--skill", "1", "--games", "1", "--timeout", "40"])
        try host.waitForPlayers(1)
        #expect(try host.client.command("/start").string("type") == "ok")
        #expect(try verdicts(host, rounds: 6, name: "bot1") == Array(repeating: true, count: 6), "\(bots.output)")
        _ = try host.client.expect("game_end", timeout: 10)
        #expect(try bots.finish() == 0, "\(bots.output)")
    }

    @Test func aBotWithoutTheFileLearnsEachAnswerFromTheReveal() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-botset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "question,answer\nCapital of France?,Paris\nCapital of Italy?,Rome\nCapital of Spain?,Madrid\n"
            .write(to: folder.appendingPathComponent("three.csv"), atomically: true, encoding: .utf8)
        let server = try LiveServer(["--sets", folder.path])
        // Six rounds of three questions: each asked twice, in the set's order.
        let host = try TestHost(server, game: "quiz", create: "set=three rounds=6 time=5 gap=0 countdown=0")
        let bots = try ClientProcess.chalkline(["bot", "127.0.0.1:\(server.port)", "--room", host.code,
                                                "--think", "50", "--skill", "1", "--games", "1", "--timeout", "40"])
        try host.waitForPlayers(1)
        _ = try host.client.command("/start")
        #expect(try verdicts(host, rounds: 6, name: "bot1") == [false, false, false, true, true, true], "\(bots.output)")
        _ = try host.client.expect("game_end", timeout: 10)
        #expect(try bots.finish() == 0, "\(bots.output)")
    }
}
