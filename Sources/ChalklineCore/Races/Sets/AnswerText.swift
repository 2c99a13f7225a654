/// An answer as the judge reads it: Unicode scalars, lowercased, accents taken apart (and
/// dropped when lenient), spaces at the ends gone and runs of spaces one space, punctuation at
/// the end gone. A text answer is then compared `bare`, without the punctuation inside. Accepted answers go through it once when the room is made, typed ones once each.
///
/// One writer for both, so they cannot drift: `ScalarSink` is an array for the accepted answers
/// and typed text that is not ASCII, or a buffer on the stack for typed ASCII (no allocation).
struct AnswerText {
    let lenient: Bool
    private var pendingSpace = false

    init(lenient: Bool) { self.lenient = lenient }

    /// `text` in the judge's form, in a new array.
    static func form(_ text: String, lenient: Bool) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(text.utf8.count)
        var writer = AnswerText(lenient: lenient)
        for scalar in text.unicodeScalars { writer.push(scalar.value, into: &out) }
        writer.finish(&out)
        return out
    }

    mutating func push<Sink: ScalarSink>(_ scalar: UInt32, into out: inout Sink) {
        if scalar < 0x80 {
            switch scalar {
            case 0x20, 0x09...0x0D: space(out)
            case 0x41...0x5A: emit(scalar + 0x20, into: &out)
            default: emit(scalar, into: &out)
            }
            return
        }
        pushBeyondASCII(scalar, into: &out)
    }

    /// Kept apart so the ASCII path, which every typed answer in English takes, stays small.
    /// The table first: an accented Latin letter (the commonest case) needs no property lookup.
    @inline(never)
    private mutating func pushBeyondASCII<Sink: ScalarSink>(_ scalar: UInt32, into out: inout Sink) {
        // Spanish opens a question or a cry with ¡ ¿: punctuation at the start, as ! ? at the end.
        if (scalar == 0xA1 || scalar == 0xBF) && out.count == 0 { return }
        if folded(scalar, into: &out) { return }
        guard let properties = Unicode.Scalar(scalar)?.properties else { return }
        if properties.isWhitespace { return space(out) }
        if properties.canonicalCombiningClass != .notReordered { return accent(scalar, into: &out) }
        guard properties.changesWhenLowercased else { return emit(scalar, into: &out) }
        for lower in properties.lowercaseMapping.unicodeScalars where !folded(lower.value, into: &out) {
            if lower.properties.canonicalCombiningClass != .notReordered { accent(lower.value, into: &out) } else { emit(lower.value, into: &out) }
        }
    }

    /// A letter the tables know (`LetterFolds`), written as its base letter, with its accents
    /// when strict; false for any other.
    private mutating func folded<Sink: ScalarSink>(_ scalar: UInt32, into out: inout Sink) -> Bool {
        if scalar < 0x80 {
            emit(scalar, into: &out)
        } else if let plain = LetterFolds.typographic(scalar) {
            emit(plain, into: &out)
        } else if lenient, let (a, b) = LetterFolds.lenient(scalar) {
            emit(a, into: &out)
            if b != 0 { out.append(b) }
        } else if let (base, first, second) = LetterFolds.parts(of: scalar) {
            emit(base, into: &out)
            if first != 0 { accent(first, into: &out) }
            if second != 0 { accent(second, into: &out) }
        } else {
            return false
        }
        return true
    }

    /// An accent, typed after its letter or taken apart from it: part of the letter when strict.
    private func accent<Sink: ScalarSink>(_ scalar: UInt32, into out: inout Sink) {
        if !lenient { out.append(scalar) }
    }

    /// Drops the punctuation at the end (and the spaces before it), unless the answer is nothing
    /// else: an answer `?` stays `?`.
    func finish<Sink: ScalarSink>(_ out: inout Sink) {
        var n = out.count
        while n > 0, out[n - 1] == 0x20 || AnswerText.isEndPunctuation(out[n - 1]) { n -= 1 }
        if n > 0 { out.truncate(to: n) }
    }

    static func isEndPunctuation(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2E, 0x2C, 0x21, 0x3F, 0x3B, 0x3A: true          // . , ! ? ; :
        case 0x2026, 0x3002, 0xFF01, 0xFF1F, 0xFF0C, 0xFF1B, 0xFF1A, 0x060C, 0x061F: true  // … 。！？，；： ، ؟
        default: false
        }
    }

    /// `form` without its marks (`isMark`), a hyphen or dash read as a space (`isDash`), spaces
    /// collapsed again: what a text answer is compared as, so `Washington DC` is `Washington,
    /// D.C.` and `Addis-Ababa` is `Addis Ababa`. Made after the form, never instead of it: a
    /// number is read from the form, where `-3`'s minus is a sign and `1/2`'s slash a fraction.
    /// An answer that is nothing but marks keeps them (`?` stays `?`). Never longer than `form`.
    static func bare<Sink: ScalarSink>(_ form: UnsafeBufferPointer<UInt32>, into out: inout Sink) {
        var pendingSpace = false
        for scalar in form {
            if isMark(scalar) { continue }
            if scalar == 0x20 || isDash(scalar) {
                if out.count > 0 { pendingSpace = true }
                continue
            }
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
            }
            out.append(scalar)
        }
        if out.count == 0 { for scalar in form { out.append(scalar) } }
    }

    static func bare(_ form: [UInt32]) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(form.count)
        form.withUnsafeBufferPointer { bare($0, into: &out) }
        return out
    }

    /// Whether `bare` would change `form`: most typed answers have no mark, and skip it.
    static func hasMark(_ form: UnsafeBufferPointer<UInt32>) -> Bool {
        form.contains { isMark($0) || isDash($0) }
    }

    /// Punctuation a child may type or leave out anywhere in a text answer. `’ “ ”` are already
    /// `' "` in the form (`LetterFolds.typographic`).
    static func isMark(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x27, 0x22, 0x28, 0x29, 0x5B, 0x5D: true  // . , ; : ! ? ' " ( ) [ ]
        case 0xA1, 0xBF, 0xAB, 0xBB: true                                                  // ¡ ¿ « »
        case 0x80...: isEndPunctuation(scalar)
        default: false
        }
    }

    /// A hyphen or a dash: a space between words (`Addis-Ababa`, `Addis – Ababa`).
    static func isDash(_ scalar: UInt32) -> Bool {
        scalar == 0x2D || (0x2010...0x2015).contains(scalar) || scalar == 0x2212
    }

    private mutating func space<Sink: ScalarSink>(_ out: Sink) {
        if out.count > 0 { pendingSpace = true }
    }

    private mutating func emit<Sink: ScalarSink>(_ scalar: UInt32, into out: inout Sink) {
        if pendingSpace {
            out.append(0x20)
            pendingSpace = false
        }
        out.append(scalar)
    }

    /// Letters, not counting spaces, digits, punctuation or accents: `typos=1` forgives a slip
    /// only in answers of five letters or more.
    static func letterCount(_ form: [UInt32]) -> Int {
        form.reduce(0) { count, scalar in
            if scalar < 0x80 { return count + ((0x61...0x7A).contains(scalar) ? 1 : 0) }
            guard let properties = Unicode.Scalar(scalar)?.properties else { return count }
            return count + (properties.isAlphabetic && properties.canonicalCombiningClass == .notReordered ? 1 : 0)
        }
    }
}

