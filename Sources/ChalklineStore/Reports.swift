import ChalklineCore
import Foundation

/// The teacher's reports, as queries over the results database. Each returns a `Report`, which
/// `chalkline-server report` prints and `/report` sends; both read through these functions, so
/// they always agree.
public enum Reports {
    public enum Failure: Error, CustomStringConvertible {
        case noSuchGame(String)
        case noSuchPlayer(String)
        case noSuchAssignment(String)
        case noSuchClass(String)
        case notInClass(name: String, className: String)

        public var description: String { say.english }

        /// What the teacher reads, in their language (`/lang`, `report --language`).
        public var say: Say {
            switch self {
            case .noSuchGame(let id): Say("error.report.no_such_game", ["id": .text(id)])
            case .noSuchPlayer(let name): Say("error.report.no_such_player", ["name": .text(name)])
            case .noSuchAssignment(let code): Say("error.report.no_such_homework", ["code": .text(code)])
            case .noSuchClass(let name): Say("error.report.no_such_class", ["name": .text(name)])
            case .notInClass(let name, let className): Say("error.report.not_in_class", ["name": .text(name), "class": .text(className)])
            }
        }
    }

    // MARK: games

    /// Recent games, newest first: id, when, room, game kind, the class it was played by,
    /// players, winner; of one server (`--server`) or all. When the games listed come from more
    /// than one server, a Server column says which classroom played each. `className` keeps one
    /// class's games (`Failure.noSuchClass` if it has none of that name); `from` (included) and
    /// `to` (left out: the start of the day after the last) keep games started between them.
    public static func games(_ db: any SQLDatabase, limit: Int = 20, server: String? = nil,
                             className: String? = nil, from: Date? = nil, to: Date? = nil) throws -> Report {
        var (filter, arguments) = try serverFilter(db, server)
        let (span, spanArguments) = startedBetween(from, to)
        filter += span
        arguments += spanArguments
        if let className {
            let uids = try classUIDs(db, named: className, server: server)
            filter += " AND g.class_uid IN (\(uids.map { _ in "?" }.joined(separator: ", ")))"
            arguments += uids.map(SQLValue.text)
        }
        let hasClasses = try db.columns(in: "game").contains("class_uid")
        let rows = try db.rows("""
            SELECT g.id, g.room, g.number, g.kind, g.started_at, g.ended_at, g.stopped, \(try serverColumn(db)) AS server,
                   \(hasClasses ? "(SELECT c.name FROM class c WHERE c.uid = g.class_uid)" : "NULL") AS class_name,
                   (SELECT COUNT(*) FROM player p WHERE p.game_id = g.id) AS players,
                   (SELECT COUNT(*) FROM round r WHERE r.game_id = g.id AND r.closed_at IS NOT NULL) AS rounds
            FROM game g WHERE 1 = 1\(filter) ORDER BY g.id DESC LIMIT ?
            """, arguments + [.int(Int64(limit))])
        let servers = Set(rows.compactMap { $0["server"] as String? })
        var lines: [[ReportValue]] = []
        for row in rows {
            // Read as `game` reads it: a shared first place names everyone on it, and an
            // unfinished game has no stored ranks.
            let finished = (row["ended_at"] as Date?) != nil
            var winner = try winner(db, game: row["id"], finished: finished)
            if finished, try !wasWon(db, game: row["id"], stopped: row["stopped"]) { winner = nil }
            var line: [ReportValue] = [.int(row["id"]), .text("\(row["room"] as String)-\(row["number"] as Int)"), .time(row["started_at"]),
                                       .text(row["kind"]), text(row["class_name"]), .int(row["players"]), .int(row["rounds"]), .word(state(row)), text(winner)]
            if servers.count > 1 { line.append(text(row["server"])) }
            lines.append(line)
        }
        let table = ReportTable(
            name: "games", title: Say("report.title.recent_games"),
            columns: [.init("id", Say("report.column.id")), .init("game", Say("report.column.game")), .init("started", Say("report.column.started")), .init("kind", Say("report.column.kind")), .init("class", Say("report.column.class")),
                      .init("players", Say("report.column.players")), .init("rounds", Say("report.column.rounds")), .init("state", Say("report.column.state")), .init("winner", Say("report.column.winner"))]
                + (servers.count > 1 ? [.init("server", Say("report.column.server"))] : []),
            rows: lines)
        return Report(kind: "games", tables: [table])
    }

