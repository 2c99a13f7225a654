import ChalklineCore
@testable import ChalklineStore
import Foundation
import GRDB
import Testing

/// One times race and one word-puzzle level, played over TCP against the real server into a
/// temporary database, once for every test that reads it.
final class PlayedGames: @unchecked Sendable {
    let db: String
    let timesGame: String
    let wordsGame: String
    let timesSettings: String
    /// The two times `round_end` events, as players saw them.
    let roundEnds: [[String: Any]]
    let levelEnd: [String: Any]
    /// `/report` as the host got it in json, and in text.
    let hostReport: [String: Any]
    let hostReportText: String

    static let sqlite = Result { try PlayedGames(.sqlite) }
    static let postgres = Result { try PlayedGames(.postgres) }

    static func on(_ backend: Backend) throws -> PlayedGames {
        try (backend == .sqlite ? sqlite : postgres).get()
    }

    private init(_ backend: Backend) throws {
        db = try backend.newDatabase()
        let server = try LiveServer(["--db", db])
        defer { _ = try? server.stop() }

        let ann = try server.player("ann"), bob = try server.player("bob")
        let created = try ann.command("/create times time=1 gap=0 countdown=0 rounds=2 table=7 seed=5")
        let code = try Self.need(created.string("room"))
        let settings = try JSONSerialization.data(withJSONObject: try Self.need(created["settings"] as? [String: Any]), options: .sortedKeys)
        timesSettings = String(decoding: settings, as: UTF8.self)
        _ = try bob.command("/join \(code)")
        _ = try ann.command("/start")
        // Round 1 (7 x 2): ann right, bob wrong; the round closes as soon as both have answered.
        _ = try bob.expect("question")
        _ = try ann.expect("question")
        _ = try ann.command("14")
        _ = try bob.command("/answer 15")
        var ends = [try ann.expect("round_end")]
        // Round 2 (7 x 3): ann types 021, bob says nothing until the second runs out.
        _ = try ann.expect("question")
        _ = try ann.command("021")
        ends.append(try ann.expect("round_end", timeout: 5))
        roundEnds = ends.map(\.object)
        timesGame = try Self.need(try ann.expect("game_end").string("game"))
        hostReport = try ann.command("/report").object
        try ann.send("/format text")  // its reply is already in text
        _ = try ann.expectText("Output is now text")
        try ann.send("/report")
        var text: [String] = []
        while let line = try? ann.line(timeout: 1) { text.append(line) }
        hostReportText = text.joined(separator: "\n")

        // The word puzzle: carol claims PENGUIN, tries a word that is not on the board, then skips.
        let carol = try server.player("carol")
        let words = try carol.command("/create words level=1 levels=1 time=60 countdown=0 seed=3")
        guard words.string("type") == "ok" else { throw TestFailure("/create words: \(words)") }
        _ = try carol.command("/start")
        _ = try carol.expect("board")
        guard try carol.command("penguin").bool("correct") == true, try carol.command("walrus").bool("correct") == false else {
            throw TestFailure("the words were not judged as expected")
        }
        _ = try carol.command("/skip")
        levelEnd = try carol.expect("level_end").object
        wordsGame = try Self.need(try carol.expect("game_end").string("game"))
    }

    private static func need<T>(_ value: T?) throws -> T {
        guard let value else { throw TestFailure("a value the played games need is missing") }
        return value
    }
}

@Suite struct StorageTests {
    /// Every migration this server applies, in order.
    static let allMigrations = ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10"]

