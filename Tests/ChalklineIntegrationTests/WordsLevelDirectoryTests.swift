import ChalklineCore
import ChalklineServer
import Foundation
import Testing

/// `LevelDirectory` on real folders: what the server and `check-levels` will see.
@Suite struct WordsLevelDirectoryTests {
    /// A level that parses: the classroom pack's first, so these words are the tests' own too.
    static let good = ClassroomPack.level1

    @Test func aGoodFolderIsAPackNamedAfterIt() throws {
        let path = try LevelFolder.make("animals", ["level1.txt": Self.good, "level2.txt": Self.good, "README.md": "notes"])
        let pack = try LevelDirectory.loadPack(at: path + "/").get()
        #expect(pack.name == "animals")
        #expect(pack.levels.count == 2)
    }

    @Test func brokenFilesAreAllReportedWithPathAndLine() throws {
        let broken = Self.good.replacingOccurrences(of: "SPA|TU|LA: Flips pancakes", with: "SPA|TU|LA Flips pancakes")
        let path = try LevelFolder.make("broken", ["level1.txt": Data(broken.utf8), "level2.txt": Data([0xFF, 0xFE, 0x41]),
                                                   "level3.txt": Data(Self.good.utf8)])
        let problems = try #require(LevelDirectory.loadPack(at: path).failure).all.map(\.description)
        #expect(problems.count == 2)
        #expect(problems.contains { $0.hasPrefix(path + "/level1.txt:4: missing \": \"") })
        #expect(problems.contains { $0.hasPrefix(path + "/level2.txt: not UTF-8") })
    }

    @Test func aMissingFolderIsAProblemNotACrash() {
        let problems = LevelDirectory.loadPack(at: "/nonexistent/chalkline-levels").failure?.all ?? []
        #expect(problems.map(\.description) == ["/nonexistent/chalkline-levels: cannot read this folder (no such folder)"])
    }

    /// The shipped packs (English first, the default; then French and Spanish), then the teacher's.
    @Test func theShippedPacksAreFoundAndComeFirst() throws {
        let builtin = try #require(LevelDirectory.builtinPackPath())
        #expect(builtin.hasSuffix("Levels/builtin"))
        let extra = try LevelFolder.make("space", ["level1.txt": Self.good])
        let packs = try LevelDirectory.loadPacks(extra: [extra]).get()
        #expect(packs.map(\.name) == ["builtin", "francais", "espanol", "space"])
        #expect(packs.map(\.language) == ["en", "fr", "es", "en"])
        #expect(packs[0].levels.count >= 12)
        #expect(packs[1].levels.count >= 10 && packs[2].levels.count >= 10)
    }

    /// `pack.txt` is read from the folder: a teacher's pack in Portuguese says so.
    @Test func aPackFileGivesTheLanguage() throws {
        let path = try LevelFolder.make("bichos", ["level1.txt": Self.good, "pack.txt": "# os bichos\nlanguage: pt-BR\n"])
        #expect(try LevelDirectory.loadPack(at: path).get().language == "pt-BR")
        let bad = try LevelFolder.make("wrong", ["level1.txt": Self.good, "Pack.txt": "langauge: pt\n"])
        let problems = LevelDirectory.loadPack(at: bad).failure?.all.map(\.description) ?? []
        #expect(problems == ["\(bad)/Pack.txt:1: unknown setting \"langauge\"; pack.txt knows only language"])
    }

    @Test func twoPacksWithOneNameAreRefused() throws {
        let a = try LevelFolder.make("space", ["level1.txt": Self.good])
        let b = try LevelFolder.make("Space", ["level1.txt": Self.good])
        let problems = LevelDirectory.loadPacks(extra: [a, b]).failure?.all ?? []
        #expect(problems.map(\.file) == [b])
    }
}

extension Result {
    var failure: Failure? { if case .failure(let f) = self { f } else { nil } }
}
