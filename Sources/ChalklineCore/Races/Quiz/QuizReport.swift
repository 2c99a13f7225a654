/// Who a report is about: one student's answers, or the whole class's.
public enum ReportScope: Sendable, Equatable {
    case player
    case classroom
}

/// One stored answer to a quiz question, as a kind's report section reads it.
public struct QuizAnswerRow: Sendable, Equatable {
    public var player: String
    /// The question's text and right answer (`answer_text`), as stored.
    public var question: String
    public var answer: String
    public var detail: String?
    /// Nil when the player did not answer before the round closed (a miss).
    public var typed: String?
    public var correct: Bool
    public var ms: Int?

    public init(player: String, question: String, answer: String, detail: String?, typed: String?, correct: Bool, ms: Int?) {
        self.player = player
        self.question = question
        self.answer = answer
        self.detail = detail
        self.typed = typed
        self.correct = correct
        self.ms = ms
    }
}

/// A report table a kind makes, with no I/O and no dates: the store turns it into a `ReportTable`
/// and every report format (plain, csv, json) writes it as it writes the others.
public struct KindReportTable: Sendable, Equatable {
    public enum Cell: Sendable, Equatable {
        case null
        case int(Int)
        case text(String)
        /// 0...1, written `75%` for people and `0.75` for scripts.
        case fraction(Double)
        /// Milliseconds.
        case ms(Int)
    }

    public var name: String
    public var title: String
    public var columns: [(key: String, heading: String)]
    public var rows: [[Cell]]
    /// Plain text shown instead of the aligned table where a picture says it better.
    public var plain: String?

    /// The title and headings before they have a language, for `translated(_:)`; nil for a
    /// table made of fixed text.
    public internal(set) var says: (title: Say, headings: [Say])?

    public init(name: String, title: String, columns: [(key: String, heading: String)], rows: [[Cell]], plain: String? = nil) {
        self.name = name
        self.title = title
        self.columns = columns
        self.rows = rows
        self.plain = plain
    }

    /// A kind's table whose title and headings are catalog texts: English as made, any other
    /// language through `translated(_:)`. The keys (`name`, each column's `key`) never change.
    init(name: String, title: Say, columns: [(key: String, heading: Say)], rows: [[Cell]], plain: String? = nil) {
        self.init(name: name, title: title.english, columns: columns.map { ($0.key, $0.heading.english) }, rows: rows, plain: plain)
        says = (title, columns.map(\.heading))
    }

    /// The table with its title and headings in `language`, for a report's reader (`/report`
    /// after `/lang`, `chalkline-server report --language`); csv and json keys stay as they are.
    public func translated(_ language: Language) -> KindReportTable {
        guard let says, language !== Languages.english else { return self }
        var copy = self
        copy.title = language(says.title)
        copy.columns = zip(columns, says.headings).map { ($0.key, language($1)) }
        return copy
    }

    /// A column's heading, by its key: `report.column.KEY`, each spelled out for the catalog test.
    static func heading(_ key: String) -> Say {
        switch key {
        case "a": Say("report.column.a")
        case "b": Say("report.column.b")
        case "fact": Say("report.column.fact")
        case "seen": Say("report.column.seen")
        case "missed": Say("report.column.missed")
        case "accuracy": Say("report.column.accuracy")
        case "answer": Say("report.column.answer")
        case "miss_rate": Say("report.column.miss_rate")
        case "game": Say("report.column.game")
        case "right": Say("report.column.right")
        case "median_ms": Say("report.column.median_time")
        case "question": Say("report.column.question")
        case "of": Say("report.column.of")
        case "wrong": Say("report.column.wrong_answers")
        default: Say("report.tag.other", ["tag": .text(key)])
        }
    }

    /// Columns by key, each with its catalog heading.
    static func columns(_ keys: String...) -> [(key: String, heading: Say)] {
        keys.map { ($0, heading($0)) }
    }

    public static func == (a: KindReportTable, b: KindReportTable) -> Bool {
        a.name == b.name && a.title == b.title && a.rows == b.rows && a.plain == b.plain
            && a.columns.map(\.key) == b.columns.map(\.key) && a.columns.map(\.heading) == b.columns.map(\.heading)
    }
}

