import ChalklineCore
import Foundation

/// What writing records needs from a database, inside the transaction its store opened. The
/// SQL is written once (`?` placeholders, in what SQLite and PostgreSQL both accept).
protocol SQLWriting {
    func run(_ sql: String, _ arguments: [SQLValue]) throws
    /// An INSERT; returns the new row's id.
    func insert(_ sql: String, _ arguments: [SQLValue]) throws -> Int64
    /// The first column (an `id`) of the first row `sql` finds, if any.
    func id(_ sql: String, _ arguments: [SQLValue]) throws -> Int64?
    /// Many rows into `table`, their values one after another (`columns.count` a row): both send
    /// multi-row INSERTs (SQLite, to pay its per-statement work once for many rows; PostgreSQL,
    /// one network round trip for hundreds of rows).
    func insertRows(_ table: String, _ columns: [String], _ values: [SQLValue]) throws
}

/// Turns records into rows, for either store. Row ids are remembered, so an answer costs one
/// INSERT: the server records tens of thousands of answers a second at full load.
///
/// Used by one thread at a time, as its store is.
struct RecordWriter {
    /// Which server wrote the games (`game.server`): a district's reports tell classrooms apart by it.
    let server: String?
    /// Database ids of the games this process started, by `GameRef.serial`; committed ones only.
    private(set) var gameIDs: [Int: Int64] = [:]
    /// Row ids of running games' rounds, clues and players.
    private var rowIDs = RowIDs()
    private var time = StorageTime()

    init(server: String?) { self.server = server }

    /// Writes `batch` through `db`, in the caller's transaction; `commit` runs the transaction
    /// and reports whether it held. Ids learnt in a transaction that failed are forgotten with it.
    mutating func write(_ batch: [StampedRecord], commit: ((SQLWriting) throws -> Void) throws -> Void) throws {
        var ids = gameIDs
        do {
            try commit { db in
                var answers: [SQLValue] = []
                for stamped in batch {
                    // Answers wait to go together; anything else may read or change what they
                    // point at, so they go first.
                    if case .answer = stamped.record {} else { try flush(&answers, db) }
                    try apply(stamped, db, &ids, &answers)
                }
                try flush(&answers, db)
            }
        } catch {
            rowIDs = RowIDs()
            throw error
        }
        gameIDs = ids
    }

    static let answerColumns = ["round_id", "question_id", "player_id", "typed", "correct", "ms", "points", "streak", "at"]

    private func flush(_ answers: inout [SQLValue], _ db: SQLWriting) throws {
        guard !answers.isEmpty else { return }
        try db.insertRows("answer", Self.answerColumns, answers)
        answers.removeAll(keepingCapacity: true)
    }

