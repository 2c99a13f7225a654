import Foundation

/// A client program (`chalkline ...`, or the Python example bot) in a child process: its
/// stdout read line by line with deadlines, its stdin kept open for scripted typing.
final class ClientProcess {
    let process = Process()
    private let stdin = Pipe()
    private let stdout = Pipe()
    private let reader: LineReader
    private let exited = DispatchSemaphore(value: 0)
    /// Every line printed so far, for failure messages.
    private(set) var output: [String] = []

    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stdout
        process.terminationHandler = { [exited] _ in exited.signal() }
        reader = LineReader(fd: stdout.fileHandleForReading.fileDescriptor)
        try process.run()
    }

    /// The bundled client, built next to the server.
    static func chalkline(_ arguments: [String]) throws -> ClientProcess {
        try ClientProcess(BuiltProducts.path("chalkline"), arguments)
    }

    func type(_ line: String) {
        stdin.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    func closeInput() { try? stdin.fileHandleForWriting.close() }

    /// Skips lines until one contains `fragment`; returns it.
    @discardableResult
    func expect(_ fragment: String, timeout: Double = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            guard let line = try? reader.readLine(deadline: deadline) else {
                throw TestFailure("no line containing \"\(fragment)\"; output so far:\n" + output.joined(separator: "\n"))
            }
            output.append(line)
            if line.contains(fragment) { return line }
        }
    }

    /// Reads everything until the process exits, and returns its status.
    func finish(timeout: Double = 20) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while let line = try? reader.readLine(deadline: deadline) { output.append(line) }
        if exited.wait(timeout: .now() + max(0.1, deadline.timeIntervalSinceNow)) == .timedOut {
            process.terminate()
            throw TestFailure("process did not exit; output:\n" + output.joined(separator: "\n"))
        }
        exited.signal()
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

/// A host at the protocol level, for tests that drive a client program against it.
struct TestHost {
    let client: HarnessClient
    let code: String

    init(client: HarnessClient, code: String) {
        self.client = client
        self.code = code
    }

    init(_ server: LiveServer, game: String = "times", create options: String) throws {
        let client = try server.connect()
        try client.skipWelcome()
        _ = try client.command("/format json")
        _ = try client.command("/name MsLee")
        try self.init(hosting: client, game: game, create: options)
    }

    /// The same host on any backend of a scenario.
    init(_ harness: ServerHarness, game: String = "times", create options: String) throws {
        try self.init(hosting: harness.jsonClient("MsLee"), game: game, create: options)
    }

    private init(hosting client: HarnessClient, game: String, create options: String) throws {
        self.client = client
        let created = try client.command("/create \(game) play=no \(options)")
        guard let code = created.string("room") else { throw TestFailure("create failed: \(created)") }
        self.code = code
    }

    /// Waits until `count` players have joined.
    func waitForPlayers(_ count: Int, timeout: Double = 10) throws {
        var seen = 0
        while seen < count {
            let joined = try client.expect("joined", timeout: timeout)
            seen = joined.int("players") ?? seen
        }
    }
}
