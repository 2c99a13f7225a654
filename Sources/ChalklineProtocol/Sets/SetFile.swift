/// Reads and writes set files: CSV with a header (`question,answer[,answer...][,choices][,time]`),
/// flashcard apps' `term<TAB>definition` lines, and Kahoot!'s quiz spreadsheet saved as CSV.
/// UTF-8, with or without a BOM, CRLF or LF. The one parser for folders, the page's uploads
/// (`/sets save`), `check-sets` and `chalkline bot --set`.
public enum SetFile {
    /// Extensions a set file may have; any other file in a folder is not a set.
    public static let extensions = ["csv", "tsv", "txt"]

    /// The set named `name` from a file's text; `file` names it in problems. Refused whole
    /// at the first problem, with its line.
    ///
    /// The format is told from the content, not the extension (a spreadsheet saves any of them
    /// as `.csv` or `.txt`): a first line that is a header naming `question` and `answer` is
    /// Chalkline's CSV; a row that is Kahoot!'s header (title rows above it skipped) is the
    /// template; otherwise a first line with a tab is term/definition lines. Fields may be
    /// separated by commas, or by semicolons as spreadsheets in comma-decimal languages save CSV.
    public static func read(_ text: String, name: String, file: String) -> Result<QuestionSet, SetProblem> {
        if let reason = nameProblem(name) { return .failure(SetProblem(file: file, reason)) }
        let text = SetText.withoutBOM(text)
        let problem = { (line: Int?, reason: Say) in SetProblem(file: file, line: line, reason) }
        var questions: [SetQuestion] = []
        func add(_ row: CSVRow, _ question: Result<SetQuestion, Refused>) -> SetProblem? {
            switch question {
            case .failure(let refused):
                return problem(row.line, refused.say)
            case .success(let q):
                if questions.count == SetLimits.questions {
                    return problem(row.line, Say("error.setfile.too_many", ["max": .int(SetLimits.questions)]))
                }
                questions.append(q)
                return nil
            }
        }
        switch SetFileFormat.of(text) {
        case .none(let line):
            return .failure(problem(line, Say("error.setfile.not_a_set", ["header": .text(ChalklineCSV.header)])))
        case .unclosed(let line):
            return .failure(problem(line, Say("error.setfile.unclosed")))
        case .badHeader(let line, let reason):
            return .failure(problem(line, reason))
        case .chalkline(let columns, let rows, let separator):
            for row in rows where !row.isBlank {
                if let refused = add(row, columns.question(row, separator: separator)) { return .failure(refused) }
            }
        case .kahoot(let columns, let rows):
            for row in rows where !columns.isEmpty(row) {
                if let refused = add(row, columns.question(row)) { return .failure(refused) }
            }
        case .terms(let rows):
            for row in rows where !row.isBlank {
                if let refused = add(row, TermLines.question(row)) { return .failure(refused) }
            }
        }
        if questions.isEmpty { return .failure(problem(nil, Say("error.setfile.no_questions"))) }
        return .success(QuestionSet(name: name, questions: questions))
    }

    /// A file's bytes: as `read(_:name:file:)`, refused first when they are not UTF-8 text.
    public static func read(bytes: [UInt8], name: String, file: String) -> Result<QuestionSet, SetProblem> {
        switch SetText.decode(bytes) {
        case .success(let text): read(text, name: name, file: file)
        case .failure(let bad): .failure(SetProblem(file: file, line: bad.line, bad.reason))
        }
    }

    /// The set as Chalkline's own CSV (what the page exports and `/sets show` sends in text):
    /// reading it back gives the same set.
    public static func csv(_ set: QuestionSet) -> String {
        SetFileWriter.csv(set)
    }

    /// `capitals.csv` is `capitals`; nil for a file that is not a set (another extension, a
    /// hidden file). The name may still be one `set=` cannot take: `read` says so.
    public static func setName(fileName: String) -> String? {
        guard !fileName.hasPrefix("."), let dot = fileName.lastIndex(of: ".") else { return nil }
        let stem = String(fileName[..<dot])
        guard !stem.isEmpty, extensions.contains(fileName[fileName.index(after: dot)...].lowercased()) else { return nil }
        return stem
    }

    /// Why `name` cannot name a set, or nil: letters (any alphabet), digits, `-` and `_`, at most
    /// `SetLimits.nameCharacters`, so that `set=NAME` is one word on a command line.
    public static func nameProblem(_ name: String) -> Say? {
        let fine = !name.isEmpty && name.count <= SetLimits.nameCharacters
            && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return fine ? nil : Say("error.setfile.bad_name", ["name": .text(SetRow.quoted(name)), "max": .int(SetLimits.nameCharacters)])
    }
}
