import ChalklineCore
import Foundation

/// Progress over weeks, for a class and for one student: what the desk's Progress tab draws and
/// `chalkline-server report class|player` prints, key for key (DESIGN40.md's tables). Games are
/// counted from `from` (the first instant counted) to `to` (the first instant not counted) by
/// when they started: `LocalDays.span` turns a teacher's inclusive dates into these.
///
/// What counts: every quiz question asked of the student (a question left unanswered counts
/// against accuracy); `median_ms` is the median time of right answers; the word puzzle has its
/// own table (its claims are not questions asked). Bots are left out of a class, and so are
/// students taken off its list.
extension Reports {
    public static func classProgress(_ db: any SQLDatabase, className: String, server: String? = nil, from: Date? = nil, to: Date? = nil,
                                     days: LocalDays = LocalDays()) throws -> Report {
        guard let found = try progressClass(db, className, server: server) else { throw Failure.noSuchClass(className) }
        let uid: String = found["uid"]
        let students = try db.rows("SELECT uid, name FROM student WHERE class_uid = ? AND removed = 0 ORDER BY position", [.text(uid)])
        let rows = try progressRows(db, .classStudents(uid), from: from, to: to)
        let count = ProgressCount(rows, days: days)

        let homework = rows.games.values.count(where: \.homework)
        let summary = ReportTable(
            name: "class", title: Say("report.title.class"),
            columns: [.init("class", Say("report.column.class")), .init("students", Say("report.column.students")), .init("games", Say("report.column.games")), .init("homework", Say("report.column.homework_tries")),
                      .init("from", Say("report.column.from")), .init("to", Say("report.column.to"))],
            rows: [[.text(found["name"]), .int(students.count), .int(rows.games.count - homework), .int(homework)]
                   + span(count, from: from, to: to, days: days)],
            single: true)
        let studentTable = ReportTable(
            name: "students", title: Say("report.title.students"),
            columns: [.init("student", Say("report.column.student")), .init("games", Say("report.column.games")), .init("answers", Say("report.column.answers")), .init("right", Say("report.column.right")),
                      .init("accuracy", Say("report.column.accuracy")), .init("median_ms", Say("report.column.median_time"))],
            rows: students.map { student in
                let uid: String = student["uid"]
                let tally = count.students[uid] ?? ProgressTally()
                return [.text(student["name"]), .int(count.gamesOf[uid]?.count ?? 0), .int(tally.given), .int(tally.right),
                        tally.accuracyCell, tally.medianCell]
            })
        return Report(kind: "class", tables: [summary, studentTable, timesTable(count), skillsTable(count),
                                              wordsTable(rows, byStudents: true), weeksTable(count),
                                              needsHelp(count, students: students)])
    }

    /// One student's progress: with `className`, the class's student of that name (by uid, so
    /// every name they played under); without, everyone who played under the name.
    public static func playerProgress(_ db: any SQLDatabase, name: String, className: String? = nil, server: String? = nil,
                                      from: Date? = nil, to: Date? = nil, days: LocalDays = LocalDays()) throws -> Report {
        var rows: ProgressRows
        var shown = name
        var classCell = ReportValue.null
        if let className {
            guard let found = try progressClass(db, className, server: server) else { throw Failure.noSuchClass(className) }
            // A student still on the list before one of the same name taken off it.
            guard let student = try db.row("""
                SELECT uid, name FROM student WHERE class_uid = ? AND folded = ? ORDER BY removed, position LIMIT 1
                """, [.text(found["uid"]), .text(Names.folded(name))]) else {
                throw Failure.notInClass(name: name, className: found["name"])
            }
            shown = student["name"]
            classCell = .text(found["name"])
            rows = try progressRows(db, .student(student["uid"]), from: from, to: to, bySeat: false)
        } else {
            rows = try progressRows(db, .name(name), from: from, to: to, gameFilter: try serverFilter(db, server), bySeat: false)
            guard let last = rows.seats.max(by: { $0.key < $1.key }) else { throw Failure.noSuchPlayer(name) }
            shown = last.value.name
        }
        let count = ProgressCount(rows, days: days)
        let summary = ReportTable(
            name: "player", title: Say("report.title.player"),
            columns: [.init("player", Say("report.column.player")), .init("class", Say("report.column.class")), .init("games", Say("report.column.games")), .init("answers", Say("report.column.answers")),
                      .init("right", Say("report.column.right")), .init("accuracy", Say("report.column.accuracy")), .init("median_ms", Say("report.column.median_time"))],
            rows: [[.text(shown), classCell, .int(rows.games.count), .int(count.total.given), .int(count.total.right),
                    count.total.accuracyCell, count.total.medianCell]],
            single: true)
        return Report(kind: "player", tables: [summary, timesTable(count), skillsTable(count), wordsTable(rows, byStudents: false),
                                               weeksTable(count)])
    }

    /// The span's first and last days: those asked for, else those of the first and last game.
    private static func span(_ count: ProgressCount, from: Date?, to: Date?, days: LocalDays) -> [ReportValue] {
        let first = from.map(days.day) ?? count.firstStart.map(days.day)
        let last = to.map(days.dayBefore) ?? count.lastStart.map(days.day)
        return [first.map(ReportValue.text) ?? .null, last.map(ReportValue.text) ?? .null]
    }

