import Foundation
import Testing

/// Issue 38, section 2: one ranking on every screen. The projector once ranked by score alone
/// ("2nd ana, 2nd cara") while cara's phone said "You finished 3rd of 3", and under
/// `scoring=accuracy` it showed "1st, 1st, 1st, 4th, 4th" beside phones saying 1st, 2nd, 3rd.
/// The server's `rank` is now the only place: equal score and equal time of right answers share
/// it (1, 2, 2, 4). One game a scoring, with a tie, and every view of it read back: the server
/// over TCP in json and in text, `chalkline host` and `chalkline play` in tmux, the projector
/// and a phone in headless Chromium, and the stored report (json and CSV).
@Suite(.serialized) struct OneRankingTests {
    /// ann, bo and cy right, one after the other; dee and eve wrong; fay gives no answer. So
    /// dee, eve and fay tie (0 points, no time) and share the place after the three.
    static let right = ["ann", "bo", "cy"], wrong = ["dee", "eve"], silent = "fay"

    static var captures: String { BrowserDriver.captures + "/rank" }

    @Test(arguments: ["speed", "accuracy"])
    func everyViewShowsTheServersPlaceForEachPlayer(scoring: String) throws {
        let server = try LiveServer()
        let host = try TmuxHost(server, "times", ["table=6", "rounds=1", "time=60", "countdown=0", "gap=0", "scoring=\(scoring)"])
        let pages = try Pages()
        defer { pages.quit() }
        let watcher = try server.connect()
        try watcher.skipWelcome()
        _ = try watcher.command("/format json")
        #expect(try watcher.command("/watch \(host.code)").string("type") == "ok")
        let base = "http://127.0.0.1:\(server.port)"
        try pages.open("projector", "\(base)/host?watch=\(host.code)")
        _ = try pages.wait("projector", "return document.body.dataset.view === 'lobby' && document.body.dataset.role === 'watch'", what: "the watched lobby")

        // ann, bo, fay in json; cy in text; dee at `chalkline play`; eve on a phone.
        let ann = try host.join(server, "ann"), bo = try host.join(server, "bo")
        let cy = try server.connect()
        try cy.skipWelcome()
        try cy.send("/join \(host.code) cy")
        _ = try cy.expectText("/rejoin \(host.code)")
        let dee = try TmuxScreen(["play", "127.0.0.1:\(server.port)", "--room", host.code, "--name", "dee"])
        try pages.open("eve", "\(base)/?room=\(host.code)")
        _ = try pages.wait("eve", "return document.activeElement && document.activeElement.id === 'join-name' && document.getElementById('join-code').value",
                           what: "the join form with the code")
        try pages.type("eve", "#join-name", "eve", enter: true)
        _ = try pages.wait("eve", "return document.body.dataset.view === 'lobby'", what: "eve in the lobby")
        let fay = try host.join(server, Self.silent)
        try host.screen.expect("6 players")
        try host.screen.press("Enter")

        let question = try ann.expect("question", timeout: 10)
        let id = try #require(question.int("id"))
        let answer = try #require(product(of: question.string("text") ?? ""))
        #expect(try ann.command("\(answer)").bool("correct") == true)
        #expect(try bo.command("\(answer)").bool("correct") == true)
        try cy.send("\(answer)")
        _ = try cy.expectText("Right")
        try dee.expect("Question 1/1")
        try dee.type("\(answer + 1)")
        try dee.press("Enter")
        try dee.expect("Wrong")
        _ = try pages.wait("eve", "return document.body.dataset.view === 'question' && document.getElementById('question-text').dataset.id === '\(id)'",
                           what: "eve sees the question")
        try pages.type("eve", "#answer-input", "\(answer + 2)", enter: true)
        try host.screen.expect("Answers in: 5")
        try host.screen.type("s")                          // fay never answers: the teacher closes it

        // The server: the watcher's whole table, and each json player's own copy of it.
        let end = try watcher.expect("game_end", timeout: 30)
        let ranks = Self.places(end.list("standings"))
        let everyone = Self.right + Self.wrong + [Self.silent]
        #expect(Set(ranks.keys) == Set(everyone))
        // The rule itself: the three who scored are above the three on 0, who share one place.
        let tied = Self.wrong + [Self.silent]
        let scored = Self.right.compactMap { ranks[$0] }
        #expect(scored.allSatisfy { (1...3).contains($0) } && tied.allSatisfy { ranks[$0] == 4 }, "\(ranks)")
        #expect(end.list("standings").map { $0["name"] as? String ?? "" }.suffix(3) == tied[...], "a shared place lists its players by name")
        for (name, client) in [("ann", ann), ("bo", bo), ("fay", fay)] {
            let own = try client.expect("game_end", timeout: 10)
            #expect(Self.places(own.list("standings")) == ranks, "\(name)'s game_end")
        }

        // The text mode: cy's table.
        _ = try cy.expectText("Game over! Final standings:", timeout: 10)
        var text: [String: Int] = [:]
        var line = try cy.line()
        while !line.hasPrefix("The host can") {
            if let m = line.firstMatch(of: /^\s*(\d+)\.\s+(\S+)\s+[\d,]+$/) { text[String(m.2)] = Int(m.1) }
            line = try cy.line()
        }
        #expect(text == ranks, "the text mode")

        // `chalkline host` and `chalkline play`: the podium and the table after it.
        for (who, screen) in [("host", host.screen), ("play", dee)] {
            let shown = try screen.expect("Game over!")
            screen.save("rank-\(scoring)-\(who)", screen: shown)
            #expect(Self.screenPlaces(shown) == ranks, "chalkline \(who):\n\(shown)")
        }

        // The projector and eve's phone.
        let projector = try pages.wait("projector", """
            return document.body.dataset.view === 'final' && {
              rows: [...document.querySelectorAll('#final-standings tbody tr')].map(r => [r.cells[0].textContent, r.cells[1].textContent]),
              podium: [...document.querySelectorAll('#final-podium li')].map(l => [l.querySelector('.step-place').textContent, l.querySelector('.step-name').textContent])}
            """, what: "the projector's podium") as? [String: Any] ?? [:]
        let phone = try pages.wait("eve", """
            return document.body.dataset.view === 'final' && {
              rank: document.getElementById('final-rank').textContent,
              rows: [...document.querySelectorAll('#final-standings tbody tr:not(.gap)')].map(r => [r.cells[0].textContent, r.cells[1].textContent.replace(' (you)', '')]),
              podium: [...document.querySelectorAll('#podium li')].map(l => [l.querySelector('.step-place').textContent, l.querySelector('.step-name').textContent])}
            """, what: "eve's final screen") as? [String: Any] ?? [:]
        for (name, view) in [("projector", projector), ("eve's phone", phone)] {
            let rows = view["rows"] as? [[String]] ?? []
            #expect(Dictionary(rows.map { ($0[1], Self.number($0[0])) }, uniquingKeysWith: { a, _ in a }) == ranks, "\(name)'s table: \(rows)")
            // Each step: one place of the first three, every name on it.
            let steps = view["podium"] as? [[String]] ?? []
            let wanted = Set(ranks.values.filter { $0 <= 3 })
            #expect(steps.map { Self.number($0[0]) }.sorted() == wanted.sorted(), "\(name)'s podium steps: \(steps)")
            for step in steps {
                let names = step[1].components(separatedBy: ", ")
                #expect(names.allSatisfy { ranks[$0] == Self.number(step[0]) }, "\(name)'s step \(step)")
            }
        }
        #expect(phone["rank"] as? String == "You finished 4th of 6 with 0 points.", "\(phone)")
        try pages.capture("projector", "\(scoring)-projector-podium")
        try pages.capture("eve", "\(scoring)-phone-final")

        // The stored report, as json and as CSV.
        let game = try #require(end.string("game"))
        let json = try JSONSerialization.jsonObject(with: Data(try Self.report(server, game, "--json").utf8)) as? [String: Any] ?? [:]
        let stored = (json["standings"] as? [[String: Any]] ?? []).map { ($0["name"] as? String ?? "?", $0["rank"] as? Int ?? 0) }
        #expect(Dictionary(uniqueKeysWithValues: stored) == ranks, "the report: \(stored)")
        #expect(stored.map(\.0).suffix(3) == tied[...], "the report lists a shared place by name")
        let csv = HostPageTests.parseCSV(try Self.report(server, game, "--csv"))
        let head = try #require(csv.firstIndex { $0.first == "rank" && $0.dropFirst().first == "name" })
        let csvRows = csv[(head + 1)...].prefix { $0.count > 1 }
        #expect(Dictionary(uniqueKeysWithValues: csvRows.map { ($0[1], Int($0[0]) ?? 0) }) == ranks, "the CSV: \(Array(csvRows))")
    }

