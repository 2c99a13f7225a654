import ChalklineTesting
import Foundation
import Testing

/// The desk's Past games and Progress tabs against the real server (issue 40's "Done when"): a
/// class plays, the teacher opens /desk with the secret, the list opens an old game's report
/// with the server's CSV, and a student's grid after two games and one homework has the cells
/// the stored answers say (read from the database with sqlite3, not through the server).
/// Screenshots at 1366, 1920 and 360 px go to $CHALKLINE_CAPTURES/deskviews.
@Suite(.serialized) struct DeskViewsLiveTests {
    // MARK: - Past games

    @Test func thePastGamesListOpensAnOldGamesReportWithTheServersCSV() throws {
        let server = try LiveServer()
        let teacher = try Self.teacher(server, students: ["Ana", "Bo"])
        let room = try Self.classRoom(teacher, server, ["Ana", "Bo"], options: "rounds=2 table=7")
        try Self.playGame(room.host, room.pupils) { name, round in name == "Bo" && round == 1 }
        try Self.playGame(room.host, room.pupils) { _, _ in false }
        let pages = try DeskViewsTests.Pages()
        defer { pages.quit() }
        try pages.openDesk("t", server, tab: "games")
        let rows = try #require(try pages.wait("t", "const r = [...document.querySelectorAll('#games-list tbody tr')].map((tr) => tr.querySelector('button').textContent); return r.length === 2 && r",
                                               what: "the two games, newest first") as? [String])
        #expect(rows == ["\(room.code)-2", "\(room.code)-1"])
        let classes = try pages.js("t", "return [...document.querySelectorAll('#games-list tbody tr')].map((tr) => tr.cells[3].textContent)") as? [String]
        #expect(classes == ["4B", "4B"])
        try pages.capture("t", "games-list", css: "#tab-games")
        try pages.click("t", "#games-list tbody tr:last-child button")
        _ = try pages.wait("t", "return document.getElementById('game-report-title').textContent === 'Report: \(room.code)-1'", what: "the old game's report")
        let standings = try pages.wait("t", "const n = [...document.querySelectorAll('#game-report-standings tbody tr')].map((tr) => tr.cells[1].textContent); return n.length === 2 && n", what: "its standings") as? [String]
        #expect(standings == ["Ana", "Bo"])
        // The link downloads what `/report game ID csv` gives on the line protocol.
        let id = try #require(try pages.js("t", "return document.querySelector('#games-list tbody tr:last-child').dataset.id") as? String)
        let csv = try #require(try teacher.command("/report game \(id) csv", timeout: 10).string("csv"))
        _ = try pages.wait("t", "return document.getElementById('game-report-csv').dataset.csv === \(Self.jsString(csv))", what: "the server's CSV on the link")
        try pages.capture("t", "game-report", css: "#tab-games")
        #expect(try pages.js("t", "return window.__errors.length") as? Int == 0)
    }

    // MARK: - A student's progress

    /// Ana after two class games and one homework try: every cell of her grid on the desk says
    /// how many times that fact was asked of her and how many she got right, as the database's
    /// rows say (sqlite3 on the file, joined by hand: answer, player as the student, question).
    @Test func aStudentsGridAfterTwoGamesAndOneHomeworkHasTheStoredCells() throws {
        let server = try LiveServer()
        let teacher = try Self.teacher(server, students: ["Ana", "Bo"])
        let room = try Self.classRoom(teacher, server, ["Ana", "Bo"], options: "rounds=3 table=7")
        try Self.playGame(room.host, room.pupils) { name, round in name == "Ana" && round == 2 }
        try Self.playGame(room.host, room.pupils) { name, round in name == "Ana" && round != 2 }
        let set = try teacher.command("/assign times table=6 rounds=3 time=30 countdown=0 class=4B due=\(HomeworkTCPTests.tomorrow)")
        let homework = try #require(set.string("code"), "\(set)")
        let ana = try server.player("AnaHome")
        let joined = try ana.command("/join \(homework) Ana")
        #expect(joined.type == "ok", "\(joined)")
        try Self.answerUntilTheEnd([("Ana", ana)]) { _, round in round == 3 }
        let stored = try Self.storedFacts(server.databasePath, student: "Ana")
        #expect(stored.count >= 3, "three or more facts asked: \(stored)")
        let pages = try DeskViewsTests.Pages()
        defer { pages.quit() }
        try pages.openDesk("t", server, tab: "progress")
        try pages.select("t", "#progress-class", "4B")
        _ = try pages.wait("t", "return [...document.getElementById('progress-student').options].some((o) => o.value === 'Ana')", what: "Ana among the students")
        try pages.select("t", "#progress-student", "Ana")
        _ = try pages.wait("t", "return document.querySelectorAll('#fig-times g.fact').length === 144 && document.getElementById('progress-title').textContent.includes('Ana')", what: "Ana's grid")
        let drawn = try #require(try pages.js("t", "return [...document.querySelectorAll('#fig-times g.fact')].filter((g) => g.dataset.asked !== '0').map((g) => [g.dataset.a, g.dataset.b, g.dataset.asked, g.dataset.right].join(':'))") as? [String])
        #expect(drawn.sorted() == stored.sorted(), "drawn \(drawn.sorted()), stored \(stored.sorted())")
        #expect(try pages.js("t", "return window.__errors.length") as? Int == 0)
        try pages.capture("t", "student-grid", css: "#fig-times")
        try pages.select("t", "#progress-student", "")
        _ = try pages.wait("t", "return document.querySelectorAll('#fig-students tbody tr').length === 2", what: "the class's students")
        try pages.capture("t", "class", css: "#progress-title")
        try pages.capture("t", "class-trend", css: "#fig-weeks")
    }

    /// `a:b:asked:right` of each times fact asked of the class student `student`, straight from
    /// the tables (a missing answer is a row with typed NULL: asked, not right).
    static func storedFacts(_ database: String, student: String) throws -> [String] {
        let sql = """
            SELECT q.detail, COUNT(*), SUM(a.correct) FROM answer a
            JOIN player p ON p.id = a.player_id JOIN student s ON s.uid = p.student_uid
            JOIN question q ON q.id = a.question_id
            WHERE s.name = '\(student)' AND q.detail GLOB '[0-9]*,[0-9]*' GROUP BY q.detail;
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-readonly", database, sql]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").map { line in
            let f = line.split(separator: "|").map(String.init)
            return f[0].replacingOccurrences(of: ",", with: ":") + ":" + f[1] + ":" + f[2]
        }
    }

    // MARK: - Helpers

    /// A teacher over TCP with the secret, and class 4B of `students`.
    static func teacher(_ server: LiveServer, students: [String]) throws -> HarnessClient {
        let teacher = try server.player("MsLee")
        guard let secret = server.teacherSecret else { throw TestFailure("no teacher's secret") }
        let taken = try teacher.command("/teacher \(secret)")
        guard taken.type == "ok" else { throw TestFailure("/teacher: \(taken)") }
        let added = try teacher.command("/class add 4B \(students.joined(separator: " "))")
        guard added.type == "ok" else { throw TestFailure("/class add: \(added)") }
        return teacher
    }

    struct Room {
        let host: HarnessClient
        let code: String
        let pupils: [(String, HarnessClient)]
    }

    /// A times room for class 4B, hosted by a connection of the teacher's, the students seated.
    static func classRoom(_ teacher: HarnessClient, _ server: LiveServer, _ students: [String], options: String) throws -> Room {
        let host = try server.player("MsLee")
        guard let secret = server.teacherSecret, try host.command("/teacher \(secret)").type == "ok" else { throw TestFailure("/teacher") }
        let created = try host.command("/create times play=no class=4B time=30 countdown=0 gap=0 \(options)")
        guard let code = created.string("room") else { throw TestFailure("/create: \(created)") }
        let pupils = try students.map { name in
            let pupil = try server.connect()
            try pupil.skipWelcome()
            _ = try pupil.command("/format json")
            let joined = try pupil.command("/join \(code) \(name)")
            guard joined.type == "ok" else { throw TestFailure("\(name) could not join: \(joined)") }
            return (name, pupil)
        }
        return Room(host: host, code: code, pupils: pupils)
    }

    /// The room's next game, played to its end: each student answers each question, wrong where
    /// `wrong(name, round)` says so (round 1 is the first).
    static func playGame(_ host: HarnessClient, _ pupils: [(String, HarnessClient)], wrong: (String, Int) -> Bool) throws {
        let started = try host.command("/start")
        guard started.type == "ok" else { throw TestFailure("/start: \(started)") }
        try answerUntilTheEnd(pupils, wrong: wrong)
    }

    /// Reads each student's lines, answering each question, until every one has had game_end.
    static func answerUntilTheEnd(_ pupils: [(String, HarnessClient)], wrong: (String, Int) -> Bool) throws {
        var done = Set<String>(), round = 0
        while done.count < pupils.count {
            round += 1
            for (name, pupil) in pupils where !done.contains(name) {
                var line = try pupil.json(timeout: 40)
                while line.type != "question" && line.type != "game_end" { line = try pupil.json(timeout: 40) }
                if line.type == "game_end" { done.insert(name); continue }
                let product = (line.string("text") ?? "").split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.reduce(1, *)
                let reply = try pupil.command("/answer id=\(line.int("id") ?? 0) \(wrong(name, round) ? product + 1 : product)")
                guard reply.type == "ok" else { throw TestFailure("\(name)'s answer: \(reply)") }
            }
        }
    }

    /// `s` as a JavaScript string literal.
    static func jsString(_ s: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [s]), as: UTF8.self).dropFirst().dropLast().description
    }
}

extension DeskViewsTests.Pages {
    /// /desk opened, the secret typed into its form, the tab `tab` chosen.
    func openDesk(_ page: String, _ server: LiveServer, tab: String) throws {
        try open(page, "http://127.0.0.1:\(server.port)/desk")
        _ = try js(page, "window.__errors = []; window.addEventListener('error', (e) => window.__errors.push(String(e.message))); return true")
        _ = try wait(page, "return !document.getElementById('secret').hidden", what: "the secret's form")
        try type(page, "#secret-input", server.teacherSecret ?? "", enter: true)
        _ = try wait(page, "return document.body.dataset.teacher === 'yes'", what: "the desk opened")
        try click(page, "#tab-btn-\(tab)")
        _ = try wait(page, "return !document.getElementById('tab-\(tab)').hidden", what: "the \(tab) tab")
    }
}