    private static func timesTable(_ count: ProgressCount) -> ReportTable {
        let facts = count.facts.sorted { $0.key < $1.key }
        var table = ReportTable(
            name: "times", title: Say("report.title.times_facts"),
            columns: [.init("a", Say("report.column.a")), .init("b", Say("report.column.b")), .init("asked", Say("report.column.asked")), .init("right", Say("report.column.right")), .init("accuracy", Say("report.column.accuracy")),
                      .init("median_ms", Say("report.column.median_time"))],
            rows: facts.map { key, tally in
                [.int(key / 1000), .int(key % 1000), .int(tally.asked), .int(tally.right), tally.accuracyCell, tally.medianCell]
            })
        if !facts.isEmpty {
            table.plain = TimesReport.grid(facts.map { key, tally in
                TimesReport.Fact(a: key / 1000, b: key % 1000, seen: tally.asked, missed: tally.asked - tally.right,
                                 slow: (tally.median ?? 0) > ProgressCount.slowMs)
            })
        }
        return table
    }

    /// Kinds in the catalog's order, each kind's skills by name.
    private static func skillsTable(_ count: ProgressCount) -> ReportTable {
        ReportTable(
            name: "skills", title: Say("report.title.skills"),
            columns: [.init("kind", Say("report.column.game_kind")), .init("skill", Say("report.column.skill")), .init("asked", Say("report.column.asked")), .init("right", Say("report.column.right")),
                      .init("accuracy", Say("report.column.accuracy")), .init("median_ms", Say("report.column.median_time"))],
            rows: RaceCatalog.names.flatMap { kind in
                (count.skills[kind] ?? [:]).sorted { $0.key < $1.key }.map { skill, tally -> [ReportValue] in
                    [.text(kind), .text(skill), .int(tally.asked), .int(tally.right), tally.accuracyCell, tally.medianCell]
                }
            })
    }

    /// Words found most first; for a class, how many of its students found each.
    private static func wordsTable(_ rows: ProgressRows, byStudents: Bool) -> ReportTable {
        ReportTable(
            name: "words", title: Say("report.title.words_found"),
            columns: [.init("word", Say("report.column.word")), .init("clue", Say("report.column.clue")), .init("found", Say("report.column.found"))] + (byStudents ? [.init("by", Say("report.column.students"))] : []),
            rows: rows.words.map { word in
                [.text(word["word"]), .text(word["clue"]), .int(word["found"])] + (byStudents ? [.int(word["students"])] : [])
            })
    }

    private static func weeksTable(_ count: ProgressCount) -> ReportTable {
        ReportTable(
            name: "weeks", title: Say("report.title.by_week_from_monday"),
            columns: [.init("week", Say("report.column.week")), .init("answers", Say("report.column.answers")), .init("right", Say("report.column.right")), .init("accuracy", Say("report.column.accuracy")),
                      .init("median_ms", Say("report.column.median_time"))],
            rows: count.weeks.sorted { $0.key < $1.key }.map { week, tally in
                [.text(week), .int(tally.given), .int(tally.right), tally.accuracyCell, tally.medianCell]
            })
    }

    /// How many students each of `lowest` and `slowest` names at most.
    static let needsHelpEach = 3
    /// A fall in accuracy from one week with answers to the next that a teacher should see.
    static let fallingBy = 0.1

    /// The students a teacher should look at first: the lowest accuracy and the slowest right
    /// answers (each only below the class's own figure, so a class doing well flags nobody for
    /// it), and anyone whose accuracy fell by 10 points or more from one week to the next.
    private static func needsHelp(_ count: ProgressCount, students: [SQLRow]) -> ReportTable {
        // The median worked out once a student: sorting their times in every comparison was most of the report's time.
        struct Line { var name: String; var tally: ProgressTally; var median: Int?; var change: Double? }
        let lines = students.compactMap { student -> Line? in
            let uid: String = student["uid"]
            guard let tally = count.students[uid], tally.asked > 0 else { return nil }
            return Line(name: student["name"], tally: tally, median: tally.median, change: count.change(of: uid))
        }
        let classAccuracy = count.total.accuracy ?? 0
        let classMedian = count.total.median ?? .max
        let lowest = lines.filter { ($0.tally.accuracy ?? 1) < classAccuracy }
            .sorted { ($0.tally.accuracy ?? 1, $0.name) < ($1.tally.accuracy ?? 1, $1.name) }.prefix(needsHelpEach)
        let slowest = lines.filter { ($0.median ?? 0) > classMedian }
            .sorted { ($0.median ?? 0, $1.name) > ($1.median ?? 0, $0.name) }.prefix(needsHelpEach)
        let falling = lines.filter { ($0.change ?? 0) <= -fallingBy }
            .sorted { ($0.change ?? 0, $0.name) < ($1.change ?? 0, $1.name) }
        func row(_ line: Line, _ why: String) -> [ReportValue] {
            [.text(line.name), .word(why), line.tally.accuracyCell, line.median.map(ReportValue.ms) ?? .null, line.change.map(ReportValue.fraction) ?? .null]
        }
        return ReportTable(
            name: "needs_help", title: Say("report.title.needs_help"),
            columns: [.init("student", Say("report.column.student")), .init("why", Say("report.column.why")), .init("accuracy", Say("report.column.accuracy")), .init("median_ms", Say("report.column.median_time")),
                      .init("change", Say("report.column.change"))],
            rows: lowest.map { row($0, "lowest") } + slowest.map { row($0, "slowest") } + falling.map { row($0, "falling") })
    }
}
