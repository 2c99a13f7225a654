import Testing
@testable import ChalklineCore

/// The level format: what a good file gives, and that every broken rule is reported with the
/// file, the line and a reason a teacher can act on.
@Suite struct WordsLevelFileTests {
    /// A valid level with one line swapped for `bad` (line 3, after a comment and a blank line).
    private func withThirdLine(_ bad: String) -> String {
        var lines = WordsFixtures.levelA.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[2] = bad
        return lines.joined(separator: "\n")
    }

    private func problems(_ text: String, file: String = "level4.txt") -> [LevelProblem] {
        switch LevelFile.parse(fileName: file, text: text) {
        case .success: return []
        case .failure(let problems): return problems.all
        }
    }

    @Test func goodLevelKeepsFileOrderAndJoinsGroups() throws {
        let level = try LevelFile.parse(fileName: "a.txt", text: WordsFixtures.levelA).get()
        #expect(level.clues.map(\.answer) == WordsFixtures.answersA)
        #expect(level.clues[0].groups == ["SUN", "FLO", "WER"])
        #expect(level.clues[0].clue == "Tall yellow bloom")
        #expect(level.groupCount == 20)
    }

    @Test func windowsLineEndsBOMAndLowerCaseAreTolerated() throws {
        let text = "\u{FEFF}" + WordsFixtures.levelA.lowercased().replacingAll("\n", with: "\r\n") + "\r\n"
        let level = try LevelFile.parse(fileName: "a.txt", text: text).get()
        #expect(level.clues.map(\.answer) == WordsFixtures.answersA)
        #expect(level.clues[1].clue == "keeps you dry")
    }

    @Test func missingColonSpaceNamesFileAndLine() {
        let found = problems(withThirdLine("SUN|FLO|WER:Tall yellow bloom"))
        #expect(found.count == 1)
        #expect(found.first?.line == 3)
        #expect(found.first?.description.hasPrefix("level4.txt:3: missing \": \"") == true)
    }

    @Test func emptyClue() {
        for line in ["SUN|FLO|WER: ", "SUN|FLO|WER:", "SUN|FLO|WER:    "] {
            let found = problems(withThirdLine(line))
            #expect(found.map(\.line) == [3], "\(line)")
            #expect(found.first?.reason.contains("clue") == true)
            #expect(found.first?.reason.contains("empty") == true)
        }
    }

    @Test func groupWithANonLetter() {
        let found = problems(withThirdLine("SUN|FL0|WER: Tall yellow bloom"))
        #expect(found.map(\.description) == ["level4.txt:3: the letter group \"FL0\" has \"0\", which is not a letter A-Z (accented letters such as É or Ñ are fine)"])
        // Accented Latin letters are letters (the French and Spanish packs); other alphabets are not.
        #expect(problems(withThirdLine("SUN|FLÖ|WER: Tall yellow bloom")).isEmpty)
        #expect(problems(withThirdLine("SUN|FLΩ|WER: Tall yellow bloom")).map(\.line) == [3])
        #expect(problems(withThirdLine("SUN||FLOWER: Tall yellow bloom")).first?.reason.contains("empty letter group") == true)
        #expect(problems(withThirdLine(": Tall yellow bloom")).first?.reason.contains("no letter groups") == true)
    }

    @Test func tooFewLines() {
        let text = WordsFixtures.levelA.split(separator: "\n").dropLast().joined(separator: "\n")
        let found = problems(text)
        #expect(found.count == 1)
        #expect(found.first?.line == nil)
        #expect(found.first?.description == "level4.txt: 6 clue lines; a level needs exactly 7")
    }

    @Test func tooManyLinesPointsAtTheEighth() {
        let found = problems(WordsFixtures.levelA + "\nDOG: Barks")
        #expect(found.map(\.line) == [10])
        #expect(found.first?.reason.contains("8th clue") == true)
    }

    @Test func wrongGroupTotal() {
        let found = problems(withThirdLine("SUNFLO|WER: Tall yellow bloom"))
        #expect(found.count == 1)
        #expect(found.first?.line == nil)
        #expect(found.first?.reason.hasPrefix("the letter groups add up to 19; a level needs exactly 20") == true)
    }

    @Test func duplicateAnswerNamesTheFirstLine() {
        let found = problems(withThirdLine("PO|PCORN: Cinema snack, again"))
        #expect(found.map(\.description) == ["level4.txt:6: the answer POPCORN is already on line 3"])
    }

    @Test func everyBadLineIsReportedNotJustTheFirst() {
        var lines = WordsFixtures.levelA.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[3] = "RAINCOAT Keeps you dry"
        lines[5] = "POP|CORN: "
        let found = problems(lines.joined(separator: "\n"))
        #expect(found.map(\.line) == [4, 6])
    }

    @Test func emptyFile() {
        #expect(problems("").map(\.description) == ["level4.txt: 0 clue lines; a level needs exactly 7"])
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