    /// `g.server`, or NULL in a database older than the column (a locked one is never migrated).
    static func serverColumn(_ db: any SQLDatabase) throws -> String {
        try db.columns(in: "game").contains("server") ? "g.server" : "NULL"
    }

    /// The condition (on `game g`) that keeps one server's games, and its argument.
    static func serverFilter(_ db: any SQLDatabase, _ server: String?) throws -> (String, [SQLValue]) {
        guard let server else { return ("", []) }
        return (" AND \(try serverColumn(db)) = ?", [.text(server)])
    }

    private static func state(_ row: SQLRow) -> String {
        if (row["ended_at"] as Date?) == nil { return "unfinished" }
        return (row["stopped"] as Bool) ? "stopped" : "finished"
    }

    static func text(_ s: String?) -> ReportValue { s.map(ReportValue.text) ?? .null }

    // MARK: game

    /// A player's line in a game's standings.
    struct StandingLine {
        /// `asked` counts the questions judged for the player, `answers` those they answered: a
        /// question left unanswered is no answer, but still counts against accuracy.
        var name: String; var rank: Int?; var score: Int; var asked = 0; var answers = 0; var correct = 0; var ms: [Int] = []
        /// Total time of correct answers: the standings' tie-break.
        var correctMs = 0
    }

    /// Standings: the final ones once the game ended; for a game the server did not finish,
    /// ranked from the points stored so far by the server's own rule. Keyed by player row, so two
    /// players who used one name stay two lines. `games` and `game` both read winners from here.
    static func standingLines(players: [SQLRow], answers: [SQLRow], finished: Bool) -> [StandingLine] {
        var lines: [Int64: StandingLine] = [:]
        for p in players {
            lines[p["id"]] = StandingLine(name: p["name"], rank: p["rank"], score: p["score"] ?? 0)
        }
        for a in answers {
            let pid: Int64 = a["player_id"]
            lines[pid]?.asked += 1
            if (a["typed"] as String?) != nil { lines[pid]?.answers += 1 }
            if a["correct"] as Bool {
                lines[pid]?.correct += 1
                lines[pid]?.correctMs += (a["ms"] as Int?) ?? 0
            }
            if let ms = a["ms"] as Int?, (a["typed"] as String?) != nil { lines[pid]?.ms.append(ms) }
            if !finished { lines[pid]?.score += a["points"] as Int }
        }
        if !finished {
            for row in Standing.rank(lines.map { (Int($0.key), $0.value.name, $0.value.score, Millis($0.value.correctMs)) }) {
                lines[Int64(row.seat)]?.rank = row.rank
            }
        }
        return lines.sorted { a, b in
            switch (a.value.rank, b.value.rank) {
            case let (x?, y?) where x != y: return x < y
            case (_?, _?): return (a.value.name.lowercased(), a.key) < (b.value.name.lowercased(), b.key)  // a shared place, by name
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return (a.value.name.lowercased(), a.key) < (b.value.name.lowercased(), b.key)
            }
        }.map(\.value)
    }

    /// A game stopped by its host, or one nobody scored in, was won by nobody: naming the first
    /// of a table of zeros (ranked by name) would crown whoever sorts first.
    static func wasWon(_ db: any SQLDatabase, game id: Int64, stopped: Bool) throws -> Bool {
        guard !stopped else { return false }
        let top = try db.row("SELECT MAX(score) AS top FROM player WHERE game_id = ?", [.int(id)])
        return ((top?["top"] as Int?) ?? 0) > 0
    }

    /// The winner's name as `game` shows it: of an unfinished game too, ranked by the same rule.
    static func winner(_ db: any SQLDatabase, game id: Int64, finished: Bool) throws -> String? {
        let players = try db.rows("SELECT * FROM player WHERE game_id = ? ORDER BY id", [.int(id)])
        let answers = finished ? [] : try db.rows("""
            SELECT a.player_id, a.correct, a.ms, a.typed, a.points FROM answer a JOIN round r ON r.id = a.round_id
            WHERE r.game_id = ?
            """, [.int(id)])
        return winners(standingLines(players: players, answers: answers, finished: finished))
    }

    /// Who shares the first place, by name ("ana, cara"), or nil for a game without players.
    static func winners(_ lines: [StandingLine]) -> String? {
        let first = lines.filter { $0.rank == 1 }.map(\.name)
        return first.isEmpty ? nil : first.joined(separator: ", ")
    }

