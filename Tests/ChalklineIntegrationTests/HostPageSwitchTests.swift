import ChalklineProtocol
import ChalklineTesting
import Foundation
import Testing

/// The teacher page as a teacher on a busy school Wi-Fi meets it, in headless Chromium
/// (Tests/Browser/host_lang.py) against the real server: a catalog slow to come does not hold
/// the page (review42 R14), and a language switch keeps what the teacher chose on the create
/// form and says its error again in the new language. Screenshots at 360 and 1920 px go to
/// $CHALKLINE_SHOTS (else a temporary folder's 43-teacher).
@Suite(.serialized) struct HostPageSwitchTests {
    static var shots: String {
        ProcessInfo.processInfo.environment["CHALKLINE_SHOTS"].flatMap { $0.isEmpty ? nil : $0 } ?? BrowserDriver.captures + "/43-teacher"
    }

    final class Pages: BrowserPages {
        init() throws { try super.init(script: "Tests/Browser/host_lang.py", captures: HostPageSwitchTests.shots) }

        /// `page`'s requests to `url` (a DevTools URL pattern) answered `ms` late from now on.
        func stall(_ page: String, _ url: String, ms: Int) throws { try call(["cmd": "stall", "page": page, "url": url, "ms": ms]) }

        func shots(_ page: String, _ label: String) throws {
            for width in [360, 1920] {
                try call(["cmd": "shot", "page": page, "path": "\(captures)/\(label)-\(width).png", "width": width])
            }
        }
    }

    static func language(_ code: String) throws -> Language { try #require(Languages.all.first { $0.code == code }) }

    /// The French catalog answered 12 s late: the page starts in English within the student
    /// page's 3 s (connected, the server's list of games drawn), then turns French when the
    /// catalog comes, and tells the server.
    @Test func aCatalogSlowToComeDoesNotHoldThePage() throws {
        let french = try Self.language("fr")
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let t = "t@fr"
        try pages.stall(t, "*://*:*/lang/fr.json", ms: 12_000)
        try pages.open(t, "http://127.0.0.1:\(server.port)/host")
        let first = try pages.wait(t, "return document.querySelectorAll('#create-kinds input').length > 0 && "
                                   + "[document.documentElement.lang, document.getElementById('create-title').textContent]",
                                   what: "the form while the catalog is on its way", timeout: 10) as? [String]
        #expect(first == ["en", Languages.english.text("host.create.title")], "\(first ?? [])")
        let sent = try pages.js(t, "return window.chalklineSent") as? [String] ?? []
        #expect(sent.first == "/lang en", "the page's first lines: \(sent)")

        let summary = HostPageLanguageTests.quoted(french.text("option.times.summary"))
        _ = try pages.wait(t, "return document.documentElement.lang === 'fr' && document.getElementById('create-title').textContent === "
                           + HostPageLanguageTests.quoted(french.text("host.create.title"))
                           + " && document.querySelector('#kind-times + .kind-name + .kind-summary').textContent === \(summary)"
                           + " && document.getElementById('lang').value === 'fr'",
                           what: "the form in French once the catalog came", timeout: 30)
        _ = try pages.wait(t, "return window.chalklineSent.includes('/lang fr')", what: "the server told French")
    }

    /// Options chosen, an error on show, then German from the switcher: every choice stays, the
    /// error is said in German; the room made then has the options chosen.
    @Test func aSwitchKeepsTheFormAndSaysItsErrorAgain() throws {
        let german = try Self.language("de"), french = try Self.language("fr")
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let t = "t"
        try pages.open(t, "http://127.0.0.1:\(server.port)/host")
        _ = try pages.wait(t, "return document.querySelectorAll('#create-kinds input').length > 0", what: "the form")
        try pages.click(t, "#kind-money")
        _ = try pages.wait(t, "return !!document.getElementById('opt-currency')", what: "money's options")
        _ = try pages.js(t, "document.getElementById('create-more').open = true; return true")   // the summary sits under the sticky Create
        let last = "const o = document.getElementById('opt-%@').options; return o[o.length - 1].value"
        let currency = try #require(try pages.js(t, String(format: last, "currency")) as? String)
        let scoring = try #require(try pages.js(t, String(format: last, "scoring")) as? String)
        try pages.select(t, "#opt-currency", currency)
        try pages.select(t, "#opt-scoring", scoring)
        try pages.type(t, "#opt-rounds", "3")
        try pages.type(t, "#opt-gap", "7")
        let off = try #require(try pages.js(t, "return document.querySelector('[data-option=ask] input:checked').value") as? String)
        try pages.click(t, "[data-option=ask] input[value='\(off)']")
        try pages.type(t, "#create-name", "")          // the name the page offers, taken away
        try pages.click(t, "#create-button")
        _ = try pages.wait(t, "return document.getElementById('create-name-error').textContent === "
                           + HostPageLanguageTests.quoted(Languages.english.text("host.create.no_name")), what: "no name, in English")

        let form = """
            const ask = [...document.querySelectorAll('[data-option=ask] input:checked')].map((b) => b.value).join(',');
            return [document.getElementById('kind-money').checked, document.getElementById('opt-currency').value,
                    document.getElementById('opt-scoring').value, document.getElementById('opt-rounds').value,
                    document.getElementById('opt-gap').value, ask, document.getElementById('create-more').open].map(String)
            """
        let before = try #require(try pages.js(t, form) as? [String])
        #expect(before[..<5] == ["true", currency, scoring, "3", "7"] && !before[5].contains(off) && before[6] == "true", "\(before)")

        for (code, words) in [("de", german), ("fr", french)] {
            try pages.select(t, "#lang", code)
            _ = try pages.wait(t, "return document.documentElement.lang === '\(code)' && document.getElementById('create-name-error').textContent === "
                               + HostPageLanguageTests.quoted(words.text("host.create.no_name")), what: "the error said again in \(code)")
            #expect(try pages.js(t, "return document.getElementById('create-title').textContent") as? String == words.text("host.create.title"))
            #expect(try pages.js(t, form) as? [String] == before, "the form after the switch to \(code)")
            try pages.shots(t, "\(code)-create")
        }

        try pages.type(t, "#create-name", "Lee")
        try pages.click(t, "#create-button")
        let code = try pages.settle(t, "return document.body.dataset.view === 'lobby' && document.getElementById('lobby-code').textContent",
                                    what: "the lobby", timeout: 30) as? String
        let refused = try pages.js(t, "return document.getElementById('create-error').textContent + document.getElementById('create-name-error').textContent")
        let room = try #require(code, "no lobby; the form says: \(refused ?? "")")
        try pages.shots(t, "fr-lobby")
        let pupil = try server.connect()
        try pupil.skipWelcome()
        _ = try pupil.command("/format json")
        let joined = try pupil.command("/join \(room) ann")
        let settings = joined["settings"] as? [String: Any] ?? [:]
        print("settings: \(settings)")
        #expect(JSONValue.int(settings["rounds"]) == 3, "\(settings)")
        #expect(JSONValue.double(settings["gap"]) == 7, "\(settings)")
        #expect(settings["currency"] as? String == currency, "\(settings)")
        #expect(settings["scoring"] as? String == scoring, "\(settings)")
        #expect(before[5] == (settings["ask"] as? String ?? (settings["ask"] as? [String])?.joined(separator: ",")), "\(settings)")
    }
}
