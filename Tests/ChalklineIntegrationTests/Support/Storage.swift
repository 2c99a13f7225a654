import Foundation
import Testing

/// A fresh path for a results database under the temporary directory (the file is not created).
func temporaryDatabasePath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-test-\(UUID().uuidString).sqlite").path
}

/// Runs `chalkline-server ARGS` (a one-shot subcommand such as `report`) to completion.
func runServerCommand(_ arguments: [String], timeout: Double = 20) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: BuiltProducts.path("chalkline-server"))
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read before waiting: a report larger than the pipe's buffer would otherwise stall the child.
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning {
        if Date() > deadline {
            process.terminate()
            throw TestFailure("chalkline-server \(arguments) did not finish in \(timeout) s")
        }
        usleep(10_000)
    }
    return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
}

/// `report ... --json`, parsed.
func jsonReport(_ arguments: [String], db: String) throws -> [String: Any] {
    let result = try runServerCommand(["report", "--db", db, "--json"] + arguments)
    guard result.status == 0 else { throw TestFailure("report \(arguments) failed: \(result.stderr)") }
    guard let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
        throw TestFailure("report \(arguments) is not a JSON object: \(result.stdout)")
    }
    return object
}

extension TestServer {
    /// A connection in json mode with a name, ready to create or join.
    func player(_ name: String) throws -> TestClient {
        let client = try connect()
        try client.skipWelcome()
        _ = try client.command("/format json")
        _ = try client.expect("welcome")
        let named = try client.command("/name \(name)")
        guard named.string("type") == "ok" else { throw TestFailure("/name \(name): \(named)") }
        return client
    }
}