    /// A shared first place: everyone wrong, so all three share it (0 points, no time). The
    /// projector and the phone each show one step with every name on it; the phone used to
    /// draw one step a row, three "1st" steps stacked on one spot of its podium.
    @Test func aSharedPlaceStandsOnOneStep() throws {
        let server = try LiveServer()
        let host = try TestHost(server, create: "table=6 rounds=1 time=60 countdown=0 gap=0")
        let pages = try Pages()
        defer { pages.quit() }
        let base = "http://127.0.0.1:\(server.port)"
        try pages.open("projector", "\(base)/host?watch=\(host.code)")
        _ = try pages.wait("projector", "return document.body.dataset.view === 'lobby' && document.body.dataset.role === 'watch'", what: "the watched lobby")
        let ann = try TmuxHost.joinPlayer(server, host.code, "ann"), bo = try TmuxHost.joinPlayer(server, host.code, "bo")
        try pages.open("eve", "\(base)/?room=\(host.code)")
        _ = try pages.wait("eve", "return document.activeElement && document.activeElement.id === 'join-name' && document.getElementById('join-code').value",
                           what: "the join form with the code")
        try pages.type("eve", "#join-name", "eve", enter: true)
        _ = try pages.wait("eve", "return document.body.dataset.view === 'lobby'", what: "eve in the lobby")
        try host.waitForPlayers(3)
        _ = try host.client.command("/start")
        let question = try ann.expect("question", timeout: 10)
        let wrong = try #require(product(of: question.string("text") ?? "")) + 1
        _ = try ann.command("\(wrong)")
        _ = try bo.command("\(wrong)")
        _ = try pages.wait("eve", "return document.body.dataset.view === 'question'", what: "eve sees the question")
        try pages.type("eve", "#answer-input", "\(wrong)", enter: true)
        let end = try host.client.expect("game_end", timeout: 10)
        #expect(Self.places(end.list("standings")) == ["ann": 1, "bo": 1, "eve": 1])
        let steps = "return document.body.dataset.view === 'final' && [...document.querySelectorAll('%@ li')].map(l => [l.querySelector('.step-place').textContent, l.querySelector('.step-name').textContent])"
        for (page, podium) in [("projector", "#final-podium"), ("eve", "#podium")] {
            let shown = try pages.wait(page, steps.replacingOccurrences(of: "%@", with: podium), what: "\(page)'s podium") as? [[String]]
            #expect(shown == [["1st", "ann, bo, eve"]], "\(page): one step, every name on it")
        }
        try pages.capture("projector", "shared-first-projector-podium")
        try pages.capture("eve", "shared-first-phone-final")
    }