    /// `12` (a database id) or `QXRM-2` (the name `game_end` showed; the latest such game).
    /// With `server`, `QXRM-2` is that server's game (room codes repeat across classrooms).
    public static func gameID(_ db: any SQLDatabase, _ spec: String, server: String? = nil) throws -> Int64 {
        if let id = Int64(spec), try db.row("SELECT id FROM game WHERE id = ?", [.int(id)]) != nil {
            return id
        }
        let parts = spec.split(separator: "-")
        if parts.count == 2, let number = Int(parts[1]),
           case let (filter, arguments) = try serverFilter(db, server),
           let id = try db.row("SELECT id FROM game g WHERE room = ? AND number = ?\(filter) ORDER BY id DESC LIMIT 1",
                               [.text(parts[0].uppercased()), .int(Int64(number))] + arguments).map({ $0["id"] as Int64 }) {
            return id
        }
        throw Failure.noSuchGame(spec)
    }

    /// One game: the game, final standings with accuracy and median answer time per player, each
    /// question with its answer, how many got it right and the fastest, and every answer.
    public static func game(_ db: any SQLDatabase, id: Int64) throws -> Report {
        guard let game = try db.row("""
            SELECT g.*, (SELECT COUNT(*) FROM round r WHERE r.game_id = g.id AND r.closed_at IS NOT NULL) AS rounds
            FROM game g WHERE g.id = ?
            """, [.int(id)]) else { throw Failure.noSuchGame(String(id)) }
        let kind: String = game["kind"]
        let detail = try Schema.detailColumn(db, table: "q")
        let answers = try db.rows("""
            SELECT a.*, p.name, r.number AS round, r.label, q.n, q.text AS question, q.answer, \(detail) AS detail
            FROM answer a JOIN round r ON r.id = a.round_id JOIN player p ON p.id = a.player_id
            LEFT JOIN question q ON q.id = a.question_id
            WHERE r.game_id = ? ORDER BY r.number, a.id
            """, [.int(id)])
        let players = try db.rows("SELECT * FROM player WHERE game_id = ? ORDER BY id", [.int(id)])
        let questions = try db.rows("""
            SELECT q.*, r.number AS round, r.label FROM question q JOIN round r ON r.id = q.round_id
            WHERE r.game_id = ? ORDER BY r.number, q.n
            """, [.int(id)])

        let finished = (game["ended_at"] as Date?) != nil
        let ordered = standingLines(players: players, answers: answers, finished: finished)
        let won = finished ? try wasWon(db, game: id, stopped: game["stopped"]) : ordered.contains { $0.score > 0 }
        let winner = won ? winners(ordered) : nil

        let summary = ReportTable(
            name: "game", title: Say("report.title.game"),
            columns: [.init("id", Say("report.column.id")), .init("game", Say("report.column.game")), .init("kind", Say("report.column.kind")), .init("started", Say("report.column.started")),
                      .init("ended", Say("report.column.ended")), .init("state", Say("report.column.state")), .init("players", Say("report.column.players")), .init("rounds", Say("report.column.rounds")),
                      .init("winner", Say("report.column.winner")), .init("settings", Say("report.column.settings"))],
            rows: [[.int(game["id"]), .text("\(game["room"] as String)-\(game["number"] as Int)"), .text(kind),
                    .time(game["started_at"]), (game["ended_at"] as Date?).map(ReportValue.time) ?? .null, .word(state(game)),
                    .int(players.count), .int(game["rounds"]), text(winner), .text(game["settings"])]],
            single: true)
        let standings = ReportTable(
            name: "standings", title: Say(finished ? "report.title.final_standings" : "report.title.standings_unfinished"),
            columns: [.init("rank", Say("report.column.rank")), .init("name", Say("report.column.name")), .init("score", Say("report.column.score")), .init("answers", Say("report.column.answers")),
                      .init("correct", Say("report.column.right")), .init("accuracy", Say("report.column.accuracy")), .init("median_ms", Say("report.column.median_time"))],
            rows: ordered.map { line in
                [line.rank.map(ReportValue.int) ?? .null, .text(line.name), .int(line.score), .int(line.answers), .int(line.correct),
                 line.asked > 0 ? .fraction(Double(line.correct) / Double(line.asked)) : .null,
                 median(line.ms).map(ReportValue.ms) ?? .null]
            })

        var questionTable: ReportTable
        let isBoard = RaceCatalog.kind(named: kind).map(Self.isBoard) ?? false
        if isBoard {
            let claims = Dictionary(grouping: answers.filter { $0["correct"] as Bool }, by: { $0["question_id"] as Int64 })
            questionTable = ReportTable(
                name: "questions", title: Say("report.title.clues"),
                columns: [.init("round", Say("report.column.round")), .init("level", Say("report.column.level")), .init("n", Say("report.column.n")), .init("clue", Say("report.column.clue")),
                          .init("answer", Say("report.column.word")), .init("solved_by", Say("report.column.solved_by")), .init("ms", Say("report.column.time")), .init("points", Say("report.column.points"))],
                rows: questions.map { q in
                    let claim = claims[q["id"] as Int64]?.first
                    return [.int(q["round"]), .text(q["label"]), .int(q["n"]), .text(q["text"]), .text(q["answer"]),
                            text(claim?["name"]), (claim?["ms"] as Int?).map(ReportValue.ms) ?? .null,
                            (claim?["points"] as Int?).map(ReportValue.int) ?? .null]
                })
        } else {
            let byRound = Dictionary(grouping: answers, by: { $0["round"] as Int })
            questionTable = ReportTable(
                name: "questions", title: Say("report.title.questions"),
                columns: [.init("round", Say("report.column.round")), .init("question", Say("report.column.question")), .init("answer", Say("report.column.answer")),
                          .init("right", Say("report.column.right")), .init("of", Say("report.column.of")), .init("fastest", Say("report.column.fastest")), .init("fastest_ms", Say("report.column.time"))],
                rows: questions.map { q in
                    let rows = byRound[q["round"] as Int] ?? []
                    let right = rows.filter { $0["correct"] as Bool }
                    let fastest = right.min { ($0["ms"] as Int? ?? .max) < ($1["ms"] as Int? ?? .max) }
                    return [.int(q["round"]), .text(q["text"]), .text(q["answer"]), .int(right.count), .int(rows.count),
                            text(fastest?["name"]), (fastest?["ms"] as Int?).map(ReportValue.ms) ?? .null]
                })
        }

        var answerColumns: [ReportTable.Column] = [
            .init("round", Say("report.column.round")), .init("question", Say(isBoard ? "report.column.clue" : "report.column.question")), .init("player", Say("report.column.player")),
            .init("typed", Say("report.column.typed")), .init("correct", Say("report.column.right")), .init("ms", Say("report.column.time")), .init("points", Say("report.column.points")),
        ]
        if !isBoard { answerColumns.append(.init("streak", Say("report.column.streak"))) }
        let answerTable = ReportTable(
            name: "answers", title: Say("report.title.every_answer"),
            columns: answerColumns,
            rows: answers.map { a in
                var row: [ReportValue] = [
                    .int(a["round"]), .text((a["question"] as String?) ?? (a["label"] as String)), .text(a["name"]),
                    (a["typed"] as String?).map(ReportValue.text) ?? .null, .bool(a["correct"]),
                    (a["ms"] as Int?).map(ReportValue.ms) ?? .null, .int(a["points"]),
                ]
                if !isBoard { row.append((a["streak"] as Int?).map(ReportValue.int) ?? .null) }
                return row
            })
        var kindTables: [ReportTable] = []
        if let entry = RaceCatalog.kind(named: kind), entry.inGameReport, case .quiz(let sections) = entry.style {
            kindTables = sections(answers.filter { ($0["question"] as String?) != nil }.map(quizRow), .classroom).map(ReportTable.init)
        }
        return Report(kind: "game", tables: [summary, standings] + teamTable(players: players, answers: answers, finished: finished)
                          + [questionTable, answerTable] + kindTables)
    }

