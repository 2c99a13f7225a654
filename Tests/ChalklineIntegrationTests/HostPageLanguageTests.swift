import ChalklineProtocol
import Foundation
import Testing

/// The teacher's page in the browser's language (issue 42): a Chromium that speaks French,
/// Spanish, German or Portuguese (`--lang` and its accept-language preference) gets the form,
/// the lobby and the projector (a question, its results, the podium) in that language, each
/// text the catalog's; the switcher's choice beats the browser's after a reload. Screenshots at
/// 360 and 1920 px (the whole page) go to $CHALKLINE_CAPTURES/host-lang.
@Suite(.serialized) struct HostPageLanguageTests {
    static var captures: String { BrowserDriver.captures + "/host-lang" }

    /// The next language, which the switcher chooses in each run.
    static let next = ["fr": "es", "es": "de", "de": "pt", "pt": "fr"]

    @Test(arguments: ["fr", "es", "de", "pt"])
    func theLobbyAndTheProjectorSpeakTheBrowsersLanguage(_ code: String) throws {
        let say = try #require(Languages.all.first { $0.code == code })
        let server = try LiveServer()
        let pages = try HostPageTests.Pages()
        defer { pages.quit() }
        let t = "t@\(code)"
        func text(_ id: String) throws -> String { try pages.js(t, "return document.getElementById('\(id)').textContent") as? String ?? "" }
        func shots(_ label: String) throws {
            for width in [360, 1920] {
                try pages.call(["cmd": "shot", "page": t, "path": "\(Self.captures)/\(code)-\(label)-\(width).png", "width": width])
            }
        }

        try pages.open(t, "http://127.0.0.1:\(server.port)/host")
        _ = try pages.wait(t, "return document.documentElement.lang === '\(code)' && document.querySelectorAll('#create-kinds input').length > 0",
                           what: "the form in \(code)")
        #expect(try text("create-title") == say.text("host.create.title"))
        #expect(try text("create-button") == say.text("host.create.create"))
        #expect(try pages.js(t, "return document.querySelector('#kind-times + .kind-name + .kind-summary').textContent") as? String
                == say.text("option.times.summary"))
        #expect(try pages.js(t, "return document.querySelector('label[for=opt-rounds]').textContent") as? String == say.text("option.rounds.label"))
        #expect(try text("opt-rounds-help") == say.text("option.rounds.help"))
        try pages.click(t, "#kind-times")
        _ = try pages.js(t, "document.getElementById('create-more').open = true; return true")
        try shots("create")
        _ = try pages.js(t, "document.getElementById('create-more').open = true; return true")
        for (option, value) in [("table", "7"), ("rounds", "1"), ("time", "60"), ("gap", "8"), ("countdown", "0")] {
            try pages.type(t, "#opt-\(option)", value)
        }
        try pages.click(t, "#create-button")
        let room = try #require(try pages.wait(t, "return document.body.dataset.view === 'lobby' && document.getElementById('lobby-code').textContent",
                                               what: "the lobby") as? String)
        #expect(try text("lobby-count") == say.text("host.lobby.nobody"))
        #expect(try pages.js(t, "return document.querySelector('[data-t=\"host.lobby.code\"]').textContent") as? String == say.text("host.lobby.code"))

        let pupil = try server.connect()
        try pupil.skipWelcome()
        _ = try pupil.command("/format json")
        #expect(try pupil.command("/join \(room) ann").string("type") == "ok")
        let one = say.text("host.count.players", count: 1)
        _ = try pages.wait(t, "return document.getElementById('lobby-count').textContent === \(Self.quoted(one))", what: "\(one) in the lobby")
        _ = try pages.wait(t, "const i = document.getElementById('lobby-qr'); return i.complete && i.naturalWidth > 0", what: "the QR code loaded")
        try shots("lobby")

        // A question, its results, the podium: each heading the catalog's.
        try pages.click(t, "#btn-start")
        let question = try pupil.expect("question", timeout: 10)
        let heading = say.text("host.play.question", ["n": .int(1), "of": .int(1)])
        _ = try pages.wait(t, "return document.body.dataset.view === 'play' && document.getElementById('play-round').textContent === \(Self.quoted(heading))",
                           what: heading)
        #expect(try text("btn-skip") == say.text("host.control.skip"))
        try shots("question")
        let factors = (question.string("text") ?? "").split { !$0.isNumber }.compactMap { Int($0) }
        #expect(factors.count == 2, "\(question)")
        _ = try pupil.command("/answer \(factors.reduce(1, *))")
        _ = try pages.wait(t, "return document.body.dataset.view === 'results'", what: "the results")
        let right = say.text("host.play.who", ["label": .text(say.text("host.play.right")), "n": .int(1)])
        #expect(try pages.js(t, "return document.querySelector('#who-right strong').textContent") as? String == right + " ")
        let answer = say.form("host.play.answer").components(separatedBy: "{answer}")[0]
        #expect(try text("play-reveal").hasPrefix(answer), "the reveal begins \(answer)")
        #expect(try text("board-title") == say.text("host.play.leaderboard"))
        try shots("results")
        _ = try pages.wait(t, "return document.body.dataset.view === 'final'", what: "the podium", timeout: 20)
        #expect(try text("final-title") == say.text("host.final.title"))
        let score = try #require(try pages.js(t, "return document.querySelector('#final-podium .step-score').textContent") as? String)
        let points = say.form("host.final.points", count: 2).components(separatedBy: "{count}")
        #expect(score.hasSuffix(points.last ?? "?"), "\(score): the points as \(code) says them")
        #expect(try pages.js(t, "return document.querySelector('#final-podium .step-place').textContent") as? String == say.ordinal(1))
        try shots("podium")

        // The switcher: its choice shows at once, and after a reload beats the browser's language.
        let other = try #require(Self.next[code])
        let chosen = try #require(Languages.all.first { $0.code == other })
        try pages.select(t, "#lang", other)
        _ = try pages.wait(t, "return document.documentElement.lang === '\(other)' && document.getElementById('final-title').textContent === \(Self.quoted(chosen.text("host.final.title")))",
                           what: "the podium in \(other)")
        try pages.reload(t)
        _ = try pages.wait(t, "return document.documentElement.lang === '\(other)' && document.body.dataset.view === 'lobby' && document.getElementById('lang').value === '\(other)'",
                           what: "the room taken back in \(other)")
        #expect(try pages.js(t, "return document.querySelector('[data-t=\"host.status.players\"]').textContent") as? String == chosen.text("host.status.players"))
        #expect(try text("btn-start") == chosen.text("host.control.start"))
    }

    /// A JavaScript string literal of `s`.
    static func quoted(_ s: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [s]), as: UTF8.self).dropFirst().dropLast().description
    }
}
