/// How a quiz question's `text` reads on a screen. A question that is a sentence of its own
/// ends with `?` (`Bill $48.00, tip 15%: the tip?`); any other is an expression, asked as
/// `text = ?`. The server's text mode and the client's screens follow this one rule.
public enum QuestionText {
    public static func prompt(_ text: String) -> String {
        text.hasSuffix("?") ? text : text + " = ?"
    }

    /// The question before its answer: `7 x 8 =`, or the sentence as it is.
    public static func reveal(_ text: String) -> String {
        text.hasSuffix("?") ? text : text + " ="
    }
}
