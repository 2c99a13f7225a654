import GRDB
import GRDBSQLite

extension Statement {
    /// Runs a prepared INSERT or UPDATE with `arguments`, bound with `sqlite3_bind_*` on GRDB's
    /// own statement (GRDB still opens, migrates and wraps the transaction). GRDB's
    /// `execute(arguments:)` boxes every value as an existential and validates the count on
    /// each call; the server records every answer, and at full load that was a large part of the
    /// writer's time.
    func run(_ arguments: [SQLValue], in db: Database) throws {
        try run(arguments[...], in: db)
    }

    /// `run` with a slice of a batch's values (many rows of one multi-row INSERT), not a copy.
    func run(_ arguments: ArraySlice<SQLValue>, in db: Database) throws {
        try bind(arguments)
        // A failed step leaves the statement reset and in GRDB's cache; `Store.write` drops the
        // whole connection on any error, so it is never reused.
        let rc = sqlite3_step(sqliteStatement)
        sqlite3_reset(sqliteStatement)
        guard rc == SQLITE_DONE else { throw failure(rc, db) }
    }

    /// The first column of the first row a prepared SELECT finds, as an integer (a row id), or
    /// nil for no row. Through GRDB's `Row.fetchAll` the writer parsed the statement anew and
    /// built a row of boxed values each time: every player of every game starting.
    func firstInteger(_ arguments: [SQLValue], in db: Database) throws -> Int64? {
        try bind(arguments[...])
        defer { sqlite3_reset(sqliteStatement) }
        switch sqlite3_step(sqliteStatement) {
        case SQLITE_ROW: return sqlite3_column_type(sqliteStatement, 0) == SQLITE_NULL ? nil : sqlite3_column_int64(sqliteStatement, 0)
        case SQLITE_DONE: return nil
        case let rc: throw failure(rc, db)
        }
    }

    private func failure(_ rc: Int32, _ db: Database) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: rc), message: db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }, sql: sql)
    }

    private func bind(_ arguments: ArraySlice<SQLValue>) throws {
        let statement = sqliteStatement
        // GRDB checks the count on every call; so must this, or a missing argument would
        // silently reuse the previous row's value.
        precondition(arguments.count == Int(sqlite3_bind_parameter_count(statement)), "wrong number of arguments for \(sql)")
        sqlite3_reset(statement)
        for (i, argument) in zip(0..., arguments) {
            let index = Int32(i + 1)
            let bound: Int32
            switch argument {
            case .int(let value): bound = sqlite3_bind_int64(statement, index, value)
            case .null: bound = sqlite3_bind_null(statement, index)
            case .text(var value):
                bound = value.withUTF8 { bytes in
                    let base = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(Self.emptyText)).assumingMemoryBound(to: CChar.self)
                    return sqlite3_bind_text(statement, index, base, Int32(bytes.count), Self.transient)
                }
            }
            guard bound == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: bound), message: "cannot bind argument \(index)", sql: sql)
            }
        }
    }

    /// Where a zero-length text points: SQLite binds NULL for a null pointer.
    nonisolated(unsafe) private static let emptyText = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    /// SQLITE_TRANSIENT (a C macro Swift cannot see): SQLite copies the bytes before returning.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
