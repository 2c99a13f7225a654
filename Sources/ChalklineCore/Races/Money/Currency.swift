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

    /// `$1,234.50`, `1.234,50 €`, `¥4,800`, `CHF 1'234.50`.
    public func format(_ minor: Int) -> String {
        let major = String(abs(minor) / scale)
        var grouped = ""
        for (i, ch) in major.enumerated() {
            if i > 0 && (major.count - i) % 3 == 0 { grouped.append(group) }
            grouped.append(ch)
        }
        if places > 0 {
            let cents = String(abs(minor) % scale)
            grouped += String(mark.character) + String(repeating: "0", count: places - cents.count) + cents
        }
        let sign = minor < 0 ? "-" : ""
        return symbolFirst ? sign + symbol + grouped : sign + grouped + " " + symbol
    }

    /// An amount as people type it: with or without the symbol or the code, thousands grouped
    /// or not, `7.2` for `7.20`. Exact, in major units; nil for anything else.
    public func read(_ typed: String) -> Exact? {
        var text = typed.trimmingBlanks()
        for word in [code, code.lowercased(), symbol.trimmingBlanks()] where !word.isEmpty {
            text = text.replacing(word, with: "")
        }
        return NumberReader.read(text, mark: mark, extraGroup: group)
    }
}
