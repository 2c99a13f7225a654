import GRDB
import GRDBSQLite

/// A value for one `?` of a write, bound straight through SQLite's C API.
enum SQLArgument {
    case int(Int64)
    case text(String)
    case null

    init(_ value: Int) { self = .int(Int64(value)) }
    init(_ value: Int64) { self = .int(value) }
    init(_ value: Bool) { self = .int(value ? 1 : 0) }
    init(_ value: String) { self = .text(value) }
    init(_ value: Int?) { self = value.map { .int(Int64($0)) } ?? .null }
    init(_ value: Int64?) { self = value.map { .int($0) } ?? .null }
    init(_ value: String?) { self = value.map { .text($0) } ?? .null }
}

extension Statement {
    /// Runs a prepared INSERT or UPDATE with `arguments`, bound with `sqlite3_bind_*` on GRDB's
    /// own statement (GRDB still opens, migrates and wraps the transaction). GRDB's
    /// `execute(arguments:)` boxes every value as an existential and validates the count on
    /// each call; the server records every answer, and at full load that was a large part of the
    /// writer's time.
    func run(_ arguments: SQLArgument..., in db: Database) throws {
        let statement = sqliteStatement
        sqlite3_reset(statement)
        for (i, argument) in arguments.enumerated() {
            let index = Int32(i + 1)
            switch argument {
            case .int(let value): sqlite3_bind_int64(statement, index, value)
            case .null: sqlite3_bind_null(statement, index)
            case .text(var value):
                value.withUTF8 { bytes in
                    // A zero-length text is still text, not NULL: SQLite needs a non-null pointer for it.
                    let base = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(Self.emptyText)).assumingMemoryBound(to: CChar.self)
                    _ = sqlite3_bind_text(statement, index, base, Int32(bytes.count), Self.transient)
                }
            }
        }
        let rc = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard rc == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: rc),
                                message: db.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }, sql: sql)
        }
    }

    /// SQLITE_TRANSIENT (a C macro Swift cannot see): SQLite copies the bytes before returning.
    nonisolated(unsafe) private static let emptyText = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
