import Foundation
import Testing
@testable import ChalklineClient

/// The student page after its rewrite as ES modules (issue 39), where a review found it had
/// lost or never had: working without site storage, a late joiner left on the lobby, team
/// buttons that keep the focus, a "teacher left" notice drawn from what the server last said,
/// and a reconnect that draws the same screen (the podium, the typed answer). Headless Chromium
/// driven by Tests/Browser/page_fixes.py against the real server; the host over TCP.
/// Screenshots at 360 and 1920 px go to $CHALKLINE_CAPTURES/page-fixes (else a temporary folder).
@Suite(.serialized) struct StudentPageFixesTests {
    static var captures: String { BrowserDriver.captures + "/page-fixes" }

    final class Pages: BrowserPages {
        init() throws { try super.init(script: "Tests/Browser/page_fixes.py", captures: StudentPageFixesTests.captures) }
    }

    /// A room made over TCP by a host who does not play: its code, key and the host's connection.
    func room(_ server: LiveServer, _ options: String) throws -> (code: String, key: String, host: HarnessClient) {
        let host = try server.connect()
        try host.skipWelcome()
        _ = try host.command("/format json")
        _ = try host.command("/name MsLee")
        let made = try host.command("/create times play=no countdown=0 table=7 \(options)")
        return (try #require(made.string("room"), "\(made)"), try #require(made.string("host_key"), "\(made)"), host)
    }

    /// Another connection takes the page's seat with its token: the server closes the page's
    /// socket, and the page comes back with /rejoin a moment later (taking the seat back). What
    /// the room says meanwhile goes to the other connection, which is returned.
    func takeSeat(_ pages: Pages, _ server: LiveServer, _ page: String, _ code: String) throws -> HarnessClient {
        let token = try #require(try pages.js(page, "return JSON.parse(sessionStorage.getItem('chalkline.seat')).token") as? String)
        let other = try server.connect()
        try other.skipWelcome()
        _ = try other.command("/format json")
        #expect(try other.command("/rejoin \(code) \(token)").string("type") == "ok")
        return other
    }

    /// The page is back on its seat: open again, and its rejoin reply drawn.
    func back(_ pages: Pages, _ page: String) throws {
        _ = try pages.wait(page, "return document.body.dataset.conn === 'open' && [...document.querySelectorAll('#live p')].some(p => p.textContent.startsWith('Back in room'))",
                           what: "the page back on its seat", timeout: 20)
    }

    /// A browser that blocks cookies throws on reading sessionStorage: both pages once died
    /// there at load. The student joins and answers without a kept seat; the teacher's page
    /// reaches its create form.
    @Test func bothPagesWorkWithSiteStorageBlocked() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let made = try room(server, "rounds=1 time=60")
        try pages.joinAsStudent("blocked-ann", server, "ann", made.code)
        _ = try made.host.command("/start")
        _ = try pages.wait("blocked-ann", "return document.body.dataset.view === 'question'", what: "the question")
        try pages.type("blocked-ann", "#answer-input", "1", enter: true)
        _ = try pages.wait("blocked-ann", "return document.body.dataset.replies === '1' && !document.getElementById('feedback').hidden", what: "the verdict")
        try pages.open("blocked-t", "http://127.0.0.1:\(server.port)/host")
        _ = try pages.wait("blocked-t", "return document.body.dataset.view === 'create' && document.querySelectorAll('#create-kinds input').length > 0", what: "the create form")
    }

