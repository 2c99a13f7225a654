import ChalklineCore
import Foundation

/// Whose answers a progress report reads: the SQL that reaches their `player p` rows. A class's
/// report is six queries however many students and games it has (the class, its list, the
/// seats, then of those seats the quiz answers counted by game and detail and counted by seat,
/// and the words found), each down an index:
/// `class_by_name`, `student_by_class`, `player_by_student`, the round's `(game_id, number)`,
/// `answer_by_round`.
struct ProgressSubject {
    /// Tables up to and including `player p`.
    var tables: String
    /// Conditions on them (no leading `AND`).
    var condition: String
    var arguments: [SQLValue]

    /// The students still on a class's list; bots left out (a program joined under a
    /// student's name would flatter them).
    static func classStudents(_ classUID: String) -> ProgressSubject {
        ProgressSubject(tables: "student s JOIN player p ON p.student_uid = s.uid",
                        condition: "s.class_uid = ? AND s.removed = 0 AND p.bot = 0", arguments: [.text(classUID)])
    }

    /// One student, whatever names they played under.
    static func student(_ uid: String) -> ProgressSubject {
        ProgressSubject(tables: "player p", condition: "p.student_uid = ? AND p.bot = 0", arguments: [.text(uid)])
    }

    /// Everyone who played under a name (case ignored), as `report player` reads them.
    static func name(_ name: String) -> ProgressSubject {
        ProgressSubject(tables: "player p", condition: "lower(p.name) = lower(?)", arguments: [.text(name)])
    }
}

/// What the progress reports count, as read from the database.
struct ProgressRows {
    struct Game {
        var kind: String
        var homework: Bool
        var started: Date
        /// The set a `quiz` game played (its `set` setting): its skill in the progress report.
        var set: String?
    }

    struct Seat {
        /// The student's uid; nil for a player who joined under a name only.
        var student: String?
        var name: String
        var game: Int64
    }

    /// Quiz answers with the same detail in one game, counted by the database.
    struct Question {
        var game: Int64
        var detail: String?
        var tally: ProgressTally
    }

    var games: [Int64: Game] = [:]
    /// By player row id.
    var seats: [Int64: Seat] = [:]
    /// The quiz answers counted twice over, so that no answer row leaves the database: by game
    /// and detail (facts, skills, weeks, the total) and by seat (students, their weeks).
    var questions: [Question] = []
    var bySeat: [Int64: ProgressTally] = [:]
    /// Words found, by word and clue: `word`, `clue`, `found`, `students`.
    var words: [SQLRow] = []
}

extension Reports {
    /// A class by name (folded, as `/class` compares names), of one server or, without one, the
    /// latest saved under that name anywhere.
    static func progressClass(_ db: any SQLDatabase, _ name: String, server: String?) throws -> SQLRow? {
        guard try db.columns(in: "class").contains("uid") else { return nil }
        if let server {
            return try db.row("SELECT uid, name FROM class WHERE server = ? AND folded = ? ORDER BY id DESC LIMIT 1",
                              [.text(server), .text(Names.folded(name))])
        }
        return try db.row("SELECT uid, name FROM class WHERE folded = ? ORDER BY id DESC LIMIT 1", [.text(Names.folded(name))])
    }

