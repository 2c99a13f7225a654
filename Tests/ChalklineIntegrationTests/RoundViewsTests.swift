import Foundation
import Testing
@testable import ChalklineClient

/// What each round shows (issue 38, part 3), on the student page and on the projector, in
/// headless Chromium driven by Tests/Browser/round_views.py, against the real server: the
/// teacher's page takes a room made over TCP back with its host key (as after a reload), a
/// student plays on a page, classmates over TCP. Screenshots at 360 and 1920 px go to
/// $CHALKLINE_CAPTURES/round (else a temporary folder).
@Suite(.serialized) struct RoundViewsTests {
    static var captures: String { BrowserDriver.captures + "/round" }

    // MARK: - A times race from the countdown to the podium

    @Test func eachRoundSaysHowItEndedAndTheLastAnswerStaysUpBeforeThePodium() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        print("round view screenshots: \(Self.captures)")
        let room = try teacherRoom(pages, server, kind: "times", create: "rounds=4 time=6 gap=2 countdown=3 seed=11 table=7")
        try pages.joinAsStudent("ann", server, "ann", room.code)
        let bo = try server.seatedPupil("bo", in: room.code)
        _ = try pages.wait("t", "return document.querySelectorAll('#lobby-players li').length === 2", what: "ann and bo in the lobby")
        try pages.record("t")
        try pages.record("ann")
        try pages.click("t", "#btn-start")


        func question(_ n: Int) throws -> (id: Int, text: String, product: Int) {
            let q = try bo.expect("question", timeout: 20)
            let id = try #require(q.int("id"))
            let text = try #require(q.string("text"))
            #expect(q.int("round") == n)
            _ = try pages.wait("ann", "return document.body.dataset.view === 'question' && document.getElementById('question-text').dataset.id === '\(id)'", what: "ann sees question \(n)")
            _ = try pages.wait("t", "return document.body.dataset.view === 'play' && document.getElementById('play-question').dataset.id === '\(id)'", what: "the projector shows question \(n)")
            return (id, text, try #require(product(of: text)))
        }
        func results(_ id: Int) throws {
            _ = try pages.wait("ann", "return document.body.dataset.view === 'results' && document.getElementById('question-text').dataset.id === '\(id)'", what: "ann's results of \(id)")
            _ = try pages.wait("t", "return document.body.dataset.view === 'results' && document.getElementById('play-reveal').dataset.answer", what: "the projector's results of \(id)")
        }
        // The time label and how full the bar is, once the bar has stopped moving.
        let studentClock = """
            const b = document.getElementById('question-bar'); const m = new DOMMatrix(getComputedStyle(b).transform);
            return b.getAnimations().length === 0 ? {label: document.getElementById('question-time').textContent, scale: m.a} : null;
            """
        let projectorClock = """
            const b = document.getElementById('play-bar'); const m = new DOMMatrix(getComputedStyle(b).transform);
            return b.getAnimations().length === 0 ? {label: document.getElementById('play-clock').textContent, scale: m.a} : null;
            """

        // Question 1: both answer at once, long before the time is up.
        let q1 = try question(1)
        // The countdown ticked on the phone as on the projector (each text it showed, recorded).
        let ticked = try pages.js("ann", "return window.chalklineCountdown") as? [String] ?? []
        #expect(ticked.contains("The race starts in 2 seconds.") && ticked.contains("The race starts in 1 second."), "the student's countdown ticks: \(ticked)")
        try pages.type("ann", "#answer-input", "\(q1.product)", enter: true)
        #expect(try bo.command("\(q1.product)").bool("correct") == true)
        try results(q1.id)
        for (page, clock) in [("ann", studentClock), ("t", projectorClock)] {
            let shown = try pages.wait(page, clock, what: "\(page)'s clock at rest") as? [String: Any] ?? [:]
            #expect(shown.string("label") == "Everyone has answered", "\(page), everyone in early: \(shown)")
            #expect(((shown["scale"] as? NSNumber)?.doubleValue ?? 1) < 0.01, "\(page): the bar empties, not frozen: \(shown)")
        }
        try expectOneHeading(pages, "ann", "the student's results")
        try expectOneHeading(pages, "t", "the projector's results")
        try pages.capture("ann", "student-results")
        try pages.capture("t", "projector-results")

        // Question 2: ann does not answer, bo is wrong; the time runs out.
        let q2 = try question(2)
        // (The screenshots of a question here, where the time runs out anyway.)
        try expectOneHeading(pages, "ann", "the student's question")
        try expectOneHeading(pages, "t", "the projector's question")
        try pages.capture("ann", "student-question")
        try pages.capture("t", "projector-question")
        #expect(try bo.command("\(q2.product + 1)").bool("correct") == false)
        try results(q2.id)
        for (page, clock) in [("ann", studentClock), ("t", projectorClock)] {
            let shown = try pages.wait(page, clock, what: "\(page)'s clock at rest") as? [String: Any] ?? [:]
            #expect(shown.string("label") == "Time!", "\(page), out of time: \(shown)")
        }
        #expect(try pages.js("ann", "return document.getElementById('status-streak').textContent") as? String == "0",
                "no answer ends the streak, as on the server")

