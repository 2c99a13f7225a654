import ChalklineCore
import ChalklineStore
import Foundation
import ChalklineTesting
import Testing

/// Games played through the core, their records written to a real SQLite file, and read back
/// by the reports the teacher runs (issue 27's report bugs).
@Suite struct StoredGameReportTests {
    /// A core whose records go to a store, driven by lines and a hand-set clock.
    final class Classroom {
        let harness: ServerHarness
        let clock: InProcessServer
        let store: Store
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-report-\(UUID().uuidString).sqlite").path
        /// Ann is 1, the players 2, 3, ...
        private var clients: [UInt64: HarnessClient] = [:]
        /// How many of the clock's records are in the store already.
        private var written = 0

        init() throws {
            var config = ServerConfig()
            config.levelPacks = [LevelPack(name: "test", levels: [Self.level, Self.level])]
            config.questionSets.put(.init(set: Self.capitals, source: .folder, file: "capitals.csv"))
            harness = try ServerHarness(.inProcess, config: config, seed: 7)
            clock = try #require(harness.inProcess)
            store = Store(path: path)
            _ = try store.open()
        }

        static let capitals = QuestionSet(name: "capitals", questions: [
            SetQuestion(text: "Capital of France?", answers: ["Paris"]),
            SetQuestion(text: "Capital of Italy?", answers: ["Rome"]),
            SetQuestion(text: "Capital of Spain?", answers: ["Madrid"]),
            SetQuestion(text: "Capital of Peru?", answers: ["Lima"]),
        ])

        static let level: WordLevel = {
            let text = "TEA|POT: Pours a hot drink\nCUP|CA|KE: Small iced treat\nMOON|LIG|HT: Silver glow at night\n"
                + "RAIN|DR|OP: Falls from a cloud\nSEA|SH|ELL: Found on the beach\nFOOT|BA|LL: Kicked into a goal\nHO|M|E: Where you live\n"
            guard case .success(let level) = LevelFile.parse(fileName: "level1.txt", text: text) else { fatalError("the fixture level") }
            return level
        }()

        deinit {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }

        /// What connection `n` was sent in reply.
        @discardableResult
        func line(_ n: UInt64, _ text: String) throws -> String {
            let client = try #require(clients[n])
            return try client.step(text).text(to: client)
        }

        func connect(_ n: UInt64, _ name: String) throws {
            clients[n] = try harness.jsonClient(name)
            _ = try line(n, "/format text")
        }

        func tick(_ at: Millis) { clock.advance(to: at) }

        /// Opens a room as Ann (1, host, not playing) and seats `players` on 2, 3, ...; the code.
        @discardableResult
        func room(_ create: String, players: [String]) throws -> String {
            try connect(1, "Ann")
            let reply = try line(1, "/create \(create) play=no")
            let code = String(reply.split(separator: " ")[1])
            for (i, name) in players.enumerated() {
                try connect(UInt64(i + 2), name.split(separator: " ")[0].description)
                try line(UInt64(i + 2), "/join \(code) \(name)")
            }
            return code
        }

        /// Writes the records kept since the last report, stamped with the clock, then reads.
        func report<T>(_ query: (any SQLDatabase) throws -> T) throws -> T {
            let new = zip(clock.records, clock.recordTimes).dropFirst(written)
            try store.write(new.map { StampedRecord($0.0, at: Date(timeIntervalSince1970: Double($0.1) / 1000)) })
            written = clock.records.count
            return try store.report(query)
        }
    }

    private func column(_ report: Report, _ table: String, _ key: String) -> [ReportValue] {
        guard let t = report.tables.first(where: { $0.name == table }), let i = t.columns.firstIndex(where: { $0.key == key }) else { return [] }
        return t.rows.map { $0[i] }
    }

    @Test func aGameStoppedMidQuestionCountsNoAnswerForWhoHadNotAnsweredAndNamesNoWinner() throws {
        let c = try Classroom()
        try c.room("times table=7 rounds=3 time=10 gap=0 countdown=0 seed=1", players: ["bob", "cy"])
        try c.line(1, "/start")
        c.clock.setTime(1_000)
        try c.line(2, "14")
        try c.line(1, "/stop")
        let game = try c.report { try Reports.game($0, id: 1) }
        #expect(column(game, "standings", "name") == [.text("bob"), .text("cy")])
        #expect(column(game, "standings", "answers") == [.int(1), .int(0)])
        #expect(column(game, "game", "winner") == [.null])
        #expect(column(try c.report { try Reports.games($0) }, "games", "winner") == [.null])
    }

    @Test func aFinishedGameNobodyScoredInNamesNoWinnerButOneWithPointsDoes() throws {
        let c = try Classroom()
        let code = try c.room("times table=7 rounds=1 time=10 gap=0 countdown=0 seed=1", players: ["bob", "cy"])
        try c.line(1, "/start")
        c.tick(10_000)
        #expect(column(try c.report { try Reports.game($0, id: 1) }, "game", "winner") == [.null])
        try c.line(1, "/start")
        c.clock.setTime(11_000)
        try c.line(3, "14")
        c.tick(20_000)
        #expect(column(try c.report { try Reports.games($0) }, "games", "winner") == [.text("cy"), .null])
        _ = code
    }