    @Test func migrationsRunFromAnEmptyFile() throws {
        let path = temporaryDatabasePath()
        defer { LiveServer.removeDatabase(path) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let store = Store(path: path)
        #expect(try store.appliedMigrations() == Self.allMigrations)
        let tables = try store.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%' ORDER BY name") }
        #expect(tables == ["answer", "assignment", "class", "game", "player", "question", "question_set", "round", "student"])
        #expect(try store.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        // Opening again migrates nothing and keeps the data.
        #expect(try Store(path: path).appliedMigrations() == Self.allMigrations)
    }

    /// The connection that writes results syncs the log at every commit (`synchronous` 2, FULL):
    /// what the storage gate holds a `round_end` for is on the disk, not in the OS cache. GRDB's
    /// WAL set-up turns it to NORMAL (1), which held for every commit until this was checked.
    @Test func theWritingConnectionSyncsEveryCommit() throws {
        let path = temporaryDatabasePath()
        defer { LiveServer.removeDatabase(path) }
        let store = Store(path: path)
        #expect(try store.open().writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA synchronous") } == 2)
        // And keeps a multi-row INSERT's statement journal in memory (2), not in a temporary file.
        #expect(try store.open().writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA temp_store") } == 2)
        // And does not look up an answer's round, question and player before inserting it.
        #expect(try store.open().writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA foreign_keys") } == 0)
    }

    /// Answers go in many to a statement (`SQLiteWriting.rowsPerInsert`): a batch of 150, two
    /// full statements and a shorter one, and then 3 more, are every row in the order they came,
    /// each with its own values.
    @Test func answersWrittenManyToAStatementAreEveryRowInOrder() throws {
        let path = temporaryDatabasePath()
        defer { LiveServer.removeDatabase(path) }
        let store = Store(path: path)
        let game = GameRef(serial: 1, room: "QXRM", number: 1)
        let players = (1...3).map { PlayerRef(seat: $0, name: "p\($0)") }
        func answers(_ range: ClosedRange<Int>) -> [StampedRecord] {
            range.map { i in
                StampedRecord(.answer(game: game, round: 1, answer: AnswerRecord(player: players[i % 3], typed: "\(i)", correct: i % 2 == 0,
                                                                                  ms: Millis(i), points: i * 10, streak: nil, item: 1)), at: Date())
            }
        }
        try store.write([StampedRecord(.gameStarted(game: game, kind: "times", settings: "{}", players: players), at: Date()),
                         StampedRecord(.roundOpened(game: game, round: 1, label: "7 x 8", items: [RoundItem(n: 1, text: "7 x 8", answer: "56")]), at: Date())]
                        + answers(1...150))
        try store.write(answers(151...153))
        let rows = try store.read { try Row.fetchAll($0, sql: "SELECT a.typed, a.ms, a.points, a.correct, p.name FROM answer a JOIN player p ON p.id = a.player_id ORDER BY a.id") }
        #expect(rows.count == 153)
        for (i, row) in zip(1..., rows) {
            #expect(row["typed"] as String == "\(i)" && row["ms"] as Int == i && row["points"] as Int == i * 10
                    && row["correct"] as Bool == (i % 2 == 0) && row["name"] as String == "p\(i % 3 + 1)", "answer \(i)")
        }
    }

    /// A database as the v1 server left it: one game, in which ann answered 7 x 8 right.
    private static func makeVersionOneDatabase(_ path: String) throws {
        let old = try DatabaseQueue(path: path)
        var v1 = DatabaseMigrator()
        v1.registerMigration("v1", migrate: Schema.version1)
        try v1.migrate(old)
        try old.write { db in
            try db.execute(sql: "INSERT INTO game (room, number, kind, settings, started_at) VALUES ('QXRM', 1, 'times', '{}', '2026-09-01 09:00:00.000')")
            try db.execute(sql: "INSERT INTO player (game_id, name) VALUES (1, 'ann')")
            try db.execute(sql: "INSERT INTO round (game_id, number, label, opened_at) VALUES (1, 1, '7 x 8', '2026-09-01 09:00:01.000')")
            try db.execute(sql: "INSERT INTO question (round_id, n, text, answer, fact_a, fact_b) VALUES (1, 1, '7 x 8', '56', 7, 8)")
            try db.execute(sql: "INSERT INTO answer (round_id, question_id, player_id, typed, correct, ms, points, streak, at) VALUES (1, 1, 1, '56', 1, 900, 955, 1, '2026-09-01 09:00:02.000')")
        }
        try old.close()
    }

    /// Last term's database (v1) opens with this server: migrated, with its rows kept and the
    /// player report still finding them.
    @Test func aVersionOneDatabaseIsMigrated() throws {
        let path = temporaryDatabasePath()
        defer { LiveServer.removeDatabase(path) }
        try Self.makeVersionOneDatabase(path)
        let store = Store(path: path)
        #expect(try store.appliedMigrations() == Self.allMigrations)
        let indexes = try store.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'answer'") }
        #expect(indexes.sorted() == ["answer_by_round"])
        // v3: the times factors became the question's detail; the times-only columns are gone.
        let detail = try store.read { try String.fetchAll($0, sql: "SELECT detail FROM question") }
        #expect(detail == ["7,8"])
        let columns = try store.read { try $0.columns(in: "question").map(\.name) }
        #expect(!columns.contains("fact_a") && !columns.contains("fact_b") && columns.contains("detail"))
        let report = try jsonReport(["player", "ANN"], db: path)
        #expect((report["player"] as? [String: Any])?.int("answers") == 1)
        #expect(report.list("facts").map { "\($0.string("fact")!) \($0.int("seen")!) \($0.int("missed")!)" } == ["7 x 8 1 0"])
    }

