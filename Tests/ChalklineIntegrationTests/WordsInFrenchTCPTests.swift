import ChalklineCore
import Foundation
import Testing

/// The French pack as a class meets it, in-process and over real TCP: `/packs` says each
/// pack's language, `/create words pack=francais` shows the clues in French, and a word is
/// right typed with its accents or without them, the board keeping its own spelling.
@Suite struct WordsInFrenchTCPTests {
    private func server(_ backend: ServerBackend) throws -> ServerHarness {
        try ServerHarness.scenario(backend, config: ServerConfig().withShippedPacks())
    }

    @Test(arguments: ServerBackend.lineBackends)
    func packsSayTheirLanguage(backend: ServerBackend) throws {
        let server = try server(backend)
        let packs = try server.jsonClient().command("/packs").list("packs")
        let languages = Dictionary(uniqueKeysWithValues: packs.map { ($0.string("name") ?? "", $0.string("language") ?? "") })
        #expect(languages == ["builtin": "en", "francais": "fr", "espanol": "es"])
        #expect(packs.allSatisfy { ($0.int("levels") ?? 0) >= 10 })
        // The text format says it too, for a teacher at netcat.
        let text = try server.connect()
        try text.skipWelcome()
        try text.send("/packs")
        #expect(try text.expectText("francais").contains("12 levels, in fr"))
    }

    @Test(arguments: ServerBackend.lineBackends)
    func aFrenchBoardTakesWordsWithAndWithoutAccents(backend: ServerBackend) throws {
        let server = try server(backend)
        let ann = try server.jsonClient("ann"), ben = try server.jsonClient("ben")
        let created = try ann.command("/create words pack=francais level=1 levels=1 time=120 gap=0 countdown=0 seed=3")
        #expect(created.string("type") == "ok", "\(created)")
        #expect((created["settings"] as? [String: Any])?["pack"] as? String == "francais")
        let code = try #require(created.string("room"))
        #expect(try ben.command("/join \(code)").string("state") == "lobby")
        // A third player reads the board in text, as at netcat.
        let cleo = try server.connect()
        try cleo.skipWelcome()
        try cleo.send("/name cleo")
        try cleo.send("/join \(code)")
        _ = try cleo.expectText(code)
        #expect(try ann.command("/start").string("type") == "ok")

        let board = try ann.expect("board")
        #expect(board.string("language") == "fr", "the board says its pack's language")
        let clues = board.list("clues").compactMap { $0.string("clue") }
        #expect(clues.contains("Le plus gros animal de la savane, avec une longue trompe"), "\(clues)")
        #expect(clues.contains("Un petit animal couvert de piquants qui se roule en boule"))
        let groups = board["groups"] as? [String] ?? []
        #expect(groups.contains("É") && groups.contains("LÉ") && groups.contains("HÉ"), "\(groups)")
        _ = try cleo.expectText("Le plus gros animal de la savane")

        // Without accents, as on a keyboard that has none.
        let plain = try ann.command("elephant")
        #expect(plain.bool("correct") == true, "\(plain)")
        #expect(plain.int("points") == 450)
        for watcher in [ann, ben] { #expect(try watcher.expect("solved").string("word") == "ÉLÉPHANT") }
        // With them.
        let accented = try ben.command("hérisson")
        #expect(accented.bool("correct") == true, "\(accented)")
        #expect(try ann.expect("solved").string("word") == "HÉRISSON")
        // Claimed under one spelling is claimed under the other.
        let again = try ann.command("Herisson")
        #expect(again.string("code") == "already_solved")
        #expect(again.string("name") == "ben")
        // At netcat, claims show the board's spelling: ann's, then cleo's own.
        _ = try cleo.expectText("ÉLÉPHANT")
        try cleo.send("tortue")
        _ = try cleo.expectText("TORTUE")
    }
}
