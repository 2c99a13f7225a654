import Foundation
import Testing

/// A fresh path for a results database under the temporary directory (the file is not created).
func temporaryDatabasePath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-test-\(UUID().uuidString).sqlite").path
}

/// `report ... --json`, parsed.
func jsonReport(_ arguments: [String], db: String) throws -> [String: Any] {
    let result = try FinishedRun.server(["report", "--db", db, "--json"] + arguments)
    guard result.status == 0 else { throw TestFailure("report \(arguments) failed: \(result.stderr)") }
    guard let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
        throw TestFailure("report \(arguments) is not a JSON object: \(result.stdout)")
    }
    return object
}

extension LiveServer {
    /// A connection in json mode with a name, ready to create or join.
    func player(_ name: String) throws -> HarnessClient { try connect().enterJSON(named: name) }
}

extension ServerHarness {
    /// The same, on any backend of a scenario.
    func player(_ name: String) throws -> HarnessClient { try jsonClient(name) }
}
