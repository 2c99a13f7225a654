import ChalklineCore
import Foundation

/// Homework as the database keeps it: the assignments a restarted server must take up again,
/// and the teacher's report on one (`report assignment CODE`).
extension Reports {
    /// Assignments of this server still open at `wallNow` (ms since 1970), with every try's
    /// progress: a try resumes after its last closed round with the points it had then.
    public static func openAssignments(_ db: any SQLDatabase, wallNow: Millis, server: String?) throws -> [StoredAssignment] {
        guard try db.columns(in: "assignment").contains("uid") else { return [] }
        let rows = try db.rows("SELECT * FROM assignment WHERE due_ms > ? AND COALESCE(server, '') = ? ORDER BY id",
                               [.int(wallNow), .text(server ?? "")])
        return try rows.map { row in StoredAssignment(record: record(row), attempts: try attempts(db, assignment: row["id"])) }
    }

    static func record(_ row: SQLRow) -> AssignmentRecord {
        AssignmentRecord(uid: row["uid"], code: row["code"], kind: row["kind"], options: words(row["options"]), settings: row["settings"],
                         due: Millis(row["due_ms"] as Int64), dueText: row["due"], attempts: row["attempts"], creator: row["creator"],
                         roster: words(row["roster"]), classUID: row["class_uid"])
    }

