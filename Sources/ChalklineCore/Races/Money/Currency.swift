/// A currency as its users write amounts: symbol and where it goes, decimal mark, thousands
/// separator, and minor units (cents; none for the yen). Amounts are whole minor units.
public struct Currency: Sendable, Equatable {
    public let code: String
    public let symbol: String
    /// `$48.00` (true) or `48,00 €` (false; a space comes between).
    public let symbolFirst: Bool
    public let mark: DecimalMark
    public let group: Character
    /// Decimal places: 2, or 0 for a currency without a minor unit.
    public let places: Int
    /// What one minor unit is called in "to the nearest ...".
    public let unitName: String

    /// The currencies `currency=` takes, as each is written where it is used.
    public static let all: [Currency] = [
        Currency(code: "USD", symbol: "$", symbolFirst: true, mark: .point, group: ",", places: 2, unitName: "cent"),
        Currency(code: "EUR", symbol: "€", symbolFirst: false, mark: .comma, group: ".", places: 2, unitName: "cent"),
        Currency(code: "GBP", symbol: "£", symbolFirst: true, mark: .point, group: ",", places: 2, unitName: "penny"),
        Currency(code: "JPY", symbol: "¥", symbolFirst: true, mark: .point, group: ",", places: 0, unitName: "yen"),
        Currency(code: "INR", symbol: "₹", symbolFirst: true, mark: .point, group: ",", places: 2, unitName: "paisa"),
        Currency(code: "CHF", symbol: "CHF ", symbolFirst: true, mark: .point, group: "'", places: 2, unitName: "centime"),
        Currency(code: "AUD", symbol: "A$", symbolFirst: true, mark: .point, group: ",", places: 2, unitName: "cent"),
        Currency(code: "CAD", symbol: "C$", symbolFirst: true, mark: .point, group: ",", places: 2, unitName: "cent"),
    ]

    public static func named(_ code: String) -> Currency? { all.first { $0.code == code.uppercased() } }

    /// Minor units in one major unit: 100, or 1.
    public var scale: Int { Exact.power10(places) }

    /// `$1,234.50`, `1.234,50 €`, `¥4,800`, `CHF 1'234.50`: as the currency's own country
    /// writes it, json's `text` (bots read it).
    public func format(_ minor: Int) -> String {
        let grouped = Self.grouped(abs(minor) / scale, String(group)) + cents(minor, mark.character)
        let sign = minor < 0 ? "-" : ""
        return symbolFirst ? sign + symbol + grouped : sign + grouped + " " + symbol
    }

    /// The amount as `language` writes money: its marks and where it puts the symbol (`€48.00`
    /// in English, `48,00 €` in French and German, `48,00 $` in French).
    public func format(_ minor: Int, in language: Language) -> String {
        let amount = language.number(abs(minor) / scale) + cents(minor, language.decimalMark)
        // The symbol as it is (`CHF ` keeps its space where it goes first), the ends trimmed.
        let written = language.text("race.money.amount", ["symbol": .text(symbol), "amount": .text(amount)]).trimmingBlanks()
        return minor < 0 ? "-" + written : written
    }

    /// "like $7.20" in `hint`s: an amount's example as the language writes it.
    var example: Say {
        places == 0 ? Say("race.money.example.whole", ["symbol": .text(symbol)]) : Say("race.money.example", ["symbol": .text(symbol)])
    }

    private func cents(_ minor: Int, _ mark: Character) -> String {
        guard places > 0 else { return "" }
        let cents = String(abs(minor) % scale)
        return String(mark) + String(repeating: "0", count: places - cents.count) + cents
    }

    private static func grouped(_ major: Int, _ group: String) -> String {
        let digits = String(major)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += group }
            out.append(ch)
        }
        return out
    }

    /// An amount as people type it, in any style (`1 234,50 €`, `€1,234.50`, `1234.5 EUR`,
    /// `1.234,50`, `7.2` for `7.20`): with or without a currency's symbol or code on either
    /// side, the decimal mark either way. An amount has at most the currency's decimals, so
    /// `1,234` is 1234 in every language. Exact, in major units; nil for anything else.
    /// Reads the bytes in place (no allocation an answer).
    public func read(_ typed: String, prefer: DecimalMark = .point) -> Exact? {
        var typed = typed
        return typed.withUTF8 { bytes in
            var start = 0, end = bytes.count
            var trimmed = true
            while trimmed {
                trimmed = false
                while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
                while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
                for word in Self.words {
                    if Self.matches(word, bytes, at: start, before: end) { start += word.count; trimmed = true; break }
                    if end - word.count >= start, Self.matches(word, bytes, at: end - word.count, before: end) { end -= word.count; trimmed = true; break }
                }
            }
            return NumberReader.read(UnsafeBufferPointer(rebasing: bytes[start..<end]), prefer: prefer, places: places)
        }
    }

    /// Every currency's code and symbol as bytes, longest first (`A$` before `$`): an answer
    /// may carry any (a class in euros types `€` or `EUR`, a child abroad its own).
    private static let words: [[UInt8]] = {
        var words = Set<[UInt8]>()
        for c in all {
            words.insert(Array(c.code.utf8))
            words.insert(Array(c.symbol.trimmingBlanks().utf8))
        }
        return words.sorted { $0.count > $1.count }
    }()

    /// Whether `word` is at `at` (ASCII letters in any case).
    private static func matches(_ word: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, at: Int, before end: Int) -> Bool {
        guard at + word.count <= end else { return false }
        for (i, w) in word.enumerated() {
            var b = bytes[at + i]
            if b >= 0x61 && b <= 0x7A { b -= 0x20 }
            if b != w { return false }
        }
        return true
    }
}
