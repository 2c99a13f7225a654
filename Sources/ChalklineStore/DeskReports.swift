import ChalklineCore
import Foundation

/// What the teacher's desk reads besides single games: the classes a filter names, a span of
/// days, and the stored homework list (`/report assignments`).
extension Reports {
    /// The uids of the classes called `name` (folded as `/class` compares names), of one server
    /// or of all; `Failure.noSuchClass` when there is none, so a typo is not an empty list.
    public static func classUIDs(_ db: any SQLDatabase, named name: String, server: String?) throws -> [String] {
        guard try db.columns(in: "game").contains("class_uid") else { throw Failure.noSuchClass(name) }
        let rows = try db.rows("SELECT uid FROM class WHERE folded = ?" + (server == nil ? "" : " AND server = ?"),
                               [.text(Names.folded(name))] + (server.map { [SQLValue.text($0)] } ?? []))
        guard !rows.isEmpty else { throw Failure.noSuchClass(name) }
        return rows.map { $0["uid"] as String }
    }

    /// The condition (on `game g`) keeping games started at `from` or later and before `to`.
    /// Times are stored as GRDB writes them (UTC text that sorts as time does), so they compare as text.
    static func startedBetween(_ from: Date?, _ to: Date?) -> (String, [SQLValue]) {
        var clock = StorageTime()
        var sql = "", arguments: [SQLValue] = []
        if let from {
            sql += " AND g.started_at >= ?"
            arguments.append(.text(clock.text(from)))
        }
        if let to {
            sql += " AND g.started_at < ?"
            arguments.append(.text(clock.text(to)))
        }
        return (sql, arguments)
    }

    /// Stored homework, newest first: code, game, class, due, when it was set and by whom, its
    /// tries rule, and how many students have started and finished it (a student counts once,
    /// however many tries). `className` keeps one class's homework.
    public static func assignments(_ db: any SQLDatabase, server: String? = nil, className: String? = nil) throws -> Report {
        var rows: [SQLRow] = []
        if try db.columns(in: "assignment").contains("uid") {
            var filter = server == nil ? "" : " AND a.server = ?"
            var arguments: [SQLValue] = server.map { [.text($0)] } ?? []
            let hasClasses = try db.columns(in: "assignment").contains("class_uid")
            if let className {
                let uids = try classUIDs(db, named: className, server: server)
                filter += " AND a.class_uid IN (\(uids.map { _ in "?" }.joined(separator: ", ")))"
                arguments += uids.map(SQLValue.text)
            }
            rows = try db.rows("""
                SELECT a.code, a.kind, a.due, a.attempts, a.creator, a.created_at,
                       \(hasClasses ? "(SELECT c.name FROM class c WHERE c.uid = a.class_uid)" : "NULL") AS class_name,
                       (SELECT COUNT(DISTINCT lower(p.name)) FROM game g JOIN player p ON p.game_id = g.id
                        WHERE g.assignment_id = a.id) AS started,
                       (SELECT COUNT(DISTINCT lower(p.name)) FROM game g JOIN player p ON p.game_id = g.id
                        WHERE g.assignment_id = a.id AND g.ended_at IS NOT NULL) AS finished
                FROM assignment a WHERE 1 = 1\(filter) ORDER BY a.id DESC
                """, arguments)
        }
        let table = ReportTable(
            name: "assignments", title: Say("report.title.homework"),
            columns: [.init("code", Say("report.column.code")), .init("kind", Say("report.column.game_kind")), .init("class", Say("report.column.class")), .init("due", Say("report.column.due")),
                      .init("set", Say("report.column.set")), .init("set_by", Say("report.column.set_by")), .init("attempts", Say("report.column.tries")),
                      .init("started", Say("report.column.started")), .init("finished", Say("report.column.finished"))],
            rows: rows.map { row in
                [.text(row["code"]), .text(row["kind"]), text(row["class_name"]), .text(row["due"]), .time(row["created_at"]),
                 .text(row["creator"]), .text(row["attempts"]), .int(row["started"]), .int(row["finished"])]
            })
        return Report(kind: "assignments", tables: [table])
    }
}
