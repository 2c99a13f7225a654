/// Chalkline's own CSV: a header naming `question`, one or more `answer` columns, and
/// optionally `choices` (options separated by `|`) and `time` (seconds), in any order and any
/// case; one row a question.
struct ChalklineCSV {
    static let header = "question,answer (then more answer columns, choices, time)"

    var question: Int
    var answers: [Int]
    var choices: Int?
    var time: Int?
    /// How many fields the header has: a row with more (a comma not in quotes) is refused.
    var width: Int
    /// Columns with an empty header, left for a spreadsheet's trailing commas; a row must have
    /// nothing in them either.
    var unnamed: [Int]

    /// The columns, when `header` names `question` and `answer`; nil when it is not this
    /// format's header at all; a failure when it is, but wrongly.
    static func columns(of header: [String]) -> Result<ChalklineCSV, Refused>? {
        let names = header.map { SetText.trimmed($0).lowercased() }
        guard names.contains("question"), names.contains("answer") else { return nil }
        var question: Int?
        var answers: [Int] = []
        var choices: Int?
        var time: Int?
        var unnamed: [Int] = []
        for (i, name) in names.enumerated() {
            switch name {
            case "question", "choices", "time":
                let slot = name == "question" ? question : name == "choices" ? choices : time
                if slot != nil { return .failure(Refused("error.setfile.header_twice", ["column": .text(name)])) }
                if name == "question" { question = i } else if name == "choices" { choices = i } else { time = i }
            case "answer":
                answers.append(i)
            case "":
                unnamed.append(i)
            default:
                return .failure(Refused("error.setfile.header_unknown", ["column": .text(SetRow.quoted(header[i])), "columns": .text(Self.header)]))
            }
        }
        return .success(ChalklineCSV(question: question!, answers: answers, choices: choices, time: time,
                                     width: names.count, unnamed: unnamed))
    }

    /// The row's question, or why it is refused. `separator` names the separator in the
    /// reason when a field was not quoted.
    func question(_ row: CSVRow, separator: Unicode.Scalar) -> Result<SetQuestion, Refused> {
        let fields = row.fields
        let strays = fields.indices.filter { ($0 >= width || unnamed.contains($0)) && !SetText.trimmed(fields[$0]).isEmpty }
        if !strays.isEmpty {
            return .failure(Refused(separator == "," ? "error.setfile.stray_fields.comma"
                                    : separator == ";" ? "error.setfile.stray_fields.semicolon" : "error.setfile.stray_fields.tab"))
        }
        func field(_ i: Int) -> String { i < fields.count ? fields[i] : "" }
        return SetRow.question(
            text: field(question),
            answers: answers.map(field),
            choices: choices.map { field($0).split(separator: "|", omittingEmptySubsequences: false).map(String.init) } ?? [],
            time: time.map(field)
        )
    }
}