    /// A game played in teams: each team's mean points, as `game_end` ranked them, from the team
    /// each player was recorded on. Nothing for a game without teams (or from before v7).
    static func teamTable(players: [SQLRow], answers: [SQLRow], finished: Bool) -> [ReportTable] {
        var names: [String] = []
        var members: [(team: Int, score: Int)] = []
        for player in players {
            guard let team = player["team"] as String? else { continue }
            if !names.contains(team) { names.append(team) }
            let id: Int64 = player["id"]
            let score = finished ? (player["score"] as Int?) ?? 0
                : answers.filter { ($0["player_id"] as Int64) == id }.reduce(0) { $0 + ($1["points"] as Int) }
            members.append((names.firstIndex(of: team)!, score))
        }
        guard !names.isEmpty else { return [] }
        return [ReportTable(
            name: "teams", title: Say("report.title.teams_mean_points_a_member"),
            columns: [.init("rank", Say("report.column.rank")), .init("team", Say("report.column.team")), .init("score", Say("report.column.mean")), .init("members", Say("report.column.members"))],
            rows: TeamStanding.rank(names: names, members: members).map { [.int($0.rank), .text($0.name), .int($0.score), .int($0.members)] })]
    }

    // MARK: player

    /// One player across every game they played (names ignore case, as in a room): totals, their
    /// games, and for the times race a 2–12 x 2–12 grid of their accuracy on each fact and their
    /// five weakest facts; for the word puzzle the clues they solved.
    public static func player(_ db: any SQLDatabase, name: String, server: String? = nil) throws -> Report {
        let detail = try Schema.detailColumn(db, table: "q")
        let (filter, serverArguments) = try serverFilter(db, server)
        let seats = try db.rows("""
            SELECT p.id, p.name, p.rank, p.score, g.id AS game_id, g.room, g.number, g.kind, g.started_at
            FROM player p JOIN game g ON g.id = p.game_id WHERE lower(p.name) = lower(?)\(filter) ORDER BY g.id
            """, [.text(name)] + serverArguments)
        guard !seats.isEmpty else { throw Failure.noSuchPlayer(name) }
        let answers = try db.rows("""
            SELECT a.correct, a.ms, a.typed, a.points, a.player_id, g.id AS game_id, g.room, g.number, g.kind,
                   r.label, q.text AS question, q.answer, \(detail) AS detail
            FROM player p JOIN round r ON r.game_id = p.game_id JOIN answer a ON a.round_id = r.id AND a.player_id = p.id
            JOIN game g ON g.id = p.game_id LEFT JOIN question q ON q.id = a.question_id
            WHERE lower(p.name) = lower(?)\(filter) ORDER BY a.id
            """, [.text(name)] + serverArguments)
        let correct = answers.count { $0["correct"] as Bool }
        let given = answers.count { ($0["typed"] as String?) != nil }
        let times = answers.compactMap { ($0["typed"] as String?) != nil ? ($0["ms"] as Int?) : nil }
        var tables = [ReportTable(
            name: "player", title: Say("report.title.player"),
            columns: [.init("name", Say("report.column.name")), .init("games", Say("report.column.games")), .init("answers", Say("report.column.answers")), .init("correct", Say("report.column.right")),
                      .init("accuracy", Say("report.column.accuracy")), .init("median_ms", Say("report.column.median_time"))],
            rows: [[.text(seats.last!["name"]), .int(seats.count), .int(given), .int(correct),
                    answers.isEmpty ? .null : .fraction(Double(correct) / Double(answers.count)), median(times).map(ReportValue.ms) ?? .null]],
            single: true)]

        let byGame = Dictionary(grouping: answers, by: { $0["game_id"] as Int64 })
        tables.append(ReportTable(
            name: "games", title: Say("report.title.games"),
            columns: [.init("id", Say("report.column.id")), .init("game", Say("report.column.game")), .init("started", Say("report.column.started")), .init("kind", Say("report.column.kind")),
                      .init("rank", Say("report.column.rank")), .init("score", Say("report.column.score")), .init("answers", Say("report.column.answers")), .init("accuracy", Say("report.column.accuracy"))],
            rows: seats.map { s in
                let mine = byGame[s["game_id"] as Int64] ?? []
                let right = mine.count { $0["correct"] as Bool }
                return [.int(s["game_id"]), .text("\(s["room"] as String)-\(s["number"] as Int)"), .time(s["started_at"]),
                        .text(s["kind"]), (s["rank"] as Int?).map(ReportValue.int) ?? .null,
                        .int((s["score"] as Int?) ?? mine.reduce(0) { $0 + ($1["points"] as Int) }),
                        .int(mine.count { ($0["typed"] as String?) != nil }),
                        mine.isEmpty ? .null : .fraction(Double(right) / Double(mine.count))]
            }))

        // What is hard, kind by kind, in the catalog's order.
        for kind in RaceCatalog.kinds where seats.contains(where: { ($0["kind"] as String) == kind.name }) {
            let mine = answers.filter { ($0["kind"] as String) == kind.name }
            switch kind.style {
            case .quiz(let sections):
                tables += sections(mine.filter { ($0["question"] as String?) != nil }.map(quizRow), .player).map(ReportTable.init)
            case .board:
                let solved = mine.filter { $0["correct"] as Bool }
                tables.append(ReportTable(
                    name: "clues_solved", title: Say("report.title.clues_solved"),
                    columns: [.init("game", Say("report.column.game")), .init("level", Say("report.column.level")), .init("clue", Say("report.column.clue")), .init("word", Say("report.column.word")),
                              .init("ms", Say("report.column.time")), .init("points", Say("report.column.points"))],
                    rows: solved.map { a in
                        [.text("\(a["room"] as String)-\(a["number"] as Int)"), .text(a["label"]), text(a["question"]), text(a["answer"]),
                         (a["ms"] as Int?).map(ReportValue.ms) ?? .null, .int(a["points"])]
                    }))
            }
        }
        return Report(kind: "player", tables: tables)
    }

