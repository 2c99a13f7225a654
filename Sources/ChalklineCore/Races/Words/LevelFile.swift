/// The level file format of the word-game seed, one clue a line: `HA|UNT|ED: Ghosts in residence`.
/// Letters keep their accents (`É|LÉ|PHANT: ...`): the board shows them, and answers are
/// compared without them (`WordsRules.key`).
///
/// Pure: it takes the file's name and text, so the same rules serve the server at startup,
/// `check-levels` and the tests, and reading files stays the shell's business.
public enum LevelFile {
    /// The seed's board: seven clues and twenty letter-group buttons.
    public static let cluesPerLevel = 7
    public static let groupsPerLevel = 20

    public static func parse(fileName: String, text: String) -> Result<WordLevel, LevelProblems> {
        var problems: [LevelProblem] = []
        var clues: [WordClue] = []
        var clueLines = 0
        var answerLines: [String: Int] = [:]
        for (offset, line) in lines(of: text).enumerated() {
            let number = offset + 1
            let trimmed = line.trimmingBlanks()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            clueLines += 1
            if clueLines == cluesPerLevel + 1 {
                problems.append(LevelProblem(file: fileName, line: number,
                                             reason: "an 8th clue: a level has exactly \(cluesPerLevel) clue lines"))
            }
            var lineProblems: [String] = []
            guard let clue = parseLine(trimmed, problems: &lineProblems) else {
                problems += lineProblems.map { LevelProblem(file: fileName, line: number, reason: $0) }
                continue
            }
            // Compared as players type them: PÂTE and PATE would be one answer to a child.
            let key = WordsRules.key(clue.answer) ?? clue.answer
            if let earlier = answerLines[key] {
                problems.append(LevelProblem(file: fileName, line: number,
                                             reason: "the answer \(clue.answer) is already on line \(earlier)"))
                continue
            }
            answerLines[key] = number
            clues.append(clue)
        }
        if clueLines < cluesPerLevel {
            problems.append(LevelProblem(file: fileName, reason: "\(clueLines) clue \(clueLines == 1 ? "line" : "lines"); a level needs exactly \(cluesPerLevel)"))
        }
        // Only counted when every line was read, so one typo does not also report a wrong total.
        if problems.isEmpty {
            let total = clues.reduce(0) { $0 + $1.groups.count }
            if total != groupsPerLevel {
                problems.append(LevelProblem(file: fileName,
                                             reason: "the letter groups add up to \(total); a level needs exactly \(groupsPerLevel) (one for each button on the board)"))
            }
        }
        return problems.isEmpty ? .success(WordLevel(clues: clues)) : .failure(LevelProblems(problems))
    }

    /// One non-blank, non-comment line; nil (with reasons) when it breaks a rule.
    static func parseLine(_ line: String, problems: inout [String]) -> WordClue? {
        let groupsText: String
        let clue: String
        if let separator = colonSpace(in: line) {
            groupsText = String(line[..<separator]).trimmingBlanks()
            clue = String(line[line.index(separator, offsetBy: 2)...]).trimmingBlanks()
        } else if line.hasSuffix(":") {
            // `HA|UNT|ED: ` lost its space to trimming: the clue is what is missing.
            groupsText = String(line.dropLast()).trimmingBlanks()
            clue = ""
        } else {
            problems.append("missing \": \" between the letter groups and the clue (write it like HA|UNT|ED: Ghosts in residence)")
            return nil
        }
        if clue.isEmpty { problems.append("the clue after \": \" is empty") }
        var groups: [String] = []
        if groupsText.isEmpty {
            problems.append("no letter groups before \": \"")
        } else {
            for part in groupsText.split(separator: "|", omittingEmptySubsequences: false) {
                let group = part.trimmingBlanks()
                if group.isEmpty {
                    problems.append("an empty letter group (a | with nothing on one side)")
                } else if let bad = group.first(where: { !WordsRules.isBoardLetter($0) }) {
                    problems.append("the letter group \"\(group)\" has \"\(bad)\", which is not a letter A-Z (accented letters such as É or Ñ are fine)")
                } else {
                    groups.append(group.uppercased())
                }
            }
        }
        return problems.isEmpty ? WordClue(groups: groups, clue: clue) : nil
    }

    /// Lines split on LF alone: Swift treats CR LF as one character, so splitting a `String` on
    /// "\n" would leave Windows files as one long line. A trailing CR and a leading BOM (as
    /// Notepad writes them) are dropped.
    static func lines(of text: String) -> [String] {
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        return scalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var view = String.UnicodeScalarView(line)
            if view.last == "\r" { view.removeLast() }
            return String(view)
        }
    }

    private static func colonSpace(in line: String) -> String.Index? {
        var index = line.startIndex
        while index < line.endIndex {
            let next = line.index(after: index)
            if line[index] == ":", next < line.endIndex, line[next] == " " { return index }
            index = next
        }
        return nil
    }
}
