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
        if text.isEmpty { return .failure(Refused("error.setfile.question_empty")) }
        if text.count > SetLimits.questionCharacters {
            return .failure(Refused("error.setfile.question_long", ["length": .int(text.count), "max": .int(SetLimits.questionCharacters)]))
        }
        if answers.isEmpty { return .failure(Refused("error.setfile.answer_empty")) }
        if let long = answers.first(where: { $0.count > SetLimits.answerCharacters }) {
            return .failure(Refused("error.setfile.answer_long", ["answer": .text(quoted(long)), "length": .int(long.count), "max": .int(SetLimits.answerCharacters)]))
        }
        if let problem = choicesProblem(choices, answers: answers) { return .failure(problem) }
        if let problem = controlProblem("error.setfile.control.question", [text]) ?? controlProblem("error.setfile.control.answer", answers)
            ?? controlProblem("error.setfile.control.choice", choices) { return .failure(problem) }
        var seconds: Double?
        if let time = SetText.nonEmpty(time) {
            guard let value = number(time) else {
                return .failure(Refused("error.setfile.time_not_number", ["time": .text(quoted(time))]))
            }
            guard SetLimits.questionSeconds.contains(value) else {
                return .failure(Refused("error.setfile.time_range", ["time": .text(time), "min": .text(SetFileWriter.number(SetLimits.questionSeconds.lowerBound)),
                                                                     "max": .text(SetFileWriter.number(SetLimits.questionSeconds.upperBound))]))
            }
            seconds = value
        }
        return .success(SetQuestion(text: text, answers: answers, choices: choices, timeSeconds: seconds))
    }

    private static func choicesProblem(_ choices: [String], answers: [String]) -> Refused? {
        if choices.isEmpty { return nil }
        if let long = choices.first(where: { $0.count > SetLimits.answerCharacters }) {
            return Refused("error.setfile.choice_long", ["choice": .text(quoted(long)), "length": .int(long.count), "max": .int(SetLimits.answerCharacters)])
        }
        if choices.count < 2 || choices.count > SetLimits.choices {
            return Refused("error.setfile.choice_count", count: choices.count, ["max": .int(SetLimits.choices)])
        }
        var seen = Set<String>()
        for choice in choices where !seen.insert(choice.lowercased()).inserted {
            return Refused("error.setfile.choice_twice", ["choice": .text(quoted(choice))])
        }
        if !answers.contains(where: { seen.contains($0.lowercased()) }) {
            return Refused("error.setfile.choice_no_answer", ["answer": .text(quoted(answers[0]))])
        }
        return nil
    }

    /// A control character in a field would reach a netcat student's terminal as is (an ESC
    /// recolours or clears it, a BEL rings) and a bot's `text`: refused, as in names.
    /// `key` says which field: the question, an answer or a choice.
    private static func controlProblem(_ key: String, _ fields: [String]) -> Refused? {
        for field in fields {
            guard let control = field.unicodeScalars.first(where: isControl) else { continue }
            let hex = String(control.value, radix: 16, uppercase: true)
            return Refused(key, ["code": .text("U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex)])
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

/// Why a row or a file is refused, before the file and line are added (`SetProblem`): a
/// catalog text (`error.setfile.*`), so the teacher reads it in their language and the log in
/// English.
struct Refused: Error {
    var say: Say

    init(_ key: String, count: Int? = nil, _ args: KeyValuePairs<String, Say.Arg> = [:]) {
        say = Say(key, count: count, args)
    }
}

