import ChalklineCore
import Foundation

/// One value in a report cell. Kinds are kept (not pre-formatted strings) so each output format
/// writes them its own way: `75%` for people, `0.75` for spreadsheets and scripts.
public enum ReportValue: Sendable, Equatable {
    case null
    case int(Int)
    case text(String)
    case bool(Bool)
    /// A fraction 0...1 (accuracy, miss rate); nil when there was nothing to count.
    case fraction(Double)
    /// Milliseconds.
    case ms(Int)
    case time(Date)
    /// A word from a short list (`finished`, `not started`, `lowest`): itself in JSON and CSV,
    /// which scripts read, and in the reader's language in plain text (`ReportWords`).
    case word(String)
}

/// A title or a column heading: a catalog text, or a fixed one (a race kind's own sections,
/// which name their tables themselves). Plain text writes it in the reader's language; JSON and
/// CSV use the table's and columns' keys, which never change.
public enum ReportText: Sendable, ExpressibleByStringLiteral {
    case fixed(String)
    case say(Say)

    public init(stringLiteral value: String) { self = .fixed(value) }

    public func callAsFunction(_ language: Language) -> String {
        switch self {
        case .fixed(let text): text
        case .say(let say): language(say)
        }
    }

    public var english: String { self(Languages.english) }
}

/// One table of a report: a name for scripts (JSON key, CSV block), a title for people, columns
/// and rows. A report is a list of these, so every format shows the same data.
public struct ReportTable: Sendable {
    public struct Column: Sendable {
        public var key: String
        public var label: ReportText
        /// In English, as before languages (tests, logs).
        public var heading: String { label.english }
        public init(_ key: String, _ heading: String) {
            self.key = key
            self.label = .fixed(heading)
        }
        public init(_ key: String, _ heading: Say) {
            self.key = key
            self.label = .say(heading)
        }
    }

    public var name: String
    public var label: ReportText
    /// In English, as before languages (tests, logs).
    public var title: String { label.english }
    public var columns: [Column]
    public var rows: [[ReportValue]]
    /// A table of exactly one record (the game a report is about): JSON writes it as an object,
    /// plain text as `heading: value` lines.
    public var single = false
    /// Plain text written instead of the aligned table, when a picture says it better (the
    /// facts grid); JSON and CSV still get the rows.
    public var plain: String?

    public init(name: String, title: String, columns: [Column], rows: [[ReportValue]], single: Bool = false) {
        self.init(name: name, title: Say?.none, columns: columns, rows: rows, single: single)
        label = .fixed(title)
    }

    public init(name: String, title: Say?, columns: [Column], rows: [[ReportValue]], single: Bool = false) {
        self.name = name
        self.label = title.map(ReportText.say) ?? .fixed("")
        self.columns = columns
        self.rows = rows
        self.single = single
    }
}

extension ReportTable {
    /// A kind's own section, as every report format writes tables.
    /// Its title and headings stay catalog texts where the kind made them so, and are written in
    /// each reader's language like the report's own.
    init(_ table: KindReportTable) {
        if let says = table.says {
            self.init(name: table.name, title: says.title, columns: zip(table.columns, says.headings).map { Column($0.key, $1) },
                      rows: table.rows.map { $0.map(ReportValue.init) })
        } else {
            self.init(name: table.name, title: table.title, columns: table.columns.map { Column($0.key, $0.heading) },
                      rows: table.rows.map { $0.map(ReportValue.init) })
        }
        plain = table.plain
    }
}

extension ReportValue {
    init(_ cell: KindReportTable.Cell) {
        switch cell {
        case .null: self = .null
        case .int(let n): self = .int(n)
        case .text(let s): self = .text(s)
        case .fraction(let f): self = .fraction(f)
        case .ms(let ms): self = .ms(ms)
        }
    }
}

/// A report: what `chalkline-server report ...` prints and `/report` replies with.
public struct Report: Sendable {
    /// `games`, `game`, `player` or `facts`.
    public var kind: String
    public var tables: [ReportTable]

    public init(kind: String, tables: [ReportTable]) {
        self.kind = kind
        self.tables = tables
    }

    public enum Format: String, Sendable, CaseIterable { case plain, csv, json }

    public func rendered(_ format: Format) -> String {
        switch format {
        case .plain: plainText
        case .csv: csv
        case .json: String(decoding: json.encoded(), as: UTF8.self)
        }
    }

    // MARK: JSON

