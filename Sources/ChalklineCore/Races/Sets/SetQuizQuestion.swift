/// One question of a set's game: typed, or with its options (`choices`) drawn for this game.
public struct SetQuizQuestion: QuizQuestion {
    let row: SetPrompt
    public let choices: [String]?
    /// Which of `choices` are right (the set's own options may have several).
    let rightChoices: [Bool]

    public var text: String { row.text }
    public var answerText: String { row.answers[0] }
    public var ownLimitMs: Millis? { row.limitMs }
    /// The text mode's lines, with any line break in the set's text made a space.
    public var prompt: String { QuestionText.prompt(QuestionText.oneLine(text)) }
    public var reveal: String { QuestionText.reveal(QuestionText.oneLine(text)) + " " + QuestionText.oneLine(answerText) }

    /// A number where the first answer is one written plainly (`1945`, `0.5`), as the other
    /// kinds' `answer`; otherwise the answer's text.
    public var answerValue: JSON {
        let text = answerText
        if let value = NumberReader.read(text), value.decimalText() == text { return value.json }
        return .string(text)
    }

    /// A multiple-choice question keeps its options (`{"choices":[...]}`), so a report can say
    /// which option a typed letter chose.
    public var detail: String? {
        choices.map { String(decoding: JSON.object([("choices", .array($0.map(JSON.string)))]).encoded(), as: UTF8.self) }
    }

    /// An option's text, a letter or a number picks an option; anything else is judged as typed.
    /// A set's numbers read either way already (see `AnswerNumber`): `prefer` is not needed.
    public func judge(_ typed: String, prefer: DecimalMark) -> QuizVerdict {
        guard let choices else { return row.key.accepts(typed) ? .right : .wrong }
        switch pick(typed) {
        case .choice(let i): return rightChoices[i] ? .right : .wrong
        case .outOfRange:
            return .unreadable(hint: Say("race.quiz.hint.choice", ["last": .text(String(ChoiceLetters.letter(choices.count - 1)))]))
        case .text: return row.key.accepts(typed) ? .right : .wrong
        }
    }

    func pick(_ typed: String) -> ChoiceLetters.Pick { Self.pick(typed, choices ?? []) }

    /// What `typed` picked among `choices`, an option's text compared in the judge's form with
    /// accents aside whatever `accents=` says: picking an option shown is not spelling it.
    static func pick(_ typed: String, _ choices: [String]) -> ChoiceLetters.Pick {
        ChoiceLetters.pick(typed, choices, key: { AnswerText.form($0, lenient: true) })
    }

    /// The options a report reads back from `detail`; nil for a typed question.
    static func choices(inDetail detail: String?) -> [String]? {
        guard let detail, case .array(let items)? = JSON.parse(detail)?["choices"] else { return nil }
        return items.compactMap(\.stringValue)
    }
}