    /// round_end goes to every connection in the room, a student who joined mid-question too:
    /// that student stays on the lobby ("you play from the next question") until a question comes.
    @Test func aLateJoinerStaysOnTheLobbyUntilTheNextQuestion() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let made = try room(server, "rounds=2 time=60 gap=3")
        let bo = try server.seatedPupil("bo", in: made.code)
        _ = try made.host.command("/start")
        let q1 = try bo.expect("question", timeout: 10)
        try pages.joinAsStudent("cy", server, "cy", made.code)
        #expect(try bo.command("\(try #require(product(of: q1.string("text") ?? "")))").bool("correct") == true)
        _ = try pages.wait("cy", "return [...document.querySelectorAll('#live p')].some(p => p.textContent.includes('The answer was'))", what: "the round's end heard")
        #expect(try pages.js("cy", "return document.body.dataset.view") as? String == "lobby")
        #expect(try pages.js("cy", "return document.getElementById('view-lobby').hidden") as? Bool == false)
        try pages.capture("cy", "late-joiner-lobby")
        _ = try pages.wait("cy", "return document.body.dataset.view === 'question'", what: "the next question", timeout: 20)
    }

    /// A classmate joining redraws the names, not the team buttons: the focus stays on the
    /// button, and the aria-live line about this student's team is not said again.
    @Test func aClassmateJoiningLeavesTheTeamButtonsAlone() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let made = try room(server, "teams=2")
        try pages.joinAsStudent("ann", server, "ann", made.code)
        _ = try pages.wait("ann", "return document.querySelectorAll('#team-list button').length === 2", what: "the team buttons")
        _ = try pages.js("ann", """
            const b = document.querySelector('#team-list button'); b.focus(); window.focused = b;
            window.teamLines = 0;
            new MutationObserver(() => window.teamLines++).observe(document.getElementById('my-team'), {childList: true, characterData: true, subtree: true});
            return true
            """)
        let bo = try server.seatedPupil("bo", in: made.code)
        _ = try pages.wait("ann", "return document.querySelectorAll('#lobby-players li').length === 2", what: "bo in the lobby")
        #expect(try pages.js("ann", "return document.activeElement === window.focused && document.body.contains(window.focused)") as? Bool == true, "the focus stayed on the team button")
        #expect(try pages.js("ann", "return window.teamLines") as? Int == 0, "#my-team rewritten")
        try pages.capture("ann", "teams-lobby")
        bo.disconnect()
    }

    /// The server says `host_away` once and `host` once: a student whose connection was down
    /// when the teacher came back hears no `host`, but the rejoin's reply says the host is there.
    @Test func theTeacherLeftNoticeGoesWhenARejoinSaysTheHostIsBack() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let made = try room(server, "")
        try pages.joinAsStudent("ann", server, "ann", made.code)
        made.host.disconnect()
        _ = try pages.wait("ann", "return !document.getElementById('notice').hidden && document.getElementById('notice').textContent.startsWith('The teacher left')", what: "the teacher-left notice")
        let other = try takeSeat(pages, server, "ann", made.code)
        let teacher = try server.connect()
        try teacher.skipWelcome()
        _ = try teacher.command("/format json")
        #expect(try teacher.command("/claim \(made.code) \(made.key)").string("type") == "ok")
        _ = try other.expect("host", timeout: 5)
        try back(pages, "ann")
        let notice = try pages.js("ann", "return document.getElementById('notice').textContent") as? String ?? ""
        #expect(try pages.js("ann", "return document.getElementById('notice').hidden") as? Bool == true, "notice: \(notice)")
    }

    /// A reconnect draws the screen it left: mid-question the typed answer is still in its box;
    /// after the game, the podium, not the lobby.
    @Test func aReconnectKeepsTheTypedAnswerAndThePodium() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let made = try room(server, "rounds=1 time=60 gap=0")
        try pages.joinAsStudent("ann", server, "ann", made.code)
        _ = try made.host.command("/start")
        _ = try pages.wait("ann", "return document.body.dataset.view === 'question'", what: "the question")
        try pages.type("ann", "#answer-input", "12")
        let first = try takeSeat(pages, server, "ann", made.code)
        try back(pages, "ann")
        _ = try pages.wait("ann", "return [...document.querySelectorAll('#live p')].filter(p => p.textContent.startsWith('Question 1 of 1')).length === 2", what: "the question again")
        #expect(try pages.js("ann", "return document.getElementById('answer-input').value") as? String == "12")
        try pages.capture("ann", "question-after-reconnect")
        try pages.type("ann", "#answer-input", "3", enter: true)
        _ = try pages.wait("ann", "return document.body.dataset.view === 'final'", what: "the podium", timeout: 20)
        _ = try pages.js("ann", "document.getElementById('live').textContent = ''; return true")
        // Held open: a connection that drops after the game lets the seat go, and the page
        // would join afresh rather than rejoin.
        let second = try takeSeat(pages, server, "ann", made.code)
        try back(pages, "ann")
        #expect(try pages.js("ann", "return document.body.dataset.view") as? String == "final")
        try pages.capture("ann", "podium-after-reconnect")
        withExtendedLifetime((first, second)) {}
    }

    /// An answer written into a connection that then dropped gets no reply: after the rejoin,
    /// the question that comes again takes the answer again (its box stayed read-only, waiting
    /// for that reply, until the question ended).
    @Test func anAnswerLostWithItsConnectionCanBeSentAgain() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let made = try room(server, "rounds=1 time=60 gap=0")
        try pages.joinAsStudent("ann", server, "ann", made.code)
        _ = try made.host.command("/start")
        _ = try pages.wait("ann", "return document.body.dataset.view === 'question'", what: "the question")
        // The page's next /answer goes nowhere, as one written into a dropping socket does.
        _ = try pages.js("ann", """
            const send = WebSocket.prototype.send;
            WebSocket.prototype.send = function (text) {
              if (!String(text).startsWith('/answer')) return send.call(this, text);
              WebSocket.prototype.send = send;
            };
            return true
            """)
        try pages.type("ann", "#answer-input", "5", enter: true)
        _ = try pages.wait("ann", "return document.getElementById('answer-input').readOnly", what: "the answer waiting for its reply")
        let other = try takeSeat(pages, server, "ann", made.code)
        try back(pages, "ann")
        _ = try pages.wait("ann", "return [...document.querySelectorAll('#live p')].filter(p => p.textContent.startsWith('Question 1 of 1')).length === 2", what: "the question again")
        #expect(try pages.js("ann", "return document.getElementById('answer-input').readOnly") as? Bool == false)
        try pages.type("ann", "#answer-input", "5", enter: true)
        _ = try pages.wait("ann", "return document.body.dataset.view === 'final'", what: "the answer judged and the game over", timeout: 20)
        withExtendedLifetime(other) {}
    }
}
