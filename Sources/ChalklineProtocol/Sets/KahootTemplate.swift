/// Kahoot!'s quiz spreadsheet template saved as CSV: a few title rows, then the header
/// (`Question - max 120 characters`, `Answer 1 - max 75 characters` .. `Answer 4`,
/// `Time limit (sec)`, `Correct answer(s) - choose at least one`; the first column numbers the
/// questions and has no header). The answers named in "Correct answer(s)" (`2`, `1,3`) are the
/// accepted ones; every answer given is a choice.
struct KahootTemplate {
    static let header = "Question, Answer 1 to Answer 4, Time limit, Correct answer(s)"

    var question: Int
    /// Answer 1 to 4, where the header has them.
    var answers: [Int?]
    var time: Int?
    var correct: Int

    /// The columns when `header` is the template's header row; nil otherwise. Headers are
    /// matched by how they begin, so the template's hints after the name do not matter.
    static func columns(of header: [String]) -> KahootTemplate? {
        let names = header.map { SetText.trimmed($0).lowercased() }
        func column(_ prefix: String) -> Int? { names.firstIndex { $0.hasPrefix(prefix) } }
        guard let question = column("question"), let first = column("answer 1"),
              let correct = column("correct answer") else { return nil }
        let answers = [first, column("answer 2"), column("answer 3"), column("answer 4")]
        return KahootTemplate(question: question, answers: answers, time: column("time limit"), correct: correct)
    }

    /// A row with no question, no answers and nothing marked correct is one of the template's
    /// numbered empty rows.
    func isEmpty(_ row: CSVRow) -> Bool {
        ([question, correct] + answers.compactMap { $0 }).allSatisfy { SetText.trimmed(field(row, $0)).isEmpty }
    }

    func question(_ row: CSVRow) -> Result<SetQuestion, Refused> {
        let given = answers.map { $0.map { SetText.trimmed(field(row, $0)) } ?? "" }
        let marks = field(row, correct).split { $0 == "," || $0 == ";" || $0 == " " || $0 == "/" }
        if marks.isEmpty {
            return .failure(Refused("error.setfile.kahoot_no_correct"))
        }
        var right: [String] = []
        for mark in marks {
            guard let n = Int(mark), (1...given.count).contains(n), !given[n - 1].isEmpty else {
                return .failure(Refused("error.setfile.kahoot_no_answer", ["mark": .text(SetRow.quoted(String(mark))), "number": .text(String(mark))]))
            }
            if !right.contains(given[n - 1]) { right.append(given[n - 1]) }
        }
        let choices = given.filter { !$0.isEmpty }
        return SetRow.question(
            text: field(row, question),
            answers: right,
            // One answer alone is a typed question, not a choice of one.
            choices: choices.count > 1 ? choices : [],
            time: time.map { field(row, $0) }
        )
    }

    private func field(_ row: CSVRow, _ i: Int) -> String { i < row.fields.count ? row.fields[i] : "" }
}
