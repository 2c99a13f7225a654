/// One arithmetic question: its text, its exact answer, and the skills it needs.
public struct ArithQuestion: QuizQuestion {
    public let text: String
    public let answer: Exact
    public let tags: [String]
    let mark: DecimalMark
    /// `P% of N`'s two numbers, which each language says its own way (`15 % de 80`).
    var percentOf: (percent: Int, whole: Int)? = nil

    public static func == (a: ArithQuestion, b: ArithQuestion) -> Bool {
        a.text == b.text && a.answer == b.answer && a.tags == b.tags && a.mark == b.mark
    }

    public var answerText: String { answer.decimalText(mark: mark.character) ?? answer.description }
    public var answerValue: JSON { answer.json }
    public var detail: String? { tags.joined(separator: " ") }

    /// The room's `decimal=comma`, else the language's mark.
    private func mark(in language: Language) -> Character { mark == .comma ? "," : language.decimalMark }

    /// A percent question in the language's words; an expression with decimals in its mark
    /// (`7,2 / 0,8`); nil for a whole-number expression, which reads the same everywhere.
    public func spoken(in language: Language) -> String? {
        if let percentOf {
            return language.text("question.arith.percent", ["percent": .int(percentOf.percent), "whole": .int(percentOf.whole)])
        }
        guard text.contains(mark.character) else { return nil }
        let spoken = mark(in: language)
        return spoken == mark.character ? text : String(text.map { $0 == mark.character ? spoken : $0 })
    }

    public func answerSpoken(in language: Language) -> String? {
        guard !answer.isWhole, spoken(in: language) != nil || mark(in: language) != mark.character else { return nil }
        return answer.decimalText(mark: mark(in: language)) ?? answer.description
    }

    public func judge(_ typed: String, prefer: DecimalMark) -> QuizVerdict {
        if typed.contains("/") { return .unreadable(hint: Say("race.arith.hint.fraction")) }
        guard let value = NumberReader.read(typed, prefer: mark.deciding(prefer)) else { return .unreadable(hint: NumberHint.say(mark)) }
        return value == answer ? .right : .wrong
    }
}
