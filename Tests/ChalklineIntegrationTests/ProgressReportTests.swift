import ChalklineCore
import ChalklineStore
import Foundation
import Testing

/// `report class` and `report player --class` (issue 40's progress) on both stores, over
/// `ClassWeeks`: every figure against the one worked out by hand, the times grid against the raw
/// rows, and the real binary's three formats.
@Suite struct ProgressReportTests {
    /// The database (a path or a URI) written once per backend; each test reads it through a
    /// store of its own, as a store is used by one thread at a time (`ResultsStore`).
    final class Written: @unchecked Sendable {
        let db: String
        var store: any ResultsStore {
            get throws {
                let store = ResultsStores.make(db, server: ClassWeeks.server)
                try store.connectExisting()
                return store
            }
        }
        static let sqlite = Result { try Written(.sqlite) }
        static let postgres = Result { try Written(.postgres) }
        static func on(_ backend: Backend) throws -> Written { try (backend == .sqlite ? sqlite : postgres).get() }

        private init(_ backend: Backend) throws {
            db = try backend.newDatabase()
            let store = ResultsStores.make(db, server: ClassWeeks.server)
            try store.connect()
            try ClassWeeks.write(store)
        }
    }

    static let utc = LocalDays(zone: TimeZone(identifier: "UTC")!)

    /// A table's rows as `key: value`.
    func records(_ report: Report, _ name: String) throws -> [[String: ReportValue]] {
        let table = try #require(report.tables.first { $0.name == name }, "no table \(name)")
        return table.rows.map { Dictionary(uniqueKeysWithValues: zip(table.columns.map(\.key), $0)) }
    }

    func fraction(_ right: Int, _ of: Int) -> ReportValue { .fraction(Double(right) / Double(of)) }

