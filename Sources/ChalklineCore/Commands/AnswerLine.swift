/// `/answer id=N TEXT`: an answer that names the question it answers, so one that arrives after
/// the next question opened (slow Wi-Fi, a gap of 0) is refused instead of being judged against
/// the wrong question and using up the attempt the player needs for it. No answer of any kind
/// contains `=`, so the prefix can never be read as part of an answer. Without it (a student at
/// netcat), the answer is for whatever question is open, as before.
struct AnswerLine {
    var question: Int?
    var text: String

    /// `rest` is what followed `/answer` (or a whole bare line).
    init(_ rest: String) throws(ErrorReply) {
        let bytes = rest.utf8
        // The common case first, without splitting: a line that does not begin with "id=".
        guard bytes.starts(with: "id=".utf8) else {
            self.init(question: nil, text: rest)
            return
        }
        let afterKey = rest.dropFirst(3)
        let digits = afterKey.prefix { $0.isASCII && $0.isNumber }
        let after = afterKey.dropFirst(digits.count)
        guard !digits.isEmpty, digits.count <= 9, let id = Int(digits), after.first == " " || after.first == "\t" else {
            throw ErrorReply("answer", .badArgs, "Use /answer id=N TEXT, with N the question's id, or just /answer TEXT.")
        }
        self.init(question: id, text: String(after.drop { $0 == " " || $0 == "\t" }))
    }

    init(question: Int?, text: String) {
        self.question = question
        self.text = text
    }
}