        // Question 3: right again: a streak of 1, as the server says.
        let q3 = try question(3)
        try pages.type("ann", "#answer-input", "\(q3.product)", enter: true)
        // The feedback is hidden when a question opens (its state may still be the last verdict's).
        _ = try pages.wait("ann", "const f = document.getElementById('feedback'); return !f.hidden && f.dataset.state === 'right'", what: "ann's verdict")
        let streak = try pages.js("ann", "return document.getElementById('status-streak').textContent") as? String
        #expect(streak == "1", "the page's streak after right, none, right: \(streak ?? "")")
        #expect(try bo.command("\(q3.product)").bool("correct") == true)
        try results(q3.id)

        // Question 4, the last: ann is wrong, bo right.
        let q4 = try question(4)
        try pages.type("ann", "#answer-input", "\(q4.product + 2)", enter: true)
        let waiting = try pages.wait("ann", "const f = document.getElementById('feedback'); return f.dataset.state === 'wrong' && f.textContent", what: "ann's wrong verdict") as? String
        #expect(waiting?.contains("The answer comes when time is up") == true, "before the end: \(waiting ?? "")")
        let answer = try bo.command("\(q4.product)")
        #expect(answer.bool("correct") == true)
        let lastStudent = try pages.settle("ann", """
            return document.body.dataset.view === 'results' && document.getElementById('question-text').dataset.id === '\(q4.id)'
                && {feedback: document.getElementById('feedback').textContent, reveal: document.getElementById('reveal').textContent}
            """, what: "ann's results of the last question", timeout: 10) as? [String: Any]
        let lastProjector = try pages.settle("t", "return document.body.dataset.view === 'results' && document.getElementById('play-reveal').textContent",
                                             what: "the projector's results of the last question", timeout: 10) as? String
        if lastStudent != nil { try pages.capture("ann", "student-last-results") }
        if lastProjector != nil { try pages.capture("t", "projector-last-results") }
        #expect(lastStudent?.string("reveal") == "Answer: \(q4.text) = \(q4.product)", "the last answer on the phone: \(String(describing: lastStudent))")
        #expect(lastStudent?.string("feedback")?.contains("comes when time is up") == false, "the answer has come: \(String(describing: lastStudent))")
        #expect(lastProjector == "Answer: \(q4.text) = \(q4.product)", "the last answer on the projector: \(lastProjector ?? "never shown")")

