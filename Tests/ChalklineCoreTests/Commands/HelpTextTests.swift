import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Issue 27: `/help` said what the server does not do. Each text is checked against the behaviour.
@Suite("Help says what the server does")
struct HelpTextTests {
    private func help(_ c1: HarnessClient, _ topic: String) throws -> String {
        try c1.step("/help \(topic)").messages(to: c1)[0].string("text") ?? ""
    }

    @Test func helpCreateGivesTheWordsDefaultLevelsAGamePlays() throws {
        var config = ServerConfig()
        let level = "TEA|POT: Pours a hot drink\nCUP|CA|KE: Small iced treat\nMOON|LIG|HT: Silver glow at night\n"
            + "RAIN|DR|OP: Falls from a cloud\nSEA|SH|ELL: Found on the beach\nFOOT|BA|LL: Kicked into a goal\nHO|M|E: Where you live\n"
        guard case .success(let parsed) = LevelFile.parse(fileName: "level1.txt", text: level) else { Issue.record("fixture"); return }
        config.levelPacks = [LevelPack(name: "builtin", levels: Array(repeating: parsed, count: 12))]
        let h = try ServerHarness(.inProcess, config: config)
        let c1 = try h.jsonClient("Ann")
        let text = try help(c1, "create words") + "\n" + help(c1, "create")
        let created = try c1.step("/create words").messages(to: c1)[0]
        let levels = (created["settings"] as? [String: Any])?["levels"] as? Int
        #expect(levels == Limits.drawnWordLevels)
        #expect(!text.contains("(default: the rest of the pack)"))
        // Both `/help create words` and `/help create`'s line for words, from the declaration.
        #expect(text.components(separatedBy: "levels=\(levels ?? -1) ").count == 3, "\(text)")
    }

    @Test func helpSetSaysChatCanBeSwitchedMidGame() throws {
        let h = try ServerHarness(.inProcess)
        let (c1, code) = try h.timesRoom()
        let (c2, _) = try h.join("Bob", code)
        let text = try help(c1, "set")
        #expect(!text.contains("in the lobby"))
        #expect(text.contains("mid-game"))
        try c1.step("/start")
        #expect(try c1.step("/set chat=off").messages(to: c1)[0].bool("chat") == false)
        #expect(try c2.step("/say hi").messages(to: c2)[0].code == "chat_off")
    }
}
