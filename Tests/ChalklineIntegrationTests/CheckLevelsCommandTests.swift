import Foundation
import Testing

/// `chalkline-server check-levels DIR` and `--levels DIR` as a teacher meets them: the real
/// binary, its exit status and what it prints.
@Suite struct CheckLevelsCommandTests {
    /// A pack with one mistake in each of its files, of the kinds teachers make.
    private func brokenPack() throws -> String {
        let missingColon = ClassroomPack.level1.replacingOccurrences(of: "TOA|STER: Browns", with: "TOA|STER Browns")
        let badGroup = ClassroomPack.level2.replacingOccurrences(of: "CO|MET:", with: "CO|M3T:")
        let sixLines = ClassroomPack.level2.replacingOccurrences(of: "MO|ON: Lights up the night sky\n", with: "")
        return try LevelFolder.make("broken", ["level1.txt": missingColon, "level2.txt": badGroup, "level3.txt": sixLines])
    }

    @Test func brokenFilesAreListedAsFileLineReasonWithStatus1() throws {
        let pack = try brokenPack()
        defer { LevelFolder.remove(pack) }
        let run = try FinishedRun.server(["check-levels", pack])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        // level1.txt: the comment and blank line count, so TOASTER is on line 5.
        #expect(lines.contains { $0.hasPrefix("\(pack)/level1.txt:5: missing \": \"") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(pack)/level2.txt:3: the letter group \"M3T\"") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(pack)/level3.txt: 6 clue lines") }, "\(lines)")
        #expect(lines.count == 3, "\(lines)")
        #expect(!run.stdout.contains("all good"))
    }

    @Test func aGoodFolderPassesWithStatus0() throws {
        let pack = try ClassroomPack.write()
        defer { LevelFolder.remove(pack) }
        let run = try FinishedRun.server(["check-levels", pack])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains("pack classroom, 2 levels, all good"))
    }

    /// The shipped packs, the French and Spanish ones too: their syllable splits follow the same
    /// rules as a teacher's pack, and check-levels says their language.
    @Test(arguments: [("builtin", "en"), ("francais", "fr"), ("espanol", "es")])
    func theShippedPacksPass(name: String, language: String) throws {
        let run = try FinishedRun.server(["check-levels",
                                          BuiltProducts.repository.appendingPathComponent("Sources/chalkline-server/Levels/\(name)").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("pack \(name), "), "\(run.stdout)")
        #expect(run.stdout.contains("all good. Language: \(language)."), "\(run.stdout)")
    }

    @Test func aMissingFolderFailsWithStatus1() throws {
        let run = try FinishedRun.server(["check-levels", "/nonexistent/chalkline-pack"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("/nonexistent/chalkline-pack: cannot read this folder"))
    }

    @Test func theServerRefusesToStartWithABrokenPack() throws {
        let good = try ClassroomPack.write()
        let broken = try brokenPack()
        defer { LevelFolder.remove(good); LevelFolder.remove(broken) }
        // Given last, so a server that stopped at the first good pack would be caught.
        let run = try FinishedRun.server(["--port", "0", "--bind", "127.0.0.1", "--levels", good, "--levels", broken])
        #expect(run.status != 0)
        #expect(!run.stdout.contains("listening on"), "it must refuse before listening")
        #expect(run.stderr.contains("cannot start"))
        #expect(run.stderr.contains("\(broken)/level1.txt:5: missing \": \""), "\(run.stderr)")
        #expect(run.stderr.contains("\(broken)/level2.txt:3:"))
        #expect(run.stderr.contains("\(broken)/level3.txt:"))
        #expect(!run.stderr.contains(good), "the good pack is not blamed")
    }
}