    /// v4 keys players by seat: an old database's reports read the same after the migration as
    /// they did before it (read from a locked copy, which is never migrated).
    @Test func reportsReadTheSameAfterTheSeatMigration() throws {
        let path = temporaryDatabasePath(), locked = temporaryDatabasePath()
        defer { LiveServer.removeDatabase(path); LiveServer.removeDatabase(locked) }
        try Self.makeVersionOneDatabase(path)
        let old = try DatabaseQueue(path: path)
        try old.write { db in
            try db.execute(sql: "INSERT INTO player (game_id, name) VALUES (1, 'bob')")
            try db.execute(sql: "INSERT INTO answer (round_id, question_id, player_id, typed, correct, ms, points, streak, at) VALUES (1, 1, 2, '54', 0, 1200, 0, 0, '2026-09-01 09:00:02.500')")
            try db.execute(sql: "UPDATE round SET closed_at = '2026-09-01 09:00:05.000'")
            try db.execute(sql: "UPDATE game SET ended_at = '2026-09-01 09:00:06.000'")
            try db.execute(sql: "UPDATE player SET rank = id, score = CASE id WHEN 1 THEN 955 ELSE 0 END")
        }
        try old.close()
        #expect(FileManager.default.createFile(atPath: locked, contents: FileManager.default.contents(atPath: path)))
        #expect(chmod(locked, 0o444) == 0)
        for args in [["games"], ["game", "1"], ["player", "ann"], ["player", "bob"], ["facts"]] {
            let before = try jsonReport(args, db: locked)
            let after = try jsonReport(args, db: path)
            #expect(NSDictionary(dictionary: before).isEqual(to: after), "report \(args)")
        }
        #expect(try Store(path: locked).appliedMigrations() == ["v1"])
        #expect(try Store(path: path).appliedMigrations() == Self.allMigrations)
        let seats = try Store(path: path).read { try Int.fetchAll($0, sql: "SELECT seat FROM player ORDER BY id") }
        #expect(seats == [1, 2])
    }

    /// A v1 database the teacher locked (no write bit) cannot be migrated, and need not be:
    /// reports read it as it is.
    @Test func aLockedVersionOneDatabaseStillReports() throws {
        let path = temporaryDatabasePath()
        defer { LiveServer.removeDatabase(path) }
        try Self.makeVersionOneDatabase(path)
        #expect(chmod(path, 0o444) == 0)
        let report = try jsonReport(["games"], db: path)
        #expect(report.list("games").map { $0.string("game") } == ["QXRM-1"])
        #expect(try Store(path: path).appliedMigrations() == ["v1"])
    }

