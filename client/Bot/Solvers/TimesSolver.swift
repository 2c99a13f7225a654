/// `7 x 8`: two whole numbers around an `x`.
package struct TimesSolver: QuizSolver {
    package init() {}

    package func product(_ text: String) -> Int? { Self.product(utf8: text.utf8) }

    /// The one reading of a times question, over its UTF-8 bytes: the bot passes a `String`'s,
    /// the bench the bytes of a line in place (`LineBytes.timesProduct`). Digits, spaces and
    /// one `x`; at most nine digits a factor, so the product cannot overflow.
    package static func product(utf8 text: some Collection<UInt8>) -> Int? {
        var first: Int?
        var value = 0, digits = 0
        for byte in text {
            if (48...57).contains(byte) {
                guard digits < 9 else { return nil }
                value = value * 10 + Int(byte - 48)
                digits += 1
            } else if byte == UInt8(ascii: "x") {
                guard digits > 0, first == nil else { return nil }
                first = value
                value = 0
                digits = 0
            } else if byte != UInt8(ascii: " ") {
                return nil
            }
        }
        guard digits > 0, let first else { return nil }
        return first * value
    }

    package func answer(to question: String) -> String? { product(question).map(String.init) }

    /// Off by one to three: a slip, not nonsense.
    package func wrongAnswer(to question: String, draw: Int) -> String? {
        product(question).map { String($0 + 1 + abs(draw) % 3) }
    }
}

/// A times question's answer from its text (`"7 x 8"`), as any bot has to.
package func timesAnswer(_ text: String) -> Int? { TimesSolver.product(utf8: text.utf8) }