    /// A word level the host stopped the game in was not played out: its clues are not "unsolved".
    @Test func aWordLevelCutByStopIsNotCountedUnsolved() throws {
        let c = try Classroom()
        try c.room("words level=1 levels=2 time=60 gap=0 countdown=0 seed=3", players: ["bob"])
        try c.line(1, "/start")
        c.clock.setTime(1_000)
        try c.line(2, "teapot")
        try c.line(1, "/skip")               // level 1 played out: 6 of 7 clues unsolved
        c.clock.setTime(2_000)
        try c.line(1, "/stop")               // level 2 cut at once
        let facts = try c.report { try Reports.facts($0) }
        #expect(column(facts, "clues", "shown").count == 7)
        #expect(column(facts, "clues", "unsolved").filter { $0 == .int(1) }.count == 6)
    }

    /// `chalkline bot` joins with `bot`; `--no-bots` leaves its answers out of the class's figures.
    @Test func botsAreMarkedAndLeftOutOfTheFactsOnRequest() throws {
        let c = try Classroom()
        try c.room("times table=7 rounds=1 time=10 gap=0 countdown=0 seed=1", players: ["bob", "robo bot"])
        try c.line(1, "/start")
        c.clock.setTime(1_000)
        try c.line(2, "15")
        try c.line(3, "14")
        let all = try c.report { try Reports.facts($0) }
        let humans = try c.report { try Reports.facts($0, noBots: true) }
        #expect(column(all, "facts", "seen") == [.int(2)])
        #expect(column(humans, "facts", "seen") == [.int(1)])
        #expect(column(humans, "facts", "missed") == [.int(1)])
    }

    /// Money's skills are the question kinds (not `level2`); pace's rows are what was asked (not
    /// `km`); and every such row says its game, so `facts --csv`'s blocks can be told apart.
    @Test func quizSkillRowsAreSkillsAndSayTheirGame() throws {
        let c = try Classroom()
        try c.room("money rounds=2 time=10 gap=0 countdown=0 seed=1", players: ["bob"])
        try c.line(1, "/start")
        c.tick(10_000)
        c.tick(20_000)
        let facts = try c.report { try Reports.facts($0) }
        let money = column(facts, "money_tags", "tag")
        #expect(!money.isEmpty && !money.contains { if case .text(let t) = $0 { t.hasPrefix("level") } else { false } })
        #expect(column(facts, "money_tags", "game").allSatisfy { $0 == .text("money") })
        let csv = facts.rendered(.csv)
        #expect(csv.contains("game,tag,seen,right,accuracy,median_ms\r\nmoney,"))
    }

    /// A set's game report ends with a row a question: right of asked, the median time, and the
    /// wrong answers given most, a letter counted as the option it chose; in the report
    /// command's three formats.
    @Test func aSetGameReportsEachQuestionsCommonestWrongAnswers() throws {
        let c = try Classroom()
        try c.room("quiz set=capitals choices=3 rounds=2 time=10 gap=0 countdown=0 seed=4", players: ["bob", "cy", "di", "ed"])
        try c.line(1, "/start")
        let opened = c.clock.records.compactMap { record -> [String]? in
            guard case .roundOpened(_, _, _, let items) = record else { return nil }
            return items.first?.detail.flatMap { JSON.parse($0)?["choices"] }.flatMap { json -> [String]? in
                guard case .array(let items) = json else { return nil }
                return items.compactMap(\.stringValue)
            }
        }
        let question = try #require(opened.first)
        let right = try #require(question.firstIndex(of: "Paris"))
        let wrong = question.indices.first { $0 != right }!
        c.clock.setTime(1_000)
        try c.line(2, "/answer \(ChoiceLetters.letter(right))")
        c.clock.setTime(2_000)
        try c.line(3, "/answer \(ChoiceLetters.letter(wrong).lowercased())")
        c.clock.setTime(3_000)
        try c.line(4, "/answer \(question[wrong].uppercased())")
        c.clock.setTime(4_000)
        try c.line(5, "/answer \(wrong + 1)")
        c.tick(10_000)
        c.tick(20_000)
        let game = try c.report { try Reports.game($0, id: 1) }
        #expect(column(game, "quiz_questions", "question") == [.text("Capital of France?"), .text("Capital of Italy?")])
        #expect(column(game, "quiz_questions", "right") == [.int(1), .int(0)])
        #expect(column(game, "quiz_questions", "of") == [.int(4), .int(4)])
        #expect(column(game, "quiz_questions", "median_ms") == [.ms(2_500), .null])
        #expect(column(game, "quiz_questions", "wrong") == [.text("\(question[wrong]) (3)"), .text("")])
        let path = c.path
        for (flag, needle) in [("--csv", "quiz,Capital of France?,Paris,1,4,"), ("--json", "\"quiz_questions\""),
                               ("", "Commonest wrong answers")] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: BuiltProducts.path("chalkline-server"))
            process.arguments = ["report", "--db", path, "game", "1"] + (flag.isEmpty ? [] : [flag])
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(text.contains(needle), "report game 1 \(flag):\n\(text)")
            #expect(text.contains("\(question[wrong]) (3)"), "report game 1 \(flag)")
        }
    }

    @Test func paceSkillRowsLeaveTheUnitOut() {
        let rows = ["time km", "pace km", "pace mi"].map {
            QuizAnswerRow(player: "bob", question: $0, answer: "1", detail: $0, typed: "1", correct: true, ms: 100)
        }
        let tags = PaceQuiz.reportSections(rows, scope: .classroom)[0].rows.map { $0[1] }
        #expect(tags == [.text("time"), .text("pace")])
    }
}
