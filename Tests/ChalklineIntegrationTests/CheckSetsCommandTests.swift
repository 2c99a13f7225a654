import ChalklineCore
import ChalklineTesting
import Foundation
import Testing

/// `chalkline-server check-sets DIR` and `--sets DIR` as a teacher meets them: the real binary,
/// its exit status, what it prints and what the server logs.
@Suite struct CheckSetsCommandTests {
    /// A bad line in each format, of the kinds teachers make, beside one good set.
    private func mixedFolder() throws -> String {
        try LevelFolder.make("sets", [
            "spelling.csv": "question,answer\nSpell cat,cat\nSpell dog,dog\n",
            // Named like a shipped set.
            "capitals.csv": "question,answer\nCapital of Wales?,Cardiff\n",
            "capitalsfr.csv": "question,answer\nCapital of France?,Paris\nCapital of Peru?,Lima, Peru\n",
            "french.txt": "le chat\tthe cat\nle chien\n",
            "kahoot.csv": "Quiz template,,,,,,,\n,Question - max 120 characters,Answer 1 - max 75 characters,Answer 2 - max 75 characters,Answer 3,Answer 4,Time limit (sec),Correct answer(s)\n1,Capital of Italy?,Rome,Oslo,,,20,\n",
        ])
    }

    @Test func badFilesAreListedAsFileLineReasonWithStatus1() throws {
        let dir = try mixedFolder()
        defer { LevelFolder.remove(dir) }
        let run = try FinishedRun.server(["check-sets", dir])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(dir)/capitalsfr.csv:3: this row has more fields") }, "\(lines)")
        #expect(lines.contains("\(dir)/french.txt:2: the definition is empty; a line is term<TAB>definition"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(dir)/kahoot.csv:3: no correct answer") }, "\(lines)")
        #expect(lines.contains("\(dir)/capitals.csv: the server ships a set called capitals already; rename this file"), "\(lines)")
        #expect(lines.count == 4, "\(lines)")
        #expect(run.stdout == "\(dir)/spelling.csv: set spelling, 2 questions\n")
    }

    /// A French teacher reads the reasons and the good sets in French: `--language fr`, or a
    /// terminal in Spanish (`LANG`) as `report` reads it; `C` is English.
    @Test func theReasonsAreInTheTeachersLanguage() throws {
        let dir = try mixedFolder()
        defer { LevelFolder.remove(dir) }
        let french = try FinishedRun.server(["check-sets", "--language", "fr", dir])
        #expect(french.status == 1)
        let lines = french.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(dir)/french.txt:2: la définition est vide ; une ligne s'écrit terme<TAB>définition"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(dir)/kahoot.csv:3: pas de bonne réponse") }, "\(lines)")
        #expect(lines.contains("\(dir)/capitals.csv: le serveur a déjà une série capitals ; renomme ce fichier"), "\(lines)")
        #expect(french.stdout == "\(dir)/spelling.csv : série spelling, 2 questions\n", "\(french.stdout)")

        let env = "/usr/bin/env", binary = BuiltProducts.path("chalkline-server")
        let spanish = try FinishedRun.program(env, ["LC_ALL=", "LC_MESSAGES=", "LANG=es_ES.UTF-8", binary, "check-sets", dir])
        #expect(spanish.stderr.contains("\(dir)/french.txt:2: la definición está vacía; una línea es término<TAB>definición"), "\(spanish.stderr)")
        #expect(spanish.stdout == "\(dir)/spelling.csv: serie spelling, 2 preguntas\n", "\(spanish.stdout)")
        let plain = try FinishedRun.program(env, ["LC_ALL=C", "LANG=fr_FR.UTF-8", binary, "check-sets", dir])
        #expect(plain.stdout == "\(dir)/spelling.csv: set spelling, 2 questions\n", "\(plain.stdout)")

        let unknown = try FinishedRun.server(["check-sets", "--language", "xx", dir])
        #expect(unknown.status != 0 && unknown.stderr.contains("--language: there is no language xx."), "\(unknown.stderr)")
    }

    @Test func aGoodFolderPassesWithStatus0() throws {
        let dir = try LevelFolder.make("sets", ["spelling.csv": "question,answer\nSpell cat,cat\n", "french.tsv": "le chat\tthe cat\n"])
        defer { LevelFolder.remove(dir) }
        let run = try FinishedRun.server(["check-sets", dir])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(run.stdout == "\(dir)/french.tsv: set french, 1 question\n\(dir)/spelling.csv: set spelling, 1 question\n")
    }

    @Test func theShippedSetsPass() throws {
        let shipped = BuiltProducts.repository.appendingPathComponent("Sources/chalkline-server/Sets").path
        let run = try FinishedRun.server(["check-sets", shipped])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("capitals.csv: set capitals, 52 questions"), "\(run.stdout)")
        #expect(run.stdout.contains("elements.csv: set elements, 47 questions"), "\(run.stdout)")
    }

    @Test func aMissingOrEmptyFolderFailsWithStatus1() throws {
        let missing = try FinishedRun.server(["check-sets", "/nonexistent/chalkline-sets"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent/chalkline-sets: no such folder"))
        let empty = try LevelFolder.make("empty", [String: String]())
        defer { LevelFolder.remove(empty) }
        let none = try FinishedRun.server(["check-sets", empty])
        #expect(none.status == 1)
        #expect(none.stderr.contains("no set files"))
    }

    /// Unlike a broken word pack, a broken set file does not keep the class waiting: the
    /// server starts, and its log names each file left out, its line and why.
    @Test func theServerStartsAndLogsTheFilesLeftOut() throws {
        let dir = try mixedFolder()
        let again = try LevelFolder.make("more", ["spelling.csv": "question,answer\nSpell sun,sun\n"])
        defer { LevelFolder.remove(dir); LevelFolder.remove(again) }
        let server = try LiveServer(["--sets", dir, "--sets", again])
        defer { _ = try? server.stop() }
        try server.waitForLog("kahoot.csv:3:")
        let log = server.log
        #expect(log.contains("question set left out: \(dir)/capitalsfr.csv:3: this row has more fields"), "\(log)")
        #expect(log.contains("question set left out: \(dir)/french.txt:2: the definition is empty"), "\(log)")
        #expect(log.contains("\(dir)/capitals.csv: another set is already called capitals ("), "\(log)")
        #expect(log.contains("\(again)/spelling.csv: another set is already called spelling (\(dir)/spelling.csv)"), "\(log)")
        #expect(!log.contains("\(dir)/spelling.csv:"), "the good set is not blamed")
    }

    /// A scenario's folder sets reach both backends: read in-process, `--sets DIR` live.
    @Test func aConfigsFolderSetsReachTheLiveServer() throws {
        let dir = try LevelFolder.make("sets", ["spelling.csv": "question,answer\nSpell cat,cat\n"])
        defer { LevelFolder.remove(dir) }
        let config = try ServerConfig().withSets(from: [dir]).withShippedSets()
        #expect(config.questionSets.entry(named: "spelling")?.file == dir + "/spelling.csv")
        #expect(config.questionSets.entry(named: "capitals")?.source == .builtin)
        let harness = try ServerHarness(.live, config: config)
        let arguments = try #require(harness.live?.process.arguments)
        #expect(arguments.contains("--sets") && arguments[arguments.firstIndex(of: "--sets")! + 1] == dir, "\(arguments)")
        #expect(arguments.filter { $0 == "--sets" }.count == 1, "the shipped sets are the server's own")
    }
}