/// The report sections most kinds want, from the tags in each question's `detail`.
public enum QuizReport {
    /// Accuracy and median answer time by tag, the five weakest tags, and the questions missed
    /// most. `tagHeading` names what the tags are (`Skill`, `Question kind`); `kind` starts each
    /// table's name (`arith_tags`), so one report can hold several kinds' sections.
    /// Only tags `keep` accepts are counted, so a tag of another sort (a level, a unit) does not
    /// sit among the skills as if it were one. Every row starts with the kind, so blocks of
    /// several kinds (`facts --csv`) say which game each is.
    public static func byTag(_ answers: [QuizAnswerRow], scope: ReportScope, kind: String, tagHeading: String = "Skill",
                             keep: (String) -> Bool = { _ in true },
                             tagName: (String) -> String = { $0 }) -> [KindReportTable] {
        struct Tally { var seen = 0; var right = 0; var ms: [Int] = [] }
        var tallies: [String: Tally] = [:]
        var order: [String] = []
        for answer in answers {
            for tag in (answer.detail ?? "").split(separator: " ").map(String.init) where keep(tag) {
                if tallies[tag] == nil { order.append(tag) }
                tallies[tag, default: Tally()].seen += 1
                if answer.correct { tallies[tag]!.right += 1 }
                if answer.typed != nil, let ms = answer.ms { tallies[tag]!.ms.append(ms) }
            }
        }
        let rows = order.map { tag -> [KindReportTable.Cell] in
            let t = tallies[tag]!
            return [.text(kind), .text(tagName(tag)), .int(t.seen), .int(t.right), .fraction(Double(t.right) / Double(t.seen)),
                    median(t.ms).map(KindReportTable.Cell.ms) ?? .null]
        }
        let tag = tagSays(tagHeading)
        let tagColumn: [(key: String, heading: Say)] = [("tag", tag.heading)]
        let bySkill = KindReportTable(
            name: "\(kind)_tags",
            title: Say(scope == .player ? "report.tags.title" : "report.tags.title_class", ["kind": .text(kind), "tag": .say(tag.inTitle)]),
            columns: KindReportTable.columns("game") + tagColumn + KindReportTable.columns("seen", "right", "accuracy", "median_ms"),
            rows: rows)
        let weakest = order.filter { tallies[$0]!.right < tallies[$0]!.seen }
            .sorted { a, b in
                let x = tallies[a]!, y = tallies[b]!
                let rx = Double(x.seen - x.right) / Double(x.seen), ry = Double(y.seen - y.right) / Double(y.seen)
                return rx != ry ? rx > ry : x.seen != y.seen ? x.seen > y.seen : a < b
            }
            .prefix(5)
        let weakTable = KindReportTable(
            name: "\(kind)_weakest", title: Say("report.tags.weakest", ["kind": .text(kind), "tag": .say(tag.inTitle)]),
            columns: KindReportTable.columns("game") + tagColumn + KindReportTable.columns("seen", "missed", "accuracy"),
            rows: weakest.map { tag in
                let t = tallies[tag]!
                return [.text(kind), .text(tagName(tag)), .int(t.seen), .int(t.seen - t.right), .fraction(Double(t.right) / Double(t.seen))]
            })
        var missed: [String: (answer: String, seen: Int, missed: Int)] = [:]
        var questionOrder: [String] = []
        for answer in answers {
            if missed[answer.question] == nil { questionOrder.append(answer.question) }
            missed[answer.question, default: (answer.answer, 0, 0)].seen += 1
            if !answer.correct { missed[answer.question]!.missed += 1 }
        }
        let most = questionOrder.filter { missed[$0]!.missed > 0 }
            .sorted { missed[$0]!.missed != missed[$1]!.missed ? missed[$0]!.missed > missed[$1]!.missed : $0 < $1 }
            .prefix(10)
        let missedTable = KindReportTable(
            name: "\(kind)_missed", title: Say("report.tags.missed", ["kind": .text(kind)]),
            columns: KindReportTable.columns("game", "question", "answer", "seen", "missed"),
            rows: most.map { q in
                let m = missed[q]!
                return [.text(kind), .text(q), .text(m.answer), .int(m.seen), .int(m.missed)]
            })
        return [bySkill, weakTable, missedTable]
    }

    /// The catalog texts of a tag heading a kind names (`Skill`, `Question`, `Asked`): as a
    /// column's heading, and as it reads inside a title (`arith: by skill`).
    static func tagSays(_ heading: String) -> (heading: Say, inTitle: Say) {
        switch heading {
        case "Skill": (Say("report.tag.skill"), Say("report.tag.skill.in_title"))
        case "Question": (Say("report.tag.question"), Say("report.tag.question.in_title"))
        case "Asked": (Say("report.tag.asked"), Say("report.tag.asked.in_title"))
        default: (Say("report.tag.other", ["tag": .text(heading)]), Say("report.tag.other", ["tag": .text(heading.lowercased())]))
        }
    }

    /// The middle value, rounding a half up; nil for none.
    public static func median(_ values: [Int]) -> Int? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid] + 1) / 2
    }
}
