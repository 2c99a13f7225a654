import Testing
@testable import ChalklineCore

/// Issue 27: `/help` said what the server does not do. Each text is checked against the behaviour.
@Suite("Help says what the server does")
struct HelpTextTests {
    private func help(_ h: Harness, _ topic: String) -> String {
        Harness.messages(h.line(1, "/help \(topic)"), to: 1)[0].string("text") ?? ""
    }

    @Test func helpCreateGivesTheWordsDefaultLevelsAGamePlays() throws {
        var config = ServerConfig()
        let level = "TEA|POT: Pours a hot drink\nCUP|CA|KE: Small iced treat\nMOON|LIG|HT: Silver glow at night\n"
            + "RAIN|DR|OP: Falls from a cloud\nSEA|SH|ELL: Found on the beach\nFOOT|BA|LL: Kicked into a goal\nHO|M|E: Where you live\n"
        guard case .success(let parsed) = LevelFile.parse(fileName: "level1.txt", text: level) else { Issue.record("fixture"); return }
        config.levelPacks = [LevelPack(name: "builtin", levels: Array(repeating: parsed, count: 12))]
        let h = Harness(config: config)
        h.jsonClient(1, name: "Ann")
        let text = help(h, "create words") + "\n" + help(h, "create")
        let created = Harness.messages(h.line(1, "/create words"), to: 1)[0]
        let levels = (created["settings"] as? [String: Any])?["levels"] as? Int
        #expect(levels == Limits.drawnWordLevels)
        #expect(!text.contains("(default: the rest of the pack)"))
        // Both `/help create words` and `/help create`'s line for words, from the declaration.
        #expect(text.components(separatedBy: "levels=\(levels ?? -1) ").count == 3, "\(text)")
    }

    @Test func helpSetSaysChatCanBeSwitchedMidGame() {
        let h = Harness()
        let code = h.room()
        h.join(2, "Bob", code)
        let text = help(h, "set")
        #expect(!text.contains("in the lobby"))
        #expect(text.contains("mid-game"))
        h.line(1, "/start")
        #expect(Harness.messages(h.line(1, "/set chat=off"), to: 1)[0].bool("chat") == false)
        #expect(Harness.messages(h.line(2, "/say hi"), to: 2)[0].code == "chat_off")
    }
}
