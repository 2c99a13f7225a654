import Foundation
import Testing
@testable import ChalklineClient

/// The student page in a real browser: headless Chromium driven by Tests/Browser/student.py
/// (Selenium), against the real server, with a host over TCP and `chalkline bot` players.
/// The pages answer with the bot's own solvers (the test decides, the page types), and every
/// score a page shows is checked against the points it showed and the host's standings.
/// Screenshots at 360 and 1366 px go to $CHALKLINE_CAPTURES (else a temporary folder).
@Suite(.serialized) struct BrowserTests {
    static let names = ["ann", "bo", "cy"]

    /// What one page showed over a game.
    struct Page {
        var asked = 0
        var right = 0
        var wrong = 0
        var final: [String: Any] = [:]
    }

    // MARK: - Every kind, three pages and a bot

    @Test func threePagesAndABotPlayAWholeGameOfEveryKind() throws {
        let server = try LiveServer()
        let driver = try BrowserDriver()
        defer { driver.quit() }
        print("browser screenshots: \(BrowserDriver.captures)")
        let games: [(String, String)] = [
            ("times", "rounds=3 time=20 table=6-9"),
            ("arith", "rounds=3 time=20 parens=yes negatives=yes decimals=1"),
            ("money", "rounds=3 time=30 currency=EUR"),
            ("pace", "rounds=4 time=30 ask=time,distance,pace,speed units=both"),
            ("words", "level=1 levels=2 time=120"),
        ]
        // CHALKLINE_BROWSER_KINDS=words,pace plays only those (for working on one kind).
        let only = ProcessInfo.processInfo.environment["CHALKLINE_BROWSER_KINDS"]?.split(separator: ",").map(String.init)
        for (kind, options) in games where only?.contains(kind) ?? true {
            try playGame(server, driver, kind: kind, options: options)
        }
    }

