import Foundation
import Testing
@testable import ChalklineCore

/// The pack that ships with the server, read from this checkout's
/// `Sources/chalkline-server/Levels/builtin` and held to the same rules as a teacher's pack.
@Suite struct WordsBuiltinPackTests {
    /// The files shipped in `Sources/chalkline-server/Levels/builtin`, read from this checkout.
    static func builtinSources() throws -> [LevelSource] {
        let folder = repositoryRoot().appendingPathComponent("Sources/chalkline-server/Levels/builtin")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return try names.map { name in
            LevelSource(path: "builtin/" + name, text: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
        }
    }

    @Test func builtinPackValidatesEveryLevel() throws {
        let sources = try Self.builtinSources()
        #expect(sources.count >= 40)
        for source in sources {
            #expect(throws: Never.self, "\(source.path)") { try LevelFile.parse(fileName: source.path, text: source.text).get() }
        }
        let pack = try LevelPack.assemble(name: LevelPack.builtinName, folder: "builtin", files: sources).get()
        #expect(pack.levels.count >= 40)
        #expect(pack.levels.allSatisfy { $0.clues.count == 7 && $0.groupCount == 20 })
        // Every level its own words: learning one level's answers gives nothing away in another.
        let answers = pack.levels.flatMap { $0.clues.map(\.answer) }
        #expect(Set(answers).count == answers.count)
    }

    @Test func builtinBoardsFitAnEightyColumnTerminal() throws {
        let pack = try LevelPack.assemble(name: "builtin", folder: "builtin", files: try Self.builtinSources()).get()
        for (i, level) in pack.levels.enumerated() {
            let board = WordsBoard(level: level, seed: 1)
            let event = BoardEvent(id: 1, level: i + 1, round: 1, levels: 12, timeMs: 180_000,
                                   clues: board.clues.enumerated().map { n, c in
                                       WordsClueView(n: n + 1, clue: c.clue, letters: c.answer.count) },
                                   groups: board.groupTexts)
            let widest = event.text.split(separator: "\n").map(\.count).max() ?? 0
            #expect(widest <= 80, "level \(i + 1)")
        }
    }

    /// The other word-puzzle texts a student reads at netcat, with the longest names (16) and
    /// big scores: a claim, and the level's end revealing every answer.
    @Test func builtinClaimsAndLevelEndsFitAnEightyColumnTerminal() throws {
        let pack = try LevelPack.assemble(name: "builtin", folder: "builtin", files: try Self.builtinSources()).get()
        let name = "Abcdefghijklmnop"
        for (i, level) in pack.levels.enumerated() {
            let board = WordsBoard(level: level, seed: 1)
            let views = board.clues.enumerated().map { n, c in
                WordsClueView(n: n + 1, clue: c.clue, letters: c.answer.count, word: c.answer, solvedBy: name, points: 1_350)
            }
            let standings = (1...10).map { Standing(rank: $0, name: name, score: 123_456, correctMs: 0) }
            let end = LevelEndEvent(level: i + 1, round: 1, levels: 12, clues: views, standings: standings)
            let boardWithClaims = BoardEvent(id: 1, level: i + 1, round: 1, levels: 12, timeMs: 3_600_000, clues: views, groups: board.groupTexts)
            let solved = SolvedEvent(n: 7, word: views[0].word!, name: name, points: 1_350, groupsLeft: board.groupTexts)
            for text in [end.text, boardWithClaims.text, solved.text] {
                let widest = text.split(separator: "\n").map(\.count).max() ?? 0
                #expect(widest < 80, "level \(i + 1): \(text)")
            }
        }
    }

    /// Not a rule for teachers' packs, but the built-in one should never make a class solve the
    /// same word twice.
    @Test func builtinAnswersAreUniqueAcrossThePack() throws {
        let pack = try LevelPack.assemble(name: "builtin", folder: "builtin", files: try Self.builtinSources()).get()
        let answers = pack.levels.flatMap { $0.clues.map(\.answer) }
        #expect(Set(answers).count == answers.count)
    }
}
