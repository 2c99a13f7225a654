/// Reads and writes set files: CSV with a header (`question,answer[,answer...][,choices][,time]`),
/// flashcard apps' `term<TAB>definition` lines, and Kahoot!'s quiz spreadsheet saved as CSV.
/// UTF-8, with or without a BOM, CRLF or LF. The one parser for folders, the page's uploads
/// (`/set save`), `check-sets` and `chalkline bot --set`.
public enum SetFile {
    /// The set named `name` from a file's text; `file` names it in problems. Refused whole
    /// at the first problem, with its line.
    public static func read(_ text: String, name: String, file: String) -> Result<QuestionSet, SetProblem> {
        .failure(SetProblem(file: file, reason: "set files cannot be read yet"))
    }

    /// The set as Chalkline's own CSV (what the page exports and `/set show` sends in text):
    /// reading it back gives the same set.
    public static func csv(_ set: QuestionSet) -> String {
        ""
    }

    /// `capitals.csv` is `capitals`; nil for a file that is not a set (another extension, a
    /// hidden file).
    public static func setName(fileName: String) -> String? {
        nil
    }
}
