import Foundation
import Testing

/// The teacher's page (/host) in a real browser: headless Chromium driven by
/// Tests/Browser/host.py (one command, one event back), against the real server, with student
/// pages joining through the URL the teacher page shows. Screenshots at 1366 and 1920 px go to
/// $CHALKLINE_CAPTURES/host (else a temporary folder).
@Suite(.serialized) struct HostPageTests {
    static let students = ["ann", "bo", "cy"]

    static var captures: String { BrowserDriver.captures + "/host" }

    // MARK: - Creating a room of every kind from the form /catalog built

    @Test func theFormBuiltFromTheCatalogCreatesARoomOfEveryKind() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let probe = try server.connect()
        try probe.skipWelcome()
        _ = try probe.command("/format json")
        let kinds = try probe.command("/catalog").list("kinds").compactMap { $0.string("name") }
        #expect(kinds.count >= 5, "\(kinds)")
        let base = "http://127.0.0.1:\(server.port)"
        try pages.open("t", "\(base)/host")
        let shown = try pages.wait("t", "const r = [...document.querySelectorAll('#create-kinds input[name=kind]')].map(i => i.value); return r.length ? r : null",
                                   what: "the kinds in the form") as? [String]
        #expect(shown == kinds, "every kind of the catalog, in its order")
        for kind in kinds {
            try pages.click("t", "#kind-\(kind)")
            // The options are the kind's own, straight from the catalog.
            let options = try pages.wait("t", "const o = [...document.querySelectorAll('#create-options [data-option], #create-more-options [data-option]')].map(f => f.dataset.option); return o.length ? o : null",
                                         what: "\(kind)'s options") as? [String]
            // In the catalog's order, the usual ones first and those it marks `more` after them.
            let listed = try probe.command("/catalog").list("kinds").first { $0.string("name") == kind }?.list("options") ?? []
            let usual = listed.filter { $0["more"] as? Bool != true }, more = listed.filter { $0["more"] as? Bool == true }
            let catalog = (usual + more).compactMap { $0.string("name") }
            #expect(!more.isEmpty && options == catalog, "\(kind): \(options ?? []) vs \(catalog)")
            if kind == "arith" { try pages.capture("t", "create") }
            // Change one field of each kind, as a teacher would.
            if options?.contains("rounds") == true { try pages.type("t", "#opt-rounds", "2") }
            if options?.contains("levels") == true { try pages.type("t", "#opt-levels", "1") }
            try pages.click("t", "#create-button")
            let code = try #require(try pages.wait("t", "return document.body.dataset.view === 'lobby' && document.getElementById('lobby-code').textContent",
                                                   what: "the lobby of a \(kind) room") as? String)
            #expect(code.count == 4)
            let lobby = try pages.js("t", """
                const img = document.getElementById('lobby-qr');
                return {url: document.getElementById('lobby-url').dataset.url, qr: img.getAttribute('src'),
                        game: document.getElementById('status-game').textContent, chat: document.getElementById('status-chat').textContent};
                """) as? [String: Any] ?? [:]
            #expect(lobby.string("url") == "\(base)/?room=\(code)", "the join URL from /create: \(lobby)")
            #expect(lobby.string("qr") == "/qr.svg?room=\(code)")
            #expect(lobby.string("game") == kind)
            _ = try pages.wait("t", "const i = document.getElementById('lobby-qr'); return i.complete && i.naturalWidth > 0", what: "the QR code loaded")
            let room = try probe.command("/rooms").list("rooms").first { $0.string("code") == code }
            #expect(room?.string("game") == kind, "\(String(describing: room))")
            #expect(room?.string("host") == "Teacher")
            #expect(room?.int("players") == 0, "the teacher does not play: play=no by default on this page")
            // A new room: the page leaves this one (it closes) and shows the form again.
            try pages.click("t", "#btn-new")
            _ = try pages.wait("t", "return document.body.dataset.view === 'create'", what: "the form again")
            #expect(try probe.command("/rooms").list("rooms").allSatisfy { $0.string("code") != code }, "the room closed")
        }
    }

    @Test func aPasswordFieldAppearsWhenTheServerAsksForOneAndKickAndBanWork() throws {
        let server = try LiveServer(["--create-password", "chalk42"])
        let pages = try Pages()
        defer { pages.quit() }
        try pages.open("t", "http://127.0.0.1:\(server.port)/host")
        _ = try pages.wait("t", "return document.querySelectorAll('#create-kinds input').length > 0", what: "the form")
        #expect(try pages.js("t", "return document.getElementById('create-password-field').hidden") as? Bool == true,
                "no password field before the server asks")
        try pages.click("t", "#create-button")
        _ = try pages.wait("t", "return !document.getElementById('create-password-field').hidden && document.activeElement.id === 'create-password'",
                           what: "the password field, focused")
        try pages.type("t", "#create-password", "wrong", enter: true)
        let error = try pages.wait("t", "const t = document.getElementById('create-error').textContent; return t.includes('assword') && t", what: "the refusal")
        #expect((error as? String)?.isEmpty == false)
        try pages.type("t", "#create-password", "chalk42", enter: true)
        let code = try #require(try pages.wait("t", "return document.body.dataset.view === 'lobby' && document.getElementById('lobby-code').textContent", what: "the lobby") as? String)

        // Kick and ban from beside the names: the server removes them, the names go.
        var pupils: [String: HarnessClient] = [:]
        for name in ["dee", "eve"] {
            let pupil = try server.connect()
            try pupil.skipWelcome()
            _ = try pupil.command("/format json")
            #expect(try pupil.command("/join \(code) \(name)").string("type") == "ok")
            pupils[name] = pupil
        }
        _ = try pages.wait("t", "return document.querySelectorAll('#lobby-players li').length === 2", what: "two names")
        try pages.click("t", "button[aria-label='Kick dee']")
        #expect(try pupils["dee"]!.expect("kicked", timeout: 10).bool("banned") == false)
        try pages.click("t", "button[aria-label='Ban eve']")
        try pages.call(["cmd": "accept", "page": "t"])
        #expect(try pupils["eve"]!.expect("kicked", timeout: 10).bool("banned") == true)
        _ = try pages.wait("t", "return document.querySelectorAll('#lobby-players li').length === 0 && document.getElementById('lobby-count').textContent === 'No players yet'",
                           what: "the names gone")
    }

    // MARK: - A whole game run from the page

    @Test func theTeacherRunsAGameFromThePageAndDownloadsItsReport() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        print("host page screenshots: \(Self.captures)")
        let base = "http://127.0.0.1:\(server.port)"
        try pages.open("t", "\(base)/host")
        _ = try pages.wait("t", "return document.querySelectorAll('#create-kinds input').length > 0", what: "the form")
        try pages.click("t", "#kind-times")
        try Self.openMoreOptions(pages)
        for (option, value) in [("table", "7"), ("rounds", "4"), ("time", "30"), ("gap", "1"), ("countdown", "0"), ("seed", "3")] {
            try pages.type("t", "#opt-\(option)", value)
        }
        try pages.type("t", "#create-name", "MsLee")
        try pages.click("t", "#create-button")
        let code = try #require(try pages.wait("t", "return document.body.dataset.view === 'lobby' && document.getElementById('lobby-code').textContent",
                                               what: "the lobby") as? String)
        let joinURL = try #require(try pages.js("t", "return document.getElementById('lobby-url').dataset.url") as? String)
        #expect(joinURL == "\(base)/?room=\(code)")
        // A second screen over TCP, to see what the server says about the host.
        let watcher = try server.connect()
        try watcher.skipWelcome()
        _ = try watcher.command("/format json")
        #expect(try watcher.command("/watch \(code)").string("type") == "ok")

        // Three students join through the URL the teacher page shows (the code comes with it).
        for name in Self.students {
            try pages.open(name, joinURL)
            _ = try pages.wait(name, "return document.activeElement && document.activeElement.id === 'join-name' && document.getElementById('join-code').value",
                               what: "the join form with the code")
            try pages.type(name, "#join-name", name, enter: true)
            _ = try pages.wait(name, "return document.body.dataset.view === 'lobby'", what: "\(name) in the lobby")
        }
        let roster = try pages.wait("t", "const n = [...document.querySelectorAll('#lobby-players li')].map(l => l.dataset.name); return n.length === 3 && n",
                                    what: "three names in the lobby") as? [String]
        #expect(Set(roster ?? []) == Set(Self.students))
        let buttons = try pages.js("t", "return [...document.querySelectorAll('#lobby-players button')].map(b => b.getAttribute('aria-label'))") as? [String]
        #expect(Set(buttons ?? []) == Set(Self.students.flatMap { ["Kick \($0)", "Ban \($0)"] }), "kick and ban beside each name")
        _ = try pages.wait("t", "const i = document.getElementById('lobby-qr'); return i.complete && i.naturalWidth > 0", what: "the QR code loaded")
        try pages.capture("t", "lobby")

        // Lock and chat: each toggle shows its state, and the server agrees.
        try pages.click("t", "#btn-lock")
        _ = try pages.wait("t", "return document.getElementById('status-lock').textContent === 'locked' && document.getElementById('btn-lock').getAttribute('aria-pressed') === 'true'", what: "locked")
        #expect(try watcher.command("/rooms").list("rooms").first { $0.string("code") == code }?.bool("locked") == true)
        try pages.click("t", "#btn-lock")
        _ = try pages.wait("t", "return document.getElementById('status-lock').textContent === 'open'", what: "unlocked")
        try pages.click("t", "#btn-chat")
        _ = try pages.wait("t", "return document.getElementById('status-chat').textContent === 'off' && document.getElementById('btn-chat').textContent === 'Chat: off'", what: "chat off")
        try pages.click("t", "#btn-chat")
        _ = try pages.wait("t", "return document.getElementById('status-chat').textContent === 'on'", what: "chat on")

        try pages.click("t", "#btn-start")
        var lastID = ""
        func nextQuestion() throws -> (id: String, text: String) {
            let q = try pages.wait("t", """
                const q = document.getElementById('play-question');
                return document.body.dataset.view === 'play' && q.dataset.id && q.dataset.id !== '\(lastID)' ? [q.dataset.id, q.textContent] : null
                """, what: "the next question") as? [String] ?? []
            lastID = q.first ?? ""
            return (lastID, q.count > 1 ? q[1] : "")
        }
        func answer(_ name: String, _ id: String, _ text: String) throws {
            _ = try pages.wait(name, "return document.body.dataset.view === 'question' && document.getElementById('question-text').dataset.id === '\(id)'",
                               what: "\(name) sees question \(id)")
            try pages.type(name, "#answer-input", text, enter: true)
        }
        func progress(_ n: Int) throws {
            _ = try pages.wait("t", "return document.getElementById('play-progress').textContent === 'answers in: \(n) of 3'", what: "answers in: \(n) of 3")
        }

        // Question 1: ann and bo right, cy wrong.
        let q1 = try nextQuestion()
        let product1 = try #require(product(of: q1.text.replacingOccurrences(of: " = ?", with: "")), "\(q1.text)")
        try progress(0)
        try answer("ann", q1.id, "\(product1)")
        try answer("bo", q1.id, "\(product1)")
        try progress(2)
        try pages.capture("t", "question")
        try answer("cy", q1.id, "\(product1 + 1)")
        _ = try pages.wait("t", "return document.body.dataset.view === 'results'", what: "the results of question 1")
        let results = try pages.js("t", """
            return {reveal: document.getElementById('play-reveal').textContent, right: document.getElementById('who-right').textContent,
                    wrong: document.getElementById('who-wrong').textContent, progress: document.getElementById('play-progress').textContent,
                    board: [...document.querySelectorAll('#play-standings tbody tr')].map(r => [...r.cells].map(c => c.textContent))};
            """) as? [String: Any] ?? [:]
        #expect(results.string("reveal") == "Answer: \(q1.text.replacingOccurrences(of: " = ?", with: "")) = \(product1)", "\(results)")
        #expect(results.string("right")?.hasPrefix("Right (2): ") == true && results.string("right")?.contains("ann") == true
                && results.string("right")?.contains("bo") == true, "\(results)")
        #expect(results.string("wrong") == "Wrong (1): cy", "\(results)")
        #expect(results.string("progress") == "answers in: 3 of 3")
        let board = results["board"] as? [[String]] ?? []
        #expect(board.count == 3 && board.last?[0] == "3rd" && board.last?[1] == "cy" && board.last?[2] == "0", "\(board)")
        try pages.capture("t", "results")

        // Question 2: skipped by the teacher, nobody answers.
        let q2 = try nextQuestion()
        try pages.click("t", "#btn-skip")
        _ = try pages.wait("t", "return document.body.dataset.view === 'results' && document.getElementById('who-none').textContent", what: "question 2 skipped")
        let none = try pages.js("t", "return document.getElementById('who-none').textContent") as? String
        #expect(none?.hasPrefix("No answer (3): ") == true, "\(none ?? "")")
        _ = q2

        // Question 3: the teacher's page reloads mid-question and takes the room back.
        let q3 = try nextQuestion()
        try pages.reload("t")
        let back = try pages.wait("t", """
            const q = document.getElementById('play-question');
            return document.body.dataset.role === 'host' && document.body.dataset.view === 'play' && q.dataset.id === '\(q3.id)' && !document.getElementById('controls').hidden && q.textContent
            """, what: "question 3 again after the reload") as? String
        #expect(back == q3.text)
        _ = try watcher.expect("host", timeout: 10)
        let who = try watcher.command("/who").list("players").first { $0.bool("host") == true }
        #expect(who?.string("name") == "MsLee" && who?.bool("connected") == true, "the teacher is the host again: \(String(describing: who))")
        let product3 = try #require(product(of: q3.text.replacingOccurrences(of: " = ?", with: "")))
        for name in Self.students { try answer(name, q3.id, "\(product3)") }
        _ = try pages.wait("t", "return document.body.dataset.view === 'results' && document.getElementById('play-progress').textContent === 'answers in: 3 of 3'",
                           what: "the results of question 3, every answer counted")

        // Question 4, then the podium.
        let q4 = try nextQuestion()
        let product4 = try #require(product(of: q4.text.replacingOccurrences(of: " = ?", with: "")))
        for (i, name) in Self.students.enumerated() { try answer(name, q4.id, "\(i == 1 ? product4 + 2 : product4)") }
        let podium = try pages.wait("t", "return document.body.dataset.view === 'final' && [...document.querySelectorAll('#final-podium li')].map(l => l.textContent)",
                                    what: "the podium") as? [String] ?? []
        #expect(!podium.isEmpty && podium.count <= 3, "\(podium)")
        try pages.capture("t", "podium")
        let end = try watcher.expect("game_end", timeout: 30)
        let game = try #require(end.string("game"))
        let standings = end.list("standings")
        let finalRows = try pages.js("t", "return [...document.querySelectorAll('#final-standings tbody tr')].map(r => [...r.cells].map(c => c.textContent))") as? [[String]] ?? []
        #expect(finalRows.map { $0[1] } == standings.compactMap { $0.string("name") }, "the server's order")
        #expect(finalRows.first?[0] == "1st")

        // The report in the page, and its CSV against the server's own.
        try pages.click("t", "#btn-report")
        let title = try pages.wait("t", "return document.body.dataset.view === 'report' && !document.getElementById('report-csv').hidden && document.getElementById('report-title').textContent",
                                   what: "the report") as? String
        #expect(title == "Report: \(game)")
        let shown = try pages.js("t", """
            return {standings: document.querySelectorAll('#report-standings tbody tr').length,
                    questions: [...document.querySelectorAll('#report-questions tbody tr')].map(r => r.textContent),
                    students: [...document.querySelectorAll('#report-answers details summary')].map(s => s.textContent)};
            """) as? [String: Any] ?? [:]
        #expect(shown.int("standings") == 3, "\(shown)")
        #expect((shown["questions"] as? [String])?.count == 4, "\(shown)")
        #expect(Set(shown["students"] as? [String] ?? []) == ["ann: 3 of 4 right", "bo: 2 of 4 right", "cy: 2 of 4 right"], "\(shown)")
        try pages.capture("t", "report")
        let download = try pages.download("t", "#report-csv", dir: FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-host-\(UUID().uuidString)").path)
        #expect(download.string("name") == "chalkline-\(game).csv")
        let pageCSV = try #require(download.string("text"))
        let serverCSV = try Self.reportCSV(database: server.databasePath, game: game)
        let ours = Self.parseCSV(pageCSV), theirs = Self.parseCSV(serverCSV)
        #expect(ours.count == theirs.count, "rows: \(ours.count) vs \(theirs.count)\n\(pageCSV)\n---\n\(serverCSV)")
        for (a, b) in zip(ours, theirs) {
            #expect(a.count == b.count && zip(a, b).allSatisfy(Self.sameCell), "\(a) vs \(b)")
        }
        #expect(ours.count > 1 + 1 + 1 + 3 + 1 + 4 + 1 + 12, "game, standings, questions and answers")
    }

    // MARK: - Teams

    /// Issue 30 on the projector: the lobby shows each team with its players' names as the
    /// students pick on their pages, "Balance teams" spreads them, and the results and the
    /// podium show the server's team table, the winning team highlighted.
    @Test func aTeamGameShowsTheTeamsInTheLobbyAndTheTeamTableAtThePodium() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let base = "http://127.0.0.1:\(server.port)"
        try pages.open("t", "\(base)/host")
        _ = try pages.wait("t", "return document.querySelectorAll('#create-kinds input').length > 0", what: "the form")
        try pages.click("t", "#kind-times")
        try Self.openMoreOptions(pages)
        for (option, value) in [("table", "7"), ("rounds", "2"), ("time", "30"), ("gap", "1"), ("countdown", "0"), ("teams", "2")] {
            try pages.type("t", "#opt-\(option)", value)
        }
        try pages.type("t", "#create-name", "MsLee")
        try pages.click("t", "#create-button")
        let code = try #require(try pages.wait("t", "return document.body.dataset.view === 'lobby' && document.getElementById('lobby-code').textContent",
                                               what: "the lobby") as? String)
        let joinURL = try #require(try pages.js("t", "return document.getElementById('lobby-url').dataset.url") as? String)
        let watcher = try server.connect()
        try watcher.skipWelcome()
        _ = try watcher.command("/format json")
        #expect(try watcher.command("/watch \(code)").string("type") == "ok")
        let cards = "return [...document.querySelectorAll('#team-cards li')].map(li => [li.dataset.team, li.querySelector('.team-members').textContent])"
        // Every student picks Red on their page; the teacher's page lists them under it.
        for name in Self.students {
            try pages.open(name, joinURL)
            _ = try pages.wait(name, "return document.activeElement && document.activeElement.id === 'join-name' && document.getElementById('join-code').value",
                               what: "the join form with the code")
            try pages.type(name, "#join-name", name, enter: true)
            try pages.click(name, "#team-list button[data-team='Red']")
            _ = try pages.wait(name, "return document.getElementById('status-team').textContent === 'Red'", what: "\(name) on Red")
        }
        let allRed = try pages.wait("t", "const c = (() => { \(cards) })(); return c.length === 2 && c[0][1] === 'ann, bo, cy' && c", what: "three on Red") as? [[String]]
        #expect(allRed?.map { $0[0] } == ["Red", "Blue"], "\(allRed ?? [])")
        #expect(try pages.js("t", "return !document.getElementById('btn-balance').hidden") as? Bool == true)
        try pages.click("t", "#btn-balance")
        // The last to pick moves: cy to Blue, as the server says too.
        let balanced = try pages.wait("t", "const c = (() => { \(cards) })(); return c.length === 2 && c[1][1] !== '' && c", what: "the teams balanced") as? [[String]]
        let server2 = try watcher.command("/teams").list("teams").map { [$0.string("name") ?? "", ($0["members"] as? [String] ?? []).joined(separator: ", ")] }
        #expect(balanced == server2, "the page's teams are the server's: \(balanced ?? []) vs \(server2)")
        #expect(server2 == [["Red", "ann, bo"], ["Blue", "cy"]], "\(server2)")
        _ = try pages.wait("cy", "return document.getElementById('status-team').textContent === 'Blue'", what: "cy's page on Blue")
        _ = try pages.wait("t", "const i = document.getElementById('lobby-qr'); return i.complete && i.naturalWidth > 0", what: "the QR code loaded")
        try pages.capture("t", "teams-lobby")

        try pages.click("t", "#btn-start")
        func play(_ wrong: Set<String>) throws {
            let q = try pages.wait("t", "const q = document.getElementById('play-question'); return document.body.dataset.view === 'play' && q.dataset.id && !(window.seen || []).includes(q.dataset.id) && [q.dataset.id, q.textContent]",
                                   what: "the next question") as? [String] ?? []
            _ = try pages.js("t", "window.seen = (window.seen || []).concat(['\(q[0])']); return true")
            let answer = try #require(product(of: q[1].replacingOccurrences(of: " = ?", with: "")), "\(q)")
            for name in Self.students {
                _ = try pages.wait(name, "return document.body.dataset.view === 'question' && document.getElementById('question-text').dataset.id === '\(q[0])'",
                                   what: "\(name) sees question \(q[0])")
                try pages.type(name, "#answer-input", "\(wrong.contains(name) ? answer + 1 : answer)", enter: true)
            }
        }
        let teamRows = "return [...document.querySelectorAll(arguments[0] + ' tbody tr')].map(r => [...r.cells].map(c => c.textContent).concat(r.className))"
        func expected(_ event: [String: Any], final: Bool) -> [[String]] {
            event.list("teams").map { t in
                [BrowserTests.ordinal(t.int("rank") ?? 0), t.string("name") ?? "", (t.int("score") ?? 0).formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))),
                 "\(t.int("members") ?? 0)", final && t.int("rank") == 1 ? "win" : ""]
            }
        }
        try play(["cy"])
        let round = try watcher.expect("round_end", timeout: 30)
        _ = try pages.wait("t", "return document.body.dataset.view === 'results' && !document.getElementById('play-teams-box').hidden", what: "the round's team table")
        let shownRound = try pages.call(["cmd": "js", "page": "t", "js": teamRows.replacingOccurrences(of: "arguments[0]", with: "'#play-teams'")])["value"] as? [[String]]
        #expect(shownRound == expected(round.object, final: false), "\(shownRound ?? []) vs \(round)")
        try pages.capture("t", "teams-results")
        try play([])
        let end = try watcher.expect("game_end", timeout: 30)
        _ = try pages.wait("t", "return document.body.dataset.view === 'final' && !document.getElementById('final-teams-box').hidden", what: "the podium's team table")
        let shownEnd = try pages.call(["cmd": "js", "page": "t", "js": teamRows.replacingOccurrences(of: "arguments[0]", with: "'#final-teams'")])["value"] as? [[String]]
        #expect(shownEnd == expected(end.object, final: true), "\(shownEnd ?? []) vs \(end)")
        #expect(shownEnd?.first?[1] == "Red" && shownEnd?.first?[4] == "win", "ann and bo, right twice, win: \(shownEnd ?? [])")
        try pages.capture("t", "teams-podium")
    }

    // MARK: - A dropped connection (the laptop slept, the Wi-Fi went)

    @Test func aTeacherPageWhoseSocketIsCutTakesTheRoomBackByItself() throws {
        let server = try LiveServer()
        let proxy = try CuttableProxy(to: server.port)
        let pages = try Pages()
        defer { pages.quit() }
        // The page loads through the proxy, so its WebSocket does too.
        try pages.open("t", "http://127.0.0.1:\(proxy.port)/host")
        _ = try pages.wait("t", "return document.querySelectorAll('#create-kinds input').length > 0", what: "the form")
        try pages.click("t", "#kind-times")
        try Self.openMoreOptions(pages)
        try pages.type("t", "#opt-time", "60")
        try pages.type("t", "#opt-countdown", "0")
        try pages.click("t", "#create-button")
        let code = try #require(try pages.wait("t", "return document.body.dataset.view === 'lobby' && document.getElementById('lobby-code').textContent", what: "the lobby") as? String)
        // A student over TCP, connected after the page's files came through the proxy (whose
        // finished relays once shut down reused descriptor numbers on a cut: fixed there).
        let pupil = try server.connect()
        try pupil.skipWelcome()
        _ = try pupil.command("/format json")
        #expect(try pupil.command("/join \(code) dee").string("type") == "ok")
        _ = try pages.wait("t", "return document.querySelectorAll('#lobby-players li').length === 1", what: "dee's name")
        try pages.click("t", "#btn-start")
        let question = try pupil.expect("question", timeout: 10)
        let id = try #require(question.int("id"))
        _ = try pages.wait("t", "return document.getElementById('play-question').dataset.id === '\(id)'", what: "the question")
        proxy.cut()
        #expect(try pupil.expect("host_away", timeout: 10).bool("running") == true)
        #expect(try pupil.expect("host", timeout: 20).string("name") == "Teacher", "the page claimed the room back")
        _ = try pages.wait("t", "return document.body.dataset.conn === 'open' && document.body.dataset.role === 'host' && document.getElementById('notice').hidden && document.getElementById('play-question').dataset.id === '\(id)'",
                           what: "the same question, as host, after the reconnect")
        // Its controls work: the teacher skips the question.
        try pages.click("t", "#btn-skip")
        #expect(try pupil.expect("round_end", timeout: 10).int("id") == id)
    }

    // MARK: - Watching on a second screen

    @Test func watchingARoomFromThePageShowsTheGameWithoutTheControls() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let host = try TestHost(server, game: "times", create: "rounds=1 time=30 countdown=0 table=6")
        try pages.open("w", "http://127.0.0.1:\(server.port)/host?watch=\(host.code)")
        _ = try pages.wait("w", "return document.body.dataset.view === 'lobby' && document.body.dataset.role === 'watch' && document.getElementById('lobby-code').textContent === '\(host.code)'",
                           what: "the watched lobby")
        #expect(try pages.js("w", "return document.getElementById('controls').hidden") as? Bool == true)
        let pupil = try server.connect()
        try pupil.skipWelcome()
        _ = try pupil.command("/format json")
        #expect(try pupil.command("/join \(host.code) dee").string("type") == "ok")
        let other = try server.connect()
        try other.skipWelcome()
        _ = try other.command("/format json")
        #expect(try other.command("/join \(host.code) eve").string("type") == "ok")
        _ = try pages.wait("w", "const n = [...document.querySelectorAll('#lobby-players li')].map(l => l.dataset.name); return n.includes('dee') && n.includes('eve')", what: "dee and eve in the lobby")
        #expect(try pages.js("w", "return document.querySelectorAll('#lobby-players button').length") as? Int == 0, "no kick or ban for a watcher")
        _ = try host.client.command("/start")
        let question = try pupil.expect("question", timeout: 10)
        let text = try #require(question.string("text"))
        let shown = try pages.wait("w", "return document.body.dataset.view === 'play' && document.getElementById('play-question').textContent", what: "the question") as? String
        #expect(shown == text + " = ?")
        // Both wrong: a tie at 0 points shares the first place, on the podium and in the table.
        try pupil.send("\(product(of: text)! + 1)")
        try other.send("\(product(of: text)! + 2)")
        _ = try pages.wait("w", "return document.body.dataset.view === 'final'", what: "the podium")
        let podium = try pages.js("w", "return [...document.querySelectorAll('#final-podium li')].map(l => l.textContent)") as? [String] ?? []
        #expect(podium.count == 1 && podium.first?.hasPrefix("1st") == true && podium.first?.contains("dee") == true
                && podium.first?.contains("eve") == true, "\(podium)")
        let places = try pages.js("w", "return [...document.querySelectorAll('#final-standings tbody tr')].map(r => r.cells[0].textContent)") as? [String]
        #expect(places == ["1st", "1st"], "ties share a place")
    }

    // MARK: - Helpers

    /// host.py: one command, one event.
    final class Pages: BrowserPages {
        init() throws { try super.init(script: "Tests/Browser/host.py", captures: HostPageTests.captures) }
    }

    /// `chalkline-server report game ID --csv`, from the database the server wrote.
    /// gap, countdown, seed and the rest sit under "More options", closed at first.
    static func openMoreOptions(_ pages: Pages) throws {
        _ = try pages.js("t", "const d = document.getElementById('create-more'); if (d) d.open = true; return true")
    }

    static func reportCSV(database: String, game: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProducts.path("chalkline-server"))
        process.arguments = ["report", "game", game, "--csv", "--db", database]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    /// RFC 4180 rows (quoted fields, doubled quotes, CRLF), blank lines kept as empty rows.
    static func parseCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = "", quoted = false
        var chars = Array(text).makeIterator()
        while let c = chars.next() {
            if quoted {
                if c == "\"" {
                    if let n = chars.next() {
                        if n == "\"" { field.append("\"") } else {
                            quoted = false
                            if n == "," { row.append(field); field = "" } else if n == "\r\n" || n == "\n" { row.append(field); rows.append(row); row = []; field = "" } else { field.append(n) }
                        }
                    } else { quoted = false }
                } else { field.append(c) }
            } else if c == "\"" { quoted = true }
            else if c == "," { row.append(field); field = "" }
            else if c == "\r\n" || c == "\n" { row.append(field); rows.append(row); row = []; field = "" }
            else { field.append(c) }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }

    /// The same cell: the same text, or the same number however written (JSON's 1 is the CLI's 1.0).
    static func sameCell(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        if let x = Double(a), let y = Double(b) { return abs(x - y) < 1e-9 }
        // The settings string: the same JSON object.
        if let x = try? JSONSerialization.jsonObject(with: Data(a.utf8)) as? NSDictionary,
           let y = try? JSONSerialization.jsonObject(with: Data(b.utf8)) as? NSDictionary { return x == y }
        return false
    }
}