    private mutating func apply(_ stamped: StampedRecord, _ db: SQLWriting, _ ids: inout [Int: Int64],
                                _ answers: inout [SQLValue]) throws {
        let at = SQLValue(time.text(stamped.at))
        switch stamped.record {
        case let .gameStarted(game, kind, settings, players, classUID):
            let id = try db.insert("""
                INSERT INTO game (room, number, kind, settings, started_at, server, assignment_id, class_uid)
                VALUES (?, ?, ?, ?, ?, ?, (SELECT id FROM assignment WHERE uid = ?), ?)
                """, [SQLValue(game.room), SQLValue(game.number), SQLValue(kind), SQLValue(settings), at, SQLValue(server),
                      SQLValue(game.assignment), SQLValue(classUID)])
            ids[game.serial] = id
            for player in players { _ = try playerID(player, game: id, db) }
        case let .roundOpened(game, round, label, items):
            guard let gameID = ids[game.serial] else { return }
            let roundRow = try db.insert("INSERT INTO round (game_id, number, label, opened_at) VALUES (?, ?, ?, ?)",
                                         [SQLValue(gameID), SQLValue(round), SQLValue(label), at])
            rowIDs.games[gameID, default: RowIDs.Game()].rounds[round] = roundRow
            for item in items {
                rowIDs.games[gameID, default: RowIDs.Game()].questions[RowIDs.Question(round: roundRow, n: item.n)] = try db.insert(
                    "INSERT INTO question (round_id, n, text, answer, detail) VALUES (?, ?, ?, ?, ?)",
                    [SQLValue(roundRow), SQLValue(item.n), SQLValue(item.text), SQLValue(item.answer), SQLValue(item.detail)])
            }
        case let .answer(game, round, answer):
            guard let gameID = ids[game.serial] else { return }
            let roundRow: Int64, questionRow: Int64?, playerRow: Int64
            if let known = rowIDs.games[gameID]?.ids(round: round, item: answer.item, seat: answer.player.seat) {
                (roundRow, questionRow, playerRow) = known
            } else {
                guard let found = try roundID(game: gameID, number: round, db) else { return }
                roundRow = found
                questionRow = try answer.item.flatMap { try questionID(game: gameID, round: found, n: $0, db) }
                playerRow = try playerID(answer.player, game: gameID, db)
            }
            // One value at a time (in `answerColumns`' order): a literal array here was an
            // allocation an answer.
            answers.append(SQLValue(roundRow))
            answers.append(SQLValue(questionRow))
            answers.append(SQLValue(playerRow))
            answers.append(SQLValue(answer.typed))
            answers.append(SQLValue(answer.correct))
            answers.append(SQLValue(answer.ms))
            answers.append(SQLValue(answer.points))
            answers.append(SQLValue(answer.streak))
            answers.append(at)
        case let .roundClosed(game, round):
            guard let gameID = ids[game.serial] else { return }
            try db.run("UPDATE round SET closed_at = ? WHERE game_id = ? AND number = ?", [at, SQLValue(gameID), SQLValue(round)])
        case let .gameEnded(game, standings, stopped):
            guard let gameID = ids[game.serial] else { return }
            try db.run("UPDATE game SET ended_at = ?, stopped = ? WHERE id = ?", [at, SQLValue(stopped), SQLValue(gameID)])
            for row in standings {
                try db.run("UPDATE player SET rank = ?, score = ? WHERE id = ?",
                           [SQLValue(row.rank), SQLValue(row.score),
                            SQLValue(try playerID(PlayerRef(seat: row.seat, name: row.name), game: gameID, db))])
            }
            rowIDs.forget(game: gameID)
        case let .assignmentCreated(a):
            try db.run("""
                INSERT INTO assignment (uid, code, kind, options, settings, due_ms, due, attempts, creator, roster, created_at, server, class_uid)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [SQLValue(a.uid), SQLValue(a.code), SQLValue(a.kind), SQLValue(a.options.joined(separator: " ")), SQLValue(a.settings),
                      SQLValue(Int(a.due)), SQLValue(a.dueText), SQLValue(a.attempts), SQLValue(a.creator),
                      SQLValue(a.roster.joined(separator: " ")), at, SQLValue(server), SQLValue(a.classUID)])
        case let .assignmentDue(uid, due, dueText):
            try db.run("UPDATE assignment SET due_ms = ?, due = ? WHERE uid = ?", [SQLValue(Int(due)), SQLValue(dueText), SQLValue(uid)])
        case let .classSaved(record):
            try saveClass(record, at: at, db)
        case let .classDeleted(uid, _):
            try db.run("DELETE FROM student WHERE class_uid = ?", [SQLValue(uid)])
            try db.run("DELETE FROM class WHERE uid = ?", [SQLValue(uid)])
        case let .setSaved(set):
            // In place of a saved set of the same name, whatever its case (set= ignores case). Folded
            // here, not by SQL's lower(), which SQLite does for A to Z only.
            try deleteSet(named: set.name, db)
            try db.run("INSERT INTO question_set (name, folded, body, questions, saved_at, server) VALUES (?, ?, ?, ?, ?, ?)",
                       [SQLValue(set.name), SQLValue(set.name.lowercased()), SQLValue(set.body), SQLValue(set.questions), at, SQLValue(server)])
        case let .setDeleted(name):
            try deleteSet(named: name, db)
        case let .gameResumed(game, fromRound):
            // Known already on this process; else the try's game as an earlier process stored it.
            guard let gameID = try ids[game.serial] ?? db.id("""
                SELECT g.id FROM game g JOIN assignment a ON a.id = g.assignment_id WHERE a.uid = ? AND g.number = ?
                """, [SQLValue(game.assignment), SQLValue(game.number)]) else { return }
            ids[game.serial] = gameID
            // The rounds from `fromRound` on are asked again: what was stored of them goes.
            let later = "SELECT id FROM round WHERE game_id = ? AND number >= ?"
            let arguments = [SQLValue(gameID), SQLValue(fromRound)]
            try db.run("DELETE FROM answer WHERE round_id IN (\(later))", arguments)
            try db.run("DELETE FROM question WHERE round_id IN (\(later))", arguments)
            try db.run("DELETE FROM round WHERE game_id = ? AND number >= ?", arguments)
            rowIDs.forget(game: gameID)
        }
    }

    /// The class row and its list as `record` has them: students not on it are marked removed,
    /// not deleted, so progress still finds their past answers by uid.
    private func saveClass(_ record: ClassRecord, at: SQLValue, _ db: SQLWriting) throws {
        try db.run("""
            INSERT INTO class (uid, name, folded, codes, saved_at, server) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (uid) DO UPDATE SET name = excluded.name, folded = excluded.folded, codes = excluded.codes, saved_at = excluded.saved_at
            """, [SQLValue(record.uid), SQLValue(record.name), SQLValue(Names.folded(record.name)), SQLValue(record.codes), at, SQLValue(server)])
        try db.run("UPDATE student SET removed = 1 WHERE class_uid = ?", [SQLValue(record.uid)])
        for (position, student) in record.students.enumerated() {
            try db.run("""
                INSERT INTO student (uid, class_uid, name, folded, code, position, removed) VALUES (?, ?, ?, ?, ?, ?, 0)
                ON CONFLICT (uid) DO UPDATE SET name = excluded.name, folded = excluded.folded, code = excluded.code,
                    position = excluded.position, removed = 0
                """, [SQLValue(student.uid), SQLValue(record.uid), SQLValue(student.name), SQLValue(Names.folded(student.name)),
                      SQLValue(student.code), SQLValue(position)])
        }
    }

    private func deleteSet(named name: String, _ db: SQLWriting) throws {
        try db.run("DELETE FROM question_set WHERE COALESCE(server, '') = ? AND folded = ?", [SQLValue(server ?? ""), SQLValue(name.lowercased())])
    }

    private mutating func roundID(game: Int64, number: Int, _ db: SQLWriting) throws -> Int64? {
        try rowID(game, \.rounds, number, "SELECT id FROM round WHERE game_id = ? AND number = ?", [SQLValue(game), SQLValue(number)], db)
    }

    private mutating func questionID(game: Int64, round: Int64, n: Int, _ db: SQLWriting) throws -> Int64? {
        try rowID(game, \.questions, RowIDs.Question(round: round, n: n),
                  "SELECT id FROM question WHERE round_id = ? AND n = ?", [SQLValue(round), SQLValue(n)], db)
    }

    /// The id under `key` in one of `game`'s caches, or else the one `sql` finds, remembered.
    private mutating func rowID<Key: Hashable>(_ game: Int64, _ cache: WritableKeyPath<RowIDs.Game, [Key: Int64]>, _ key: Key,
                                               _ sql: String, _ arguments: [SQLValue], _ db: SQLWriting) throws -> Int64? {
        if let id = rowIDs.games[game]?[keyPath: cache][key] { return id }
        let id = try db.id(sql, arguments)
        rowIDs.games[game, default: RowIDs.Game()][keyPath: cache][key] = id
        return id
    }

    /// A player's row in a game, made on first sight: late joiners appear with their first answer.
    /// Keyed by seat, not name: a second player under a name someone left is a second row.
    private mutating func playerID(_ player: PlayerRef, game: Int64, _ db: SQLWriting) throws -> Int64 {
        if let id = rowIDs.games[game]?.players[player.seat] { return id }
        try db.run("INSERT INTO player (game_id, seat, name, bot, team, student_uid) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                   [SQLValue(game), SQLValue(player.seat), SQLValue(player.name), SQLValue(player.bot), SQLValue(player.team),
                    SQLValue(player.student)])
        guard let id = try db.id("SELECT id FROM player WHERE game_id = ? AND seat = ?", [SQLValue(game), SQLValue(player.seat)]) else {
            throw StoreError.missingRow("player \(player.name) of game \(game)")
        }
        rowIDs.games[game, default: RowIDs.Game()].players[player.seat] = id
        return id
    }
}
