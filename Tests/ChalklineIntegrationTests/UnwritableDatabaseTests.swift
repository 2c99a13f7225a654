@testable import ChalklineStore
import Foundation
import Testing

/// Issue 27: a database the server could not write was found only at a class's first `/start`,
/// and a shutdown said nothing of the results it lost.
@Suite struct UnwritableDatabaseTests {
    @Test func everyHostIsToldAtCreateAndTheShutdownCountsWhatWasNotSaved() throws {
        let path = temporaryDatabasePath()
        defer { LiveServer.removeDatabase(path) }
        do { try Store(path: path).open() }
        #expect(chmod(path, 0o444) == 0)
        let server = try LiveServer(["--db", path])
        // Found at start, before anyone connects.
        try server.waitForLog("STORAGE FAILED: cannot write the results database")
        let ann = try server.player("ann")
        let created = try ann.command("/create times time=5 gap=0 countdown=0 rounds=1 table=2 seed=1")
        #expect(created.string("type") == "ok")
        let warning = try ann.json()
        #expect(warning.string("code") == "storage_failed")
        #expect(warning["cmd"] is NSNull)
        #expect(warning.string("message")?.contains("readonly") == true)
        // Once a game: the failing writes of the game do not tell the host again.
        try ann.send("/start")
        let question = try ann.expect("question")
        try ann.send("\(product(of: question.string("text")!)!)")
        var types: [String] = []
        while types.last != "game_end" { types.append(try #require(try ann.json().string("type"))) }
        #expect(!types.contains("error"), "\(types)")
        #expect(try server.stop() == 0)
        #expect(server.log.contains("RESULTS NOT SAVED:"))
        let counted = server.log.split(separator: "\n").first { $0.contains("RESULTS NOT SAVED:") } ?? ""
        #expect(counted.contains(" results could not be written"))
        #expect(!counted.contains("NOT SAVED: 0 "))
    }

    @Test func aWritableDatabaseIsQuietAtCreate() throws {
        let server = try LiveServer()
        let ann = try server.player("ann")
        #expect(try ann.command("/create times").string("type") == "ok")
        #expect(try ann.command("/ping").string("type") == "ok")
        #expect(try server.stop() == 0)
        #expect(!server.log.contains("STORAGE FAILED") && !server.log.contains("RESULTS NOT SAVED"))
    }
}
