import ChalklineCore
import ChalklineServer
import Foundation
import Testing

/// `LevelDirectory` on real folders: what the server and `check-levels` will see.
@Suite struct WordsLevelDirectoryTests {
    static let good = """
        SUN|FLO|WER: Tall yellow bloom
        RAIN|COAT: Keeps you dry
        BUT|TER|FLY: Winged insect
        POP|CORN: Cinema snack
        FIRE|WORK: Bang in the sky
        STAR|FI|SH: Five-armed sea creature
        PIN|E|AP|PL|E: Spiky tropical fruit
        """

    /// A fresh folder named `name` under the system's temporary directory, with `files` in it.
    private func folder(_ name: String, _ files: [String: Data]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-\(UUID().uuidString)")
        let dir = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (file, data) in files { try data.write(to: dir.appendingPathComponent(file)) }
        return dir.path
    }

    @Test func aGoodFolderIsAPackNamedAfterIt() throws {
        let path = try folder("animals", ["level1.txt": Data(Self.good.utf8), "level2.txt": Data(Self.good.utf8),
                                          "README.md": Data("notes".utf8)])
        let pack = try LevelDirectory.loadPack(at: path + "/").get()
        #expect(pack.name == "animals")
        #expect(pack.levels.count == 2)
    }

    @Test func brokenFilesAreAllReportedWithPathAndLine() throws {
        let broken = Self.good.replacingOccurrences(of: "POP|CORN: Cinema snack", with: "POP|CORN Cinema snack")
        let path = try folder("broken", ["level1.txt": Data(broken.utf8), "level2.txt": Data([0xFF, 0xFE, 0x41]),
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

    @Test func theBuiltinPackIsFoundAndComesFirst() throws {
        let builtin = try #require(LevelDirectory.builtinPackPath())
        #expect(builtin.hasSuffix("Levels/builtin"))
        let extra = try folder("space", ["level1.txt": Data(Self.good.utf8)])
        let packs = try LevelDirectory.loadPacks(extra: [extra]).get()
        #expect(packs.map(\.name) == ["builtin", "space"])
        #expect(packs[0].levels.count >= 12)
    }

    @Test func twoPacksWithOneNameAreRefused() throws {
        let a = try folder("space", ["level1.txt": Data(Self.good.utf8)])
        let b = try folder("Space", ["level1.txt": Data(Self.good.utf8)])
        let problems = LevelDirectory.loadPacks(extra: [a, b]).failure?.all ?? []
        #expect(problems.map(\.file) == [b])
    }
}

extension Result {
    var failure: Failure? { if case .failure(let f) = self { f } else { nil } }
}
