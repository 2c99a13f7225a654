import ChalklineTesting
import Foundation
import Testing

/// Issue 38, 5, in headless Chromium: Ana's tablet froze mid-game; on a phone she opens the
/// link and types her name. The page asks "Is this you?", asks the teacher, whose page shows
/// "ana wants to come back (another device)" with Let back in and No; let back in, the phone
/// has her seat, score and a new token, and the tablet is told it left. Screenshots at 360 px
/// (the phone) and 1920 px (the teacher) go to $CHALKLINE_SHOTS (else a temporary folder).
@Suite(.serialized) struct ComebackPageTests {
    static var shots: String {
        ProcessInfo.processInfo.environment["CHALKLINE_SHOTS"].flatMap { $0.isEmpty ? nil : $0 } ?? BrowserDriver.captures + "/student"
    }

    /// Tests/Browser/pages.py: host.py's commands and a screenshot at any width.
    final class Pages: BrowserPages {
        init() throws { try super.init(script: "Tests/Browser/pages.py", captures: ComebackPageTests.shots) }
    }

    /// The teacher's page creates a times room (60 s questions, so nothing runs out meanwhile):
    /// its code and join URL.
    static func teacherRoom(_ pages: Pages, _ base: String, _ options: [(String, String)]) throws -> (code: String, url: String) {
        try pages.open("t", "\(base)/host")
        _ = try pages.wait("t", "return document.querySelectorAll('#create-kinds input').length > 0", what: "the form")
        try pages.click("t", "#kind-times")
        // gap, countdown and seed sit under "More options", closed at first.
        _ = try pages.js("t", "const d = document.getElementById('create-more'); if (d) d.open = true; return true")
        for (option, value) in options { try pages.type("t", "#opt-\(option)", value) }
        try pages.type("t", "#create-name", "MsLee")
        try pages.click("t", "#create-button")
        let code = try #require(try pages.wait("t", "return document.body.dataset.view === 'lobby' && document.getElementById('lobby-code').textContent",
                                               what: "the lobby") as? String)
        let url = try #require(try pages.js("t", "return document.getElementById('lobby-url').dataset.url") as? String)
        return (code, url)
    }

    /// `7 x 8 = ?` and the like: the product, as the student would type it.
    static func product(_ text: String) -> Int {
        text.split(separator: " ").compactMap { Int($0) }.reduce(1, *)
    }

    @Test func aStudentOnANewDeviceIsLetBackInByTheTeacherWithHerScore() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        print("comeback screenshots: \(Self.shots)")
        let base = "http://127.0.0.1:\(server.port)"
        let (code, url) = try Self.teacherRoom(pages, base, [("table", "7"), ("rounds", "3"), ("time", "60"), ("gap", "1"), ("countdown", "0"), ("seed", "3")])

        // Ana joins on her tablet and answers question 1 right.
        try pages.open("tablet", url)
        _ = try pages.wait("tablet", "return document.getElementById('join-code').value", what: "the code prefilled")
        try pages.type("tablet", "#join-name", "ana", enter: true)
        _ = try pages.wait("tablet", "return document.body.dataset.view === 'lobby'", what: "ana in the lobby")
        let oldToken = try pages.js("tablet", "return JSON.parse(sessionStorage.getItem('chalkline.seat')).token") as? String
        try pages.click("t", "#btn-start")
        let q1 = try #require(try pages.wait("tablet", "const q = document.getElementById('question-text'); return document.body.dataset.view === 'question' && q.textContent",
                                             what: "question 1 on the tablet") as? String)
        try pages.type("tablet", "#answer-input", "\(Self.product(q1.replacingOccurrences(of: "= ?", with: "")))", enter: true)
        let score = try #require(try pages.wait("tablet", "const s = document.getElementById('status-score').textContent; return s !== '0' && s",
                                                what: "a score on the tablet") as? String)

        // The tablet froze (still connected). Ana takes a phone and types her name.
        try pages.open("phone", url)
        _ = try pages.wait("phone", "return document.getElementById('join-code').value", what: "the code prefilled on the phone")
        try pages.type("phone", "#join-name", "ana", enter: true)
        let asked = try pages.wait("phone", "return document.body.dataset.view === 'comeback' && document.getElementById('comeback-text').textContent",
                                   what: "Is this you?") as? String
        #expect(asked == "Someone called ana is already in room \(code).")
        #expect(try pages.js("phone", "return document.getElementById('comeback-title').textContent") as? String == "Is this you?")
        #expect(try pages.js("phone", "return document.body.textContent.includes('TOKEN') || document.body.textContent.includes('/rejoin')") as? Bool == false,
                "no command and no token for a child")
        try pages.shot("phone", "student-is-this-you-360.png", width: 360, height: 740)
        try pages.click("phone", "#comeback-ask")
        _ = try pages.wait("phone", "return document.body.dataset.comeback === 'waiting'", what: "waiting for the teacher")
        // The phone shows the check number, large; the teacher lets in the device that shows it.
        let shown = try #require(try pages.wait("phone", """
            const p = document.getElementById('comeback-number'); const n = document.getElementById('comeback-number-value');
            return !p.hidden && n.textContent && [p.textContent, n.textContent, getComputedStyle(n).fontSize];
            """, what: "the number on the phone") as? [String])
        let number = shown[1]
        #expect(shown[0] == "Show your teacher this number: \(number)")
        #expect(number.count == 3 && Int(number) != nil, "\(number)")
        #expect((Double(shown[2].replacingOccurrences(of: "px", with: "")) ?? 0) >= 48, "large: \(shown[2])")
        try pages.shot("phone", "student-show-your-number-360.png", width: 360, height: 740)
        try pages.shot("phone", "student-show-your-number-1920.png", width: 1920, height: 1080)

        // The teacher's page shows the request, its number, that the tablet is still connected,
        // and its two answers.
        let row = try pages.wait("t", "const li = document.querySelector('#comeback-list li[data-name=ana]'); return li && li.textContent", what: "the request on the teacher's page") as? String
        #expect(row == "ana wants to come back (another device) · number \(number)"
                + "ana's first device is still connected and playing: check with ana before letting this one in.Let back inNo")
        try pages.shot("t", "teacher-comeback-request-1920.png", width: 1920, height: 1080)
        try pages.shot("t", "teacher-comeback-request-360.png", width: 360, height: 740)
        try pages.click("t", "#comeback-list li[data-number='\(number)'] button.primary")
        _ = try pages.wait("t", "return document.getElementById('comebacks').hidden", what: "the request answered")

        // The phone has the seat: the same score, a new token kept as a join's, question 1 still open.
        let back = try pages.wait("phone", """
            const seat = JSON.parse(sessionStorage.getItem('chalkline.seat') || 'null');
            return ['lobby', 'question', 'results'].includes(document.body.dataset.view) && seat && seat.name === 'ana'
                && [seat.token, document.getElementById('status-score').textContent];
            """, what: "ana back on the phone") as? [String]
        #expect(back?.last == score, "the score came with the seat")
        #expect(back?.first != oldToken && back?.first?.count == 32, "a fresh token")
        _ = try pages.wait("phone", "return document.body.dataset.view === 'question'", what: "question 1 on the phone")
        try pages.shot("phone", "student-let-back-in-360.png", width: 360, height: 740)
        // The tablet is told, and does not take the seat back.
        let gone = try pages.wait("tablet", "return document.body.dataset.ended === 'moved' && document.getElementById('gone-title').textContent",
                                  what: "the tablet told") as? String
        #expect(gone == "You are playing on another device")
        // The old token holds nothing now.
        let probe = try server.connect()
        try probe.skipWelcome()
        _ = try probe.command("/format json")
        #expect(try probe.command("/rejoin \(code) \(oldToken ?? "")").string("code") == "bad_token")
    }

    /// The teacher says No: the phone is back at the join form, told why, with the code kept;
    /// the tablet keeps the seat.
    @Test func theTeacherSaysNoAndThePhonePicksAnotherName() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let base = "http://127.0.0.1:\(server.port)"
        let (code, url) = try Self.teacherRoom(pages, base, [("rounds", "2"), ("countdown", "0")])
        try pages.open("tablet", url)
        _ = try pages.wait("tablet", "return document.getElementById('join-code').value", what: "the code prefilled")
        try pages.type("tablet", "#join-name", "ana", enter: true)
        _ = try pages.wait("tablet", "return document.body.dataset.view === 'lobby'", what: "ana in the lobby")
        try pages.open("phone", url)
        _ = try pages.wait("phone", "return document.getElementById('join-code').value", what: "the code prefilled on the phone")
        try pages.type("phone", "#join-name", "ana", enter: true)
        _ = try pages.wait("phone", "return document.body.dataset.view === 'comeback'", what: "Is this you?")
        try pages.click("phone", "#comeback-ask")
        let waiting = try pages.wait("phone", "return document.body.dataset.comeback === 'waiting' && document.getElementById('comeback-text').textContent",
                                     what: "waiting for the teacher") as? String
        #expect(waiting == "Your teacher has been asked to let you back in as ana. Wait here.")
        try pages.shot("phone", "student-waiting-for-teacher-360.png", width: 360, height: 740)
        try pages.click("t", "#comeback-list li[data-name=ana] button:not(.primary)")
        let refused = try pages.wait("phone", "return document.body.dataset.view === 'join' && document.getElementById('join-name-error').textContent",
                                     what: "the join form again") as? String
        #expect(refused == "Your teacher did not let you back in as ana. Pick another name.")
        #expect(try pages.js("phone", "return document.getElementById('join-code').value") as? String == code)
        _ = try pages.wait("t", "return document.getElementById('comebacks').hidden", what: "the request gone from the teacher's page")
        #expect(try pages.js("tablet", "return document.body.dataset.view") as? String == "lobby", "the tablet keeps the seat")
    }

    /// Review finding 1: a request whose device went away (here the phone's page reloads) leaves
    /// the teacher's page, and a new request under the same name shows as a row of its own with
    /// its own number, so the teacher never answers a stale row for whoever asks next.
    @Test func aLapsedRequestLeavesTheTeachersPage() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let base = "http://127.0.0.1:\(server.port)"
        let (_, url) = try Self.teacherRoom(pages, base, [("rounds", "2"), ("countdown", "0")])
        try pages.open("tablet", url)
        _ = try pages.wait("tablet", "return document.getElementById('join-code').value", what: "the code prefilled")
        try pages.type("tablet", "#join-name", "ana", enter: true)
        _ = try pages.wait("tablet", "return document.body.dataset.view === 'lobby'", what: "ana in the lobby")
        func ask(_ page: String) throws -> String {
            try pages.open(page, url)
            _ = try pages.wait(page, "return document.getElementById('join-code').value", what: "the code prefilled on \(page)")
            try pages.type(page, "#join-name", "ana", enter: true)
            _ = try pages.wait(page, "return document.body.dataset.view === 'comeback'", what: "Is this you? on \(page)")
            try pages.click(page, "#comeback-ask")
            return try #require(try pages.wait(page, "return document.body.dataset.comeback === 'waiting' && document.getElementById('comeback-number-value').textContent",
                                                what: "the number on \(page)") as? String)
        }
        let first = try ask("phone")
        _ = try pages.wait("t", "return !!document.querySelector(\"#comeback-list li[data-number='\(first)']\")", what: "the first request's row")
        // The phone's page reloads: its request lapses, and its row goes.
        _ = try pages.js("phone", "setTimeout(() => location.reload(), 0); return true")
        _ = try pages.wait("t", "return !document.querySelector(\"#comeback-list li[data-number='\(first)']\") && document.getElementById('comebacks').hidden",
                           what: "the lapsed row gone")
        // Someone else asks as ana: a row of its own, with the number that device shows.
        let second = try ask("other")
        let rows = try pages.wait("t", "const r = [...document.querySelectorAll('#comeback-list li')].map((li) => li.dataset.number); return r.length && r",
                                  what: "the new request's row") as? [String]
        #expect(rows == [second], "\(String(describing: rows))")
    }

    /// Review finding 8: the teacher opens a new room (New room) while a phone waits to come
    /// back as ana. The phone is told, and gets the new room's form with ana filled in but not
    /// sent, while ana's own tablet follows the class under her name: a classmate who asked as
    /// ana cannot race her to it.
    @Test func aWaitingPhoneIsToldWhenTheClassMoves() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let base = "http://127.0.0.1:\(server.port)"
        let (code, url) = try Self.teacherRoom(pages, base, [("rounds", "2"), ("countdown", "0")])
        try pages.open("tablet", url)
        _ = try pages.wait("tablet", "return document.getElementById('join-code').value", what: "the code prefilled")
        try pages.type("tablet", "#join-name", "ana", enter: true)
        _ = try pages.wait("tablet", "return document.body.dataset.view === 'lobby'", what: "ana in the lobby")
        try pages.open("phone", url)
        _ = try pages.wait("phone", "return document.getElementById('join-code').value", what: "the code prefilled on the phone")
        try pages.type("phone", "#join-name", "ana", enter: true)
        _ = try pages.wait("phone", "return document.body.dataset.view === 'comeback'", what: "Is this you?")
        try pages.click("phone", "#comeback-ask")
        _ = try pages.wait("t", "return !!document.querySelector('#comeback-list li[data-name=ana]')", what: "the request's row")
        try pages.click("t", "#btn-new")
        _ = try pages.wait("t", "return document.body.dataset.view === 'create'", what: "the form")
        try pages.click("t", "#create-button")
        let next = try #require(try pages.wait("t", "const c = document.getElementById('lobby-code').textContent; return document.body.dataset.view === 'lobby' && c !== '\(code)' && c",
                                               what: "the new room's lobby") as? String)
        _ = try pages.wait("tablet", "return document.body.dataset.view === 'lobby' && document.getElementById('status-room').textContent === '\(next)'",
                           what: "the tablet in the new room", timeout: 15)
        let form = try pages.wait("phone", """
            return document.body.dataset.view === 'join' && !document.body.dataset.comeback
                && [document.getElementById('join-code').value, document.getElementById('join-name').value];
            """, what: "the phone on the new room's form") as? [String]
        #expect(form == [next, "ana"])
        _ = try pages.wait("t", "return [...document.querySelectorAll('#lobby-players li')].map(l => l.dataset.name).join() === 'ana'",
                           what: "ana's tablet, alone, in the new room")
        #expect(try pages.js("t", "return document.getElementById('comebacks').hidden") as? Bool == true, "no request left on the teacher's page")
    }
}
