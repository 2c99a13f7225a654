import CLibPQ
import Foundation

public struct PostgresError: Error, CustomStringConvertible {
    public var description: String
}

/// One connection to PostgreSQL through libpq, its own C client. Blocking: used only on the
/// storage thread (and by the `report` command), one call at a time.
final class PGConnection: @unchecked Sendable {
    private let connection: OpaquePointer

    /// `uri` is a libpq connection URI; the password comes from `PGPASSWORD` or `~/.pgpass`.
    /// A server that does not answer is given up after `connect_timeout` (5 s unless the URI
    /// says otherwise), so a storage job does not hang on a dead network.
    init(uri: String) throws {
        let withTimeout = uri.contains("connect_timeout=") ? uri : uri + (uri.contains("?") ? "&" : "?") + "connect_timeout=5"
        guard let connection = PQconnectdb(withTimeout) else { throw PostgresError(description: "libpq could not allocate a connection") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = Self.trimmed(PQerrorMessage(connection))
            PQfinish(connection)
            throw PostgresError(description: "cannot connect to PostgreSQL: \(message)")
        }
        self.connection = connection
        // Every table's time is UTC text, written by the server: the session's zone plays no part.
        try script("SET client_min_messages TO warning")
    }

    deinit { PQfinish(connection) }

    /// Statements without parameters, several at once (migrations, transaction control).
    func script(_ sql: String) throws {
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        try check(result, sql)
    }

    /// One statement; `?` placeholders become `$1`, `$2`, ... Values go as text, which
    /// PostgreSQL converts to each column's type.
    @discardableResult
    func query(_ sql: String, _ arguments: [SQLValue]) throws -> [SQLRow] {
        let texts: [String?] = arguments.map {
            switch $0 {
            case .int(let n): String(n)
            case .text(let t): t
            case .null: nil
            }
        }
        let copies = texts.map { $0.flatMap { strdup($0) } }
        defer { for copy in copies { free(copy) } }
        let values: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        let result = PQexecParams(connection, Self.numbered(sql), Int32(values.count), nil, values, nil, nil, 0)
        defer { PQclear(result) }
        try check(result, sql)
        return Self.rows(result)
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ begin: String = "BEGIN", _ body: () throws -> T) throws -> T {
        try script(begin)
        do {
            let value = try body()
            try script("COMMIT")
            return value
        } catch {
            try? script("ROLLBACK")
            throw error
        }
    }

    private func check(_ result: OpaquePointer?, _ sql: String) throws {
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let message = result.map { Self.trimmed(PQresultErrorMessage($0)) } ?? Self.trimmed(PQerrorMessage(connection))
            throw PostgresError(description: "PostgreSQL error: \(message) (in: \(sql.prefix(80)))")
        }
    }

    private static func rows(_ result: OpaquePointer?) -> [SQLRow] {
        let count = Int(PQntuples(result)), fields = Int(PQnfields(result))
        let names = (0..<fields).map { String(cString: PQfname(result, Int32($0))) }
        let types = (0..<fields).map { PQftype(result, Int32($0)) }
        return (0..<count).map { r in
            var values: [String: SQLValue] = [:]
            for f in 0..<fields {
                if PQgetisnull(result, Int32(r), Int32(f)) != 0 {
                    values[names[f]] = .null
                    continue
                }
                let text = String(cString: PQgetvalue(result, Int32(r), Int32(f)))
                switch types[f] {
                case 20, 21, 23: values[names[f]] = Int64(text).map(SQLValue.int) ?? .text(text)  // int8, int2, int4
                case 16: values[names[f]] = .int(text == "t" ? 1 : 0)                            // bool
                default: values[names[f]] = .text(text)
                }
            }
            return SQLRow(values)
        }
    }

    /// `?` to `$n`, outside quoted text (the statements here quote none, but a literal `'?'`
    /// must stay one).
    static func numbered(_ sql: String) -> String {
        var out = ""
        var n = 0
        var quoted = false
        for ch in sql {
            if ch == "'" { quoted.toggle() }
            if ch == "?" && !quoted {
                n += 1
                out += "$\(n)"
            } else {
                out.append(ch)
            }
        }
        return out
    }

    private static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "unknown error"
    }
}

extension PGConnection: SQLWriting, SQLDatabase {
    func run(_ sql: String, _ arguments: [SQLValue]) throws { try query(sql, arguments) }

    func insert(_ sql: String, _ arguments: [SQLValue]) throws -> Int64 {
        guard let id = try query(sql + " RETURNING id", arguments).first.map({ $0["id"] as Int64 }) else {
            throw PostgresError(description: "INSERT returned no id (in: \(sql.prefix(80)))")
        }
        return id
    }

    func id(_ sql: String, _ arguments: [SQLValue]) throws -> Int64? {
        try query(sql, arguments).first.map { $0["id"] as Int64 }
    }

    func rows(_ sql: String, _ arguments: [SQLValue]) throws -> [SQLRow] { try query(sql, arguments) }

    /// At most `rowsPerInsert` rows a statement (PostgreSQL takes 65,535 parameters).
    static let rowsPerInsert = 1000

    func insertRows(_ table: String, _ columns: [String], _ values: [SQLValue]) throws {
        precondition(values.count % columns.count == 0, "rows of \(table) with a value missing")
        let one = "(" + columns.map { _ in "?" }.joined(separator: ", ") + ")"
        let rows = values.count / columns.count
        var start = 0
        while start < rows {
            let count = min(rows - start, Self.rowsPerInsert)
            try query("INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
                      + Array(repeating: one, count: count).joined(separator: ", "),
                      Array(values[(start * columns.count)..<((start + count) * columns.count)]))
            start += count
        }
    }

    func columns(in table: String) throws -> [String] {
        try query("SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?",
                  [.text(table)]).map { $0["column_name"] as String }
    }
}