    @Test(arguments: Backend.allCases) func everyFigureOfTheClass(_ backend: Backend) throws {
        let written = try Written.on(backend)
        let report = try written.store.report { try Reports.classProgress($0, className: "4b", server: ClassWeeks.server, days: Self.utc) }
        #expect(report.kind == "class")
        #expect(report.tables.map(\.name) == ["class", "students", "times", "skills", "words", "weeks", "needs_help"])
        #expect(try records(report, "class") == [["class": .text("4B"), "students": .int(3), "games": .int(4), "homework": .int(1),
                                                  "from": .text("2026-11-02"), "to": .text("2026-11-10")]])
        // Di is off the list, Bo is Boris now; Cy's only seat was a bot's.
        #expect(try records(report, "students") == [
            ["student": .text("Ana"), "games": .int(4), "answers": .int(6), "right": .int(5), "accuracy": fraction(5, 6), "median_ms": .ms(3000)],
            ["student": .text("Boris"), "games": .int(4), "answers": .int(6), "right": .int(4), "accuracy": fraction(4, 7), "median_ms": .ms(6000)],
            ["student": .text("Cy"), "games": .int(0), "answers": .int(0), "right": .int(0), "accuracy": .null, "median_ms": .null],
        ])
        #expect(try records(report, "times") == [
            ["a": .int(3), "b": .int(4), "asked": .int(2), "right": .int(1), "accuracy": fraction(1, 2), "median_ms": .ms(4000)],
            ["a": .int(6), "b": .int(7), "asked": .int(1), "right": .int(1), "accuracy": fraction(1, 1), "median_ms": .ms(2000)],
            ["a": .int(7), "b": .int(8), "asked": .int(5), "right": .int(4), "accuracy": fraction(4, 5), "median_ms": .ms(5000)],
        ])
        #expect(try records(report, "skills") == [
            ["kind": .text("arith"), "skill": .text("add"), "asked": .int(2), "right": .int(1), "accuracy": fraction(1, 2), "median_ms": .ms(2500)],
            ["kind": .text("arith"), "skill": .text("borrow"), "asked": .int(2), "right": .int(1), "accuracy": fraction(1, 2), "median_ms": .ms(5000)],
            ["kind": .text("arith"), "skill": .text("carry"), "asked": .int(2), "right": .int(1), "accuracy": fraction(1, 2), "median_ms": .ms(2500)],
            ["kind": .text("arith"), "skill": .text("sub"), "asked": .int(2), "right": .int(1), "accuracy": fraction(1, 2), "median_ms": .ms(5000)],
            ["kind": .text("money"), "skill": .text("change"), "asked": .int(1), "right": .int(1), "accuracy": fraction(1, 1), "median_ms": .ms(6000)],
        ])
        #expect(try records(report, "words") == [
            ["word": .text("PENGUIN"), "clue": .text("A bird that cannot fly"), "found": .int(1), "by": .int(1)],
            ["word": .text("WALRUS"), "clue": .text("A big sea animal"), "found": .int(1), "by": .int(1)],
        ])
        #expect(try records(report, "weeks") == [
            ["week": .text("2026-11-02"), "answers": .int(5), "right": .int(4), "accuracy": fraction(4, 6), "median_ms": .ms(3500)],
            ["week": .text("2026-11-09"), "answers": .int(7), "right": .int(5), "accuracy": fraction(5, 7), "median_ms": .ms(5000)],
        ])
        // The class: 9 of 13 right, right answers 4.0 s on the median. Boris is below both and
        // rose (1/3 to 3/4); Ana fell (3/3 to 2/3).
        #expect(try records(report, "needs_help") == [
            ["student": .text("Boris"), "why": .word("lowest"), "accuracy": fraction(4, 7), "median_ms": .ms(6000), "change": .fraction(3.0 / 4 - 1.0 / 3)],
            ["student": .text("Boris"), "why": .word("slowest"), "accuracy": fraction(4, 7), "median_ms": .ms(6000), "change": .fraction(3.0 / 4 - 1.0 / 3)],
            ["student": .text("Ana"), "why": .word("falling"), "accuracy": fraction(5, 6), "median_ms": .ms(3000), "change": .fraction(2.0 / 3 - 1)],
        ])
    }

    /// Dates are days, both counted: the 9th alone is G2 and the word puzzle.
    @Test(arguments: Backend.allCases) func aSpanOfDaysCountsTheGamesStartedInIt(_ backend: Backend) throws {
        let written = try Written.on(backend)
        let span = try #require(Self.utc.span(from: "2026-11-09", to: "2026-11-09"))
        let report = try written.store.report {
            try Reports.classProgress($0, className: "4B", server: ClassWeeks.server, from: span.from, to: span.to, days: Self.utc)
        }
        #expect(try records(report, "class") == [["class": .text("4B"), "students": .int(3), "games": .int(2), "homework": .int(0),
                                                  "from": .text("2026-11-09"), "to": .text("2026-11-09")]])
        #expect(try records(report, "students").map { $0["right"] } == [.int(1), .int(1), .int(0)])
        #expect(try records(report, "times").isEmpty)
        #expect(try records(report, "words").count == 2)
        // One week: nobody falls; level on accuracy, but Boris's right answer took 5.0 s against 2.5.
        #expect(try records(report, "needs_help").map { [$0["student"], $0["why"], $0["change"]] } == [[.text("Boris"), .word("slowest"), .null]])
    }

    @Test(arguments: Backend.allCases) func oneStudentByUidWhateverNameTheyPlayedUnder(_ backend: Backend) throws {
        let written = try Written.on(backend)
        let report = try written.store.report {
            try Reports.playerProgress($0, name: "boris", className: "4B", server: ClassWeeks.server, days: Self.utc)
        }
        #expect(report.kind == "player")
        #expect(report.tables.map(\.name) == ["player", "times", "skills", "words", "weeks"])
        #expect(try records(report, "player") == [["player": .text("Boris"), "class": .text("4B"), "games": .int(4), "answers": .int(6),
                                                   "right": .int(4), "accuracy": fraction(4, 7), "median_ms": .ms(6000)]])
        #expect(try records(report, "times") == [
            ["a": .int(3), "b": .int(4), "asked": .int(1), "right": .int(0), "accuracy": fraction(0, 1), "median_ms": .null],
            ["a": .int(6), "b": .int(7), "asked": .int(1), "right": .int(1), "accuracy": fraction(1, 1), "median_ms": .ms(2000)],
            ["a": .int(7), "b": .int(8), "asked": .int(3), "right": .int(2), "accuracy": fraction(2, 3), "median_ms": .ms(8000)],
        ])
        #expect(try records(report, "words") == [["word": .text("WALRUS"), "clue": .text("A big sea animal"), "found": .int(1)]])
        #expect(try records(report, "weeks").map { $0["accuracy"] } == [fraction(1, 3), fraction(3, 4)])

        // Without the class: the name as typed in each game, as `report player` reads it.
        let byName = try written.store.report { try Reports.playerProgress($0, name: "BO", days: Self.utc) }
        #expect(try records(byName, "player") == [["player": .text("Bo"), "class": .null, "games": .int(4), "answers": .int(6),
                                                   "right": .int(4), "accuracy": fraction(4, 7), "median_ms": .ms(6000)]])
        // A student taken off the list is still found by the teacher.
        let di = try written.store.report { try Reports.playerProgress($0, name: "Di", className: "4B", days: Self.utc) }
        #expect(try records(di, "player").first?["right"] == .int(2))
    }

    @Test(arguments: Backend.allCases) func aClassOrStudentThatIsNotThereIsSaidSo(_ backend: Backend) throws {
        let written = try Written.on(backend)
        #expect(throws: Reports.Failure.self) { try written.store.report { try Reports.classProgress($0, className: "9Z") } }
        #expect(throws: Reports.Failure.self) { try written.store.report { try Reports.playerProgress($0, name: "Zed", className: "4B") } }
        #expect(throws: Reports.Failure.self) { try written.store.report { try Reports.playerProgress($0, name: "Nobody") } }
        #expect(throws: Reports.Failure.self) {
            try written.store.report { try Reports.classProgress($0, className: "4B", server: "another room") }
        }
    }

    /// The grid from the raw rows, by plain SQL and a median of its own, cell for cell.
    @Test(arguments: Backend.allCases) func theTimesGridIsWhatTheRowsSay(_ backend: Backend) throws {
        let written = try Written.on(backend)
        let report = try written.store.report { try Reports.classProgress($0, className: "4B", server: ClassWeeks.server, days: Self.utc) }
        let raw = try written.store.report { db in
            try db.rows("""
                SELECT q.detail, a.correct, a.ms FROM answer a
                JOIN question q ON q.id = a.question_id
                JOIN player p ON p.id = a.player_id
                JOIN game g ON g.id = p.game_id
                WHERE g.kind = 'times' AND p.bot = 0
                  AND p.student_uid IN (SELECT uid FROM student WHERE class_uid = ? AND removed = 0)
                """, [.text(ClassWeeks.classUID)])
        }
        var cells: [String: (asked: Int, right: Int, ms: [Int])] = [:]
        for row in raw {
            let detail: String = row["detail"], correct: Bool = row["correct"]
            cells[detail, default: (0, 0, [])].asked += 1
            if correct {
                cells[detail]!.right += 1
                cells[detail]!.ms.append(row["ms"])
            }
        }
        func middle(_ values: [Int]) -> ReportValue {
            let sorted = values.sorted()
            if sorted.isEmpty { return .null }
            if sorted.count % 2 == 1 { return .ms(sorted[sorted.count / 2]) }
            return .ms(Int((Double(sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2).rounded(.up)))
        }
        let expected = cells.map { detail, cell -> [String: ReportValue] in
            let ab = detail.split(separator: ",").map { Int($0)! }
            return ["a": .int(ab[0]), "b": .int(ab[1]), "asked": .int(cell.asked), "right": .int(cell.right),
                    "accuracy": .fraction(Double(cell.right) / Double(cell.asked)), "median_ms": middle(cell.ms)]
        }.sorted { ($0["a"]!.int, $0["b"]!.int) < ($1["a"]!.int, $1["b"]!.int) }
        #expect(!expected.isEmpty)
        #expect(try records(report, "times") == expected)
    }

    /// The real binary, in the server's time zone: in Auckland (UTC+13 in November) G1, started
    /// at 10:00 UTC on the 2nd, was played on the 2nd at 23:00, and the homework (16:00 UTC on
    /// the 10th) on the 11th.
    @Test(arguments: Backend.allCases) func reportClassAndPlayerThroughTheBinary(_ backend: Backend) throws {
        let written = try Written.on(backend)
        func run(_ arguments: [String], zone: String = "UTC") throws -> FinishedRun {
            try FinishedRun.program("/usr/bin/env", ["TZ=\(zone)", BuiltProducts.path("chalkline-server"), "report", "--db", written.db] + arguments)
        }
        let json = try run(["--json", "class", "4B", "--from", "2026-11-11"], zone: "Pacific/Auckland")
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object.string("report") == "class")
        let summary = try #require(object["class"] as? [String: Any])
        #expect(summary.int("homework") == 1 && summary.int("games") == 0 && summary.string("from") == "2026-11-11")
        #expect(object.list("weeks").map { $0.string("week") } == ["2026-11-09"])
        let utc = try run(["--json", "class", "4B", "--from", "2026-11-11"])
        #expect(((try JSONSerialization.jsonObject(with: Data(utc.stdout.utf8)) as? [String: Any])?["class"] as? [String: Any])?.int("homework") == 0)

        let text = try run(["class", "4B"])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Class:") == true && lines.first?.hasSuffix(" 4B") == true)
        #expect(lines.contains { $0.hasPrefix("  Boris") && $0.contains("57%") && $0.hasSuffix("6.0 s") })
        // The grid: row 7, column 8 is 80% (4 of 5).
        let seven = try #require(lines.first { $0.hasPrefix("    7") })
        #expect(seven.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
                == ["7", ".", ".", ".", ".", ".", ".", "80", ".", ".", ".", "."])

        let csv = try run(["--csv", "player", "Boris", "--class", "4B"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let blocks = csv.stdout.components(separatedBy: "\r\n\r\n")
        #expect(blocks.first == "player,class,games,answers,right,accuracy,median_ms\r\nBoris,4B,4,6,4,0.571,6000")
        #expect(blocks.contains { $0.hasPrefix("a,b,asked,right,accuracy,median_ms\r\n3,4,1,0,0.0,\r\n6,7,1,1,1.0,2000\r\n7,8,3,2,0.667,8000") })

        let missing = try run(["class", "9Z"])
        #expect(missing.status == 1 && missing.stderr.contains("There is no class 9Z"))
        let notOnList = try run(["player", "Zed", "--class", "4B"])
        #expect(notOnList.status == 1 && notOnList.stderr.contains("There is no Zed in class 4B"))
        let badDay = try run(["class", "4B", "--to", "2026-13-01"])
        #expect(badDay.status != 0 && badDay.stderr.contains("YYYY-MM-DD"))
    }
}

private extension ReportValue {
    var int: Int {
        if case .int(let n) = self { return n }
        return 0
    }
}
