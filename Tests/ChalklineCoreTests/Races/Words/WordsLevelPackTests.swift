import Testing
@testable import ChalklineCore

/// Folders of `levelN.txt` files becoming packs, and the built-in pack itself.
@Suite struct WordsLevelPackTests {
    private func source(_ name: String, _ text: String = WordsFixtures.levelA) -> LevelSource {
        LevelSource(path: "packs/demo/" + name, text: text)
    }

    private func problems(_ files: [LevelSource]) -> [String] {
        switch LevelPack.assemble(name: "demo", folder: "packs/demo", files: files) {
        case .success: return []
        case .failure(let problems): return problems.all.map(\.description)
        }
    }

    @Test func levelNumbersComeFromFileNames() {
        #expect(LevelPack.levelNumber(fileName: "level1.txt") == 1)
        #expect(LevelPack.levelNumber(fileName: "Level12.TXT") == 12)
        #expect(LevelPack.levelNumber(fileName: "level.txt") == nil)
        #expect(LevelPack.levelNumber(fileName: "level1.txt.bak") == nil)
        #expect(LevelPack.levelNumber(fileName: "level-1.txt") == nil)
        #expect(LevelPack.levelNumber(fileName: "README.txt") == nil)
    }

    @Test func levelsArePlayedInNumberOrderNotNameOrder() throws {
        let files = [source("level10.txt"), source("level2.txt", WordsFixtures.levelB), source("notes.txt", "anything")]
            + (1...9).filter { $0 != 2 }.map { source("level\($0).txt") }
        let pack = try LevelPack.assemble(name: "demo", folder: "packs/demo", files: files).get()
        #expect(pack.name == "demo")
        #expect(pack.levels.count == 10)
        #expect(pack.levels[1].clues.map(\.answer) == WordsFixtures.answersB)
    }

    @Test func aGapInTheNumbersIsAProblem() {
        #expect(problems([source("level1.txt"), source("level4.txt")])
            == ["packs/demo: level2.txt to level3.txt are missing: levels are numbered 1, 2, 3, ... without gaps"])
        #expect(problems([source("level2.txt")]).first?.contains("level1.txt is missing") == true)
    }

    @Test func twoFilesWithOneNumberAreAProblem() {
        #expect(problems([source("level1.txt"), source("level01.txt")]) == ["packs/demo/level1.txt: level 1 twice (another file has the same number)"])
    }

    @Test func aFolderWithoutLevelsIsAProblem() {
        #expect(problems([source("notes.txt")]) == ["packs/demo: no level files; name them level1.txt, level2.txt, ..."])
    }

    @Test func oneBadFileRefusesTheWholePackAndNamesItsPath() {
        let found = problems([source("level1.txt"), source("level2.txt", "SUN|FLO|WER Tall")])
        #expect(found.contains { $0.hasPrefix("packs/demo/level2.txt:1: missing \": \"") })
    }

    @Test func anUnreadableFileIsReportedAtItsPathAndLeavesNoGap() {
        let files = [source("level1.txt"), LevelSource(path: "packs/demo/level2.txt", unreadable: "not UTF-8 text"), source("level3.txt")]
        #expect(problems(files) == ["packs/demo/level2.txt: not UTF-8 text"])
    }
}
