/// A number in an answer, read from its judge's form (`AnswerText`): `3`, `-3`, `3.0`, `0.5`,
/// `.5`, `,5`, `0,5`, `1/2`, `1,000`, `1 000`, `1'000`, `1.234,5`, `1,234.5`.
///
/// Thousands: a set does not say how its class writes decimals, and `1,000` is one thousand in
/// English and one in French. So:
/// - an **accepted** answer has one reading: a point alone is the decimal point (`3.142` is π);
///   a comma alone followed by exactly three digits after one to three digits (not starting
///   with 0) groups thousands (`1,000`, `12,500`); any other comma alone is the decimal comma
///   (`0,5`, `3,75`, `0,125`); two kinds of mark are a grouping and a decimal (`1.234,5`); a
///   space or an apostrophe only groups (`1 000`, `1'000`). A teacher who means 1.5 writes `1.5` or `1,5`;
/// - a **typed** answer that could be read either way (`1,500`, `1.500`) is right when either
///   reading is: the class may write decimals either way. (The other kinds let the answerer's
///   language decide, having no accepted answer to compare with; a set's own answer is the
///   better judge, so both readings stand here: issue 42 keeps this.)
/// Fractions are two whole numbers and a `/`. Not a number: words, `1 1/2`, `50%`, `½`.
/// `NumberReader` (the other quizzes') reads UTF-8 and no fractions; this reads the judge's
/// scalars in place.
enum AnswerNumber {
    /// The readings of `form` (the second only for typed text that can be read both ways).
    struct Readings: Equatable, Sendable {
        var first: Exact
        var second: Exact?

        func contains(_ value: Exact) -> Bool { first == value || second == value }
    }

    /// Whether `form` could start a number: the typed answer is read only then.
    static func mayStartNumber(_ form: UnsafeBufferPointer<UInt32>) -> Bool {
        guard let first = form.first else { return false }
        switch first {
        case 0x30...0x39, 0x2D, 0x2B, 0x2212, 0x2E, 0x2C: return true
        default: return false
        }
    }

    static func read(_ form: UnsafeBufferPointer<UInt32>, typed: Bool) -> Readings? {
        var i = 0
        var negative = false
        if let first = form.first, first == 0x2D || first == 0x2B || first == 0x2212 {
            negative = first != 0x2B
            i = 1
            if i < form.count, form[i] == 0x20 { i += 1 }
        }
        guard i < form.count else { return nil }
        let body = UnsafeBufferPointer(rebasing: form[i...])
        guard let readings = body.contains(0x2F) ? fraction(body) : decimal(body, typed: typed) else { return nil }
        guard negative else { return readings }
        return Readings(first: readings.first.negated, second: readings.second?.negated)
    }

    /// `3/4`, `3 / 4`: whole numbers of at most nine digits, and not over zero.
    private static func fraction(_ body: UnsafeBufferPointer<UInt32>) -> Readings? {
        var parts = (0, 0), digits = (0, 0), slashes = 0
        for (at, scalar) in body.enumerated() {
            switch scalar {
            case 0x30...0x39:
                if slashes == 0 { parts.0 = parts.0 * 10 + Int(scalar - 0x30); digits.0 += 1 } else { parts.1 = parts.1 * 10 + Int(scalar - 0x30); digits.1 += 1 }
            case 0x2F: slashes += 1
            case 0x20 where at > 0 && at < body.count - 1 && (body[at - 1] == 0x2F || body[at + 1] == 0x2F): continue
            default: return nil
            }
        }
        guard slashes == 1, (1...9).contains(digits.0), (1...9).contains(digits.1), let value = Exact(parts.0, over: parts.1) else { return nil }
        return Readings(first: value)
    }

    /// Runs of digits between marks (`.` `,` space, apostrophe), as the type's comment says.
    private static func decimal(_ body: UnsafeBufferPointer<UInt32>, typed: Bool) -> Readings? {
        var runs = DigitRuns()
        for scalar in body {
            switch scalar {
            case 0x30...0x39: guard runs.digit(Int(scalar - 0x30)) else { return nil }
            // An apostrophe groups as a space does (`1'234.5`; the judge's form makes `’` one).
            case 0x2E, 0x2C, 0x20, 0x27: guard runs.mark(scalar == 0x27 ? 0x20 : scalar) else { return nil }
            default: return nil
            }
        }
        guard let read = runs.readings() else { return nil }
        switch (read.grouped, read.decimal) {
        case let (grouped?, decimal?):
            if typed { return Readings(first: grouped, second: decimal) }
            // An accepted answer's one reading: the comma groups, the point is decimal.
            return Readings(first: read.ambiguousMark == 0x2C ? grouped : decimal)
        case let (grouped?, nil): return Readings(first: grouped)
        case let (nil, decimal?): return Readings(first: decimal)
        case (nil, nil): return nil
        }
    }
}

extension Exact {
    fileprivate var negated: Exact { Exact(-numerator, over: denominator) ?? self }
}
