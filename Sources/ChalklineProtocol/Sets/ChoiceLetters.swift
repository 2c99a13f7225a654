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
        /// Not a letter, a number or an option's text: judged as a typed answer.
        case text
    }

    /// `A` for 0, `B` for 1...
    public static func letter(_ index: Int) -> String {
        String(UnicodeScalar(UInt8(ascii: "A") + UInt8(index % 26)))
    }

    /// The options under a question on a text line: `A) Paris   B) Rome   C) Madrid`, or one
    /// a line when they would not fit an 80-column terminal.
    public static func line(_ choices: [String]) -> String {
        let parts = choices.indices.map { "\(letter($0))) \(choices[$0])" }
        let oneLine = parts.joined(separator: "   ")
        return oneLine.count <= 78 ? oneLine : parts.joined(separator: "\n")
    }

    /// Reads an answer to a question with `choices`. A letter (`b`, `B)`, `B.`) is always a
    /// position, as the page sends it; a number is the option whose text it is, else a position
    /// (`2` is B); anything else is the option it spells (case and spaces aside), else a typed
    /// answer.
    public static func pick(_ typed: String, _ choices: [String]) -> Pick {
        let t = fold(typed)
        var letter = Substring(t)
        if let last = letter.last, letter.count == 2, last == ")" || last == "." { letter = letter.dropLast() }
        if letter.count == 1, let ch = letter.unicodeScalars.first, ch.isASCII, ("a"..."z").contains(ch) {
            let index = Int(ch.value - UnicodeScalar("a").value)
            return index < choices.count ? .choice(index) : .outOfRange
        }
        if let index = choices.firstIndex(where: { fold($0) == t }) { return .choice(index) }
        if !t.isEmpty, t.count <= 3, t.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let n = Int(t) {
            return n >= 1 && n <= choices.count ? .choice(n - 1) : .outOfRange
        }
        return .text
    }

    /// Lowercased, blanks at the ends dropped and runs of blanks made one: how an option's text
    /// is matched, and how options are told apart when they are drawn.
    public static func fold(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
