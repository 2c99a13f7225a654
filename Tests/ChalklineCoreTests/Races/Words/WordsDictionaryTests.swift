import Foundation
import Testing
@testable import ChalklineCore

/// Every word of the French and Spanish packs is a real word, spelt right, accents and all:
/// checked against Debian's word lists (`wfrench`, `wspanish`, installed by `make test-deps`),
/// so a typo in a pack never reaches a class as the answer to type.
@Suite struct WordsDictionaryTests {
    /// A pack and the list its words must be in.
    static let checks = [("francais", "/usr/share/dict/french"), ("espanol", "/usr/share/dict/spanish")]

    /// The list's words in lower case: a word counts if the list has it, ignoring case
    /// (`Pierre` and `pierre` alike), never ignoring accents (`elephant` is not `éléphant`).
    static func wordList(_ path: String) throws -> Set<String> {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return Set(text.split(whereSeparator: \.isNewline).map { $0.lowercased() })
    }

    /// The pack's answers the list does not have, in pack order, each once.
    static func missing(from pack: LevelPack, in list: Set<String>) -> [String] {
        var seen = Set<String>()
        return pack.levels.flatMap { $0.clues.map(\.answer) }.filter { answer in
            !list.contains(answer.lowercased()) && seen.insert(answer).inserted
        }
    }

    @Test(arguments: checks)
    func everyWordIsInTheLanguagesWordList(pack name: String, list path: String) throws {
        let list = try Self.wordList(path)
        #expect(list.count > 50_000, "\(path) looks empty: install wfrench and wspanish (make test-deps)")
        let pack = try WordsBuiltinPackTests.pack(name)
        let missing = Self.missing(from: pack, in: list)
        #expect(missing.isEmpty, "\(name): not in \(path): \(missing.joined(separator: ", "))")
    }

    /// The check itself can fail, and names every word it cannot find.
    @Test func aMadeUpWordIsNamed() throws {
        let list = try Self.wordList("/usr/share/dict/french")
        let level = WordsFixtures.level("""
            É|LÉ|PHANT: Le plus gros animal de la savane
            GLOU|BI|FRE: Un mot inventé
            HE|RIS|SON: Sans son accent, ce n'est plus un mot français
            CRO|CO|DI|LE: Il a de grandes dents
            GÂ|TEAU: On souffle ses bougies
            TOR|TUE: Elle porte sa maison
            PA|PIL|LON: Il a de grandes ailes colorées
            """)
        #expect(Self.missing(from: LevelPack(name: "test", levels: [level]), in: list) == ["GLOUBIFRE", "HERISSON"])
    }
}
