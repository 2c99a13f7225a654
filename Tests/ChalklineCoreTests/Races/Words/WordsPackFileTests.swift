import Testing
@testable import ChalklineCore

/// `pack.txt`: the language a pack is written in, read beside its levels.
@Suite struct WordsPackFileTests {
    private func assemble(_ packFile: String?) -> Result<LevelPack, LevelProblems> {
        var files = [LevelSource(path: "packs/demo/level1.txt", text: WordsFixtures.levelA)]
        if let packFile { files.append(LevelSource(path: "packs/demo/pack.txt", text: packFile)) }
        return LevelPack.assemble(name: "demo", folder: "packs/demo", files: files)
    }

    @Test func aPackWithoutPackFileIsEnglish() throws {
        #expect(try assemble(nil).get().language == "en")
        #expect(try assemble("# nothing but a comment\n").get().language == "en")
    }

    @Test(arguments: [("language: fr", "fr"), ("Language : ES\r\n", "es"), ("\u{FEFF}language: pt-BR", "pt-BR"), ("language:de", "de")])
    func theLanguageLineIsRead(text: String, language: String) throws {
        #expect(try assemble(text).get().language == language)
    }

    @Test func problemsNameTheFileAndLine() {
        let text = "# settings\nlanguage: french\nlevels: 12\nlanguage fr\nlanguage: fr\nlanguage: es\n"
        let found = assemble(text).failure?.all.map(\.description) ?? []
        #expect(found == [
            "packs/demo/pack.txt:2: \"french\" is not a language code; write two or three letters, like fr, es or pt-BR",
            "packs/demo/pack.txt:3: unknown setting \"levels\"; pack.txt knows only language",
            "packs/demo/pack.txt:4: write a setting as key: value, like language: fr",
            "packs/demo/pack.txt:6: language is already set on line 5",
        ])
    }

    @Test func aPackFileIsNotALevel() {
        #expect(LevelPack.levelNumber(fileName: "pack.txt") == nil)
        #expect(PackFile.isPackFile("PACK.TXT"))
    }
}
