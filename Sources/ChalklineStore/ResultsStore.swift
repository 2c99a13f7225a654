import ChalklineCore

/// Where results are kept: SQLite (`Store`, one file on the teacher's laptop) or PostgreSQL
/// (`PostgresStore`, a district's central database). Both keep the same tables with the same
/// meaning, write a batch in one transaction (all of it or none, so a failed batch is simply
/// retried), and answer the same report queries.
///
/// Every call blocks on disk or network, so the server only calls a store off the loop thread,
/// one job at a time (`StorageQueue`).
public protocol ResultsStore: AnyObject, Sendable {
    /// What the logs call it: a path, or the PostgreSQL address without its password.
    var location: String { get }
    /// Connects (and migrates) now; later calls reconnect after a failure.
    func connect() throws
    /// Connects to a database that must already exist (the `report` command).
    func connectExisting() throws
    func write(_ batch: [StampedRecord]) throws
    /// Writes a row and takes it back: a database that opens but cannot be written (a locked
    /// file, a read-only role) is found when the server starts, not at a class's first `/start`.
    func checkWritable() throws
    /// The database id of a game this process started, once its start is committed.
    func gameID(of game: GameRef) -> Int64?
    func report<T>(_ query: (any SQLDatabase) throws -> T) throws -> T
}

public enum ResultsStores {
    /// The database `serve` writes and `report` reads unless `--db` says otherwise.
    public static let defaultPath = "./chalkline.sqlite"

    /// `postgres://...` or `postgresql://...` (a libpq connection URI) is PostgreSQL; anything
    /// else is a SQLite path (or `:memory:`).
    public static func isPostgres(_ spec: String) -> Bool {
        spec.hasPrefix("postgres://") || spec.hasPrefix("postgresql://")
    }

    /// `postgres://user:secret@host/db`: a password where the process list shows it.
    public static func hasPassword(_ uri: String) -> Bool {
        guard let scheme = uri.range(of: "://") else { return false }
        let authority = uri[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" }
        guard let at = authority.lastIndex(of: "@") else { return uri.contains("password=") }
        return authority[..<at].contains(":") || uri.contains("password=")
    }

    public static func make(_ spec: String, server: String?) -> any ResultsStore {
        isPostgres(spec) ? PostgresStore(uri: spec, server: server) : Store(path: spec, server: server)
    }
}

extension Store: ResultsStore {
    public var location: String { path }
    public func connect() throws { try open() }
    public func connectExisting() throws { try openExisting() }
}
