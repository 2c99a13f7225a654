import GRDB

/// A database as the reports read it. The reports' SQL is written once, in what SQLite and
/// PostgreSQL both accept, with `?` placeholders; each back-end runs it its own way.
public protocol SQLDatabase {
    func rows(_ sql: String, _ arguments: [SQLValue]) throws -> [SQLRow]
    /// The column names of `table`, for reading a database an older server wrote.
    func columns(in table: String) throws -> [String]
}

extension SQLDatabase {
    func row(_ sql: String, _ arguments: [SQLValue] = []) throws -> SQLRow? { try rows(sql, arguments).first }
    func rows(_ sql: String) throws -> [SQLRow] { try rows(sql, []) }
}

/// SQLite, through GRDB: the reports' side of `Store`.
struct SQLiteDatabase: SQLDatabase {
    let db: Database

    func rows(_ sql: String, _ arguments: [SQLValue]) throws -> [SQLRow] {
        let bound = StatementArguments(arguments.map { value -> (any DatabaseValueConvertible)? in
            switch value {
            case .int(let n): n
            case .text(let t): t
            case .null: nil
            }
        })
        return try Row.fetchAll(db, sql: sql, arguments: bound).map { row in
            var values: [String: SQLValue] = [:]
            for (column, value) in row {
                switch value.storage {
                case .int64(let n): values[column] = .int(n)
                case .string(let t): values[column] = .text(t)
                case .double(let d): values[column] = .text(String(d))
                case .blob, .null: values[column] = .null
                }
            }
            return SQLRow(values)
        }
    }

    func columns(in table: String) throws -> [String] { try db.columns(in: table).map(\.name) }
}