    /// One room: the first page arrives by the room's link (`/?room=CODE`, the code prefilled),
    /// the others type the code; a bot plays too; the host starts, and for the word puzzle ends
    /// each level once the pages have tried their words.
    func playGame(_ server: LiveServer, _ driver: BrowserDriver, kind: String, options: String) throws {
        let host = try TestHost(server, game: kind, create: "gap=2 countdown=0 seed=7 \(options)")
        let bot = try ClientProcess.chalkline(["bot", "127.0.0.1:\(server.port)", "--room", host.code, "--count", "1",
                                               "--think", kind == "words" ? "2500" : "400", "--skill", "0.7",
                                               "--games", "1", "--timeout", "120"])
        let base = "http://127.0.0.1:\(server.port)"
        for (i, name) in Self.names.enumerated() {
            // The third page plays the word puzzle from the keyboard alone.
            try driver.send(["cmd": "open", "page": name, "name": name, "games": 1, "tag": kind, "keyboard": i == 2,
                             "url": i == 0 ? "\(base)/?room=\(host.code)" : "\(base)/",
                             "code": i == 0 ? NSNull() : (i == 1 ? host.code.lowercased() : host.code) as Any,
                             "capture": i == 0 ? BrowserDriver.captures : NSNull()])
        }
        var pages: [String: Page] = [:]
        var joined = 0
        var questions: [Int: String] = [:]      // the host's question events, by id: what the pages must show
        var said: [Int: String] = [:]           // their sentence in words (`message`), which the pages show first
        var boards: [String: [String]] = [:]    // the host's board groups, by "level:round"
        var boardsSeen = 0
        var wordsDone: [String: Set<String>] = [:]
        let solver = QuizSolvers.solver(for: kind)

        var gameEnd: [String: Any]?
        // Reads the host's lines until `done`, keeping every question, board and game_end it passes.
        func hostRead(until done: () -> Bool) throws -> [String: Any]? {
            var last: [String: Any]?
            while !done() {
                let m = try host.client.json(timeout: 30)
                switch m.string("type") {
                case "question":
                    questions[m.int("id")!] = m.string("text")
                    said[m.int("id")!] = m.string("message") ?? m.string("text")
                case "board":
                    boardsSeen += 1
                    boards["\(m.int("level")!):\(m.int("round")!)"] = m["groups"] as? [String]
                case "game_end": gameEnd = m.object
                default: break
                }
                last = m.object
            }
            return last
        }
        func hostQuestion(_ id: Int) throws -> String {
            _ = try hostRead { questions[id] != nil }
            return questions[id]!
        }
        func hostBoard(_ key: String) throws -> [String] {
            _ = try hostRead { boards[key] != nil }
            return boards[key]!
        }
        func hostCommand(_ line: String) throws -> [String: Any] {
            try host.client.send(line)
            var reply: [String: Any]?
            _ = try hostRead {
                if let r = host.client.received.last, r.contains(#""type":"ok""#) || r.contains(#""type":"error""#) {
                    reply = try? JSONSerialization.jsonObject(with: Data(r.utf8)) as? [String: Any]
                }
                return reply != nil
            }
            return reply!
        }

        while pages.values.filter({ !$0.final.isEmpty }).count < Self.names.count {
            let e = try driver.event()
            let name = e.string("page") ?? ""
            let index = Self.names.firstIndex(of: name) ?? 0
            switch e.string("event") {
            case "opened":
                // No timer decides what a connection is any more (issue 38): a file the page had
                // to load again is a file the server answered wrongly.
                let retried = e["retried"] as? [String] ?? []
                #expect(retried.isEmpty, "\(name) had to load a file again: \(retried)")
                if index == 0 {
                    #expect(e.string("prefilled") == host.code, "the room's link prefills its code")
                    #expect(e.string("focused") == "join-name", "with the code there, the name is next")
                }
            case "join_error":
                throw TestFailure("\(name) could not join \(kind): \(e)")
            case "joined":
                #expect(e.string("room") == host.code)
                #expect(e.string("name") == name)
                joined += 1
                if joined == Self.names.count {
                    try host.waitForPlayers(Self.names.count + 1)
                    #expect(try hostCommand("/start").string("type") == "ok")
                }
            case "ask":
                let id = try #require(e.int("id"))
                let text = try hostQuestion(id)
                let expression = !text.hasSuffix("?")
                let words = said[id] ?? text
                #expect(e.string("shown") == (expression ? words + " = ?" : words), "the question exactly as the event said it")
                #expect(e.string("focused") == "answer-input")
                let needsColon = kind == "pace" && (text.contains("pace per") || text.contains(": time"))
                #expect(e.string("inputmode") == (needsColon ? "text" : "decimal"), "\(text)")
                // Each page is right on two questions of three, wrong on the third.
                #expect(e.string("bar_transition") != "0s", "the time bar moves smoothly: \(e)")
                let right = (index + id) % 3 != 0
                let quiz = try #require(solver, "no solver for \(kind)")
                let typed = try #require(right ? quiz.answer(to: text) : quiz.wrongAnswer(to: text, draw: id + index),
                                         "the \(kind) solver cannot read \(text)")
                try driver.send(["cmd": "answer", "page": name, "text": typed])
                pages[name, default: Page()].asked += 1
                if right { pages[name, default: Page()].right += 1 } else { pages[name, default: Page()].wrong += 1 }
            case "feedback":
                let id = try #require(e.int("id"))
                let right = (index + id) % 3 != 0
                #expect(e.string("state") == (right ? "right" : "wrong"), "\(name) on \(kind) question \(id): \(e)")
                #expect(right == ((e.int("points") ?? 0) > 0), "\(e)")
                // What a screen reader hears at once, from the aria-live region.
                let live = e["live"] as? [String] ?? []
                #expect(live.suffix(3).contains { $0.hasPrefix(right ? "Right! " : "Wrong.") }, "\(e)")
            case "results":
                #expect(e.string("rank")?.contains(" of \(Self.names.count + 1) with ") == true, "\(e)")
                let text = try hostQuestion(try #require(e.int("id")))
                #expect(e.string("reveal")?.hasPrefix(text.hasSuffix("?") ? "Answer: " : "Answer: \(text) = ") == true, "\(e)")
            case "board":
                let key = try #require(e.string("key"))
                let groups = try hostBoard(key)
                let shown = e["groups"] as? [String] ?? []
                #expect(isSubsequence(shown, of: groups), "the board's groups as the server sent them: \(shown) vs \(groups)")
                #expect(e.string("inputmode") == "text")
                let level = Int(key.split(separator: ":")[0])!
                let words = try Self.levelWords(level)
                // Page i takes words i, i+3, i+6: the first page types its first word (in lower
                // case), the others tap the groups; the second first tries a word not on the board
                // (first: the level cannot have closed yet, which would make its reply "too late").
                var plan: [Any] = index == 1 ? ["CHALKLINE"] : []
                for (w, groups) in words.enumerated() where w % Self.names.count == index {
                    plan.append(index == 0 && plan.isEmpty ? groups.joined().lowercased() as Any : groups as Any)
                }
                try driver.send(["cmd": "words", "page": name, "words": plan])
            case "word_feedback":
                let state = e.string("state")
                #expect(["right", "wrong", "gone", "info"].contains(state ?? ""), "\(e)")
                if e.string("word") == "CHALKLINE" { #expect(state == "wrong") }
                if state == "right" { #expect((e.int("points") ?? 0) > 0) }
            case "words_done":
                // Once every page has tried its words, the host ends the level.
                var done = wordsDone["level", default: []]
                done.insert(name)
                wordsDone["level"] = done.count == Self.names.count ? [] : done
                if done.count == Self.names.count {
                    // Unless the pages and the bot claimed all seven words already.
                    let skipped = try hostCommand("/skip")
                    #expect(skipped.string("type") == "ok" || skipped.string("code") == "no_question", "\(skipped)")
                }
            case "final":
                pages[name, default: Page()].final = e
            default:
                break
            }
        }

        _ = try hostRead { gameEnd != nil }
        let standings = try #require(gameEnd?["standings"] as? [[String: Any]])
        #expect(standings.count == Self.names.count + 1)
        for name in Self.names {
            let final = pages[name]?.final ?? [:]
            let row = try #require(standings.first { $0.string("name") == name }, "\(name) in \(standings)")
            // Every score equal to the sum of the points the page showed, as the host sees it.
            #expect(final.int("shown_sum") == row.int("score"), "\(kind) \(name): shown \(final), host \(row)")
            #expect(final.int("score") == row.int("score"), "\(kind) \(name): the page's score")
            #expect(final.int("table_score") == row.int("score"), "\(kind) \(name): the page's own row")
            let rank = try #require(row.int("rank"))
            #expect(final.string("rank") == "You finished \(Self.ordinal(rank)) of \(standings.count) with \(grouped(row.int("score")!)) points.")
            let podium = final["podium"] as? [String] ?? []
            #expect(podium.count == min(3, standings.count), "\(podium)")
            if kind != "words" { #expect(pages[name]?.asked == questions.count, "\(name) answered every question") }
        }
        if kind == "words" { #expect(boardsSeen == 2) }
        #expect(try bot.finish(timeout: 60) == 0, "\(bot.output)")
    }

    // MARK: - Joining: the server's rules and words, next to the field

    @Test func aNameTheServerRefusesShowsItsMessageNextToTheField() throws {
        let server = try LiveServer()
        let driver = try BrowserDriver()
        defer { driver.quit() }
        let host = try TestHost(server, game: "times", create: "rounds=1")
        // What the server says to these names, asked over TCP: the page must show the same words.
        let probe = try server.connect()
        try probe.skipWelcome()
        _ = try probe.command("/format json")
        let spaced = try probe.command("/name sam smith")
        let mixed = try probe.command("/name sаm")          // a Cyrillic а among Latin letters
        #expect(spaced.string("code") == "bad_name" && mixed.string("code") == "bad_name")
        try driver.send(["cmd": "open", "page": "sam", "name": ["sam smith", "sаm", "MsLee", "sam"], "games": 1,
                         "code": host.code, "url": "http://127.0.0.1:\(server.port)/", "capture": NSNull()])
        var errors: [[String: Any]] = []
        while true {
            let e = try driver.event()
            if e.string("event") == "join_error" { errors.append(e); continue }
            if e.string("event") == "joined" { #expect(e.string("name") == "sam"); break }
        }
        #expect(errors.count == 3, "\(errors)")
        guard errors.count == 3 else { return }
        #expect(errors[0].string("name_error") == spaced.string("message"))
        #expect(errors[1].string("name_error") == mixed.string("message"))
        #expect(errors[2].string("name_error")?.isEmpty == false, "a name already in the room: \(errors[2])")
        for e in errors {
            #expect(e.string("code_error") == "", "the code was right: \(e)")
            #expect(e.string("invalid") == "true" && e.string("focused") == "join-name", "back to the name field: \(e)")
        }
    }

    // MARK: - A cut connection

    @Test func aPageWhoseSocketIsCutRejoinsWithItsScore() throws {
        let server = try LiveServer()
        let proxy = try CuttableProxy(to: server.port)
        let driver = try BrowserDriver()
        defer { driver.quit() }
        let host = try TestHost(server, game: "times", create: "rounds=5 gap=1 countdown=0 time=20 table=7")
        // The page loads through the proxy, so its WebSocket does too. Its browser asks for
        // reduced motion: the time bar then moves in steps, without a transition.
        try driver.send(["cmd": "open", "page": "dee", "name": "dee", "games": 1, "code": host.code, "reduced_motion": true,
                         "url": "http://127.0.0.1:\(proxy.port)/", "capture": NSNull()])
        try driver.expect("joined", page: "dee")
        try host.waitForPlayers(1)
        #expect(try host.client.command("/start").string("type") == "ok")
        let solver = TimesSolver()
        var scoreBeforeCut: Int?
        var states: [String] = []
        var final: [String: Any] = [:]
        while final.isEmpty {
            let e = try driver.event()
            switch e.string("event") {
            case "ask":
                let text = try #require(e.string("shown")).replacingOccurrences(of: " = ?", with: "")
                let id = try #require(e.int("id"))
                let typed = id == 3 ? solver.wrongAnswer(to: text, draw: 1)! : solver.answer(to: text)!
                #expect(e.string("bar_transition") == "0s", "prefers-reduced-motion: \(e)")
                try driver.send(["cmd": "answer", "page": "dee", "text": typed])
            case "feedback" where e.int("id") == 2:
                // Two answers in: drop the connection the way a Wi-Fi drop does.
                scoreBeforeCut = e.int("score")
                #expect((scoreBeforeCut ?? 0) > 0)
                proxy.cut()
            case "conn":
                states.append(e.string("state") ?? "")
                if e.string("state") == "open" { #expect(e.int("score") == scoreBeforeCut, "the score is kept: \(e)") }
            case "final":
                final = e
            default:
                break
            }
        }
        #expect(states == ["reconnecting", "open"], "the page came back by itself: \(states)")
        let end = try host.client.expect("game_end", timeout: 30)
        let row = try #require((end["standings"] as? [[String: Any]])?.first { $0.string("name") == "dee" })
        #expect(final.int("shown_sum") == row.int("score"), "\(final) vs \(row)")
        #expect(final.int("score") == row.int("score"))
        // The server saw the seat drop and come back (a /rejoin), not a new player.
        let lines = host.client.received
        #expect(lines.contains { $0.contains(#""type":"left""#) && $0.contains(#""name":"dee""#) && $0.contains("disconnected") })
        #expect(lines.contains { $0.contains(#""type":"joined""#) && $0.contains(#""name":"dee""#) })
        #expect((end["standings"] as? [[String: Any]])?.count == 1)
    }

    // MARK: - Teams

    /// Issue 30: in a room with teams each page picks its team with the lobby's buttons, shows
    /// it, and after each round and at the podium shows the team table with the server's ranks,
    /// means and sizes (its own team marked, the winners highlighted at the end).
    @Test func pagesPickTeamsAndShowTheServersTeamTable() throws {
        let server = try LiveServer()
        let driver = try BrowserDriver()
        defer { driver.quit() }
        let host = try TestHost(server, game: "times", create: "rounds=2 gap=1 countdown=0 time=20 table=7 teams=2")
        let picks = ["ann": "Red", "bo": "Blue"]
        for (name, team) in picks.sorted(by: { $0.key < $1.key }) {
            try driver.send(["cmd": "open", "page": name, "name": name, "games": 1, "code": host.code, "team": team, "tag": "teams",
                             "url": "http://127.0.0.1:\(server.port)/", "capture": name == "ann" ? BrowserDriver.captures : NSNull()])
        }
        let solver = TimesSolver()
        var picked = Set<String>()
        var results: [(page: String, event: [String: Any])] = []
        var finals: [String: [String: Any]] = [:]
        while finals.count < picks.count {
            let e = try driver.event()
            let page = e.string("page") ?? ""
            switch e.string("event") {
            case "team":
                #expect(e.string("status") == picks[page], "the status bar names the team: \(e)")
                #expect(e.string("line") == "You are on team \(picks[page]!).")
                let lobby = e["lobby"] as? [[String]] ?? []
                #expect(lobby.map { $0[0] } == ["Red", "Blue"], "the room's two teams, in order: \(e)")
                #expect(lobby.first { $0[0] == picks[page] }.map { $0[1].contains(page) && $0[2] == "mine" } == true, "\(e)")
                picked.insert(page)
                if picked.count == picks.count {
                    try host.waitForPlayers(2)
                    #expect(try host.client.command("/start").string("type") == "ok")
                }
            case "ask":
                // ann is right on both questions, bo on the first only: the teams' means differ.
                let text = try #require(e.string("shown")).replacingOccurrences(of: " = ?", with: "")
                let right = page == "ann" || e.int("id") == 1
                try driver.send(["cmd": "answer", "page": page,
                                 "text": right ? solver.answer(to: text)! : solver.wrongAnswer(to: text, draw: 1)!])
            case "results": results.append((page, e))
            case "final": finals[page] = e
            default: break
            }
        }
        let end = try host.client.expect("game_end", timeout: 30)
        // The host's round_end lines, by id: what each page's team table must show.
        var roundEnds: [Int: [String: Any]] = [:]
        for line in host.client.received where line.contains(#""type":"round_end""#) {
            if let m = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let id = m.int("id") { roundEnds[id] = m }
        }
        func expected(_ teams: Any?, page: String, final: Bool) -> [[String]] {
            (teams as? [[String: Any]] ?? []).map { t in
                let name = t.string("name") ?? ""
                let mine = name == picks[page]
                let classes = [mine ? "me" : nil, final && t.int("rank") == 1 ? "win" : nil].compactMap { $0 }.joined(separator: " ")
                return [Self.ordinal(t.int("rank") ?? 0), name + (mine ? " (yours)" : ""), grouped(t.int("score") ?? 0),
                        "\(t.int("members") ?? 0)", classes]
            }
        }
        #expect(results.count >= 2, "the pages saw the rounds' results: \(results.map(\.page))")
        for (page, e) in results {
            let id = try #require(e.int("id"))
            let server = try #require(roundEnds[id], "round_end \(id)")
            #expect((server["teams"] as? [[String: Any]])?.isEmpty == false, "\(server)")
            #expect(e["teams_shown"] as? Bool == true)
            #expect(e["teams"] as? [[String]] == expected(server["teams"], page: page, final: false), "\(page), round \(id): \(e)")
        }
        let endTeams = try #require(end["teams"] as? [[String: Any]])
        #expect(endTeams.map { $0.string("name") } == ["Red", "Blue"], "ann's Red, right twice, ahead: \(endTeams)")
        for (page, e) in finals {
            #expect(e["teams"] as? [[String]] == expected(end["teams"], page: page, final: true), "\(page): \(e)")
        }
    }

    // MARK: - Removed from the room, and the server stopping

    @Test func kicksBansAndShutdownAreShownAsSuch() throws {
        let server = try LiveServer()
        let driver = try BrowserDriver()
        defer { driver.quit() }
        let host = try TestHost(server, game: "times", create: "rounds=3")
        for name in Self.names {
            try driver.send(["cmd": "open", "page": name, "name": name, "games": 1, "code": host.code,
                             "url": "http://127.0.0.1:\(server.port)/", "capture": NSNull()])
        }
        var joined = Set<String>()
        while joined.count < Self.names.count {
            let e = try driver.event()
            if e.string("event") == "joined" { joined.insert(e.string("page") ?? "") }
        }
        #expect(try host.client.command("/kick ann").string("type") == "ok")
        let kicked = try driver.expect("gone", page: "ann")
        #expect(kicked.string("reason") == "kicked")
        #expect(kicked.string("title") == "The host removed you from room \(host.code)")
        #expect(try host.client.command("/ban bo").string("type") == "ok")
        let banned = try driver.expect("gone", page: "bo")
        #expect(banned.string("reason") == "banned")
        #expect(banned.string("title") == "You were banned from room \(host.code)")
        try server.stop()
        let stopped = try driver.expect("gone", page: "cy")
        #expect(stopped.string("reason") == "shutdown")
        #expect(stopped.string("title") == "The server has stopped")
    }

    // MARK: - Helpers

    /// The builtin pack's words as their letter groups, for a level.
    static func levelWords(_ level: Int) throws -> [[String]] {
        let url = BuiltProducts.repository.appendingPathComponent("Sources/chalkline-server/Levels/builtin/level\(level).txt")
        return try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline).compactMap { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !text.hasPrefix("#"), let colon = text.firstIndex(of: ":") else { return nil }
            return text[..<colon].split(separator: "|").map { $0.uppercased() }
        }
    }

    static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : (n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th")
        return "\(n)\(suffix)"
    }
}

/// As the page writes numbers in en-US (the driver's browser): 1,074.
private func grouped(_ n: Int) -> String {
    let formatter = NumberFormatter()
    formatter.numberStyle = .decimal
    formatter.locale = Locale(identifier: "en_US")
    return formatter.string(from: NSNumber(value: n)) ?? "\(n)"
}

/// True when `part` is `whole` with some elements taken out, the rest in the same order.
private func isSubsequence(_ part: [String], of whole: [String]) -> Bool {
    var i = whole.startIndex
    for item in part {
        guard let found = whole[i...].firstIndex(of: item) else { return false }
        i = whole.index(after: found)
    }
    return true
}