    static func isBoard(_ kind: RaceKind) -> Bool {
        if case .board = kind.style { return true }
        return false
    }

    /// A stored answer as a quiz kind's report section reads it.
    static func quizRow(_ a: SQLRow) -> QuizAnswerRow {
        QuizAnswerRow(player: a["name"] ?? "", question: a["question"], answer: a["answer"], detail: a["detail"],
                      typed: a["typed"], correct: a["correct"], ms: a["ms"])
    }

    // MARK: facts

    /// What the class finds hard, kind by kind in the catalog's order: each quiz kind's own
    /// sections (times: its facts, hardest first), and the word-puzzle clues least often solved.
    /// `noBots` leaves out players who joined as programs (`/join CODE NAME bot`): their
    /// answers would flatter the class, and their clues solved hide the hard ones.
    public static func facts(_ db: any SQLDatabase, server: String? = nil, noBots: Bool = false) throws -> Report {
        let detail = try Schema.detailColumn(db, table: "q")
        let (serverFilter, serverArguments) = try serverFilter(db, server)
        let bots = try Schema.noBotsFilter(db, noBots)
        let filter = serverFilter
        var tables: [ReportTable] = []
        for kind in RaceCatalog.kinds {
            switch kind.style {
            case .quiz(let sections):
                let answers = try db.rows("""
                    SELECT a.correct, a.ms, a.typed, p.name, q.text AS question, q.answer, \(detail) AS detail
                    FROM answer a JOIN question q ON q.id = a.question_id JOIN round r ON r.id = a.round_id
                    JOIN game g ON g.id = r.game_id JOIN player p ON p.id = a.player_id
                    WHERE g.kind = ?\(filter)\(bots) ORDER BY a.id
                    """, [.text(kind.name)] + serverArguments)
                tables += sections(answers.map(quizRow), .classroom).map(ReportTable.init)
            case .board:
                let clues = try db.rows("""
                    SELECT * FROM (
                        SELECT q.text, q.answer, COUNT(*) AS shown,
                               SUM(CASE WHEN EXISTS (SELECT 1 FROM answer a JOIN player p ON p.id = a.player_id
                                                     WHERE a.round_id = q.round_id AND a.question_id = q.id AND a.correct = 1\(bots))
                                        THEN 0 ELSE 1 END) AS unsolved
                        FROM question q JOIN round r ON r.id = q.round_id JOIN game g ON g.id = r.game_id
                        WHERE g.kind = ? AND r.closed_at IS NOT NULL\(filter)
                          -- A level the host stopped the game in (closed in the same moment the
                          -- game ended) was not played out: its clues were not missed.
                          AND NOT (g.stopped = 1 AND r.closed_at = g.ended_at)
                        GROUP BY q.text, q.answer
                    ) c ORDER BY 1.0 * unsolved / shown DESC, shown DESC, answer
                    """, [.text(kind.name)] + serverArguments)
                tables.append(ReportTable(
                    name: "clues", title: Say("report.title.word_puzzle_clues_hardest_first"),
                    columns: [.init("clue", Say("report.column.clue")), .init("word", Say("report.column.word")), .init("shown", Say("report.column.shown")), .init("unsolved", Say("report.column.unsolved")),
                              .init("miss_rate", Say("report.column.unsolved_percent"))],
                    rows: clues.map { c in
                        let shown: Int = c["shown"], unsolved: Int = c["unsolved"]
                        return [.text(c["text"]), .text(c["answer"]), .int(shown), .int(unsolved), .fraction(Double(unsolved) / Double(shown))]
                    }))
            }
        }
        return Report(kind: "facts", tables: tables)
    }

    // MARK: Helpers

    static func median(_ values: [Int]) -> Int? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid] + 1) / 2
    }
}
