import ChalklineCore
import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// A record with the wall-clock time it happened at: the core has no clock, so the shell stamps
/// each record the moment the core hands it over.
public struct StampedRecord: Sendable, Equatable {
    public var record: GameRecord
    public var at: Date

    public init(_ record: GameRecord, at: Date) {
        self.record = record
        self.at = at
    }
}

public enum StoreError: Error, CustomStringConvertible {
    case notMigrated(String)
    case noDatabase(String)

    public var description: String {
        switch self {
        case .notMigrated(let path): "\(path) is read-only and has not got this server's tables; start the server on a writable copy once"
        case .noDatabase(let path): "there is no database at \(path)"
        }
    }
}

/// The results database: opens (and migrates) lazily, writes batches of records in one
/// transaction each, and answers report queries. Every call blocks on disk, so the server only
/// ever calls it off the loop thread.
///
/// Not thread-safe by design, and needs not be: one thread uses it at a time. In the server,
/// `StorageQueue` runs at most one job on libuv's thread pool at once and hands the store from
/// job to job (libuv orders each job's after-callback before the next submission); the `report`
/// command uses it on its main thread alone. Hence `@unchecked Sendable`.
public final class Store: @unchecked Sendable {
    public let path: String
    private var database: (any DatabaseWriter)?
    /// Database ids of the games this process started, by `GameRef.serial`; committed ones only.
    private var gameIDs: [Int: Int64] = [:]
    /// Row ids of running games' rounds, clues and players, so recording an answer needs no lookup.
    private var rowIDs = RowIDs()
    private var time = StorageTime()

    public init(path: String) {
        self.path = path
    }

    public var isMemory: Bool { path == ":memory:" }

    /// Opens the database the first time (creating the file and its tables); after a failure the
    /// next call tries again, so a disk that comes back is picked up without a restart.
    @discardableResult
    public func open() throws -> any DatabaseWriter {
        if let database { return database }
        var config = Configuration()
        config.busyMode = .timeout(5)
        // FULL: a commit is on the disk, not only in the OS cache, before the shell sends the
        // result it protects. With WAL that is one fsync a commit, a few a minute.
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        let database: any DatabaseWriter
        if isMemory {
            database = try DatabaseQueue(configuration: config)
        } else if Store.isReadOnlyFile(path) {
            config.readonly = true
            let queue = try DatabaseQueue(path: path, configuration: config)
            // Later migrations change no table the reports read (v2 drops an index), so a locked
            // database from an older server still reports.
            guard try queue.read({ try Schema.migrator.appliedIdentifiers($0).contains("v1") }) else { throw StoreError.notMigrated(path) }
            database = queue
        } else {
            // A pool is SQLite in WAL mode: the report command reads while the server writes.
            database = try DatabasePool(path: path, configuration: config)
        }
        if !config.readonly { try Schema.migrator.migrate(database) }
        self.database = database
        return database
    }

    /// Opens an existing database for reading reports; unlike `open`, never creates a file.
    @discardableResult
    public func openExisting() throws -> any DatabaseWriter {
        if !isMemory && !FileManager.default.fileExists(atPath: path) { throw StoreError.noDatabase(path) }
        return try open()
    }

