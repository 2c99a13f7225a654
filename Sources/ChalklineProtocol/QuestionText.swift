/// How a quiz question's `text` reads on a screen. A question that is a sentence of its own
/// ends with `?` (`Bill $48.00, tip 15%: the tip?`); any other is an expression, asked as
/// `text = ?`. The server's text mode and the client's screens follow this one rule.
public enum QuestionText {
    public static func prompt(_ text: String) -> String {
        text.hasSuffix("?") ? text : text + " = ?"
    }

    /// Text for one line of the text mode: a set's question or answer may hold line breaks (a
    /// quoted CSV field), which would cut the line in two.
    public static func oneLine(_ text: String) -> String {
        text.contains(where: \.isNewline) ? text.split(whereSeparator: \.isNewline).joined(separator: " ") : text
    }

    /// The question before its answer: `7 x 8 =`, or the sentence as it is.
    public static func reveal(_ text: String) -> String {
        text.hasSuffix("?") ? text : text + " ="
    }
}
