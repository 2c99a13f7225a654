/// Chalkline's own CSV, as `SetFile.csv` gives it: a header `question,answer` with as many
/// `answer` columns as the row with the most answers needs, then `choices` and `time` when any
/// row has them; one row a question; LF line ends; fields quoted only when they must be.
enum SetFileWriter {
    static func csv(_ set: QuestionSet) -> String {
        let answerColumns = max(1, set.questions.map(\.answers.count).max() ?? 1)
        let hasChoices = set.questions.contains { !$0.choices.isEmpty }
        let hasTime = set.questions.contains { $0.timeSeconds != nil }
        var header = ["question"] + Array(repeating: "answer", count: answerColumns)
        if hasChoices { header.append("choices") }
        if hasTime { header.append("time") }
        var out = row(header)
        for question in set.questions {
            var fields = [question.text] + question.answers
            fields += Array(repeating: "", count: answerColumns - question.answers.count)
            if hasChoices { fields.append(question.choices.joined(separator: "|")) }
            if hasTime { fields.append(question.timeSeconds.map(number) ?? "") }
            out += row(fields)
        }
        return out
    }

    /// Seconds as a person writes them: `20`, `2.5`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    private static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }

    /// Quoted when it holds a comma, a quote or a line break, or begins or ends with a space
    /// (which reading would otherwise trim): RFC 4180, quotes doubled.
    private static func field(_ text: String) -> String {
        let needsQuotes = text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || text.first?.isWhitespace == true || text.last?.isWhitespace == true
        guard needsQuotes else { return text }
        var quoted = "\""
        for c in text.unicodeScalars {
            if c == "\"" { quoted.unicodeScalars.append("\"") }
            quoted.unicodeScalars.append(c)
        }
        return quoted + "\""
    }
}
