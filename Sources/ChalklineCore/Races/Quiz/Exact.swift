/// An exact number for quiz questions and their judges: a fraction of two whole numbers, kept
/// in lowest terms with a positive denominator. `0.1 + 0.2` is `3/10`, never 0.30000000000000004;
/// a judge compares these, never `Double`s. Small enough for head arithmetic: every operation
/// reports overflow as nil rather than trapping, and a generator rejects such a question.
public struct Exact: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let numerator: Int
    public let denominator: Int

    public init(_ whole: Int) {
        numerator = whole
        denominator = 1
    }

    /// Nil for a zero denominator or a fraction too large to keep.
    public init?(_ numerator: Int, over denominator: Int) {
        guard denominator != 0, numerator != .min, denominator != .min else { return nil }
        let sign = denominator < 0 ? -1 : 1
        let g = Exact.gcd(abs(numerator), abs(denominator))
        self.numerator = sign * numerator / max(g, 1)
        self.denominator = sign * denominator / max(g, 1)
    }

    /// `digits` hundredths when `places` is 2: `Exact(scaled: 725, places: 2)` is 7.25.
    public init(scaled: Int, places: Int) {
        self = Exact(scaled, over: Exact.power10(places))!
    }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    public static func power10(_ n: Int) -> Int {
        var p = 1
        for _ in 0..<n { p *= 10 }
        return p
    }

    public static func + (a: Exact, b: Exact) -> Exact? { combine(a, b) { x, y in x.addingReportingOverflow(y) } }
    public static func - (a: Exact, b: Exact) -> Exact? { combine(a, b) { x, y in x.subtractingReportingOverflow(y) } }

    public static func * (a: Exact, b: Exact) -> Exact? {
        let (n, o1) = a.numerator.multipliedReportingOverflow(by: b.numerator)
        let (d, o2) = a.denominator.multipliedReportingOverflow(by: b.denominator)
        return o1 || o2 ? nil : Exact(n, over: d)
    }

    /// Nil when dividing by zero.
    public static func / (a: Exact, b: Exact) -> Exact? {
        guard b.numerator != 0, let inverse = Exact(b.denominator, over: b.numerator) else { return nil }
        return a * inverse
    }

    private static func combine(_ a: Exact, _ b: Exact, _ op: (Int, Int) -> (partialValue: Int, overflow: Bool)) -> Exact? {
        let (x, o1) = a.numerator.multipliedReportingOverflow(by: b.denominator)
        let (y, o2) = b.numerator.multipliedReportingOverflow(by: a.denominator)
        let (d, o3) = a.denominator.multipliedReportingOverflow(by: b.denominator)
        let (n, o4) = op(x, y)
        return o1 || o2 || o3 || o4 ? nil : Exact(n, over: d)
    }

    public static func < (a: Exact, b: Exact) -> Bool {
        a.numerator.multipliedFullWidth(by: b.denominator) < b.numerator.multipliedFullWidth(by: a.denominator)
    }

    public var isWhole: Bool { denominator == 1 }
    public var isNegative: Bool { numerator < 0 }
    public var magnitude: Exact { Exact(abs(numerator), over: denominator)! }

    /// Decimal places the number needs (0 for 7, 1 for 3.5, 2 for 7.25), or nil when its
    /// decimal never ends (1/3).
    public var decimalPlaces: Int? {
        var d = denominator
        var twos = 0, fives = 0
        while d % 2 == 0 { d /= 2; twos += 1 }
        while d % 5 == 0 { d /= 5; fives += 1 }
        return d == 1 ? max(twos, fives) : nil
    }

    /// The number written out in full (`-18`, `3.5`, `0.25`) with `mark` as its decimal point;
    /// nil when its decimal never ends.
    public func decimalText(mark: Character = ".") -> String? {
        guard let places = decimalPlaces else { return nil }
        let scaled = abs(numerator) * (Exact.power10(places) / denominator)
        var digits = String(scaled)
        if places > 0 {
            if digits.count <= places { digits = String(repeating: "0", count: places - digits.count + 1) + digits }
            digits.insert(mark, at: digits.index(digits.endIndex, offsetBy: -places))
        }
        return (numerator < 0 ? "-" : "") + digits
    }

    /// The number for a JSON field: whole numbers as `.int`, others as `.double` (for the wire
    /// only; judging never reads it back).
    public var json: JSON {
        isWhole ? .int(numerator) : .double(Double(numerator) / Double(denominator))
    }

    public var description: String { decimalText() ?? "\(numerator)/\(denominator)" }
}