    /// `{"report":KIND, TABLE: [...] or {...}, ...}`, tables in order.
    public var json: JSON {
        .object([("report", .string(kind))] + tables.map { table in
            let objects = table.rows.map { row in
                JSON.object(zip(table.columns, row).map { ($0.key, Self.json($1)) })
            }
            return (table.name, table.single ? (objects.first ?? .null) : .array(objects))
        })
    }

    static func json(_ value: ReportValue) -> JSON {
        switch value {
        case .null: .null
        case .int(let i), .ms(let i): .int(i)
        case .text(let s), .word(let s): .string(s)
        case .bool(let b): .bool(b)
        case .fraction(let f): .double((f * 1000).rounded() / 1000)
        case .time(let d): .string(isoFormatter.string(from: d))
        }
    }

    // MARK: CSV

    /// RFC 4180: a header row, then one row per record. A report of several tables writes one
    /// block per table, in order, separated by an empty line.
    public var csv: String {
        tables.map { table in
            ([table.columns.map { Self.csvField($0.key) }.joined(separator: ",")]
             + table.rows.map { $0.map { Self.csvField(Self.csvText($0)) }.joined(separator: ",") })
                .joined(separator: "\r\n") + "\r\n"
        }.joined(separator: "\r\n")
    }

    static func csvText(_ value: ReportValue) -> String {
        switch value {
        case .null: ""
        case .int(let i), .ms(let i): String(i)
        case .text(let s), .word(let s): s
        case .bool(let b): b ? "true" : "false"
        case .fraction(let f): String((f * 1000).rounded() / 1000)
        case .time(let d): isoFormatter.string(from: d)
        }
    }

    static func csvField(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: Plain

    /// Titled, aligned tables for a person at a terminal, in English.
    public var plainText: String { plainText(in: Languages.english) }

    /// Titled, aligned tables for a person at a terminal, in `language` (`/lang`, `--language`):
    /// titles, headings, words and numbers; numbers to the right, text to the left.
    public func plainText(in language: Language) -> String {
        tables.map { table in
            let title = table.label(language)
            if let plain = table.plain { return title + "\n" + plain }
            let headings = table.columns.map { $0.label(language) }
            if table.single, let row = table.rows.first {
                let fields = headings.map { language(Say("report.field", ["heading": .text($0)])) }
                let width = fields.map(\.count).max() ?? 0
                return zip(zip(fields, table.columns), row).map { pair, value in
                    Self.pad(pair.0, width) + " " + Self.plainText(value, pair.1.key, language)
                }.joined(separator: "\n") + "\n"
            }
            guard !table.rows.isEmpty else { return title + "\n  " + language(Say("report.none")) + "\n" }
            let cells = table.rows.map { zip(table.columns, $0).map { Self.plainText($1, $0.key, language) } }
            let widths = table.columns.indices.map { i in
                max(headings[i].count, cells.map { $0[i].count }.max() ?? 0)
            }
            let right = table.columns.indices.map { i in
                table.rows.allSatisfy { row in
                    switch row[i] {
                    case .int, .fraction, .ms, .null: true
                    default: false
                    }
                }
            }
            func line(_ values: [String]) -> String {
                let padded = values.indices.map { right[$0] ? Self.padLeft(values[$0], widths[$0]) : Self.pad(values[$0], widths[$0]) }
                return ("  " + padded.joined(separator: "  ")).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            }
            return ([title, line(headings)] + cells.map(line)).joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }

    /// One cell for people. Counts of five digits and more are grouped the language's way (as
    /// its typography has it, four digits stay together); an id never is: it is typed back.
    static func plainText(_ value: ReportValue, _ column: String, _ language: Language) -> String {
        switch value {
        case .null: return "-"
        case .int(let i): return abs(i) >= 10_000 && column != "id" ? language.number(i) : String(i)
        case .text(let s): return s
        case .word(let w): return ReportWords.keys[w].map { language(Say($0)) } ?? w
        case .bool(let b): return language(Say(b ? "report.yes" : "report.no"))
        case .fraction(let f): return language(Say("report.percent", ["n": .int(Int((f * 100).rounded()))]))
        case .ms(let ms):
            let seconds = String(format: "%.1f", Double(ms) / 1000)
            return language(Say("report.seconds", ["n": .text(language.decimalMark == "." ? seconds : seconds.replacingOccurrences(of: ".", with: String(language.decimalMark)))]))
        case .time(let d): return localFormatter.string(from: d)
        }
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }

    static func padLeft(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }

    /// Made once: formatters are costly to make and (in Foundation) safe to share.
    static let isoFormatter: DateFormatter = {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'Z'"
        return f
    }()

    /// Local time for people: the teacher reads when class was, not UTC.
    static let localFormatter: DateFormatter = {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd HH:mm"
        return f
    }()
}
