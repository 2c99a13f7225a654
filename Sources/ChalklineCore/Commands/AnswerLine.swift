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
        // Bytes, not characters: the id is ASCII digits, the blanks after it ASCII too.
        var i = bytes.index(bytes.startIndex, offsetBy: 3)
        var id = 0, digits = 0
        while i < bytes.endIndex, let digit = bytes[i].asciiDigit, digits < 10 {
            id = id * 10 + digit
            digits += 1
            i = bytes.index(after: i)
        }
        guard digits > 0, digits <= 9, i < bytes.endIndex, bytes[i].isBlank else {
            throw ErrorReply("answer", .badArgs, Say("error.answer.use"))
        }
        while i < bytes.endIndex, bytes[i].isBlank { i = bytes.index(after: i) }
        self.init(question: id, text: String(Substring(bytes[i...])))
    }

    init(question: Int?, text: String) {
        self.question = question
        self.text = text
    }
}

extension UInt8 {
    /// The digit's value, for an ASCII digit.
    var asciiDigit: Int? { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) ? Int(self - UInt8(ascii: "0")) : nil }
}