    /// Issue 38, section 6: the report's "answers" counted the questions a student did not
    /// answer. Two rounds: dee answers both wrong, fay neither: answers 2 and 0, both 0% right.
    @Test func theReportCountsTheAnswersGivenNotTheQuestionsAsked() throws {
        let server = try LiveServer()
        let host = try TestHost(server, create: "table=6 rounds=2 time=60 countdown=0 gap=0")
        let dee = try TmuxHost.joinPlayer(server, host.code, "dee"), fay = try TmuxHost.joinPlayer(server, host.code, "fay")
        try host.waitForPlayers(2)
        _ = try host.client.command("/start")
        for _ in 0..<2 {
            let question = try dee.expect("question", timeout: 10)
            #expect(try dee.command("\(product(of: question.string("text") ?? "")! + 1)").bool("correct") == false)
            _ = try host.client.command("/skip")
        }
        let end = try host.client.expect("game_end", timeout: 10)
        _ = fay
        let json = try JSONSerialization.jsonObject(with: Data(try Self.report(server, try #require(end.string("game")), "--json").utf8)) as? [String: Any] ?? [:]
        let rows = Dictionary(uniqueKeysWithValues: (json["standings"] as? [[String: Any]] ?? []).map { ($0["name"] as? String ?? "?", $0) })
        #expect(rows["dee"]?["answers"] as? Int == 2, "\(rows)")
        #expect(rows["fay"]?["answers"] as? Int == 0, "fay gave no answer: \(rows)")
        #expect(rows["fay"]?["accuracy"] as? Double == 0 && rows["dee"]?["accuracy"] as? Double == 0, "\(rows)")
        let player = try JSONSerialization.jsonObject(with: Data(try Self.report(server, nil, "--json", player: "fay").utf8)) as? [String: Any] ?? [:]
        #expect((player["player"] as? [String: Any])?["answers"] as? Int == 0, "report player: \(player)")
        #expect((player["games"] as? [[String: Any]])?.first?["answers"] as? Int == 0, "report player's games: \(player)")
    }

    // MARK: - Reading the views

    /// name → rank of a `standings` list.
    static func places(_ rows: [[String: Any]]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] as? String ?? "?", JSONValue.int($0["rank"]) ?? 0) })
    }

    /// "4th" → 4.
    static func number(_ ordinal: String) -> Int { Int(ordinal.prefix { $0.isNumber }) ?? 0 }

    /// A `chalkline` final screen: the podium's "1st   ann   1,000" rows and the table's
    /// "    4. dee   0" rows, name → place.
    static func screenPlaces(_ screen: String) -> [String: Int] {
        var places: [String: Int] = [:]
        for row in screen.rows {
            if let m = row.firstMatch(of: /^(\d+)(?:st|nd|rd|th)\s+(\S+)\s+[\d,]+/) { places[String(m.2)] = Int(m.1) }
            if let m = row.firstMatch(of: /^\s*(\d+)\.\s+(\S+)\s+[\d,]+/) { places[String(m.2)] = Int(m.1) }
        }
        return places
    }

    /// `chalkline-server report game GAME FORMAT` (or `report player NAME`), from the server's database.
    static func report(_ server: LiveServer, _ game: String?, _ format: String, player: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProducts.path("chalkline-server"))
        process.arguments = ["report"] + (player.map { ["player", $0] } ?? ["game", game ?? ""]) + [format, "--db", server.databasePath]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("report exited \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }

    /// ranks.py: host.py's commands, screenshots at 360 and 1920 px.
    final class Pages: BrowserPages {
        init() throws { try super.init(script: "Tests/Browser/ranks.py", captures: OneRankingTests.captures) }
    }
}
