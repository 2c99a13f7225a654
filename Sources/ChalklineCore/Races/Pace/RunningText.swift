/// How runners write times and distances, both ways: `52:30`, `1:34:57`, `5:15 /km`, `7.5 mi`.
/// Times are whole seconds; distances and speeds exact numbers.
public enum RunningText {
    /// `5:15` under an hour, `1:34:57` from an hour on (59:59 is followed by 1:00:00).
    public static func time(_ seconds: Int) -> String {
        let h = seconds / 3600, m = seconds / 60 % 60, s = seconds % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    /// A time as people type it: `5:15`, `05:15`, `0:05:15`, `1:34:57`, `5m15s`, `1h34m57s`,
    /// `5'15"`, `45m`, `5 min 15`, `1 h 34 min 57 s`, `1h34` (the French and German way: the
    /// next unit down understood), with or without a unit after (`5:15 /km`, `5:15 per mile`,
    /// `5:15 par km`, `5:15 pro km`). Nil otherwise.
    public static func readTime(_ typed: String) -> Int? {
        var text = typed.trimmingBlanks().lowercased()
        // Longest first, so `5:15 min/km` loses `min/km` and not only `/km`.
        for unit in ["min/mile", "min/km", "min/mi", "per mile", "per km", "per mi", "par km", "pro km", "por km", "/mile", "/km", "/mi"] where text.hasSuffix(unit) {
            text = String(text.dropLast(unit.count)).trimmingBlanks()
        }
        // `5:15 min`: the colon already says minutes and seconds.
        if text.contains(":"), text.hasSuffix("min") { text = String(text.dropLast(3)).trimmingBlanks() }
        for (word, letter) in [("min", "m"), ("sec", "s")] where text.contains(word) { text = text.replacing(word, with: letter) }
        guard !text.isEmpty, text.count <= 20 else { return nil }
        if text.contains(":") {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
                  let numbers = Optional(parts.compactMap { Int($0) }), numbers.count == parts.count,
                  numbers.dropFirst().allSatisfy({ (0..<60).contains($0) }) else { return nil }
            return numbers.reduce(0) { $0 * 60 + $1 }
        }
        // 1h34m57s, 5m15s, 45m, 5'15"
        var total = 0, number = "", seenUnit = false
        var units: [Character] = []
        for ch in text where ch != " " {
            if ch.isASCII, ch.isNumber {
                number.append(ch)
            } else if let scale = ["h": 3600, "m": 60, "'": 60, "s": 1, "\"": 1][ch], let n = Int(number) {
                guard !units.contains(ch) else { return nil }
                units.append(ch)
                total += n * scale
                number = ""
                seenUnit = true
            } else {
                return nil
            }
        }
        // 5'15, 5m15, 1h34: the next unit down, left off.
        guard seenUnit, number.isEmpty || ["'", "m", "h"].contains(units.last!) else { return nil }
        if let n = Int(number) {
            guard n < 60 else { return nil }
            total += units.last == "h" ? n * 60 : n
        }
        return total
    }

    /// `7.5`, `12`, `21.0975`, with `mark` as the decimal point.
    public static func number(_ x: Exact, mark: DecimalMark = .point) -> String {
        x.decimalText(mark: mark.character) ?? x.description
    }

    /// A distance or speed as typed: a number, either decimal mark (`prefer` decides `1,234`),
    /// a unit after it or not (`km/h`, `mph`, `mi/h`, `miles`, `milles`, `Meilen`, `millas`...).
    public static func readNumber(_ typed: String, prefer: DecimalMark) -> Exact? {
        var text = Substring(typed.trimmingBlanks())
        for unit in numberUnits where text.count > unit.count && text.suffix(unit.count).lowercased() == unit {
            text = text.dropLast(unit.count)
            break
        }
        return NumberReader.read(String(text), prefer: prefer)
    }

    /// Longest first, so `km/h` goes before `km`.
    private static let numberUnits = ["km/h", "kmh", "kph", "mi/h", "mph", "miles", "milles", "millas", "milhas", "meilen", "meile",
                                      "milla", "milha", "mile", "mi", "km"].sorted { $0.count > $1.count }

    /// Half up to `places` decimals.
    public static func rounded(_ x: Exact, places: Int) -> Exact {
        let scale = Exact.power10(places)
        let scaled = (2 * x.numerator * scale + x.denominator) / (2 * x.denominator)
        return Exact(scaled: scaled, places: places)
    }

    /// Half up to the whole second.
    public static func seconds(_ x: Exact) -> Int {
        (2 * x.numerator + x.denominator) / (2 * x.denominator)
    }
}