    private static func words(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

    /// Each try of an assignment: how far it got by its closed rounds (a round still open when
    /// the server stopped is asked again, so it does not count).
    static func attempts(_ db: any SQLDatabase, assignment id: Int64) throws -> [AttemptProgress] {
        let closed = "FROM answer a JOIN round r ON r.id = a.round_id WHERE r.game_id = g.id AND r.closed_at IS NOT NULL"
        return try db.rows("""
            SELECT g.id, g.number, g.ended_at, p.name, p.bot,
                   (SELECT COUNT(*) FROM round r WHERE r.game_id = g.id AND r.closed_at IS NOT NULL) AS done,
                   (SELECT COALESCE(SUM(a.points), 0) \(closed)) AS points,
                   (SELECT COALESCE(SUM(a.ms), 0) \(closed) AND a.correct = 1) AS correct_ms,
                   (SELECT a.streak \(closed) ORDER BY r.number DESC, a.id DESC LIMIT 1) AS streak
            FROM game g JOIN player p ON p.game_id = g.id WHERE g.assignment_id = ? ORDER BY g.number
            """, [.int(id)]).map { row in
            AttemptProgress(number: row["number"], name: row["name"], bot: row["bot"], roundsDone: row["done"],
                            score: row["points"], correctMs: Millis(row["correct_ms"] as Int64), streak: (row["streak"] as Int?) ?? 0,
                            finished: (row["ended_at"] as String?) != nil)
        }
    }

    /// One assignment: who has finished, who is part way, who of the class has not started;
    /// each student's try that counts; and what the class found hardest, from those tries.
    public static func assignment(_ db: any SQLDatabase, code: String, server: String? = nil) throws -> Report {
        let (filter, serverArguments) = try serverFilter(db, server)
        guard try db.columns(in: "assignment").contains("uid"),
              let row = try db.row("SELECT * FROM assignment g WHERE code = ?\(filter) ORDER BY id DESC LIMIT 1",
                                   [.text(code.uppercased())] + serverArguments) else {
            throw Failure.noSuchAssignment(code.uppercased())
        }
        let record = record(row)
        let rule = AttemptRule(record.attempts) ?? .tries(1)
        let tries = try attempts(db, assignment: row["id"])
        let counting = rule.counting(tries)
        let games = try db.rows("SELECT id, number FROM game WHERE assignment_id = ?", [.int(row["id"])])
        let gameIDs = Dictionary(games.map { ($0["number"] as Int, $0["id"] as Int64) }, uniquingKeysWith: { a, _ in a })
        let countingIDs = counting.compactMap { gameIDs[$0.number] }
        let detail = try Schema.detailColumn(db, table: "q")
        let answers = countingIDs.isEmpty ? [] : try db.rows("""
            SELECT a.correct, a.ms, a.typed, a.points, p.name, r.game_id, r.label, q.text AS question, q.answer, \(detail) AS detail
            FROM answer a JOIN round r ON r.id = a.round_id JOIN player p ON p.id = a.player_id
            LEFT JOIN question q ON q.id = a.question_id
            WHERE r.game_id IN (\(countingIDs.map(String.init).joined(separator: ", "))) ORDER BY r.game_id, r.number, a.id
            """, [])

        let summary = ReportTable(
            name: "assignment", title: Say("report.title.homework"),
            columns: [.init("code", Say("report.column.code")), .init("kind", Say("report.column.kind")), .init("due", Say("report.column.due")), .init("attempts", Say("report.column.tries")),
                      .init("set_by", Say("report.column.set_by")), .init("class", Say("report.column.class")), .init("started", Say("report.column.started")), .init("finished", Say("report.column.finished")),
                      .init("settings", Say("report.column.settings"))],
            rows: [[.text(record.code), .text(record.kind), .text(record.dueText), .text(record.attempts), .text(record.creator),
                    .int(record.roster.count), .int(Set(tries.map { Names.folded($0.name) }).count), .int(counting.count),
                    .text(record.settings)]],
            single: true)

        let standings = Standing.rank(counting.map { ($0.number, $0.name, $0.score, $0.correctMs) })
        var students: [[ReportValue]] = []
        var seen = Set<String>()
        // Finished first, by place; then part way; then the class who have not started.
        for standing in standings {
            let mine = answers.filter { ($0["game_id"] as Int64) == gameIDs[standing.seat] }
            let right = mine.count { $0["correct"] as Bool }
            let name = standing.name
            seen.insert(Names.folded(name))
            students.append([.int(standing.rank), .text(name), .word("finished"), .int(tries.count { Names.folded($0.name) == Names.folded(name) }),
                             .text("\(record.code)-\(standing.seat)"), .int(standing.score),
                             .int(mine.count { ($0["typed"] as String?) != nil }), .int(right),
                             mine.isEmpty ? .null : .fraction(Double(right) / Double(mine.count))])
        }
        for attempt in tries where !seen.contains(Names.folded(attempt.name)) {
            seen.insert(Names.folded(attempt.name))
            students.append([.null, .text(attempt.name), .word("started"), .int(tries.count { Names.folded($0.name) == Names.folded(attempt.name) }),
                             .text("\(record.code)-\(attempt.number)"), .int(attempt.score), .null, .null, .null])
        }
        for name in record.roster where !seen.contains(Names.folded(name)) {
            seen.insert(Names.folded(name))
            students.append([.null, .text(name), .word("not started"), .int(0), .null, .null, .null, .null, .null])
        }
        var tables = [summary, ReportTable(
            name: "students", title: Say("report.title.students_the_try_that_counts"),
            columns: [.init("rank", Say("report.column.rank")), .init("name", Say("report.column.name")), .init("status", Say("report.column.status")), .init("tries", Say("report.column.tries")), .init("game", Say("report.column.try")),
                      .init("score", Say("report.column.score")), .init("answers", Say("report.column.answers")), .init("correct", Say("report.column.right")), .init("accuracy", Say("report.column.accuracy"))],
            rows: students)]
        if let kind = RaceCatalog.kind(named: record.kind), case .quiz(let sections) = kind.style {
            tables += sections(answers.filter { ($0["question"] as String?) != nil }.map(quizRow), .classroom).map(ReportTable.init)
        } else {
            let missed = Dictionary(grouping: answers.filter { ($0["question"] as String?) != nil }, by: { $0["question"] as String })
            tables.append(ReportTable(
                name: "clues", title: Say("report.title.clues_least_solved_first"),
                columns: [.init("clue", Say("report.column.clue")), .init("word", Say("report.column.word")), .init("solved", Say("report.column.solved"))],
                rows: missed.map { clue, rows in (clue, rows[0]["answer"] as String, rows.count { $0["correct"] as Bool }) }
                    .sorted { ($0.2, $0.0) < ($1.2, $1.0) }
                    .map { [.text($0.0), .text($0.1), .int($0.2)] }))
        }
        return Report(kind: "assignment", tables: tables)
    }
}
