import Foundation

/// The real `chalkline-server` binary, started on port 0 in a child process for one test.
public final class LiveServer {
    public let process = Process()
    public let port: UInt16
    private let stdout = Pipe()
    /// The server's log, in a file: a pipe nobody reads would fill and stall the server.
    public let logPath = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-test-\(UUID().uuidString).log").path
    private let exited = DispatchSemaphore(value: 0)
    /// The results database: a fresh temporary file unless the test passes `--db` itself, so a
    /// test run never leaves chalkline.sqlite in the working directory.
    public let databasePath: String
    private let ownsDatabase: Bool
    /// The teacher's secret file (`--teacher-secret-file`): a fresh temporary one unless the test names it.
    public let teacherSecretPath: String
    private let ownsTeacherSecret: Bool
    /// The secret `/teacher` takes: the create password when the test gave one, else the file's.
    public var teacherSecret: String? {
        if let at = process.arguments?.firstIndex(of: "--create-password"), let args = process.arguments, at + 1 < args.count {
            return args[at + 1]
        }
        return (try? String(contentsOfFile: teacherSecretPath, encoding: .utf8))?.split(separator: "\n").first.map(String.init)
    }

    /// `fileLimit` starts the server under a hard limit on open files (through the shell's
    /// `ulimit`), for tests of running out of descriptors.
    /// `environment`: added to this process's own for the server (a test hook's variable).
    public init(_ arguments: [String] = [], fileLimit: Int? = nil, environment: [String: String] = [:], timeout: Double = 20) throws {
        let binary = BuiltProducts.path("chalkline-server")
        var args = ["--port", "0"] + (arguments.contains("--bind") ? [] : ["--bind", "127.0.0.1"])
            // Only a test about discovery (it names its server) advertises on the network.
            + (arguments.contains("--name") ? [] : ["--no-advertise"]) + arguments
        if let at = arguments.firstIndex(of: "--db"), at + 1 < arguments.count {
            databasePath = arguments[at + 1]
            ownsDatabase = false
        } else {
            databasePath = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-test-\(UUID().uuidString).sqlite").path
            ownsDatabase = true
            args += ["--db", databasePath]
        }
        // Its own secret file, never one shared in the temporary directory or left in the
        // working directory (a test of where the file goes passes its own --db or file).
        if let at = arguments.firstIndex(of: "--teacher-secret-file"), at + 1 < arguments.count {
            teacherSecretPath = arguments[at + 1]
            ownsTeacherSecret = false
        } else {
            teacherSecretPath = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-teacher-\(UUID().uuidString).txt").path
            ownsTeacherSecret = true
            args += ["--teacher-secret-file", teacherSecretPath]
        }
        if let fileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            args = ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", binary] + args
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
        }
        process.arguments = args
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardOutput = stdout
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: logPath)
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
        let reader = LineReader(fd: stdout.fileHandleForReading.fileDescriptor)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            guard let line = try reader.readLine(deadline: deadline) else {
                throw TestFailure("server exited before listening")
            }
            if line.hasPrefix("listening on "), let colon = line.lastIndex(of: ":"),
               let port = UInt16(line[line.index(after: colon)...]) {
                self.port = port
                break
            }
        }
    }

    /// Sends a signal and waits for the exit status, with a deadline.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, timeout: Double = 5) throws -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            throw TestFailure("server did not exit in \(timeout) s")
        }
        exited.signal()  // later waits (deinit) see it too
        process.waitUntilExit()
        return process.terminationStatus
    }

    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Waits until the log has a line containing `fragment`, reading the file again every few
    /// milliseconds until the deadline: for what the server does on its own time (a retry).
    public func waitForLog(_ fragment: String, timeout: Double = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !log.contains(fragment) {
            guard Date() < deadline else { throw TestFailure("no \"\(fragment)\" in the server's log within \(timeout) s") }
            usleep(20_000)
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: logPath)
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        if ownsDatabase { LiveServer.removeDatabase(databasePath) }
        if ownsTeacherSecret { try? FileManager.default.removeItem(atPath: teacherSecretPath) }
    }

    /// The database file and SQLite's WAL companions.
    public static func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
