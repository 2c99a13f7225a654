import Foundation
import Testing

/// A throwaway PostgreSQL cluster for the tests: `initdb` into a temporary directory, `pg_ctl`
/// serving on a Unix socket in it (no TCP port), run as an unprivileged user when the tests run
/// as root (PostgreSQL refuses root), and removed when the test process exits. Each test takes a
/// database of its own (`newDatabase`), so tests run in parallel on one cluster.
final class PostgresCluster: @unchecked Sendable {
    let directory: String
    let bin: String
    /// The OS user the server runs as (root's tests use `postgres`, from Debian's package).
    let osUser: String?
    static let superuser = "chalkline"

    /// The cluster most tests share, each in a database of its own.
    static let shared = Result { try PostgresCluster() }
    /// What the exit handler stops and removes: every cluster this process started.
    nonisolated(unsafe) private static var cleanups: [(directory: String, stop: [String])] = []
    private static let cleanupLock = NSLock()

    /// A cluster of its own, for a test that stops and restarts PostgreSQL.
    static func own() throws -> PostgresCluster { try PostgresCluster() }

    private init() throws {
        guard let version = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql"))?
            .compactMap(Int.init).max() else {
            throw TestFailure("PostgreSQL's server is not installed (make test-deps installs Debian's postgresql)")
        }
        bin = "/usr/lib/postgresql/\(version)/bin"
        osUser = getuid() == 0 ? "postgres" : nil
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-pg-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if let osUser {
            _ = try FinishedRun.program("/bin/chown", [osUser, directory])
        }
        try run("initdb", ["-D", "\(directory)/data", "-U", Self.superuser, "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"])
        Self.cleanupLock.withLock {
            if Self.cleanups.isEmpty {
                atexit {
                    for cleanup in PostgresCluster.cleanups {
                        _ = try? FinishedRun.program(cleanup.stop[0], Array(cleanup.stop.dropFirst()))
                        try? FileManager.default.removeItem(atPath: cleanup.directory)
                    }
                }
            }
            Self.cleanups.append((directory, command("pg_ctl", ["-D", "\(directory)/data", "-m", "immediate", "stop"])))
        }
        try start()
    }

    /// Starts the server (again), waiting until it accepts connections. The server outlives
    /// `pg_ctl`, so it must not inherit the descriptors Foundation's `Process` watches to see
    /// its child exit (it would wait for the server instead): a shell closes them first.
    func start() throws {
        let command = command("pg_ctl", ["-D", "\(directory)/data", "-l", "\(directory)/log", "-w", "-t", "30",
                                         "-o", "-k \(directory) -c listen_addresses='' -c fsync=off", "start"])
        let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = "for fd in $(ls /proc/$$/fd); do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done; exec \(quoted)"
        let result = try FinishedRun.program("/bin/bash", ["-c", script], timeout: 60)
        guard result.status == 0 else { throw TestFailure("pg_ctl start failed (\(result.status)): \(result.stderr)\(result.stdout)") }
    }

    /// Stops the server at once (`-m fast`: open connections are cut, as a restart does).
    func stop() throws {
        try run("pg_ctl", ["-D", "\(directory)/data", "-m", "fast", "-w", "stop"])
    }

    /// A new empty database; its `--db` URI.
    func newDatabase() throws -> String {
        let name = "t_\(UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "_"))"
        try run("createdb", ["-h", directory, "-U", Self.superuser, name])
        return uri(name)
    }

    /// `postgres://chalkline@%2Ftmp%2F...%2F/NAME`: libpq reads a percent-encoded path as the socket directory.
    func uri(_ database: String) -> String {
        "postgres://\(Self.superuser)@\(directory.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? directory)/\(database)"
    }

    /// Runs SQL as the superuser (for checking what the server wrote).
    func psql(_ database: String, _ sql: String) throws -> String {
        let result = try FinishedRun.program("\(bin)/psql", ["-h", directory, "-U", Self.superuser, "-d", database,
                                                             "-At", "-v", "ON_ERROR_STOP=1", "-c", sql])
        guard result.status == 0 else { throw TestFailure("psql \(sql): \(result.stderr)") }
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    private func command(_ tool: String, _ arguments: [String]) -> [String] {
        if let osUser { return ["/usr/sbin/runuser", "-u", osUser, "--", "\(bin)/\(tool)"] + arguments }
        return ["\(bin)/\(tool)"] + arguments
    }

    private func run(_ tool: String, _ arguments: [String]) throws {
        let full = command(tool, arguments)
        let result = try FinishedRun.program(full[0], Array(full.dropFirst()), timeout: 60)
        guard result.status == 0 else { throw TestFailure("\(tool) failed (\(result.status)): \(result.stderr)\(result.stdout)") }
    }
}

/// The two results stores, for tests that run against both.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    var testDescription: String { rawValue }

    /// A new empty database: a temporary SQLite path, or a PostgreSQL URI.
    func newDatabase() throws -> String {
        switch self {
        case .sqlite: temporaryDatabasePath()
        case .postgres: try PostgresCluster.shared.get().newDatabase()
        }
    }

    /// Removes a SQLite file; a PostgreSQL database goes with its cluster.
    func remove(_ db: String) {
        if self == .sqlite { LiveServer.removeDatabase(db) }
    }
}
