/// How a class writes the decimal point: `3.5` or `3,5` (`decimal=point|comma`).
public enum DecimalMark: String, Sendable, CaseIterable {
    case point, comma

    public var character: Character { self == .point ? "." : "," }

    /// The mark a language writes (`Language.decimalMark`).
    public init(_ character: Character) { self = character == "," ? .comma : .point }

    /// `decimal=`, which every kind that reads decimals declares, with its own help.
    static func option(help: String) -> GameOption<DecimalMark> {
        .choice("decimal", default: .point, help: help)
    }

    /// Which mark decides a typed number that reads both ways (`1,234`), where a room says
    /// `decimal=`: the room's comma when it asked for one, else the answerer's language (a room
    /// at the default `point` did not say how its class writes).
    func deciding(_ answerer: DecimalMark) -> DecimalMark { self == .comma ? .comma : answerer }
}

/// Reads a number as people type it, leniently both ways, and exactly: ` 3 `, `+3`, `-3` and
/// `−3` (the Unicode minus), `3.0`, `3.50`, `.5`, `3,5` and `3.5` alike, thousands grouped in
/// any style (`1,234.50`, `1.234,50`, `1 234,50`, `1'234.50`, `1,000,000`). A mark followed by
/// other than exactly three digits is decimal; two kinds of mark are grouping then decimal; a
/// space or an apostrophe only groups. Only one mark followed by exactly three digits (`1,234`,
/// `1.234`) reads both ways: `prefer`, the mark the answerer writes decimals with, decides it.
/// Fractions (`7/2`), words and anything else are unreadable: the caller answers with a hint.
///
/// Reads the string's UTF-8 in place: no allocation for an answer (the hot path of a quiz).
public enum NumberReader {
    ///
    /// `places`: a number never has more decimals than this (money: its currency's), so one that
    /// reads both ways with three decimals groups thousands whatever `prefer` says.
    public static func read(_ typed: String, prefer: DecimalMark = .point, places: Int = 9) -> Exact? {
        var typed = typed
        return typed.withUTF8 { read($0, prefer: prefer, places: places) }
    }

    /// The same over a string's bytes (a money answer reads what is left of its symbol).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, prefer: DecimalMark, places: Int = 9) -> Exact? {
        var scan = Scan(bytes)
        scan.skipBlanks()
        var negative = false
        if scan.take(0x2D) || scan.take(minus) {
            negative = true
            scan.skipSpaces()
        } else if scan.take(0x2B) {
            scan.skipSpaces()
        }
        guard let value = body(&scan, prefer: prefer, places: places) else { return nil }
        return negative ? Exact(-value.numerator, over: value.denominator) : value
    }

    /// `−`, U+2212.
    private static let minus: [UInt8] = [0xE2, 0x88, 0x92]

    /// Digits and marks, then only blanks (`DigitRuns` decides what they are).
    private static func body(_ scan: inout Scan, prefer: DecimalMark, places: Int) -> Exact? {
        var runs = DigitRuns()
        while let byte = scan.peek {
            if byte >= 0x30 && byte <= 0x39 {
                guard runs.digit(Int(byte - 0x30)) else { return nil }
                scan.at += 1
            } else if !runs.hasMarks && !runs.endsInDigit && (byte == 0x2E || byte == 0x2C) {
                _ = runs.mark(UInt32(byte))   // `.5`, `,5`
                scan.at += 1
            } else if runs.endsInDigit, let mark = scan.mark() {
                guard runs.mark(UInt32(mark)) else { return nil }
            } else {
                break
            }
        }
        // `3.` is 3, as before.
        if runs.endsInDigit, !runs.hasMarks, scan.peek == 0x2E || scan.peek == 0x2C { scan.at += 1 }
        scan.skipBlanks()
        guard scan.atEnd, let read = runs.readings() else { return nil }
        switch (read.grouped, read.decimal) {
        case let (grouped?, decimal?):
            // Both ways: the answerer's mark decides, unless the decimals would be too many.
            return read.ambiguousMark == UInt32(prefer.byte) && 3 <= places ? decimal : grouped
        case let (grouped?, nil): return grouped
        default: return read.decimal
        }
    }

    /// A byte cursor over the typed text.
    struct Scan {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0
        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var peek: UInt8? { at < bytes.count ? bytes[at] : nil }
        var atEnd: Bool { at == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            at += 1
            return true
        }

        mutating func take(_ sequence: [UInt8]) -> Bool {
            guard at + sequence.count <= bytes.count else { return false }
            for (i, b) in sequence.enumerated() where bytes[at + i] != b { return false }
            at += sequence.count
            return true
        }

        mutating func skipSpaces() { while peek == 0x20 { at += 1 } }

        /// Spaces, tabs and the no-break spaces.
        mutating func skipBlanks() {
            while let b = peek {
                if b == 0x20 || b == 0x09 { at += 1 } else if let n = Self.wideSpace(bytes, at) { at += n } else { return }
            }
        }

        /// A mark between digits: `.` `,` as they are, a space, a no-break space (U+00A0, U+202F)
        /// or an apostrophe (`'`, U+2019) as 0x20, which only groups. Only when digits follow.
        mutating func mark() -> UInt8? {
            guard let b = peek else { return nil }
            var length = 0, kind: UInt8 = 0
            switch b {
            case 0x2E, 0x2C: (length, kind) = (1, b)
            case 0x20, 0x27: (length, kind) = (1, 0x20)
            default:
                if let n = Self.wideSpace(bytes, at) { (length, kind) = (n, 0x20) }
                else if at + 2 < bytes.count, b == 0xE2, bytes[at + 1] == 0x80, bytes[at + 2] == 0x99 { (length, kind) = (3, 0x20) }
                else { return nil }
            }
            let next = at + length
            guard next < bytes.count, bytes[next] >= 0x30 && bytes[next] <= 0x39 else { return nil }
            at = next
            return kind
        }

        /// U+00A0 (C2 A0) or U+202F (E2 80 AF): its length in bytes there.
        static func wideSpace(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
            if at + 1 < bytes.count, bytes[at] == 0xC2, bytes[at + 1] == 0xA0 { return 2 }
            if at + 2 < bytes.count, bytes[at] == 0xE2, bytes[at + 1] == 0x80, bytes[at + 2] == 0xAF { return 3 }
            return nil
        }
    }
}

extension DecimalMark {
    var byte: UInt8 { self == .point ? 0x2E : 0x2C }
}

/// The hints of the kinds that read a number.
enum NumberHint {
    /// "Type a number, like 42 or 3.5.": the example in the language's mark, or in a comma where
    /// the room writes decimals with one.
    static func say(_ room: DecimalMark) -> Say { Say(room == .comma ? "race.hint.number.comma" : "race.hint.number") }
}
