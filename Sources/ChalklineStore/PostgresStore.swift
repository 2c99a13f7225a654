import ChalklineCore

/// Results in PostgreSQL, for a school or district that gathers every classroom's results in
/// one central database. The same guarantees as SQLite's `Store`: a batch is one transaction
/// (committed before the shell sends what it protects), and a failure drops the connection so
/// the next write reconnects, while the server keeps the batch and retries it.
///
/// Used by one thread at a time, as `Store` is (see `ResultsStore`); hence `@unchecked Sendable`.
public final class PostgresStore: ResultsStore, @unchecked Sendable {
    public let uri: String
    private var connection: PGConnection?
    private var writer: RecordWriter

    public init(uri: String, server: String?) {
        self.uri = uri
        writer = RecordWriter(server: server)
    }

    public var location: String { uri }

    /// Connects (and migrates) if not connected.
    @discardableResult
    func open() throws -> PGConnection {
        if let connection { return connection }
        let connection = try PGConnection(uri: uri)
        try PostgresSchema.migrate(connection)
        self.connection = connection
        return connection
    }

    public func connect() throws { try open() }

    /// Asked, not tried: a rolled-back INSERT would still use up one of the game ids.
    public func checkWritable() throws {
        let rows = try open().query("""
            SELECT CASE WHEN current_setting('transaction_read_only') = 'off'
                         AND has_table_privilege('game', 'INSERT') AND has_table_privilege('player', 'INSERT')
                         AND has_table_privilege('round', 'INSERT') AND has_table_privilege('answer', 'INSERT')
                        THEN 1 ELSE 0 END AS ok
            """, [])
        guard (rows.first?["ok"] as Int?) == 1 else { throw StoreError.notWritable(uri) }
    }

    /// The report command reads what servers wrote: a database without Chalkline's tables is an
    /// error, not something to create.
    public func connectExisting() throws {
        if connection != nil { return }
        let connection = try PGConnection(uri: uri)
        guard try PostgresSchema.applied(connection) != nil else { throw StoreError.notMigrated(uri) }
        self.connection = connection
    }

    public func appliedMigrations() throws -> [String] { try PostgresSchema.applied(open()) ?? [] }

    public func write(_ batch: [StampedRecord]) throws {
        guard !batch.isEmpty else { return }
        do {
            let connection = try open()
            try writer.write(batch) { body in try connection.transaction { try body(connection) } }
        } catch {
            connection = nil
            throw error
        }
    }

    public func gameID(of game: GameRef) -> Int64? { writer.gameIDs[game.serial] }

    /// One snapshot for the whole report, as SQLite's read transaction gives.
    public func report<T>(_ query: (any SQLDatabase) throws -> T) throws -> T {
        do {
            let connection = try connection ?? open()
            return try connection.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { try query(connection) }
        } catch let error as PostgresError {
            connection = nil
            throw error
        }
    }
}
