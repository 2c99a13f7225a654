/// How a class writes the decimal point: `3.5` or `3,5` (`decimal=point|comma`).
public enum DecimalMark: String, Sendable, CaseIterable {
    case point, comma

    public var character: Character { self == .point ? "." : "," }

    /// `decimal=`, which every kind that reads decimals declares, with its own help.
    static func option(help: String) -> GameOption<DecimalMark> {
        .choice("decimal", default: .point, help: help)
    }
}

/// Reads a number as people type it, leniently, and exactly: ` 3 `, `+3`, `-3` and `−3` (the
/// Unicode minus), `3.0`, `3.50`, `.5`, thousands grouped with the other mark (`1,000` where
/// decimals take a point; `1.000` or `1 000` where they take a comma), and `3,5` where the room
/// writes decimals with a comma. Fractions (`7/2`), words and anything else are unreadable: the
/// caller answers with `hint`.
public enum NumberReader {
    public static func read(_ typed: String, mark: DecimalMark = .point, extraGroup: Character? = nil) -> Exact? {
        var text = Substring(typed.trimmingBlanks())
        guard !text.isEmpty, text.count <= 30 else { return nil }
        var negative = false
        if let first = text.first, first == "-" || first == "\u{2212}" || first == "+" {
            negative = first != "+"
            text = text.dropFirst().drop { $0 == " " }
        }
        let decimal = mark.character
        var group: Set<Character> = mark == .point ? [","] : [".", " ", "\u{00A0}", "\u{202F}"]
        if let extraGroup, extraGroup != decimal { group.insert(extraGroup) }
        var whole = "", fraction = ""
        var seenDecimal = false
        var groups: [Int] = []   // lengths of digit runs between group marks, before the decimal mark
        var run = 0
        for ch in text {
            if ch.isASCII, ch.isNumber {
                if seenDecimal { fraction.append(ch) } else { whole.append(ch); run += 1 }
            } else if ch == decimal, !seenDecimal {
                seenDecimal = true
            } else if group.contains(ch), !seenDecimal {
                groups.append(run)
                run = 0
            } else {
                return nil
            }
        }
        // Thousands grouping must be real: 1,000 and 12,345,678, not 3,5 or 1,00.
        if !groups.isEmpty {
            guard let first = groups.first, (1...3).contains(first), groups.dropFirst().allSatisfy({ $0 == 3 }), run == 3 else { return nil }
        }
        guard !(whole.isEmpty && fraction.isEmpty), fraction.count <= 9, whole.count <= 12 else { return nil }
        if seenDecimal && fraction.isEmpty && whole.isEmpty { return nil }
        let scaled = Int(whole + fraction) ?? 0
        let value = Exact(scaled: scaled, places: fraction.count)
        return negative ? Exact(-value.numerator, over: value.denominator) : value
    }

    /// The hint for an unreadable answer in a room with `mark`.
    public static func hint(_ mark: DecimalMark) -> String {
        mark == .point ? "Type a number, like 42 or 3.5." : "Type a number, like 42 or 3,5."
    }
}
