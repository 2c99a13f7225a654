/// `/create times` options, checked once so the race itself never meets a bad value.
public struct TimesSettings: Equatable, Sendable {
    public var tables: [Int]
    /// The tables as the teacher wrote them (`all`, `7`, `3-5`, `3,4,8`), echoed back.
    public var tableSpec: String
    public var maxMultiplier: Int
    public var order: TimesQuestionSequence.Order
    public var rounds: Int
    public var streakBonus: Bool
    public var timing: RaceTiming

    static let tableRange = 1...20

    public static func parse(_ options: CommandOptions, random: () -> UInt64) throws(OptionError) -> TimesSettings {
        var r = try OptionReader(options)
        let spec = r.take("table") ?? r.take("tables") ?? "all"
        let tables = try parseTables(spec)
        let maxMultiplier = try r.int("max", default: 12, in: 2...20)
        let orderText = r.take("order") ?? "normal"
        guard let order = TimesQuestionSequence.Order(rawValue: orderText.lowercased()) else {
            throw OptionError(message: "order= takes normal or random.")
        }
        let rounds = try r.int("rounds", default: 20, in: 1...500)
        let streak = try r.flag("streak", default: true)
        let timing = try RaceTiming.read(&r, defaultTime: 10, timeRange: 0.2...600, random: random)
        try r.finish()
        return TimesSettings(tables: tables, tableSpec: spec.lowercased(), maxMultiplier: maxMultiplier,
                             order: order, rounds: rounds, streakBonus: streak, timing: timing)
    }

    /// `all` (2–12), `N`, `A-B`, or a list `3,4,8`.
    static func parseTables(_ spec: String) throws(OptionError) -> [Int] {
        let bad = OptionError(message: "table= takes all, a number (7), a range (3-5) or a list (3,4,8), each from 1 to 20.")
        if spec.lowercased() == "all" { return Array(2...12) }
        if let dash = spec.firstIndex(of: "-") {
            guard let a = Int(spec[..<dash]), let b = Int(spec[spec.index(after: dash)...]),
                  a <= b, tableRange.contains(a), tableRange.contains(b) else { throw bad }
            return Array(a...b)
        }
        var tables: [Int] = []
        for part in spec.split(separator: ",", omittingEmptySubsequences: false) {
            guard let n = Int(part), tableRange.contains(n) else { throw bad }
            if !tables.contains(n) { tables.append(n) }
        }
        guard !tables.isEmpty else { throw bad }
        return tables
    }

    var json: JSON {
        .object([("table", .string(tableSpec)), ("max", .int(maxMultiplier)), ("order", .string(order.rawValue)),
                 ("rounds", .int(rounds)), ("streak", .bool(streakBonus))] + timing.json)
    }
}