    /// A file nobody may write (no `w` bit), or this user may not: opened read-only, so even root,
    /// whom permissions do not stop, leaves a database the teacher locked alone.
    static func isReadOnlyFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & 0o222 == 0 || access(path, W_OK) != 0
    }

    /// The migrations applied so far, oldest first (for tests and diagnostics).
    public func appliedMigrations() throws -> [String] {
        try open().read { try Schema.migrator.appliedIdentifiers($0) }.sorted()
    }

    // MARK: Writing

    /// Stores `batch` in one transaction: all of it, or (on any error) none of it, so the caller
    /// can simply retry the same batch later without duplicating rows.
    public func write(_ batch: [StampedRecord]) throws {
        guard !batch.isEmpty else { return }
        let database = try open()
        var ids = gameIDs
        do {
            try database.write { db in
                for stamped in batch { try apply(stamped, db, &ids) }
            }
        } catch {
            // The next try opens afresh: a file made writable again, or a disk remounted, is
            // only seen by a new connection (a read-only one stays read-only). Ids learnt in the
            // rolled-back transaction are forgotten with it.
            self.database = nil
            rowIDs = RowIDs()
            throw error
        }
        gameIDs = ids
    }

    /// The database id of a game this process started, once its start is committed.
    public func gameID(of game: GameRef) -> Int64? { gameIDs[game.serial] }

    /// One record's rows. Row ids are remembered, so an answer costs one INSERT: the server
    /// records tens of thousands of answers a second at full load. Statements are prepared once
    /// per connection (`cachedStatement`) and bound with `Statement.run`.
    private func apply(_ stamped: StampedRecord, _ db: Database, _ ids: inout [Int: Int64]) throws {
        let at = SQLArgument(time.text(stamped.at))
        switch stamped.record {
        case let .gameStarted(game, kind, settings, players):
            try db.cachedStatement(sql: "INSERT INTO game (room, number, kind, settings, started_at) VALUES (?, ?, ?, ?, ?)")
                .run(SQLArgument(game.room), SQLArgument(game.number), SQLArgument(kind), SQLArgument(settings), at, in: db)
            let id = db.lastInsertedRowID
            ids[game.serial] = id
            for player in players { _ = try playerID(player, game: id, db) }
        case let .roundOpened(game, round, label, items):
            guard let gameID = ids[game.serial] else { return }
            try db.cachedStatement(sql: "INSERT INTO round (game_id, number, label, opened_at) VALUES (?, ?, ?, ?)")
                .run(SQLArgument(gameID), SQLArgument(round), SQLArgument(label), at, in: db)
            let roundRow = db.lastInsertedRowID
            rowIDs.rounds[RowIDs.Round(game: gameID, number: round)] = roundRow
            for item in items {
                try db.cachedStatement(sql: "INSERT INTO question (round_id, n, text, answer, detail) VALUES (?, ?, ?, ?, ?)")
                    .run(SQLArgument(roundRow), SQLArgument(item.n), SQLArgument(item.text), SQLArgument(item.answer),
                         SQLArgument(item.detail), in: db)
                rowIDs.questions[RowIDs.Question(round: roundRow, n: item.n)] = db.lastInsertedRowID
            }
        case let .answer(game, round, answer):
            guard let gameID = ids[game.serial], let roundRow = try roundID(game: gameID, number: round, db) else { return }
            let questionRow = try answer.item.flatMap { try questionID(round: roundRow, n: $0, db) }
            let playerRow = try playerID(answer.player, game: gameID, db)
            try db.cachedStatement(sql: """
                INSERT INTO answer (round_id, question_id, player_id, typed, correct, ms, points, streak, at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).run(SQLArgument(roundRow), SQLArgument(questionRow), SQLArgument(playerRow), SQLArgument(answer.typed),
                         SQLArgument(answer.correct), SQLArgument(answer.ms), SQLArgument(answer.points), SQLArgument(answer.streak),
                         at, in: db)
        case let .roundClosed(game, round):
            guard let gameID = ids[game.serial] else { return }
            try db.cachedStatement(sql: "UPDATE round SET closed_at = ? WHERE game_id = ? AND number = ?")
                .run(at, SQLArgument(gameID), SQLArgument(round), in: db)
        case let .gameEnded(game, standings, stopped):
            guard let gameID = ids[game.serial] else { return }
            try db.cachedStatement(sql: "UPDATE game SET ended_at = ?, stopped = ? WHERE id = ?")
                .run(at, SQLArgument(stopped), SQLArgument(gameID), in: db)
            for row in standings {
                try db.cachedStatement(sql: "UPDATE player SET rank = ?, score = ? WHERE id = ?")
                    .run(SQLArgument(row.rank), SQLArgument(row.score),
                         SQLArgument(try playerID(PlayerRef(seat: row.seat, name: row.name), game: gameID, db)), in: db)
            }
            rowIDs.forget(game: gameID)
        }
    }

    private func roundID(game: Int64, number: Int, _ db: Database) throws -> Int64? {
        try rowID(\.rounds, RowIDs.Round(game: game, number: number),
                  "SELECT id FROM round WHERE game_id = ? AND number = ?", [game, number], db)
    }

    private func questionID(round: Int64, n: Int, _ db: Database) throws -> Int64? {
        try rowID(\.questions, RowIDs.Question(round: round, n: n),
                  "SELECT id FROM question WHERE round_id = ? AND n = ?", [round, n], db)
    }

    /// The id under `key` in one of `rowIDs`' caches, or else the one `sql` finds, remembered.
    private func rowID<Key: Hashable>(_ cache: WritableKeyPath<RowIDs, [Key: Int64]>, _ key: Key, _ sql: String,
                                      _ arguments: StatementArguments, _ db: Database) throws -> Int64? {
        if let id = rowIDs[keyPath: cache][key] { return id }
        let id = try Int64.fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
        rowIDs[keyPath: cache][key] = id
        return id
    }

    /// A player's row in a game, made on first sight: late joiners appear with their first answer.
    /// Keyed by seat, not name: a second player under a name someone left is a second row.
    private func playerID(_ player: PlayerRef, game: Int64, _ db: Database) throws -> Int64 {
        let key = RowIDs.Player(game: game, seat: player.seat)
        if let id = rowIDs.players[key] { return id }
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO player (game_id, seat, name) VALUES (?, ?, ?)")
            .execute(arguments: [game, player.seat, player.name])
        let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM player WHERE game_id = ? AND seat = ?"),
                                    arguments: [game, player.seat])!
        rowIDs.players[key] = id
        return id
    }

    // MARK: Reading

    /// Runs a report query on the database (opening it if need be).
    public func read<T>(_ query: (Database) throws -> T) throws -> T {
        try open().read(query)
    }
}
