import ChalklineCore
import ChalklineProtocol
import Foundation
import Testing
@testable import ChalklineServer

/// The sets a server starts with, read as `chalkline-server` reads them: the two shipped ones,
/// then the `--sets` folders, a bad file left out rather than stopping the server.
@Suite("Sets: the folders at start")
struct SetsDirectoryTests {
    static func folder(_ files: [String: String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-sets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (file, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(file)) }
        return dir.path
    }

    static func problems(_ loaded: [SetDirectory.Loaded]) -> [SetProblem] {
        loaded.compactMap { if case .leftOut(let problem, _) = $0 { problem } else { nil } }
    }

    @Test func theShippedSetsLoad() throws {
        let (library, loaded) = SetDirectory.library(folders: [])
        #expect(Self.problems(loaded).isEmpty, "\(Self.problems(loaded))")
        let capitals = try #require(library.entry(named: "capitals"))
        let elements = try #require(library.entry(named: "elements"))
        #expect(capitals.source == .builtin && elements.source == .builtin)
        #expect(capitals.set.questions.count == 52)
        #expect(elements.set.questions.count == 47)
        #expect(library.entries.count == 2)
    }

    /// Facts a reader can check without a book; a wrong one here would be taught to a class.
    @Test func theShippedFactsAreRight() throws {
        let library = SetDirectory.library(folders: []).library
        func answers(_ set: String, _ question: String) -> [String]? {
            library.entry(named: set)?.set.questions.first { $0.text == question }?.answers
        }
        #expect(answers("capitals", "Capital of Australia?") == ["Canberra"])
        #expect(answers("capitals", "Capital of Canada?") == ["Ottawa"])
        #expect(answers("capitals", "Capital of Brazil?") == ["Brasília", "Brasilia"])
        #expect(answers("capitals", "Capital of Turkey?") == ["Ankara"])
        #expect(answers("capitals", "Capital of Switzerland?")?.first == "Bern")
        #expect(answers("capitals", "Capital of the Netherlands?") == ["Amsterdam"])
        #expect(answers("capitals", "Capital of South Africa?") == ["Pretoria", "Cape Town", "Bloemfontein"])
        #expect(answers("capitals", "Capital of the United States?")?.first == "Washington, D.C.")
        #expect(answers("elements", "Fe") == ["Iron"])
        #expect(answers("elements", "Au") == ["Gold"])
        #expect(answers("elements", "K") == ["Potassium"])
        #expect(answers("elements", "Na") == ["Sodium"])
        #expect(answers("elements", "W") == ["Tungsten"])
        #expect(answers("elements", "Pb") == ["Lead"])
        #expect(answers("elements", "Hg") == ["Mercury"])
        // No country or symbol asked twice.
        for name in ["capitals", "elements"] {
            let texts = try #require(library.entry(named: name)).set.questions.map(\.text)
            #expect(Set(texts).count == texts.count, "\(name) asks something twice")
        }
    }

    @Test func aBadFileIsLeftOutAndTheRestLoad() throws {
        let dir = try Self.folder([
            "spelling.csv": "question,answer\nSpell cat,cat\n",
            "broken.csv": "question,answer\nOne?,1\nTwo?,\n",
            "french.txt": "le chat\tthe cat\n",
            "notes.md": "not a set",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (library, loaded) = SetDirectory.library(folders: [dir])
        #expect(library.entry(named: "spelling")?.source == .folder)
        #expect(library.entry(named: "spelling")?.file == dir + "/spelling.csv")
        #expect(library.entry(named: "french")?.set.questions.count == 1)
        #expect(library.entry(named: "broken") == nil)
        let problem = SetProblem(file: dir + "/broken.csv", line: 3, reason: "the answer is empty")
        #expect(library.problems["broken"] == problem)
        #expect(Self.problems(loaded) == [problem])
        #expect(library.entries.count == 4)
    }

    @Test func aSecondSetOfTheSameNameIsLeftOutNamingTheFirst() throws {
        let first = try Self.folder(["Spelling.csv": "question,answer\nSpell cat,cat\n"])
        let second = try Self.folder(["spelling.tsv": "dog\tchien\n", "capitals.csv": "question,answer\nQ?,a\n"])
        defer { for dir in [first, second] { try? FileManager.default.removeItem(atPath: dir) } }
        let (library, loaded) = SetDirectory.library(folders: [first, second])
        #expect(library.entry(named: "spelling")?.set.questions.first?.text == "Spell cat")
        #expect(library.entry(named: "capitals")?.source == .builtin)
        let problems = Self.problems(loaded)
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.file == second + "/spelling.tsv" && $0.reason.contains("already called Spelling (\(first)/Spelling.csv)") }, "\(problems)")
        #expect(problems.contains { $0.file == second + "/capitals.csv" && $0.reason.contains("already called capitals") }, "\(problems)")
    }

    @Test func pastTwoHundredSetsTheRestAreLeftOut() throws {
        var files: [String: String] = [:]
        for i in 1...200 { files[String(format: "set%03d.csv", i)] = "question,answer\nQ\(i)?,\(i)\n" }
        let dir = try Self.folder(files)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (library, loaded) = SetDirectory.library(folders: [dir])
        #expect(library.entries.count == SetLimits.sets)
        // The two shipped sets come first, so the folder's last two are the ones left out.
        let problems = Self.problems(loaded)
        #expect(problems.map(\.file) == [dir + "/set199.csv", dir + "/set200.csv"])
        #expect(problems.first?.reason == "more than 200 sets; a server holds at most 200")
        #expect(library.problems["set200"] != nil)
    }

    @Test func aMissingFolderIsAProblemNotAStop() {
        let loaded = SetDirectory.load(folder: "/nonexistent/chalkline-sets")
        #expect(loaded == [.leftOut(SetProblem(file: "/nonexistent/chalkline-sets", reason: "no such folder"), name: nil)])
    }
}
