/// How a multiple-choice question's options are named and picked: `A) Paris   B) Rome` on a
/// netcat line, buttons A, B... on the page, and `/answer B`, `/answer 2` or `/answer Rome`
/// back. In the protocol module because the server judges these answers and the client and
/// the bot send them.
public enum ChoiceLetters {
    /// What an answer line picked among `choices`.
    public enum Pick: Equatable, Sendable {
        /// The option at this index (0 for `A`).
        case choice(Int)
        /// A letter or a number past the last option (`E` of four).
        case outOfRange
        /// Not an option's text, a letter or a number: judged as a typed answer.
        case text
    }

    /// `A` for 0, `B` for 1...
    public static func letter(_ index: Int) -> String {
        String(UnicodeScalar(UInt8(ascii: "A") + UInt8(index % 26)))
    }

    /// The options under a question on a text line: `A) Paris   B) Rome   C) Madrid`, or one
    /// a line when they would not fit an 80-column terminal.
    public static func line(_ choices: [String]) -> String {
        let parts = choices.indices.map { "\(letter($0))) \(QuestionText.oneLine(choices[$0]))" }
        let oneLine = parts.joined(separator: "   ")
        return oneLine.count <= 78 ? oneLine : parts.joined(separator: "\n")
    }

    /// Reads an answer to a question with `choices`, in this order:
    /// 1. the option whose text it is, compared under `key` (the server passes the judge's form:
    ///    case, accents and spaces aside), two options the same under it told apart by the exact
    ///    text. First, because options can be letters themselves: the `elements` set asked
    ///    `ask=answer` offers `H  B  C  Na`, and a child who types the `B` she sees means boron,
    ///    not the second option. The page sends the option's text for the same reason;
    /// 2. a single letter (`b`, `B)`, `B.`) or a number (`2`): the option at that position, or
    ///    `outOfRange` past the last;
    /// 3. anything else: `text`, judged as a typed answer.
    public static func pick<Key: Equatable>(_ typed: String, _ choices: [String], key: (String) -> Key) -> Pick {
        let wanted = key(typed)
        let same = choices.indices.filter { key(choices[$0]) == wanted }
        if same.count == 1 { return .choice(same[0]) }
        let exact = blanksFolded(typed)
        if let i = same.first(where: { blanksFolded(choices[$0]) == exact }) { return .choice(i) }
        return position(fold(typed), of: choices.count)
    }

    /// A letter or a number as a position among `count` options; `text` when it is neither.
    private static func position(_ t: String, of count: Int) -> Pick {
        var letter = Substring(t)
        if let last = letter.last, letter.count == 2, last == ")" || last == "." { letter = letter.dropLast() }
        if letter.count == 1, let ch = letter.unicodeScalars.first, ch.isASCII, ("a"..."z").contains(ch) {
            let index = Int(ch.value - UnicodeScalar("a").value)
            return index < count ? .choice(index) : .outOfRange
        }
        if !t.isEmpty, t.count <= 3, t.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let n = Int(t) {
            return n >= 1 && n <= count ? .choice(n - 1) : .outOfRange
        }
        return .text
    }

    /// Lowercased, blanks at the ends dropped and runs of blanks made one: how options are told
    /// apart when they are drawn, and a report's wrong answers counted together.
    public static func fold(_ text: String) -> String {
        blanksFolded(text).lowercased()
    }

    /// Blanks at the ends dropped and runs of blanks made one, case kept: the exact text, which
    /// tells apart two options that differ only in case (`B` and `b`), and an option's text as
    /// one answer line (the bot sends it so).
    public static func blanksFolded(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
