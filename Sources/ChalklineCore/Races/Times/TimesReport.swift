/// What is hard in the times tables: for a student, the 2–12 grid of their accuracy on each fact
/// and their five weakest facts; for the class, every fact hardest first. Read from each
/// question's `detail` (`7,8`: the table and the multiplier).
public enum TimesReport {
    public struct Fact: Sendable {
        public var a: Int
        public var b: Int
        public var seen = 0
        public var missed = 0
        /// Drawn with a `*` after its number in the grid: the class's progress marks a fact
        /// answered slowly, so it reads without colour too.
        public var slow = false

        public init(a: Int, b: Int, seen: Int = 0, missed: Int = 0, slow: Bool = false) {
            self.a = a
            self.b = b
            self.seen = seen
            self.missed = missed
            self.slow = slow
        }

        var missRate: Double { seen == 0 ? 0 : Double(missed) / Double(seen) }
        var accuracy: KindReportTable.Cell { .fraction(Double(seen - missed) / Double(seen)) }
        var name: String { "\(a) x \(b)" }
    }

    static func sections(_ answers: [QuizAnswerRow], scope: ReportScope) -> [KindReportTable] {
        let facts = stats(answers)
        switch scope {
        case .player:
            guard !facts.isEmpty else { return [] }
            let weakest = facts.filter { $0.missed > 0 }
                .sorted { ($0.missRate, $0.missed, $1.a * 100 + $1.b) > ($1.missRate, $1.missed, $0.a * 100 + $0.b) }
                .prefix(5)
            return [
                KindReportTable(
                    name: "facts", title: Say("report.times.facts"),
                    columns: KindReportTable.columns("a", "b", "fact", "seen", "missed", "accuracy"),
                    rows: facts.map { [.int($0.a), .int($0.b), .text($0.name), .int($0.seen), .int($0.missed), $0.accuracy] },
                    plain: grid(facts)),
                KindReportTable(
                    name: "weakest", title: Say("report.times.weakest"),
                    columns: KindReportTable.columns("fact", "seen", "missed", "accuracy"),
                    rows: weakest.map { [.text($0.name), .int($0.seen), .int($0.missed), $0.accuracy] }),
            ]
        case .classroom:
            let hardest = facts.sorted { x, y in
                x.missRate != y.missRate ? x.missRate > y.missRate : x.seen != y.seen ? x.seen > y.seen : (x.a, x.b) < (y.a, y.b)
            }
            return [KindReportTable(
                name: "facts", title: Say("report.times.hardest"),
                columns: KindReportTable.columns("fact", "answer", "seen", "missed", "miss_rate"),
                rows: hardest.map { [.text($0.name), .int($0.a * $0.b), .int($0.seen), .int($0.missed), .fraction($0.missRate)] })]
        }
    }

    /// Seen and missed per fact, in table then multiplier order.
    static func stats(_ answers: [QuizAnswerRow]) -> [Fact] {
        var stats: [Int: Fact] = [:]
        for answer in answers {
            guard let parts = answer.detail?.split(separator: ","), parts.count == 2,
                  let a = Int(parts[0]), let b = Int(parts[1]) else { continue }
            stats[a * 1000 + b, default: Fact(a: a, b: b)].seen += 1
            if !answer.correct { stats[a * 1000 + b]!.missed += 1 }
        }
        return stats.keys.sorted().map { stats[$0]! }
    }

    /// The 2–12 x 2–12 grid: rows are tables, columns multipliers, cells the % right.
    public static func grid(_ facts: [Fact]) -> String {
        let byFact = Dictionary(uniqueKeysWithValues: facts.map { ($0.a * 1000 + $0.b, $0) })
        let range = 2...12
        func cell(_ s: String) -> String { TextFormat.padLeft(s, 5) }
        var lines = ["    x" + range.map { cell(String($0)) }.joined()]
        for a in range {
            lines.append(cell(String(a)) + range.map { b -> String in
                guard let s = byFact[a * 1000 + b] else { return cell(".") }
                return cell(String(Int((Double(s.seen - s.missed) * 100 / Double(s.seen)).rounded())) + (s.slow ? "*" : ""))
            }.joined())
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