/// Where `AnswerText` writes: the few operations it needs, so an array and a stack buffer both serve.
protocol ScalarSink {
    var count: Int { get }
    subscript(_ index: Int) -> UInt32 { get }
    mutating func append(_ scalar: UInt32)
    mutating func truncate(to count: Int)
}

extension Array: ScalarSink where Element == UInt32 {
    mutating func truncate(to count: Int) { removeLast(self.count - count) }
}

/// A typed answer, written into memory `withUnsafeTemporaryAllocation` lent (on the stack when
/// small): room for two scalars a UTF-8 byte is enough (a letter of two bytes or more becomes at
/// most a space, a base letter and two accents), and `overflowed` says if it ever was not.
struct BufferSink: ScalarSink {
    let base: UnsafeMutableBufferPointer<UInt32>
    private(set) var count = 0
    private(set) var overflowed = false

    init(_ base: UnsafeMutableBufferPointer<UInt32>) { self.base = base }

    static func capacity(utf8Count: Int) -> Int { utf8Count * 2 + 4 }

    subscript(_ index: Int) -> UInt32 { base[index] }
    mutating func append(_ scalar: UInt32) {
        guard count < base.count else { return overflowed = true }
        base[count] = scalar
        count += 1
    }
    mutating func truncate(to count: Int) { self.count = count }

    var written: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(rebasing: base[..<count]) }
}
