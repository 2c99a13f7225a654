import ChalklineTesting
import Foundation
import Testing

/// The desk's Past games and Progress tabs (issue 40) in headless Chromium
/// (Tests/Browser/desk_views.py): the figures drawn from a report's tables cell for cell, the
/// list of past games opening a game's report with its CSV. Screenshots at 1366, 1920 and 360 px
/// go to $CHALKLINE_CAPTURES/deskviews.
@Suite(.serialized) struct DeskViewsTests {
    static var captures: String { BrowserDriver.captures + "/deskviews" }

    // MARK: - The figures, from a fixed report

    /// One fact a cell: every fact of the grid (asked or not) against the `times` rows it was
    /// drawn from, with the colour band and the slow mark DESIGN40.md gives.
    @Test func theTimesGridDrawsEachFactOfTheReportWithItsBandAndSlowMark() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let report = Self.classReport
        try pages.harness("t", "http://127.0.0.1:\(server.port)", replies: [Self.games, Self.classReportText], progressClass: "4B")
        _ = try pages.wait("t", "return document.querySelectorAll('#fig-times g.fact').length === 144", what: "the 144 facts")
        let drawn = try #require(try pages.js("t", """
            return [...document.querySelectorAll('#fig-times g.fact')].map((g) =>
              ['a', 'b', 'asked', 'right', 'band', 'slow'].map((k) => g.dataset[k]).join(':'))
            """) as? [String])
        #expect(drawn == Self.expectedCells(report), "\(zip(drawn, Self.expectedCells(report)).filter { $0 != $1 }.prefix(5))")
        // Its CSV is the report's block: a header of the table's keys, a row a fact.
        let csv = try #require(try pages.js("t", "return document.querySelector('#fig-times a.csv-link').dataset.csv") as? String)
        let lines = csv.split(separator: "\r\n").map(String.init)
        let times = try #require(report["times"] as? [[String: Any]])
        #expect(lines.first == "a,b,asked,right,accuracy,median_ms")
        #expect(lines.count == times.count + 1)
        let expected = times.map { row in ["a", "b", "asked", "right"].map { "\(row[$0]!)" }.joined(separator: ",") }
        #expect(lines.dropFirst().map { $0.split(separator: ",").prefix(4).joined(separator: ",") } == expected, "\(lines.prefix(3))")
        // The week bars: one a week, the value each is drawn from.
        let weeks = try #require(try pages.js("t", "return [...document.querySelectorAll('#fig-weeks svg[data-key=accuracy] g.week')].map((g) => g.dataset.week + '=' + g.dataset.value)") as? [String])
        #expect(weeks == (report["weeks"] as? [[String: Any]] ?? []).map { "\($0["week"]!)=\($0["accuracy"]!)" })
        // Needs help: each student under their reason.
        let help = try #require(try pages.js("t", "return [...document.querySelectorAll('#fig-needs-help li')].map((l) => l.dataset.why + ':' + l.querySelector('button').dataset.student)") as? [String])
        #expect(help == ["lowest:Bo", "slowest:Cy Ng", "falling:Ana"])
        // One homework try is "1 homework try"; the students' `answers` (what they typed) is
        // labelled for what it counts, and a note says accuracy is over questions asked.
        #expect(try pages.js("t", "return document.querySelector('.progress-summary').textContent") as? String
                == "3 students · 2 games · 1 homework try · all dates")
        #expect(try pages.js("t", "return [...document.querySelectorAll('#fig-students thead th')].map((th) => th.textContent).join()") as? String
                == "student,games,answered,right,accuracy,median time")
        let note = try pages.js("t", "const n = document.querySelector('.progress-note'); return n ? n.textContent : ''") as? String ?? ""
        #expect(note.contains("a question left unanswered counts as wrong"), "\(note)")
        #expect(try pages.js("t", "return window.__errors.length") as? Int == 0)
        try pages.capture("t", "figures-summary", css: "#progress-figures")
        try pages.capture("t", "figures-students", css: "#fig-students")
        try pages.capture("t", "figures-grid", css: "#fig-times")
        try pages.capture("t", "figures-trend", css: "#fig-weeks")
    }

    /// A fact's words in French take their form from the number right, not the number asked:
    /// "1 juste sur 5", "3 justes sur 4" (French writes 0 and 1 in the singular).
    @Test func aFactsWordsInFrenchAgreeWithTheNumberRight() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        try pages.harness("t", "http://127.0.0.1:\(server.port)", replies: [Self.games, Self.classReportText], progressClass: "4B", language: "fr")
        _ = try pages.wait("t", "return document.querySelectorAll('#fig-times g.fact').length === 144", what: "the 144 facts")
        let checked = try #require(try pages.js("t", """
            const wrong = [], singular = [];
            for (const g of document.querySelectorAll('#fig-times g.fact[data-asked]')) {
              const { a, b, asked, right } = g.dataset;
              if (!asked || asked === '0') continue;
              const word = Number(right) > 1 ? 'justes' : 'juste';
              const said = g.querySelector('title').textContent;
              if (!said.startsWith(a + ' × ' + b + ' : ' + right + ' ' + word + ' sur ' + asked)) wrong.push(said);
              if (right === '1' && Number(asked) > 1) singular.push(said);
            }
            return { wrong: wrong.slice(0, 5), singular: singular.length };
            """) as? [String: Any])
        #expect((checked["wrong"] as? [String])?.isEmpty == true, "\(checked)")
        #expect((checked["singular"] as? Int ?? 0) > 0, "the fixture has a fact with 1 right of more asked: \(checked)")
    }

    /// A name under "Needs help" asks for that student's own report, in the class chosen.
    @Test func aStudentChosenFromTheClassAsksForTheirOwnReport() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        try pages.harness("t", "http://127.0.0.1:\(server.port)", replies: [Self.games, Self.classReportText], progressClass: "4B")
        try pages.click("t", "#fig-needs-help button[data-student='Cy Ng']")
        _ = try pages.wait("t", "return window.h.sent.at(-1) === '/report player Cy Ng class=4B'", what: "the student's report asked for")
        _ = try pages.wait("t", "return document.getElementById('progress-student').value === 'Cy Ng'", what: "Cy Ng chosen")
        try pages.select("t", "#progress-student", "")
        _ = try pages.wait("t", "return window.h.sent.at(-1) === '/report class 4B'", what: "the class again")
    }

    /// The list as the reply gives it (newest first), a filter asking again, and a row opening
    /// its game's report with the CSV the server's `report game ID --csv` writes.
    @Test func thePastGamesListFiltersAndOpensAGamesReport() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        try pages.harness("t", "http://127.0.0.1:\(server.port)", replies: [Self.games], progressClass: nil)
        let rows = try #require(try pages.wait("t", "const r = [...document.querySelectorAll('#games-list tbody tr')].map((tr) => tr.dataset.id); return r.length === 2 && r",
                                               what: "two games") as? [String])
        #expect(rows == ["12", "11"])
        try pages.select("t", "#games-class", "4B")
        _ = try pages.wait("t", "return window.h.sent.at(-1) === '/report games class=4B limit=20'", what: "the list asked for again, of 4B")
        _ = try pages.js("t", "window.h.reply(\(Self.games)); return true")
        try pages.click("t", "#games-list button[data-id='11']")
        _ = try pages.wait("t", "return window.h.sent.slice(-2).join() === '/report game 11,/report game 11 csv'", what: "the game's report and its CSV asked for")
        _ = try pages.js("t", "window.h.reply(\(Self.game)); return true")
        _ = try pages.wait("t", "return document.getElementById('game-report-title').textContent === 'Report: QXRM-1' && !document.getElementById('game-report').hidden",
                           what: "the report of QXRM-1")
        let csv = try #require(try pages.js("t", "return document.getElementById('game-report-csv').dataset.csv") as? String)
        #expect(csv.hasPrefix("id,game,kind,started,ended,state,players,rounds,winner,settings\r\n11,QXRM-1,"), "\(csv.prefix(120))")
        #expect(csv.contains("\r\n\r\nrank,name,score,answers,correct,accuracy,median_ms\r\n1,Ana,"))
        // Then the server's own CSV, which the link downloads from then on.
        _ = try pages.js("t", #"window.h.reply({"type":"ok","cmd":"report","subject":"game","csv":"id,game\r\n11,QXRM-1\r\n"}); return true"#)
        _ = try pages.wait("t", "return document.getElementById('game-report-csv').dataset.csv === 'id,game\\r\\n11,QXRM-1\\r\\n'", what: "the server's CSV on the link")
        try pages.click("t", "#game-back")
        _ = try pages.wait("t", "return !document.getElementById('games-browse').hidden", what: "the list again")

        // A fast second click: QXRM-1 then QXRM-2 before any reply. QXRM-1's replies (asked
        // first, answered first) are not drawn under QXRM-2, not even for a moment.
        _ = try pages.js("t", "document.querySelector(\"#games-list button[data-id='11']\").click(); document.getElementById('game-back').click(); document.querySelector(\"#games-list button[data-id='12']\").click(); return true")
        _ = try pages.wait("t", "return window.h.sent.slice(-4).join() === '/report game 11,/report game 11 csv,/report game 12,/report game 12 csv'", what: "both games asked for")
        let first = try pages.js("t", "window.h.reply(\(Self.game)); return document.getElementById('game-report-title').textContent") as? String
        #expect(first == "Report: loading…", "the first game's report drawn under the second")
        let firstCSV = try pages.js("t", #"window.h.reply({"type":"ok","cmd":"report","subject":"game","csv":"id,game\r\n11,QXRM-1\r\n"}); return String(window.h.desk.state.games.csv)"#) as? String
        #expect(firstCSV == "null", "the first game's CSV kept for the second's link")
        _ = try pages.js("t", "window.h.reply(\(Self.game.replacingOccurrences(of: "\"id\":11", with: "\"id\":12").replacingOccurrences(of: "QXRM-1", with: "QXRM-2"))); return true")
        _ = try pages.wait("t", "return document.getElementById('game-report-title').textContent === 'Report: QXRM-2'", what: "the report of QXRM-2")
    }

    // MARK: - Fixtures (DESIGN40.md's tables, key for key, in the server's order: JSON text, so
    // the keys keep their order as the server's replies do)

    /// Facts of every band, slow and not, some never asked, a right-less one with no median.
    static let classReportText: String = {
        var times: [String] = []
        for a in 1...12 { for b in 1...12 where (a * 5 + b * 7) % 4 != 0 {
            let asked = 1 + (a * b) % 10, right = max(0, asked - (a + b) % 4)
            let accuracy = (Double(right) / Double(asked) * 1000).rounded() / 1000
            times.append(#"{"a":\#(a),"b":\#(b),"asked":\#(asked),"right":\#(right),"accuracy":\#(accuracy),"median_ms":\#(right == 0 ? "null" : String(1000 + (a * b * 311) % 9000))}"#)
        } }
        return #"""
            {"type":"ok","cmd":"report","subject":"class","report":"class",
             "class":{"class":"4B","students":3,"games":2,"homework":1,"from":null,"to":null},
             "students":[{"student":"Ana","games":2,"answers":20,"right":18,"accuracy":0.9,"median_ms":2500},
                         {"student":"Bo","games":2,"answers":20,"right":10,"accuracy":0.5,"median_ms":4000},
                         {"student":"Cy Ng","games":1,"answers":10,"right":8,"accuracy":0.8,"median_ms":7000}],
             "times":[\#(times.joined(separator: ","))],
             "skills":[{"kind":"arith","skill":"add","asked":4,"right":3,"accuracy":0.75,"median_ms":2000}],
             "words":[{"word":"APPLE","clue":"a fruit","found":2,"by":"Ana, Bo"}],
             "weeks":[{"week":"2026-11-16","answers":30,"right":21,"accuracy":0.7,"median_ms":4200},
                      {"week":"2026-11-23","answers":40,"right":36,"accuracy":0.9,"median_ms":3100}],
             "needs_help":[{"student":"Bo","why":"lowest","accuracy":0.5,"median_ms":4000,"change":null},
                           {"student":"Cy Ng","why":"slowest","accuracy":0.8,"median_ms":7000,"change":null},
                           {"student":"Ana","why":"falling","accuracy":0.8,"median_ms":3000,"change":-0.2}]}
            """#
    }()
    nonisolated(unsafe) static let classReport = parsed(classReportText)

    static let games = #"""
        {"type":"ok","cmd":"report","subject":"games","report":"games","games":[
         {"id":12,"game":"QXRM-2","started":"2026-11-27T10:05:00Z","kind":"times","class":"4B","players":2,"rounds":3,"state":"finished","winner":"Ana"},
         {"id":11,"game":"QXRM-1","started":"2026-11-26T09:05:00Z","kind":"times","class":null,"players":2,"rounds":3,"state":"stopped","winner":null}]}
        """#

    static let game = #"""
        {"type":"ok","cmd":"report","subject":"game","report":"game",
         "game":{"id":11,"game":"QXRM-1","kind":"times","started":"2026-11-26T09:05:00Z","ended":"2026-11-26T09:15:00Z","state":"stopped","players":2,"rounds":3,"winner":null,"settings":"{}"},
         "standings":[{"rank":1,"name":"Ana","score":10,"answers":1,"correct":1,"accuracy":1,"median_ms":2000}],
         "questions":[{"round":1,"question":"7 x 8","answer":"56","right":1,"of":1,"fastest":"Ana","fastest_ms":2000}],
         "answers":[{"round":1,"question":"7 x 8","player":"Ana","typed":"56","correct":true,"ms":2000,"points":10,"streak":1}]}
        """#

    static func parsed(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// What each of the 144 cells must say, from the rule: >= 90% good, >= 70% fair, below poor,
    /// never asked none; slow above a 6 s median.
    static func expectedCells(_ report: [String: Any]) -> [String] {
        let rows = report["times"] as? [[String: Any]] ?? []
        return (1...12).flatMap { a in (1...12).map { b in
            guard let row = rows.first(where: { $0["a"] as? Int == a && $0["b"] as? Int == b }),
                  let asked = row["asked"] as? Int, asked > 0, let right = row["right"] as? Int else { return "\(a):\(b):0:0:none:no" }
            let accuracy = Double(right) / Double(asked)
            let band = accuracy >= 0.9 ? "good" : accuracy >= 0.7 ? "fair" : "poor"
            let slow = ((row["median_ms"] as? Int) ?? 0) > 6000 ? "yes" : "no"
            return "\(a):\(b):\(asked):\(right):\(band):\(slow)"
        } }
    }


    /// desk_views.py: one command, one event.
    final class Pages: BrowserPages {
        init() throws { try super.init(script: "Tests/Browser/desk_views.py", captures: DeskViewsTests.captures) }

        func capture(_ page: String, _ label: String, css: String) throws {
            try call(["cmd": "capture", "page": page, "label": label, "dir": captures, "css": css])
        }

        /// The two tabs alone on a page of the server (its origin, its styles), under a desk as
        /// desk.js makes it that records what they send (`window.h.sent`) and hands each
        /// `/report` reply to the tab that asked, in order: first the games tab's list and the
        /// progress tab's class (when `progressClass` is chosen), then what `window.h.reply` gives.
        func harness(_ page: String, _ base: String, replies: [String], progressClass: String?, language: String? = nil) throws {
            try open(page, base + "/line.js")
            _ = try js(page, """
                window.__errors = []; window.addEventListener('error', (e) => window.__errors.push(String(e.message)));
                document.head.innerHTML = '<meta name="viewport" content="width=device-width, initial-scale=1"><title>desk views</title>';
                for (const href of ['/style.css', '/teacher.css', '/desk.css']) { const l = document.createElement('link'); l.rel = 'stylesheet'; l.href = href; document.head.append(l); }
                document.body.innerHTML = '<main><section id="tab-games"></section><section id="tab-progress"></section></main>';
                (async () => {
                  \(language.map { "await (await import('/i18n.js')).chooseLanguage('\($0)');" } ?? "")
                  const { games } = await import('/desk-games.js');
                  const { progress } = await import('/desk-progress.js');
                  const sent = [], asked = [];
                  const desk = { state: { classList: [{"name":"4B","students":3,"codes":false},{"name":"5A","students":0,"codes":false}] }, send: (l) => sent.push(l),
                                 report: (tab, l, tag) => { sent.push(l); asked.push([tab, tag]); }, render: () => { views.games.draw(); views.progress.draw(); } };
                  const views = { games: games(desk), progress: progress(desk) };
                  const reply = (msg) => { const [tab, tag] = asked.shift(); views[tab].report(msg, tag); desk.render(); };
                  window.h = { desk, sent, reply };
                  \(progressClass.map { "desk.state.progress.cls = '\($0)';" } ?? "")
                  views.games.opened(); views.progress.opened();
                  desk.render();
                  for (const msg of [\(replies.joined(separator: ","))]) reply(msg);
                  window.ready = true;
                })().catch((e) => window.__errors.push(String(e)));
                return true
                """)
            _ = try wait(page, "return window.ready === true || (window.__errors.length && window.__errors.join())", what: "the tabs drawn")
            let errors = try js(page, "return window.__errors") as? [String] ?? []
            if !errors.isEmpty { throw TestFailure("the tabs: \(errors)") }
        }

    }
}

