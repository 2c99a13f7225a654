/// One question from the fields of any format, checked against `SetLimits`: the one place the
/// three readers share what a good row is.
enum SetRow {
    /// `answers` and `choices` are the row's fields as read (trimmed here, empty ones dropped);
    /// `time` is the time field, nil or empty when the row has none. The failure is the reason,
    /// the caller adds the file and line.
    static func question(text: String, answers: [String], choices: [String] = [], time: String? = nil)
        -> Result<SetQuestion, Refused>
    {
        let text = SetText.trimmed(text)
        let answers = answers.map(SetText.trimmed).filter { !$0.isEmpty }
        let choices = choices.map(SetText.trimmed).filter { !$0.isEmpty }
        if text.isEmpty { return .failure("the question is empty") }
        if text.count > SetLimits.questionCharacters {
            return .failure("the question has \(text.count) characters; a question has at most \(SetLimits.questionCharacters)")
        }
        if answers.isEmpty { return .failure("the answer is empty") }
        if let long = answers.first(where: { $0.count > SetLimits.answerCharacters }) {
            return .failure("the answer \(quoted(long)) has \(long.count) characters; an answer has at most \(SetLimits.answerCharacters)")
        }
        if let problem = choicesProblem(choices, answers: answers) { return .failure(Refused(problem)) }
        if let problem = controlProblem("the question", [text]) ?? controlProblem("an answer", answers)
            ?? controlProblem("a choice", choices) { return .failure(Refused(problem)) }
        var seconds: Double?
        if let time = SetText.nonEmpty(time) {
            guard let value = number(time) else {
                return .failure("the time \(quoted(time)) is not a number of seconds")
            }
            guard SetLimits.questionSeconds.contains(value) else {
                return .failure("the time is \(time) seconds; it must be \(SetFileWriter.number(SetLimits.questionSeconds.lowerBound)) to \(SetFileWriter.number(SetLimits.questionSeconds.upperBound))")
            }
            seconds = value
        }
        return .success(SetQuestion(text: text, answers: answers, choices: choices, timeSeconds: seconds))
    }

    private static func choicesProblem(_ choices: [String], answers: [String]) -> String? {
        if choices.isEmpty { return nil }
        if let long = choices.first(where: { $0.count > SetLimits.answerCharacters }) {
            return "the choice \(quoted(long)) has \(long.count) characters; a choice has at most \(SetLimits.answerCharacters)"
        }
        if choices.count < 2 || choices.count > SetLimits.choices {
            return "\(choices.count) \(choices.count == 1 ? "choice" : "choices"); give 2 to \(SetLimits.choices), separated by |"
        }
        var seen = Set<String>()
        for choice in choices where !seen.insert(choice.lowercased()).inserted {
            return "the choice \(quoted(choice)) is there twice"
        }
        if !answers.contains(where: { seen.contains($0.lowercased()) }) {
            return "none of the choices is an answer: \(quoted(answers[0])) must be one of them"
        }
        return nil
    }

    /// A control character in a field would reach a netcat student's terminal as is (an ESC
    /// recolours or clears it, a BEL rings) and a bot's `text`: refused, as in names.
    private static func controlProblem(_ what: String, _ fields: [String]) -> String? {
        for field in fields {
            guard let control = field.unicodeScalars.first(where: isControl) else { continue }
            let hex = String(control.value, radix: 16, uppercase: true)
            return "\(what) has a control character (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))"
        }
        return nil
    }

    /// C0 but the TAB (a term line's separator, harmless in a cell) and the line break a quoted
    /// cell may hold (`CSVRows` gives it as `\n`; a question over two lines is the teacher's, and
    /// round-trips), DEL, C1, and the bidirectional overrides and isolates that reorder what a
    /// classmate sees.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `20`, `2.5`, or `2,5` as a spreadsheet in a comma-decimal language writes it.
    static func number(_ text: String) -> Double? {
        let dotted = text.contains(".") ? text : String(text.map { $0 == "," ? "." : $0 })
        guard let value = Double(dotted), value.isFinite else { return nil }
        return value
    }

    /// A field in a reason, cut short so one long cell does not fill the terminal.
    static func quoted(_ text: String) -> String {
        text.count > 40 ? "\"\(text.prefix(37))...\"" : "\"\(text)\""
    }
}

/// Why a row or a file is refused, before the file and line are added (`SetProblem`): written
/// as a string literal where it is made.
struct Refused: Error, Equatable, ExpressibleByStringInterpolation {
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    init(stringLiteral reason: String) {
        self.reason = reason
    }
}