    @Test(arguments: Backend.allCases) func everyFieldOfAPlayedGameIsStored(_ backend: Backend) throws {
        let played = try PlayedGames.on(backend)
        let store = ResultsStores.make(played.db, server: nil)
        try store.connectExisting()
        try store.report { db in
            let games = try db.rows("SELECT * FROM game ORDER BY id", [])
            try #require(games.count == 2)
            let times = games[0], words = games[1]
            #expect("\(times["room"] as String)-\(times["number"] as Int)" == played.timesGame)
            #expect(times["kind"] as String == "times")
            let settings = try JSONSerialization.jsonObject(with: Data((times["settings"] as String).utf8))
            let sorted = String(decoding: try JSONSerialization.data(withJSONObject: settings, options: .sortedKeys), as: UTF8.self)
            #expect(sorted == played.timesSettings)
            let started: Date = times["started_at"], ended: Date = times["ended_at"]
            #expect(abs(started.timeIntervalSinceNow) < 120)
            #expect(ended >= started)
            #expect(times["stopped"] as Bool == false)
            #expect(words["kind"] as String == "words")
            #expect("\(words["room"] as String)-\(words["number"] as Int)" == played.wordsGame)

            let players = try db.rows("SELECT * FROM player WHERE game_id = ? ORDER BY rank", [.int(times["id"] as Int64)])
            #expect(players.map { $0["name"] as String } == ["ann", "bob"])
            #expect(players.map { $0["rank"] as Int } == [1, 2])
            let finalScores = (played.roundEnds[1]["standings"] as? [[String: Any]] ?? []).map { $0.int("score") }
            #expect(players.map { $0["score"] as Int? } == finalScores)

            let rounds = try db.rows("SELECT * FROM round WHERE game_id = ? ORDER BY number", [.int(times["id"] as Int64)])
            #expect(rounds.map { $0["number"] as Int } == [1, 2])
            #expect(rounds.map { $0["label"] as String } == ["7 x 2", "7 x 3"])
            for round in rounds {
                let opened: Date = round["opened_at"], closed: Date = round["closed_at"]
                #expect(closed >= opened)
            }
            let questions = try db.rows("""
                SELECT q.* FROM question q JOIN round r ON r.id = q.round_id WHERE r.game_id = ? ORDER BY r.number
                """, [.int(times["id"] as Int64)])
            #expect(questions.map { "\($0["n"] as Int) \($0["text"] as String) = \($0["answer"] as String) [\($0["detail"] as String)]" }
                    == ["1 7 x 2 = 14 [7,2]", "1 7 x 3 = 21 [7,3]"])

            let answers = try db.rows("""
                SELECT a.*, p.name, r.number AS round, q.text AS question FROM answer a JOIN player p ON p.id = a.player_id
                JOIN round r ON r.id = a.round_id LEFT JOIN question q ON q.id = a.question_id
                WHERE r.game_id = ? ORDER BY r.number, p.name
                """, [.int(times["id"] as Int64)])
            // Exactly what round_end showed, plus what was typed and the streak.
            var seen: [String] = []
            for (index, end) in played.roundEnds.enumerated() {
                for result in end.list("results").sorted(by: { $0.string("name")! < $1.string("name")! }) {
                    seen.append("\(index + 1) \(result.string("name")!) \(result.bool("correct")!) \(result.int("points")!) \(result.int("ms").map(String.init) ?? "-")")
                }
            }
            #expect(answers.map { "\($0["round"] as Int) \($0["name"] as String) \($0["correct"] as Bool) \($0["points"] as Int) \(($0["ms"] as Int?).map(String.init) ?? "-")" } == seen)
            #expect(answers.map { $0["typed"] as String? } == ["14", "15", "021", nil])
            #expect(answers.map { $0["streak"] as Int? } == [1, 0, 2, 0])
            #expect(answers.map { $0["question"] as String? } == ["7 x 2", "7 x 2", "7 x 3", "7 x 3"])
            #expect(answers.allSatisfy { abs(($0["at"] as Date).timeIntervalSinceNow) < 120 })

            // The word puzzle: seven clues, one claim with its clue, one word that is not on the board.
            let clues = try db.rows("""
                SELECT q.* FROM question q JOIN round r ON r.id = q.round_id WHERE r.game_id = ? ORDER BY q.n
                """, [.int(words["id"] as Int64)])
            let revealed = played.levelEnd.list("clues")
            #expect(clues.map { "\($0["n"] as Int) \($0["text"] as String) \($0["answer"] as String)" }
                    == revealed.map { "\($0.int("n")!) \($0.string("clue")!) \($0.string("word")!)" })
            #expect(clues.allSatisfy { ($0["detail"] as String?) == nil })
            let label = try db.row("SELECT label FROM round WHERE game_id = ?", [.int(words["id"] as Int64)]).map { $0["label"] as String }
            #expect(label == "Level 1")
            let guesses = try db.rows("""
                SELECT a.*, q.answer AS word FROM answer a JOIN round r ON r.id = a.round_id LEFT JOIN question q ON q.id = a.question_id
                WHERE r.game_id = ? ORDER BY a.id
                """, [.int(words["id"] as Int64)])
            #expect(guesses.map { $0["typed"] as String? } == ["penguin", "walrus"])
            #expect(guesses.map { $0["word"] as String? } == ["PENGUIN", nil])
            #expect(guesses.map { $0["correct"] as Bool } == [true, false])
            let penguin = revealed.first { $0.string("word") == "PENGUIN" }
            #expect(guesses[0]["points"] as Int == penguin?.int("points"))
            #expect(guesses.allSatisfy { ($0["streak"] as Int?) == nil && ($0["ms"] as Int?) != nil })
        }
    }

    // MARK: Reports

    @Test(arguments: Backend.allCases) func gamesReportInEachFormat(_ backend: Backend) throws {
        let played = try PlayedGames.on(backend)
        let json = try jsonReport(["games"], db: played.db)
        let games = json.list("games")
        #expect(json.string("report") == "games")
        #expect(games.map { $0.string("game") } == [played.wordsGame, played.timesGame])
        #expect(games.map { $0.string("winner") } == ["carol", "ann"])
        #expect(games.map { $0.int("players") } == [1, 2])
        #expect(games.map { $0.string("state") } == ["finished", "finished"])

        let csv = try FinishedRun.server(["report", "--db", played.db, "--csv", "games"])
        let rows = csv.stdout.split(separator: "\r\n").map(String.init)
        #expect(rows.first == "id,game,started,kind,class,players,rounds,state,winner")
        #expect(rows.count == 3)
        #expect(rows[2].hasPrefix("1,\(played.timesGame),"))
        #expect(rows[2].hasSuffix(",times,,2,2,finished,ann"))

        let plain = try FinishedRun.server(["report", "games", "--db", played.db]).stdout.split(separator: "\n").map(String.init)
        #expect(plain.first == "Recent games")
        #expect(plain[1].hasPrefix("  ID  Game    Started"))
        #expect(plain[3].contains(played.timesGame) && plain[3].hasSuffix("times      -        2       2  finished  ann"))
    }

    @Test(arguments: Backend.allCases) func gameReportInEachFormatAndOverTheProtocol(_ backend: Backend) throws {
        let played = try PlayedGames.on(backend)
        let json = try jsonReport(["game", played.timesGame], db: played.db)
        #expect(json.string("report") == "game")
        let game = try #require(json["game"] as? [String: Any])
        #expect(game.string("game") == played.timesGame)
        #expect(game.string("winner") == "ann")
        #expect(game.int("rounds") == 2)
        let standings = json.list("standings")
        #expect(standings.map { $0.string("name") } == ["ann", "bob"])
        #expect(standings.map { $0.int("correct") } == [2, 0])
        #expect(standings.map { $0.int("answers") } == [2, 1], "bob said nothing in round 2: one answer given (issue 38)")
        #expect(standings.map { ($0["accuracy"] as? NSNumber)?.doubleValue } == [1.0, 0.0])
        let annMs = played.roundEnds.compactMap { $0.list("results").first { $0.string("name") == "ann" }?.int("ms") }.sorted()
        #expect(standings[0].int("median_ms") == (annMs[0] + annMs[1] + 1) / 2)
        #expect(standings[1].int("median_ms") == played.roundEnds[0].list("results").first { $0.string("name") == "bob" }?.int("ms"))
        let questions = json.list("questions")
        #expect(questions.map { "\($0.string("question")!) \($0.string("answer")!) \($0.int("right")!)/\($0.int("of")!) \($0.string("fastest")!)" }
                == ["7 x 2 14 1/2 ann", "7 x 3 21 1/2 ann"])
        #expect(json.list("answers").count == 4)
        // The same by database id.
        let byID = try jsonReport(["game", String(game.int("id")!)], db: played.db)
        #expect((byID["game"] as? [String: Any])?.string("game") == played.timesGame)

        // /report gives the host the same data in its reply.
        #expect(played.hostReport.string("type") == "ok")
        #expect(played.hostReport.string("cmd") == "report")
        var reply = played.hostReport
        reply["type"] = nil
        reply["cmd"] = nil
        // The reply says what it is about, since the teacher's /report has several subjects.
        #expect(reply.removeValue(forKey: "subject") as? String == "game")
        #expect(NSDictionary(dictionary: reply) == NSDictionary(dictionary: json))

        let csv = try FinishedRun.server(["report", "--db", played.db, "--csv", "game", played.timesGame]).stdout
        let blocks = csv.components(separatedBy: "\r\n\r\n")
        #expect(blocks.count == 4)
        #expect(blocks[0].hasPrefix("id,game,kind,started,ended,state,players,rounds,winner,settings\r\n"))
        #expect(blocks[0].contains("\"{\"\"table\"\":\"\"7\"\""))  // the settings JSON, quoted as CSV wants
        #expect(blocks[1].split(separator: "\r\n").first == "rank,name,score,answers,correct,accuracy,median_ms")
        #expect(blocks[1].split(separator: "\r\n").dropFirst().map { $0.split(separator: ",").prefix(5).joined(separator: ",") }
                == ["1,ann,\(standings[0].int("score")!),2,2", "2,bob,0,1,0"])
        #expect(blocks[2].split(separator: "\r\n").count == 3)
        #expect(blocks[3].split(separator: "\r\n").first == "round,question,player,typed,correct,ms,points,streak")
        #expect(blocks[3].contains("2,7 x 3,bob,,false,,0,0"))

        let plain = try FinishedRun.server(["report", "--db", played.db, "game", played.timesGame]).stdout
        #expect(plain.contains("Final standings\n  #  Name  Score  Answers  Right  Accuracy  Median time\n"))
        #expect(plain.contains("Every answer\n"))
        #expect(plain.contains("  bob     -      no         -       0       0"))
        // In text, /report is the same table.
        #expect(played.hostReportText.contains("Final standings\n  #  Name  Score  Answers  Right  Accuracy  Median time"))

        let missing = try FinishedRun.server(["report", "--db", played.db, "game", "ZZZZ-9"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("There is no game ZZZZ-9"))
    }

    @Test(arguments: Backend.allCases) func wordsGameReportListsEveryClue(_ backend: Backend) throws {
        let played = try PlayedGames.on(backend)
        let json = try jsonReport(["game", played.wordsGame], db: played.db)
        let clues = json.list("questions")
        #expect(clues.count == 7)
        #expect(clues.filter { $0["solved_by"] is String }.map { $0.string("answer") } == ["PENGUIN"])
        #expect(json.list("answers").map { $0.string("typed") } == ["penguin", "walrus"])
    }

    @Test(arguments: Backend.allCases) func playerReportInEachFormat(_ backend: Backend) throws {
        let played = try PlayedGames.on(backend)
        let json = try jsonReport(["player", "BOB"], db: played.db)
        #expect((json["player"] as? [String: Any])?.string("name") == "bob")
        #expect((json["player"] as? [String: Any])?.int("games") == 1)
        let facts = json.list("facts")
        #expect(facts.map { "\($0.string("fact")!) \($0.int("seen")!) \($0.int("missed")!)" } == ["7 x 2 1 1", "7 x 3 1 1"])
        #expect(json.list("weakest").map { $0.string("fact") } == ["7 x 2", "7 x 3"])
        #expect(json["clues_solved"] == nil)

        let carol = try jsonReport(["player", "carol"], db: played.db)
        #expect(carol.list("clues_solved").map { $0.string("word") } == ["PENGUIN"])
        #expect(carol["facts"] == nil)

        let plain = try FinishedRun.server(["report", "--db", played.db, "player", "ann"]).stdout
        #expect(plain.contains("Accuracy on each fact (row x column, % right; . = not seen)\n    x    2    3    4"))
        #expect(plain.contains("\n    7  100  100    .    .    .    .    .    .    .    .    .\n"))
        #expect(plain.contains("Five weakest facts\n  (none)"))

        let csv = try FinishedRun.server(["report", "--db", played.db, "--csv", "player", "bob"]).stdout
        #expect(csv.contains("a,b,fact,seen,missed,accuracy\r\n7,2,7 x 2,1,1,0.0\r\n7,3,7 x 3,1,1,0.0\r\n"))

        let nobody = try FinishedRun.server(["report", "--db", played.db, "player", "zed"])
        #expect(nobody.status == 1)
        #expect(nobody.stderr.contains("Nobody called zed"))
    }

    @Test(arguments: Backend.allCases) func factsReportInEachFormat(_ backend: Backend) throws {
        let played = try PlayedGames.on(backend)
        let json = try jsonReport(["facts"], db: played.db)
        // Equal miss rates and counts: table, then multiplier order.
        #expect(json.list("facts").map { "\($0.string("fact")!) \($0.int("seen")!) \($0.int("missed")!)" } == ["7 x 2 2 1", "7 x 3 2 1"])
        let clues = json.list("clues")
        #expect(clues.count == 7)
        #expect(clues.last?.string("word") == "PENGUIN")
        #expect(clues.last?.int("unsolved") == 0)
        #expect(clues.first?.int("unsolved") == 1)

        let csv = try FinishedRun.server(["report", "--db", played.db, "--csv", "facts"]).stdout
        #expect(csv.hasPrefix("fact,answer,seen,missed,miss_rate\r\n7 x 2,14,2,1,0.5\r\n7 x 3,21,2,1,0.5\r\n\r\nclue,word,shown,unsolved,miss_rate\r\n"))
        let plain = try FinishedRun.server(["report", "--db", played.db, "facts"]).stdout
        #expect(plain.hasPrefix("Times facts, hardest first\n  Fact   Answer  Seen  Missed  Missed %\n  7 x 2      14     2       1       50%\n"))
    }

    // MARK: Failure and crash

    @Test func aReadOnlyDatabaseDoesNotStopTheGame() throws {
        let path = temporaryDatabasePath()
        defer { LiveServer.removeDatabase(path) }
        do { try Store(path: path).open() }  // a good database, then locked by the teacher
        #expect(chmod(path, 0o444) == 0)
        let server = try LiveServer(["--db", path])
        let ann = try server.player("ann")
        let code = try #require(try ann.command("/create times time=1 gap=0 countdown=0 rounds=2 table=3 seed=1").string("room"))
        // Issue 27: the server found the database unwritable at start; the host hears it at /create.
        var errors = [try ann.json()], types: [String] = []
        #expect(try ann.command("/start").string("type") == "ok")
        // Play on, reading every line: the game must go the whole way.
        while true {
            let line = try ann.json()
            let type = try #require(line.string("type"))
            types.append(type)
            if type == "question" { try ann.send("/answer \(product(of: line.string("text")!)!)") }
            if type == "error" { errors.append(line) }
            if type == "game_end" {
                #expect(line.string("game") == "\(code)-1")
                break
            }
        }
        #expect(types.filter { $0 == "round_end" }.count == 2)
        #expect(types.filter { $0 == "ok" }.count == 2, "both answers were accepted: \(types)")
        // The host hears it once (at /create, not again in the game), and it is no reply to any command.
        #expect(errors.count == 1)
        #expect(errors.first?.string("code") == "storage_failed")
        #expect(errors.first?["cmd"] is NSNull)
        #expect(errors.first?.string("message")?.contains("readonly") == true)
        let report = try ann.command("/report")
        #expect(report.string("code") == "storage_failed")
        #expect(try ann.command("/ping").string("type") == "ok")
        try server.stop()
        #expect(server.log.contains("STORAGE FAILED"))
    }

    @Test func missedWritesAreRetriedOnceTheDatabaseWorksAgain() throws {
        let path = temporaryDatabasePath()
        defer { LiveServer.removeDatabase(path) }
        do { try Store(path: path).open() }
        #expect(chmod(path, 0o444) == 0)
        let server = try LiveServer(["--db", path])
        defer { _ = try? server.stop() }
        let ann = try server.player("ann")
        let code = try #require(try ann.command("/create times time=5 gap=0 countdown=0 rounds=2 table=6 seed=1").string("room"))
        try ann.send("/start")
        let first = try ann.expect("question")
        try ann.send("\(product(of: first.string("text")!)!)")
        _ = try ann.expect("round_end")
        #expect(chmod(path, 0o644) == 0)  // the teacher fixes it mid-game
        let second = try ann.expect("question")
        try ann.send("\(product(of: second.string("text")!)!)")
        _ = try ann.expect("round_end")
        _ = try ann.expect("game_end")
        // The write is retried with backoff (1 s, then longer), not with every commit.
        try server.waitForLog("storage works again")
        // Everything missed while it was read-only is there now, in order.
        let report = try jsonReport(["game", "\(code)-1"], db: path)
        #expect((report["game"] as? [String: Any])?.string("state") == "finished")
        #expect(report.list("answers").map { $0.int("round") } == [1, 2])
        #expect(report.list("answers").allSatisfy { $0.bool("correct") == true })
        #expect(server.log.contains("storage works again"))
    }

    @Test(arguments: Backend.allCases) func aRoundSeenBeforeSIGKILLIsInTheDatabaseAfterRestart(_ backend: Backend) throws {
        let path = try backend.newDatabase()
        defer { backend.remove(path) }
        var server: LiveServer? = try LiveServer(["--db", path])
        let ann = try server!.player("ann"), bob = try server!.player("bob")
        let code = try #require(try ann.command("/create times time=30 gap=30 countdown=0 rounds=5 table=9 seed=2").string("room"))
        _ = try bob.command("/join \(code)")
        _ = try ann.command("/start")
        let question = try bob.expect("question")
        let answer = product(of: question.string("text")!)!
        _ = try ann.expect("question")
        _ = try ann.command("\(answer)")
        _ = try bob.command("\(answer + 1)")
        // The moment a player has seen the result, the server dies without a chance to flush anything.
        let end = try bob.expect("round_end")
        try server!.stop(signal: SIGKILL)
        server = nil

        let restarted = try LiveServer(["--db", path])
        defer { _ = try? restarted.stop() }
        let report = try jsonReport(["game", "\(code)-1"], db: path)
        #expect((report["game"] as? [String: Any])?.string("state") == "unfinished")
        let answers = report.list("answers")
        #expect(answers.map { "\($0.int("round")!) \($0.string("player")!) \($0.string("typed")!) \($0.bool("correct")!) \($0.int("points")!) \($0.int("ms")!)" }.sorted()
                == end.list("results").map { "1 \($0.string("name")!) \($0.bool("correct")! ? answer : answer + 1) \($0.bool("correct")!) \($0.int("points")!) \($0.int("ms")!)" }.sorted())
        #expect(report.list("questions").first?.string("question") == question.string("text"))
        #expect(report.list("standings").map { $0.string("name") } == ["ann", "bob"])
        // The restarted server serves on the same database.
        let carol = try restarted.player("carol")
        #expect(try carol.command("/rooms").string("type") == "ok")
    }

    // MARK: PostgreSQL

    /// PostgreSQL stops mid-game and comes back: the game goes on, the host hears storage
    /// failed and then works again, and every answer the players saw is in the database.
    @Test func aPostgresRestartMidGameLosesNothing() throws {
        // A cluster of its own: stopping the shared one would fail the tests running beside.
        let cluster = try PostgresCluster.own()
        let db = try cluster.newDatabase()
        let server = try LiveServer(["--db", db])
        let ann = try server.player("ann"), bob = try server.player("bob")
        let code = try #require(try ann.command("/create times time=30 gap=0 countdown=0 rounds=4 table=8 seed=9").string("room"))
        _ = try bob.command("/join \(code)")
        _ = try ann.command("/start")
        var seen: [String] = []
        for round in 1...4 {
            if round == 2 { try cluster.stop() }
            let question = try bob.expect("question")
            _ = try ann.expect("question")
            let answer = product(of: question.string("text")!)!
            _ = try ann.command("\(answer)")
            _ = try bob.command("\(answer + 1)")
            let end = try ann.expect("round_end", timeout: 15)
            seen += end.list("results").map { "\(round) \($0.string("name")!) \($0.bool("correct")!) \($0.int("points")!)" }
            if round == 3 { try cluster.start() }
        }
        let final = try ann.expect("game_end", timeout: 15)
        try server.waitForLog("storage works again", timeout: 20)
        let report = try jsonReport(["game", final.string("game")!], db: db)
        #expect(report.list("answers").map { "\($0.int("round")!) \($0.string("player")!) \($0.bool("correct")!) \($0.int("points")!)" }.sorted()
                == seen.sorted())
        #expect((report["game"] as? [String: Any])?.string("state") == "finished")
    }

    /// Two classrooms' servers write to one database: one games report lists both classes by
    /// server, a player's report spans both, and --server keeps one classroom.
    @Test func twoServersWriteToOneDatabase() throws {
        let db = try PostgresCluster.shared.get().newDatabase()
        var codes: [String] = []
        for room in ["room-12", "room-14"] {
            let server = try LiveServer(["--db", db, "--server-name", room])
            let host = try server.player("Ms.Lee")
            let code = try #require(try host.command("/create times time=30 gap=0 countdown=0 rounds=1 table=3 seed=1 play=no").string("room"))
            let sam = try server.player("sam")
            _ = try sam.command("/join \(code)")
            _ = try host.command("/start")
            let question = try sam.expect("question")
            _ = try sam.command("\(product(of: question.string("text")!)!)")
            codes.append(try #require(try host.expect("game_end").string("game")))
            _ = try server.stop()
        }
        let games = try jsonReport(["games"], db: db).list("games")
        #expect(games.map { $0.string("server") } == ["room-14", "room-12"])
        #expect(games.map { $0.string("game") } == codes.reversed())
        let sam = try jsonReport(["player", "sam"], db: db)
        #expect((sam["player"] as? [String: Any])?.int("games") == 2)
        let one = try jsonReport(["games", "--server", "room-12"], db: db).list("games")
        #expect(one.map { $0.string("game") } == [codes[0]])
        #expect(try jsonReport(["player", "sam", "--server", "room-14"], db: db).list("games").count == 1)
    }

    @Test func aPasswordOnTheCommandLineIsRefused() throws {
        let run = try FinishedRun.server(["--db", "postgres://teacher:secret@db.school/chalkline", "--port", "0"])
        #expect(run.status != 0)
        #expect(run.stderr.contains("PGPASSWORD"))
    }
}
