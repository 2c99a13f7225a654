import Foundation
import Testing

/// The teacher's page where the review of its rewrite found it wrong (notes/review-pages.md):
/// the projector's count at the end of a word level, the podium and the report after a
/// reconnect, a module that did not load, and the come-back requests under the teacher's
/// keyboard. Pages in headless Chromium (Tests/Browser/teacher_recovers.py), the server over real
/// TCP. Screenshots at 1366, 1920 and 360 px go to $CHALKLINE_CAPTURES/recovers.
@Suite(.serialized) struct TeacherPageRecoversTests {
    static var captures: String { BrowserDriver.captures + "/recovers" }

    /// level_end names every word, the missed ones too: "found" is what someone solved.
    @Test func theProjectorCountsTheWordsFoundNotTheWordsRevealed() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let code = try pages.room(server, base: "http://127.0.0.1:\(server.port)", "words", "level=1 levels=1 time=120 gap=5 countdown=0 seed=5")
        let ann = try server.seatedPupil("ann", in: code)
        _ = try pages.wait("t", "return document.querySelectorAll('#lobby-players li').length === 1", what: "ann in the lobby")
        try pages.click("t", "#btn-start")
        _ = try ann.expect("board", timeout: 10)
        _ = try pages.wait("t", "return document.body.dataset.view === 'play' && document.querySelectorAll('#play-clues li').length > 0", what: "the board")
        try pages.click("t", "#btn-skip")
        let shown = try pages.wait("t", """
            const r = document.getElementById('play-reveal').textContent;
            return document.body.dataset.view === 'results' && r && {reveal: r, progress: document.getElementById('play-progress').textContent}
            """, what: "the level's end") as? [String: Any] ?? [:]
        try pages.capture("t", "level-over")
        let reveal = shown.string("reveal") ?? "", progress = shown.string("progress") ?? ""
        #expect(reveal.hasPrefix("Level over: 0 of "), "\(shown)")
        #expect(progress.hasPrefix("words found: 0 of "), "the progress line agrees with the reveal: \(shown)")
    }

    /// A Wi-Fi blip while the podium is projected, then while the report is open: the page
    /// takes the room back and draws the same screen from the state it kept.
    @Test func aReconnectAfterTheGameKeepsThePodiumAndTheReport() throws {
        let server = try LiveServer()
        let proxy = try CuttableProxy(to: server.port)
        let pages = try Pages()
        defer { pages.quit() }
        let code = try pages.room(server, base: "http://127.0.0.1:\(proxy.port)", "times", "rounds=1 time=30 gap=1 countdown=0 seed=3 table=6")
        let ann = try server.seatedPupil("ann", in: code)
        _ = try pages.wait("t", "return document.querySelectorAll('#lobby-players li').length === 1", what: "ann in the lobby")
        try pages.click("t", "#btn-start")
        let question = try ann.expect("question", timeout: 10)
        try ann.send("/answer \(try #require(product(of: question.string("text") ?? "")))")
        _ = try pages.wait("t", "return document.body.dataset.view === 'final'", what: "the podium", timeout: 20)

        func blip(_ what: String) throws -> String? {
            _ = try pages.js("t", """
                window.conns = [];
                new MutationObserver(() => window.conns.push(document.body.dataset.conn)).observe(document.body, {attributes: true, attributeFilter: ['data-conn']});
                return true
                """)
            proxy.cut()
            _ = try pages.wait("t", "return window.conns.includes('reconnecting') && document.body.dataset.conn === 'open' && document.getElementById('notice').hidden && document.body.dataset.role === 'host'",
                               what: "the room taken back (\(what))")
            return try pages.js("t", "return document.body.dataset.view") as? String
        }
        #expect(try blip("podium") == "final", "the podium after a reconnect")
        #expect(try pages.js("t", "return document.querySelectorAll('#final-standings tbody tr').length") as? Int == 1, "its standings")
        try pages.capture("t", "podium-after-reconnect")
        try pages.click("t", "#btn-report")
        _ = try pages.wait("t", "return document.body.dataset.view === 'report' && document.getElementById('report-summary').textContent", what: "the report")
        #expect(try blip("report") == "report", "the report after a reconnect")
        try pages.capture("t", "report-after-reconnect")
    }

    /// Eleven module files: one that does not come (a dropped request) fails them all, and the
    /// page loads again, three times at most, as the student page does.
    @Test func aModuleThatDidNotLoadReloadsThePage() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        try pages.block("t", ["*host-desk.js*"])
        try pages.open("t", "http://127.0.0.1:\(server.port)/host")
        _ = try pages.wait("t", "return sessionStorage.getItem('chalkline.reloads') !== null", what: "the page loading again")
        try pages.block("t", [])
        _ = try pages.wait("t", "return document.body.dataset.view === 'create' && document.querySelectorAll('#create-kinds input').length > 0", what: "the form, once the module came")
        #expect(try pages.js("t", "return sessionStorage.getItem('chalkline.reloads') === null") as? Bool == true, "line.js clears the count once the modules ran")

        // Blocked for good: three loads more, then the page stops trying.
        try pages.block("t", ["*host-desk.js*"])
        try pages.reload("t")
        _ = try pages.wait("t", "return sessionStorage.getItem('chalkline.reloads') === '3' && document.readyState === 'complete'", what: "three reloads")
        #expect(try pages.js("t", "return document.body.dataset.view") as? String == "loading")
        try pages.block("t", [])
        try pages.reload("t")
        _ = try pages.wait("t", "return document.body.dataset.view === 'create'", what: "the form at last")
    }

    /// A keyboard user on one come-back request keeps their place while another arrives and goes.
    @Test func aComebackRequestArrivingOrGoingLeavesTheOthersRowsAndFocus() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let code = try pages.room(server, base: "http://127.0.0.1:\(server.port)", "times", "rounds=2 time=60 countdown=0")
        // Their first devices, connected through the test.
        let pupils = try ["ann", "bea"].map { try server.seatedPupil($0, in: code) }
        defer { withExtendedLifetime(pupils) {} }
        func phone(_ name: String) throws -> HarnessClient {
            let phone = try server.connect()
            try phone.skipWelcome()
            _ = try phone.command("/format json")
            let asked = try phone.command("/comeback \(code) \(name)")
            #expect(asked.bool("waiting") == true, "\(asked)")
            return phone
        }
        let annPhone = try phone("ann")
        _ = try pages.wait("t", "return document.querySelectorAll('#comeback-list li').length === 1", what: "ann's request")
        let focused = "const a = document.activeElement; return a && a.closest('#comeback-list li') ? a.closest('li').dataset.name + ':' + a.textContent : String(a && a.tagName)"
        _ = try pages.js("t", "document.querySelector('#comeback-list li[data-name=\"ann\"] button').focus(); return true")
        #expect(try pages.js("t", focused) as? String == "ann:Let back in")
        let beaPhone = try phone("bea")
        _ = try pages.wait("t", "return document.querySelectorAll('#comeback-list li').length === 2", what: "bea's request")
        #expect(try pages.js("t", focused) as? String == "ann:Let back in", "focus kept when a request arrives")
        try pages.capture("t", "comebacks")
        beaPhone.disconnect()
        _ = try pages.wait("t", "return document.querySelectorAll('#comeback-list li').length === 1", what: "bea's request gone")
        #expect(try pages.js("t", focused) as? String == "ann:Let back in", "focus kept when a request goes")
        annPhone.disconnect()
    }

    /// teacher_recovers.py: one command, one event.
    final class Pages: BrowserPages {
        init() throws { try super.init(script: "Tests/Browser/teacher_recovers.py", captures: TeacherPageRecoversTests.captures) }
        /// The connections that made the rooms, kept open while the test runs.
        var makers: [HarnessClient] = []

        func block(_ page: String, _ urls: [String]) throws { try call(["cmd": "block", "page": page, "urls": urls]) }

        /// A room made over TCP, taken by page "t" at `base` with its host key (as after a
        /// reload); its code.
        func room(_ server: LiveServer, base: String, _ kind: String, _ options: String) throws -> String {
            let maker = try server.connect()
            try maker.skipWelcome()
            _ = try maker.command("/format json")
            _ = try maker.command("/name MsLee")
            let made = try maker.command("/create \(kind) play=no \(options)")
            let code = try #require(made.string("room"), "\(made)")
            let seat = ["room": code, "key": try #require(made.string("host_key")), "name": "MsLee", "url": made.string("join_url") ?? "", "game": kind]
            let json = String(decoding: try JSONSerialization.data(withJSONObject: seat), as: UTF8.self)
            try open("t", "\(base)/host")
            _ = try wait("t", "return document.body.dataset.view === 'create'", what: "the form")
            _ = try js("t", "sessionStorage.setItem('chalkline.host', \(json.debugDescription)); return true")
            try reload("t")
            _ = try wait("t", "return document.body.dataset.role === 'host' && document.body.dataset.view === 'lobby' && document.getElementById('lobby-code').textContent === '\(code)'",
                         what: "the room taken back by the page")
            makers.append(maker)
            return code
        }
    }
}