    /// Seats, quiz answers and words found of `subject`, in games started in `from ..< to`;
    /// `bySeat` false leaves out the answers counted by seat (a second pass over the same
    /// answers), which only a class's students and their weeks need.
    static func progressRows(_ db: any SQLDatabase, _ subject: ProgressSubject, from: Date?, to: Date?,
                             gameFilter: (sql: String, arguments: [SQLValue]) = ("", []), bySeat: Bool = true) throws -> ProgressRows {
        var time = StorageTime()
        var span = gameFilter.sql
        var arguments = subject.arguments + gameFilter.arguments
        if let from {
            span += " AND g.started_at >= ?"
            arguments.append(.text(time.text(from)))
        }
        if let to {
            span += " AND g.started_at < ?"
            arguments.append(.text(time.text(to)))
        }
        let hasStudents = try db.columns(in: "player").contains("student_uid")
        let hasHomework = try db.columns(in: "game").contains("assignment_id")
        var rows = ProgressRows()
        let seatTables = "FROM \(subject.tables) JOIN game g ON g.id = p.game_id WHERE \(subject.condition)\(span)"
        for seat in try db.rows("""
            SELECT p.id, p.name, \(hasStudents ? "p.student_uid" : "NULL") AS student_uid, g.id AS game_id, g.kind,
                   \(hasHomework ? "g.assignment_id" : "NULL") AS assignment_id, g.started_at,
                   CASE WHEN g.kind = '\(SetQuiz.name)' THEN g.settings END AS settings
            \(seatTables)
            """, arguments) {
            let game: Int64 = seat["game_id"]
            rows.seats[seat["id"]] = ProgressRows.Seat(student: seat["student_uid"], name: seat["name"], game: game)
            if rows.games[game] == nil {
                rows.games[game] = ProgressRows.Game(kind: seat["kind"], homework: (seat["assignment_id"] as Int64?) != nil,
                                                     started: seat["started_at"], set: setName(seat["settings"]))
            }
        }
        // The answers of those seats, reached by their games' rounds (`answer_by_round`): by
        // game and not by seat, so a round's answers are read once, not once a student.
        func list(_ ids: some Sequence<Int64>) -> String { ids.sorted().map(String.init).joined(separator: ", ") }
        // The seats as the query that found them, not as a list of their ids: PostgreSQL spent
        // 30-100 ms planning a literal list of a term's 6,060 seats.
        let seats = "a.player_id IN (SELECT p.id \(seatTables))"
        let quizGames = rows.games.filter { RaceCatalog.kind(named: $0.value.kind).map(isBoard) != true }.keys
        let boardGames = rows.games.filter { RaceCatalog.kind(named: $0.value.kind).map(isBoard) == true }.keys
        if !quizGames.isEmpty {
            let detail = try Schema.detailColumn(db, table: "q")
            let answers = "FROM round r JOIN answer a ON a.round_id = r.id"
            let filter = "WHERE r.game_id IN (\(list(quizGames))) AND \(seats)"
            rows.questions = try db.rows("""
                SELECT r.game_id, \(detail) AS detail, \(tallyColumns(db))
                \(answers) LEFT JOIN question q ON q.id = a.question_id \(filter) GROUP BY r.game_id, \(detail)
                """, arguments).map { ProgressRows.Question(game: $0["game_id"], detail: $0["detail"], tally: ProgressTally($0)) }
            for seat in try bySeat ? db.rows("SELECT a.player_id, \(tallyColumns(db)) \(answers) \(filter) GROUP BY a.player_id", arguments) : [] {
                rows.bySeat[seat["player_id"]] = ProgressTally(seat)
            }
        }
        if !boardGames.isEmpty {
            rows.words = try db.rows("""
                SELECT q.answer AS word, q.text AS clue, COUNT(*) AS found,
                       COUNT(DISTINCT \(hasStudents ? "p.student_uid" : "p.name")) AS students
                FROM round r JOIN answer a ON a.round_id = r.id JOIN question q ON q.id = a.question_id
                JOIN player p ON p.id = a.player_id
                WHERE r.game_id IN (\(list(boardGames))) AND \(seats) AND a.correct = 1
                GROUP BY q.answer, q.text ORDER BY COUNT(*) DESC, q.answer, q.text
                """, arguments)
        }
        return rows
    }

    /// A group's `ProgressTally`, counted by the database: `asked`, `given`, `right`, and the right
    /// answers' times (`ms`, comma-separated; a median needs every one, but as one text a group,
    /// not a row an answer). SQLite's `group_concat` is PostgreSQL's `string_agg`.
    private static func tallyColumns(_ db: any SQLDatabase) -> String {
        let rightMs = "CASE WHEN a.correct = 1 THEN a.ms END"
        let list = db is PGConnection ? "string_agg(CAST(\(rightMs) AS TEXT), ',')" : "group_concat(\(rightMs), ',')"
        return "COUNT(*) AS asked, SUM(CASE WHEN a.typed IS NULL THEN 0 ELSE 1 END) AS given, SUM(a.correct) AS right_count, \(list) AS right_ms"
    }

    /// The `set` of a set game's settings (JSON, as `/create` echoed them).
    private static func setName(_ settings: String?) -> String? {
        guard let settings, let object = try? JSONSerialization.jsonObject(with: Data(settings.utf8)) as? [String: Any] else { return nil }
        return object["set"] as? String
    }
}