        _ = try pages.wait("ann", "return document.body.dataset.view === 'final'", what: "ann's podium", timeout: 20)
        _ = try pages.wait("t", "return document.body.dataset.view === 'final'", what: "the projector's podium", timeout: 20)
        #expect(try pages.js("ann", "return document.getElementById('status-streak').textContent") as? String == "0")
        for page in ["ann", "t"] {
            let held = try lastResultsHeld(pages, page)
            #expect(held >= 2800, "\(page): the last results stay up (the room's gap, at least 3 s) before the podium: \(held) ms")
        }
        try expectOneHeading(pages, "ann", "the student's podium")
        try expectOneHeading(pages, "t", "the projector's podium")
        try pages.capture("ann", "student-podium")
        try pages.capture("t", "projector-podium")
    }

    // MARK: - names=hidden on the projector

    @Test func withNamesHiddenTheProjectorCountsInsteadOfListingEmptyNames() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let host = try TestHost(server, game: "times", create: "rounds=2 time=20 gap=5 countdown=0 seed=3 table=6 names=hidden")
        let pupils = try ["ann", "bo", "cy"].map { try server.seatedPupil($0, in: host.code) }
        try pages.open("t", "http://127.0.0.1:\(server.port)/host?watch=\(host.code)")
        _ = try pages.wait("t", "return document.body.dataset.view === 'lobby' && document.querySelectorAll('#lobby-players li').length === 3", what: "the watched lobby")
        _ = try host.client.command("/start")
        let q = try pupils[0].expect("question", timeout: 10)
        let answer = try #require(product(of: q.string("text") ?? ""))
        _ = try pages.wait("t", "return document.body.dataset.view === 'play' && document.getElementById('play-question').dataset.id === '\(q.int("id")!)'", what: "the question")
        _ = try pupils[0].command("\(answer)")
        _ = try pupils[1].command("\(answer + 1)")
        _ = try pupils[2].command("\(answer + 2)")
        let who = try pages.settle("t", """
            return document.body.dataset.view === 'results' && ['who-right', 'who-wrong', 'who-none'].map(id => {
              const p = document.getElementById(id); return p.hidden ? null : p.textContent; })
            """, what: "the round's results", timeout: 10) as? [Any]
        if who != nil { try pages.capture("t", "projector-names-hidden-results") }
        #expect(who?.first as? String == "Right: 1", "\(String(describing: who))")
        #expect(who?.dropFirst().first as? String == "Wrong: 2", "\(String(describing: who))")
        // The teacher stops the game during the gap: the podium.
        _ = try host.client.command("/stop")
        _ = try pages.wait("t", "return document.body.dataset.view === 'final'", what: "the podium", timeout: 20)
        let steps = try pages.js("t", "return [...document.querySelectorAll('#final-podium li')].map(l => [l.querySelector('.step-place').textContent, l.querySelector('.step-name').textContent])") as? [[String]] ?? []
        #expect(!steps.isEmpty)
        for step in steps {
            #expect(step.count == 2 && step[1].range(of: #"^\d+ players?$"#, options: .regularExpression) != nil, "a count, not empty names: \(steps)")
        }
        #expect(steps.compactMap { Int($0.last?.split(separator: " ").first ?? "") }.reduce(0, +) == 3, "every player on a step: \(steps)")
        // The standings under the podium: places and scores, no column of empty names.
        let columns = try pages.js("t", """
            return [...document.querySelectorAll('#final-standings th, #final-standings tbody tr:first-child td')]
              .filter(c => c.offsetParent !== null).map(c => c.textContent)
            """) as? [String] ?? []
        #expect(columns.count == 4 && !columns.contains("Name") && !columns.contains(""), "\(columns)")
        try pages.capture("t", "projector-names-hidden-podium")
    }

    // MARK: - Money and pace: the question with its answer

    @Test func moneyAndPaceResultsShowTheQuestionWithItsAnswer() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        for (kind, options) in [("money", "currency=EUR"), ("pace", "units=km")] {
            let host = try TestHost(server, game: kind, create: "rounds=2 time=30 gap=5 countdown=0 seed=9 \(options)")
            let bo = try server.seatedPupil("bo", in: host.code)
            try pages.open("t", "http://127.0.0.1:\(server.port)/host?watch=\(host.code)")
            _ = try pages.wait("t", "return document.body.dataset.view === 'lobby' && document.querySelectorAll('#lobby-players li').length === 1", what: "the watched lobby")
            if kind == "money" { try pages.joinAsStudent("ann", server, "ann", host.code) }
            _ = try host.client.command("/start")
            let q = try bo.expect("question", timeout: 10)
            let text = try #require(q.string("text"))
            #expect(text.hasSuffix("?"), "a sentence: \(text)")
            let solver = try #require(QuizSolvers.solver(for: kind))
            _ = try pages.wait("t", "return document.getElementById('play-question').dataset.id === '\(q.int("id")!)'", what: "the question")
            if kind == "money" {
                _ = try pages.wait("ann", "return document.body.dataset.view === 'question'", what: "ann's question")
                try pages.capture("ann", "student-money-question")
                try pages.capture("t", "projector-money-question")
                try pages.type("ann", "#answer-input", try #require(solver.answer(to: text)), enter: true)
            }
            _ = try bo.command(try #require(solver.wrongAnswer(to: text, draw: 1)))
            let end = try bo.expect("round_end", timeout: 30)
            // The answer as the page's language writes it (`€7.20` in English for euros, where
            // `answer_text` has `7,20 €`): bo reads English json, as the projector's page.
            let answerText = try #require(end.string("answer_message") ?? end.string("answer_text"))
            let reveal = try pages.wait("t", "return document.body.dataset.view === 'results' && document.getElementById('play-reveal').textContent", what: "\(kind)'s results") as? String ?? ""
            // The page says a sentence question as its `message` (bo reads English json too).
            let words = q.string("message") ?? text
            #expect(reveal.contains(words) && reveal.hasSuffix("Answer: " + answerText), "\(kind): the question with its answer: \(reveal)")
            if kind == "money" {
                _ = try pages.wait("ann", "return document.body.dataset.view === 'results'", what: "ann's results")
                try pages.capture("ann", "student-money-results")
                try pages.capture("t", "projector-money-results")
            }
            _ = try host.client.command("/stop")
            _ = try pages.wait("t", "return document.body.dataset.view === 'final'", what: "the podium", timeout: 20)
        }
    }

    // MARK: - The word puzzle

    @Test func theWordPuzzleCountsWordsKeepsWhatItCanAndShowsTheLastLevelsWords() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let room = try teacherRoom(pages, server, kind: "words", create: "level=1 levels=1 time=120 gap=2 countdown=0 seed=5")
        try pages.joinAsStudent("ann", server, "ann", room.code)
        let bo = try server.seatedPupil("bo", in: room.code)
        _ = try pages.wait("t", "return document.querySelectorAll('#lobby-players li').length === 2", what: "ann and bo in the lobby")
        try pages.record("t")
        try pages.record("ann")
        try pages.click("t", "#btn-start")
        let board = try bo.expect("board", timeout: 10)
        let groups = board["groups"] as? [String] ?? []
        _ = try pages.wait("ann", "return document.body.dataset.view === 'board' && document.querySelectorAll('#groups button.group').length === \(groups.count)", what: "ann's board")
        _ = try pages.wait("t", "return document.body.dataset.view === 'play' && !document.getElementById('play-groups').hidden", what: "the projector's board")
        #expect(try pages.js("t", "return document.getElementById('btn-skip').textContent") as? String == "Skip level")
        try expectOneHeading(pages, "ann", "the student's board")
        try expectOneHeading(pages, "t", "the projector's board")

        // ann taps the first group of one word and of another, each once on the board; bo then
        // claims the second word: ann keeps the first group, and is told why the other went.
        let words = try BrowserTests.levelWords(1)
        let once = { (g: String) in groups.filter { $0 == g }.count == 1 }
        var pairs: [(Int, Int)] = []
        for a in words.indices {
            for b in words.indices where a != b {
                let first = words[a][0], second = words[b][0]
                if once(first) && once(second) && first != second && !words[b].contains(first) { pairs.append((a, b)) }
            }
        }
        let pair = try #require(pairs.first, "two words whose first groups are each once on the board: \(groups)")
        let kept = words[pair.0][0], taken = words[pair.1][0], claimed = words[pair.1].joined()
        for g in [kept, taken] {
            try pages.click("ann", "#groups button.group[data-id='\(try #require(groups.firstIndex(of: g)))']")
        }
        _ = try pages.wait("ann", "return document.getElementById('word-input').value === '\(kept + taken)'", what: "ann's word so far")
        #expect(try bo.command(claimed).bool("correct") == true)
        let after = try pages.settle("ann", """
            const f = document.getElementById('word-feedback');
            return !f.hidden && f.textContent && {word: document.getElementById('word-input').value, said: f.textContent,
              pressed: [...document.querySelectorAll('#groups button.group[aria-pressed=true]')].map(b => b.textContent)}
            """, what: "ann told about the claim", timeout: 10) as? [String: Any]
        #expect(after?.string("word") == kept, "what can be kept is kept: \(String(describing: after))")
        #expect((after?["pressed"] as? [String]) == [kept], "\(String(describing: after))")
        #expect(after?.string("said")?.contains("bo") == true && after?.string("said")?.contains(claimed) == true, "\(String(describing: after))")
        try pages.capture("ann", "student-word-level")

        // Two words not on the board: three tried, one found of seven.
        for word in ["CHALKLINE", "QQQQ"] { #expect(try bo.command(word).bool("correct") == false) }
        let progress = try pages.wait("t", "const t = document.getElementById('play-progress').textContent; return t.includes('3') && t", what: "three words tried") as? String
        #expect(progress == "words found: 1 of 7 · 3 tried", "\(progress ?? "")")
        try pages.capture("t", "projector-word-level")

        // The teacher skips the last level: its words stay up before the podium, on both pages.
        try pages.click("t", "#btn-skip")
        let revealed = try pages.settle("t", "return document.body.dataset.view === 'results' && [...document.querySelectorAll('#play-clues .clue-word')].map(w => w.textContent)",
                                        what: "the level's words on the projector", timeout: 10) as? [String]
        if revealed != nil { try pages.capture("t", "projector-word-level-end") }
        let studentRevealed = try pages.settle("ann", "return document.body.dataset.view === 'level' && [...document.querySelectorAll('#clues .clue-word')].map(w => w.textContent)",
                                               what: "the level's words on ann's page", timeout: 10) as? [String]
        if studentRevealed != nil { try pages.capture("ann", "student-word-level-end") }
        #expect(Set(revealed ?? []) == Set(words.map { $0.joined() }), "every word, the unsolved too: \(revealed ?? [])")
        let missed = try pages.js("t", "return [...document.querySelectorAll('#play-clues .clue.missed .clue-word')].map(w => w.textContent)") as? [String] ?? []
        #expect(missed.count == 6 && !missed.contains(claimed), "the six nobody found, not shown as found: \(missed)")
        #expect(Set(studentRevealed ?? []) == Set(words.map { $0.joined() }), "\(studentRevealed ?? [])")
        _ = try pages.wait("t", "return document.body.dataset.view === 'final'", what: "the podium", timeout: 20)
        _ = try pages.wait("ann", "return document.body.dataset.view === 'final'", what: "ann's podium", timeout: 20)
        #expect(try lastResultsHeld(pages, "t") >= 2800)
    }

    // MARK: - Helpers

    /// A room made over TCP, then taken by the teacher's page with its host key, as a reload
    /// does (the page's seat in sessionStorage): the page is the host, with its controls.
    func teacherRoom(_ pages: Pages, _ server: LiveServer, kind: String, create: String) throws -> (code: String, maker: HarnessClient) {
        let maker = try server.connect()
        try maker.skipWelcome()
        _ = try maker.command("/format json")
        _ = try maker.command("/name MsLee")
        let made = try maker.command("/create \(kind) play=no \(create)")
        let code = try #require(made.string("room"), "\(made)")
        let key = try #require(made.string("host_key"), "\(made)")
        let seat = try String(decoding: JSONSerialization.data(withJSONObject: ["room": code, "key": key, "name": "MsLee", "url": made.string("join_url") ?? "", "game": kind]), as: UTF8.self)
        try pages.open("t", "http://127.0.0.1:\(server.port)/host")
        _ = try pages.wait("t", "return document.body.dataset.view === 'create'", what: "the form")
        _ = try pages.js("t", "sessionStorage.setItem('chalkline.host', \(seat.debugDescription)); return true")
        try pages.reload("t")
        _ = try pages.wait("t", "return document.body.dataset.role === 'host' && document.body.dataset.view === 'lobby' && document.getElementById('lobby-code').textContent === '\(code)'",
                           what: "the room taken back by the page")
        return (code, maker)
    }

    /// One visible h1, with words in it: axe-core's page-has-heading-one, and no second top heading.
    func expectOneHeading(_ pages: Pages, _ page: String, _ what: String) throws {
        let found = try pages.call(["cmd": "headings", "page": page])["value"] as? [String: Any] ?? [:]
        let h1 = found["h1"] as? [String] ?? []
        #expect(h1.count == 1 && h1.first?.isEmpty == false, "\(what): one visible h1, found \(h1)")
        if let axe = found["axe"] as? [String: Any] {
            #expect(axe.int("violations") == 0, "\(what): axe-core's page-has-heading-one: \(axe)")
        }
    }

    /// How long the page showed the last results (`results` or `level`) before the podium, in ms,
    /// from the views it recorded; 0 if it went to the podium from anything else.
    func lastResultsHeld(_ pages: Pages, _ page: String) throws -> Double {
        let views = try pages.js(page, "return window.chalklineViews || []") as? [[String: Any]] ?? []
        guard let final = views.lastIndex(where: { $0.string("view") == "final" }), final > 0 else { return 0 }
        let before = views[final - 1]
        guard ["results", "level"].contains(before.string("view") ?? "") else { return 0 }
        return ((views[final]["at"] as? NSNumber)?.doubleValue ?? 0) - ((before["at"] as? NSNumber)?.doubleValue ?? 0)
    }

    /// round_views.py: one command, one event.
    final class Pages: BrowserPages {
        init() throws { try super.init(script: "Tests/Browser/round_views.py", captures: RoundViewsTests.captures) }
    }
}
