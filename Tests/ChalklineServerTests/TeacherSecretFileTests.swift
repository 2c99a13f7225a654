import ChalklineServer
import Foundation
import Testing

/// The teacher's secret survives a restart: made once beside the database, only the teacher's
/// account can read it, read back the same at the next start.
@Suite struct TeacherSecretFileTests {
    @Test func theSecretIsMadeOnceReadAgainAndOnlyTheOwnersToRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-secret-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = TeacherSecretFile.defaultPath(database: folder + "/results.sqlite")
        #expect(path == folder + "/chalkline-teacher.txt")

        let made = try TeacherSecretFile.readOrMake(path)
        #expect(made.wholeMatch(of: /[A-HJ-NP-Z]{4}-[A-HJ-NP-Z]{4}/) != nil, "\(made)")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600, "mode \(String(mode, radix: 8))")
        #expect(try TeacherSecretFile.readOrMake(path) == made)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == made + "\n")

        // A file others could read is made the owner's alone again when read.
        chmod(path, 0o644)
        #expect(try TeacherSecretFile.readOrMake(path) == made)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func postgresAndMemoryKeepItInTheWorkingDirectory() {
        #expect(TeacherSecretFile.defaultPath(database: ":memory:") == "chalkline-teacher.txt")
        #expect(TeacherSecretFile.defaultPath(database: "postgres://teacher@db/chalkline") == "chalkline-teacher.txt")
        #expect(TeacherSecretFile.defaultPath(database: "chalkline.sqlite") == "chalkline-teacher.txt")
        #expect(TeacherSecretFile.defaultPath(database: "./chalkline.sqlite") == "./chalkline-teacher.txt")
    }
}
