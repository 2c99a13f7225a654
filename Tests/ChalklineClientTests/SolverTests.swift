import ChalklineCore
import Foundation
import Testing
@testable import ChalklineClient

/// Each kind's bot solver against the core's own questions and judge: a bot reads only the
/// question's text, as protocol.md writes it, so a change to a kind's wording shows here.
@Suite struct SolverTests {
    @Test func everyQuizKindTheServerOffersHasASolver() {
        for kind in RaceCatalog.kinds {
            // A teacher's set says nothing of its answers in its questions: SetSolver knows them.
            guard case .quiz = kind.style, kind.name != SetSolver.kind else { continue }
            #expect(QuizSolvers.solver(for: kind.name) != nil, "no solver for \(kind.name)")
        }
    }

    @Test(arguments: ["", "table=2-20 max=20 order=random", "table=1"])
    func timesSolverReadsEveryQuestion(options: String) throws {
        try checkSolver(TimesQuiz.self, options.split(separator: " ").map(String.init), TimesSolver(), seeds: 1...10)
    }

    @Test(arguments: ["", "negatives=yes parens=yes terms=5", "decimals=2 percent=yes", "decimals=1 negatives=yes ops=x/"])
    func arithSolverReadsEveryQuestion(options: String) throws {
        try checkSolver(ArithQuiz.self, options.split(separator: " ").map(String.init), ArithSolver(), seeds: 1...30)
    }

    @Test(arguments: Currency.all.map(\.code), [1, 2, 3])
    func moneySolverReadsEveryQuestion(code: String, level: Int) throws {
        try checkSolver(MoneyQuiz.self, ["currency=\(code)", "level=\(level)"], MoneySolver(), seeds: 1...15)
    }

    @Test(arguments: ["km", "mi", "both"], [1, 2, 3])
    func paceSolverReadsEveryQuestion(units: String, level: Int) throws {
        try checkSolver(PaceQuiz.self, ["units=\(units)", "level=\(level)", "ask=time,distance,pace,speed,convert"], PaceSolver(), seeds: 1...15)
    }

    /// The times product is read by one piece of code for the bot's `String` and the bench's
    /// bytes in place; both refuse what is not `A x B`.
    @Test func theTimesProductIsReadOneWayFromTextAndBytes() {
        for text in ["7 x 8", "12 x 12", "7x8", " 3 x 4 "] {
            let fromBytes = Array(#"{"type":"question","text":"\#(text)"}"#.utf8).withUnsafeBytes { LineBytes(bytes: $0).timesProduct() }
            #expect(fromBytes == TimesSolver().product(text))
            #expect(fromBytes != nil)
        }
        for bad in ["7 x ", "x 8", "7 x 8 x 9", "7 + 8", "-7 x 8", "9999999999 x 2"] {
            #expect(TimesSolver().product(bad) == nil, "\(bad)")
        }
    }

    /// Every level of the built-in pack, as the server would deal it: the solver finds each
    /// clue's word among the groups left on the board, as the bot's copy keeps them from each
    /// `solved` (which names the groups the word took).
    @Test func wordSolverFindsEveryWordOfEveryBuiltInLevel() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/chalkline-server/Levels/builtin").standardized.path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).map { name in
            LevelSource(path: "\(folder)/\(name)", text: try String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8))
        }
        let pack = try LevelPack.assemble(name: "builtin", folder: folder, files: files).get()
        #expect(pack.levels.count >= 40)
        for level in pack.levels {
            let solver = WordSolver(words: Set(level.clues.map(\.answer)).union(["ZZZZ", "QUIXOTIC"]))
            var groups = Array(level.clues.flatMap(\.groups).reversed())
            for clue in level.clues {
                #expect(solver.candidates(length: clue.answer.count, groups: groups).contains(clue.answer),
                        "\(clue.answer) not found in \(groups)")
                groups.takeOff(clue.groups, spelling: clue.answer)
            }
            #expect(groups.isEmpty)
        }
    }
}
