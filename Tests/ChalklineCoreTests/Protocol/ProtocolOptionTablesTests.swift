import Foundation
import Testing
@testable import ChalklineCore

/// Each kind's section of protocol.md has a table of its options: names, values, default and
/// meaning. The cells (backticks aside) must be what the kind declares, in the order
/// `settings` echoes them, so a changed range or default cannot leave the page behind. A quiz
/// other than times may list the options every quiz has in one row, "as for every quiz".
@Suite("protocol.md's option tables are the declarations")
struct ProtocolOptionTablesTests {
    struct Row: Equatable, CustomStringConvertible {
        var names: [String], values: String, defaultText: String, meaning: String
        var description: String {
            "| \(names.map { "`\($0)`" }.joined(separator: ", ")) | \(values) | \(defaultText) | \(meaning) |"
        }
    }

    /// The heading of each kind's section, from the kinds table's links: `[The pace race](#the-pace-race)`.
    static func sections(in doc: String) -> [String: String] {
        var out: [String: String] = [:]
        for line in ProtocolDocTests.section("Kinds of game", in: doc) where line.hasPrefix("| `") {
            let cells = cells(line)
            if cells.count == 3, let open = cells[2].firstIndex(of: "["), let close = cells[2].firstIndex(of: "]") {
                out[cells[0]] = String(cells[2][cells[2].index(after: open)..<close])
            }
        }
        return out
    }

    static func cells(_ line: Substring) -> [String] {
        line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            .map { $0.replacingOccurrences(of: "`", with: "").trimmingBlanks() }
    }

    /// The rows of the first `| option |` table of a section.
    static func rows(in lines: [Substring]) -> [Row] {
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| option |") }) else { return [] }
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            let c = cells(line)
            return Row(names: c[0].split(separator: ",").map { $0.trimmingBlanks() }, values: c[1], defaultText: c[2], meaning: c[3])
        }
    }

    static func row(_ spec: OptionSpec) -> Row {
        Row(names: [spec.name], values: spec.valuesText, defaultText: spec.defaultText, meaning: spec.help)
    }

    /// The options every quiz has, last in each quiz's declaration: `rounds`, `streak` and the
    /// race options (`RaceTiming.Options`).
    static var quizShared: Int { 2 + RaceTiming.Options(defaultTime: 1, timeRange: 1...2, round: "question").specs.count }

    /// What the table must say for `kind`, given whether it shares one row for the quiz options.
    static func expected(_ kind: RaceKind, sharing: Bool) -> [Row] {
        guard sharing else { return kind.options.map(row) }
        let shared = kind.options.suffix(Self.quizShared)
        let rounds = shared.first { $0.name == "rounds" }?.defaultText ?? "?"
        let time = shared.first { $0.name == "time" }?.defaultText ?? "?"
        return kind.options.dropLast(Self.quizShared).map(row)
            + [Row(names: shared.map(\.name), values: "as for every quiz", defaultText: "\(rounds) rounds, time \(time) s", meaning: "")]
    }

    @Test(arguments: RaceCatalog.names)
    func theKindsTableIsItsDeclaration(name: String) throws {
        let kind = try #require(RaceCatalog.kind(named: name))
        let doc = try ProtocolDocTests.protocolText()
        let heading = try #require(Self.sections(in: doc)[name], "protocol.md's kinds table links no section for \(name)")
        let found = Self.rows(in: ProtocolDocTests.section(heading, in: doc))
        #expect(!found.isEmpty, "no option table under ## \(heading)")
        let sharing = found.contains { $0.names.count > 1 }
        var shared = found
        // The shared row may name the quiz options in any order.
        if sharing, let last = shared.indices.last { shared[last].names.sort() }
        var wanted = Self.expected(kind, sharing: sharing)
        if sharing, let last = wanted.indices.last { wanted[last].names.sort() }
        for (have, want) in zip(shared, wanted) where have != want {
            Issue.record("protocol.md, \(heading):\n  has    \(have)\n  wanted \(want)")
        }
        #expect(shared.map(\.names) == wanted.map(\.names), "\(name): the table's options, in settings' order")
        if shared != wanted {
            let header = ["| option | values | default | meaning |", "|---|---|---|---|"]
            let table = header + Self.expected(kind, sharing: sharing).map { $0.description }
            let text: String = table.joined(separator: "\n")
            Issue.record("the table under ## \(heading) should read:\n\(text)")
        }
    }

    @Test func aWrongDefaultIsCaught() throws {
        let kind = try #require(RaceCatalog.kind(named: "times"))
        var rows = Self.expected(kind, sharing: false)
        rows[1].defaultText = "10"
        #expect(rows != Self.expected(kind, sharing: false))
        #expect(Self.rows(in: ["| option | values | default | meaning |", "|---|---|---|---|", "| `max` | 2–20 | 12 | the largest multiplier |"])
                == [Self.row(kind.options[1])])
    }
}
