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
    case missingRow(String)
    case notWritable(String)

    public var description: String {
        switch self {
        case .notMigrated(let path): "\(path) is read-only and has not got this server's tables; start the server on a writable copy once"
        case .noDatabase(let path): "there is no database at \(path)"
        case .missingRow(let what): "the row of \(what) is missing"
        case .notWritable(let location): "\(location) does not let this server write its results (a read-only database or role)"
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
    private var writer: RecordWriter
    private let insertTexts = InsertTexts()

    /// `server` is the name stored with each game (`game.server`).
    public init(path: String, server: String? = nil) {
        self.path = path
        writer = RecordWriter(server: server)
    }

    public var isMemory: Bool { path == ":memory:" }

    /// Opens the database the first time (creating the file and its tables); after a failure the
    /// next call tries again, so a disk that comes back is picked up without a restart.
    @discardableResult
    public func open() throws -> any DatabaseWriter {
        if let database { return database }
        var config = Configuration()
        config.busyMode = .timeout(5)
        // Foreign keys are declared (PostgreSQL enforces them) but not checked here: the writer
        // takes every id it writes from its own inserts, and deletes children before parents
        // (`gameResumed`). Checking cost three parent look-ups an answer, a fifth of what
        // SQLite spent writing one (4,300 of 21,000 instructions). Turned off outright below, not
        // only left off: an SQLite built to check them by default would also scan `answer` for
        // each question `gameResumed` deletes, with no index on `answer.question_id` (v8).
        config.foreignKeysEnabled = false
        config.prepareDatabase { db in
            // A multi-row INSERT keeps a statement journal (each page it changes, so a failing
            // row can undo the statement's earlier ones): in memory, not a temporary file that
            // took two `pwrite`s a page, eight times the WAL's own writes at full load.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
        }
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
            try Store.syncEveryCommit(database)
        }
        if !config.readonly { try Schema.migrator.migrate(database) }
        self.database = database
        return database
    }

    /// FULL: a commit is on the disk, not only in the OS cache, before the shell sends the
    /// result it protects (a `round_end`, an answer's `ok` in homework), so a laptop whose battery
    /// dies mid-class has every result its students were shown. With WAL that is one `fdatasync`
    /// of the log a commit, and commits are batched (see `StorageQueue`). Set on the pool's one
    /// writing connection after the pool is made: GRDB's WAL set-up sets NORMAL (synced only at
    /// checkpoints) after `prepareDatabase` runs, which silently undid this setting until it moved
    /// here.
    static func syncEveryCommit(_ database: any DatabaseWriter) throws {
        try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
    }

    public func checkWritable() throws {
        try open().writeWithoutTransaction { db in
            try db.inTransaction {
                try db.execute(sql: "INSERT INTO game (room, number, kind, settings, started_at) VALUES ('', 0, '', '', '')")
                return .rollback
            }
        }
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
        Schema.inOrder(try open().read { try Schema.migrator.appliedIdentifiers($0) })
    }

    // MARK: Writing

    /// Stores `batch` in one transaction: all of it, or (on any error) none of it, so the caller
    /// can simply retry the same batch later without duplicating rows.
    public func write(_ batch: [StampedRecord]) throws {
        guard !batch.isEmpty else { return }
        let database = try open()
        do {
            try writer.write(batch) { body in try database.write { db in try body(SQLiteWriting(db: db, texts: insertTexts)) } }
        } catch {
            // The next try opens afresh: a file made writable again, or a disk remounted, is
            // only seen by a new connection (a read-only one stays read-only).
            self.database = nil
            throw error
        }
    }

    /// The database id of a game this process started, once its start is committed.
    public func gameID(of game: GameRef) -> Int64? { writer.gameIDs[game.serial] }

    // MARK: Reading

    /// Runs a query on the database (opening it if need be).
    public func read<T>(_ query: (Database) throws -> T) throws -> T {
        try open().read(query)
    }

    public func report<T>(_ query: (any SQLDatabase) throws -> T) throws -> T {
        try open().read { try query(SQLiteDatabase(db: $0)) }
    }
}

/// The record writer's statements on SQLite: prepared once per connection and bound through
/// SQLite's C API (`Statement.run`).
struct SQLiteWriting: SQLWriting {
    let db: Database
    let texts: InsertTexts

    func run(_ sql: String, _ arguments: [SQLValue]) throws {
        try db.cachedStatement(sql: sql).run(arguments, in: db)
    }

    func insert(_ sql: String, _ arguments: [SQLValue]) throws -> Int64 {
        try run(sql, arguments)
        return db.lastInsertedRowID
    }

    func id(_ sql: String, _ arguments: [SQLValue]) throws -> Int64? {
        try db.cachedStatement(sql: sql).firstInteger(arguments, in: db)
    }

    /// Many rows a statement: SQLite's work around each statement (its `AUTOINCREMENT` counter
    /// read and written back, the end-of-statement checks) is then done once for many answers,
    /// not once an answer. A batch goes in runs of 64, 32, ... 1 rows, so the statements have
    /// seven shapes, each prepared once and kept by GRDB.
    func insertRows(_ table: String, _ columns: [String], _ values: [SQLValue]) throws {
        precondition(values.count % columns.count == 0, "rows of \(table) with a value missing")
        let rows = values.count / columns.count
        var start = 0
        while start < rows {
            var count = Self.rowsPerInsert
            while count > rows - start { count /= 2 }
            let statement = try db.cachedStatement(sql: texts.insert(table, columns, rows: count))
            try statement.run(values[(start * columns.count)..<((start + count) * columns.count)], in: db)
            start += count
        }
    }

    /// 64 answers of 9 columns are 576 parameters, far below SQLite's limit (32,766).
    static let rowsPerInsert = 64
}

/// The text of each multi-row INSERT, made once: the store's one writing thread asks for it
/// every batch. Used by one thread at a time, as its store is.
/// A table is always written with the same columns (checked in debug builds, where the tests
/// run): its texts are found by table and rows alone, with no key built from the columns.
final class InsertTexts: @unchecked Sendable {
    private var texts: [String: String] = [:]
    private var columnsOf: [String: [String]] = [:]

    func insert(_ table: String, _ columns: [String], rows: Int) -> String {
        assert(sameColumns(table, columns), "\(table) written with other columns")
        let key = "\(table) \(rows)"
        if let text = texts[key] { return text }
        let row = "(" + columns.map { _ in "?" }.joined(separator: ", ") + ")"
        let text = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES " + Array(repeating: row, count: rows).joined(separator: ", ")
        texts[key] = text
        return text
    }

    /// Debug builds only (inside `assert`): the first columns a table was written with are its.
    private func sameColumns(_ table: String, _ columns: [String]) -> Bool {
        let first = columnsOf[table, default: columns]
        columnsOf[table] = first
        return first == columns
    }
}
