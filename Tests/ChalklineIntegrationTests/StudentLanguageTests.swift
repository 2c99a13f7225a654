import Foundation
import Testing

/// The student page in five languages (issue 42), in headless Chromium started with
/// `--lang=CODE` (Tests/Browser/languages.py), against the real server: a whole times game
/// played on the page in each language, with a classmate over TCP; its join page, a question,
/// the results and the podium checked for the language's words and for English left over, and
/// photographed at 360 and 1920 px into $CHALKLINE_SHOTS (else a temporary folder's 42-play).
@Suite(.serialized) struct StudentLanguageTests {
    static var shots: String {
        ProcessInfo.processInfo.environment["CHALKLINE_SHOTS"].flatMap { $0.isEmpty ? nil : $0 } ?? BrowserDriver.captures + "/42-play"
    }

    final class Pages: BrowserPages {
        init() throws { try super.init(script: "Tests/Browser/languages.py", captures: StudentLanguageTests.shots) }

        func open(_ page: String, _ url: String, lang: String, block: Bool = false) throws {
            try call(["cmd": "open", "page": page, "url": url, "lang": lang, "block": block])
        }

        /// The English words and phrases of the student page still on screen.
        /// `lang`: the language the page should be in (the one it says it is in, unless given).
        func english(_ page: String, lang: String? = nil) throws -> [String] {
            try call(["cmd": "english", "page": page, "lang": lang ?? NSNull()])["value"] as? [String] ?? ["(no answer)"]
        }

        func close(_ page: String) throws { try call(["cmd": "close", "page": page]) }
    }

    /// What each screen's heading says in each language (`%d` the round).
    static let headings: [String: (join: String, question: String, results: String, final: String)] = [
        "en": ("Join a game", "Question %d of 2", "This round", "Game over!"),
        "fr": ("Rejoindre une partie", "Question %d sur 2", "Cette manche", "Partie terminée\u{00A0}!"),
        "es": ("Entrar en un juego", "Pregunta %d de 2", "Esta ronda", "¡Fin del juego!"),
        "de": ("Einem Spiel beitreten", "Frage %d von 2", "Diese Runde", "Spiel vorbei!"),
        "pt": ("Entrar num jogo", "Pergunta %d de 2", "Esta rodada", "Fim de jogo!"),
    ]

    /// A script's test that element `id` says `expected`.
    static func shows(_ id: String, _ expected: String) -> String {
        let quoted = String(decoding: (try? JSONSerialization.data(withJSONObject: [expected])) ?? Data("[\"\"]".utf8), as: UTF8.self)
        return "document.getElementById('\(id)').textContent === \(quoted)[0]"
    }

    @Test func aWholeGameInEachLanguage() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        print("student page screenshots: \(Self.shots)")
        for lang in ["fr", "es", "de", "pt", "en"] {
            try play(lang, server, pages)
        }
    }

    /// One game of two times questions: the page answers both (the test computes), bo over TCP.
    func play(_ lang: String, _ server: LiveServer, _ pages: Pages) throws {
        let words = try #require(Self.headings[lang])
        let host = try TestHost(server, game: "times", create: "rounds=2 time=30 gap=6 countdown=0 seed=7 table=2-5")
        let page = "ann-\(lang)"
        try pages.open(page, "http://127.0.0.1:\(server.port)/?room=\(host.code)", lang: lang)
        _ = try pages.wait(page, "return document.documentElement.lang === '\(lang)' && document.activeElement.id === 'join-name' && "
                           + Self.shows("join-title", words.join), what: "the join page in \(lang)")
        func noEnglish(_ screen: String) throws {
            guard lang != "en" else { return }
            let left = try pages.english(page)
            #expect(left.isEmpty, "English on the \(lang) \(screen): \(left)")
        }
        try noEnglish("join page")
        try pages.capture(page, "\(lang)-join")

        try pages.type(page, "#join-name", "ann", enter: true)
        _ = try pages.wait(page, "return document.body.dataset.view === 'lobby'", what: "the lobby in \(lang)")
        // The server was told the page's language before anything else.
        let sent = try pages.js(page, "return window.chalklineSent") as? [String] ?? []
        #expect(sent.first == "/lang \(lang)", "the page's first line: \(sent)")
        let bo = try server.seatedPupil("bo", in: host.code)
        try host.waitForPlayers(2)
        _ = try pages.wait(page, "return document.querySelectorAll('#lobby-players li').length === 2", what: "bo in the lobby")
        try noEnglish("lobby")
        try pages.capture(page, "\(lang)-lobby")
        #expect(try host.client.command("/start").string("type") == "ok")

        for round in 1...2 {
            let q = try bo.expect("question", timeout: 20)
            let id = try #require(q.int("id"))
            let product = try #require(q.string("text")).split(separator: " ").compactMap { Int($0) }.reduce(1, *)
            let heading = String(format: words.question, round)
            _ = try pages.wait(page, "return document.body.dataset.view === 'question' && document.getElementById('question-text').dataset.id === '\(id)' && "
                               + Self.shows("question-round", heading), what: "\(heading)")
            if round == 1 {
                try noEnglish("question")
                try pages.capture(page, "\(lang)-question")
            }
            try pages.type(page, "#answer-input", "\(product)", enter: true)
            _ = try bo.command("\(product)")
            _ = try pages.wait(page, "return document.body.dataset.view === 'results' && document.getElementById('reveal').dataset.answer === '\(product)' && "
                               + Self.shows("results-title", words.results), what: "the results of round \(round) in \(lang)")
            if round == 1 {
                try noEnglish("results")
                try pages.capture(page, "\(lang)-results")
            }
        }
        _ = try pages.wait(page, "return document.body.dataset.view === 'final' && " + Self.shows("final-title", words.final),
                           what: "the podium in \(lang)", timeout: 40)
        try noEnglish("podium")
        try pages.capture(page, "\(lang)-podium")
        try pages.close(page)
    }

    /// The word puzzle's board in German and French (the longest words beside the letter groups):
    /// its own words translated, the pack's clues as they are.
    @Test func theWordPuzzleInGermanAndFrench() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        for (lang, heading) in [("de", "Level 1 von 1"), ("fr", "Niveau 1 sur 1")] {
            let host = try TestHost(server, game: "words", create: "level=1 levels=1 time=120 countdown=0")
            let page = "words-\(lang)"
            try pages.open(page, "http://127.0.0.1:\(server.port)/?room=\(host.code)", lang: lang)
            _ = try pages.wait(page, "return document.activeElement && document.activeElement.id === 'join-name'", what: "the join page")
            try pages.type(page, "#join-name", "ann", enter: true)
            _ = try pages.wait(page, "return document.body.dataset.view === 'lobby'", what: "the lobby")
            try host.waitForPlayers(1)
            #expect(try host.client.command("/start").string("type") == "ok")
            _ = try pages.wait(page, "return document.body.dataset.view === 'board' && " + Self.shows("board-round", heading), what: "the board in \(lang)")
            let letters = try pages.js(page, "return document.querySelector('.clue-letters').textContent") as? String ?? ""
            #expect(letters.hasSuffix(lang == "de" ? " Buchstaben" : " lettres"), "\(letters)")
            try pages.capture(page, "\(lang)-board")
            try pages.close(page)
        }
    }

    /// The switcher on the join page: the page redrawn in the language chosen, no reload; the
    /// server told; the choice kept over a reload, whatever the browser's language.
    @Test func theSwitcherChangesTheLanguageAndIsRemembered() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let host = try TestHost(server, game: "times", create: "rounds=1 time=30")
        try pages.open("p", "http://127.0.0.1:\(server.port)/?room=\(host.code)", lang: "de")
        _ = try pages.wait("p", "return " + Self.shows("join-title", "Einem Spiel beitreten"), what: "the join page in German")
        _ = try pages.wait("p", "return (window.chalklineSent || []).includes('/lang de')", what: "the server told German")
        _ = try pages.js("p", "window.chalklineNotReloaded = true; return true")
        let names = try pages.js("p", "return [...document.getElementById('lang').options].map((o) => o.textContent)") as? [String] ?? []
        #expect(Set(names) == ["Deutsch", "English", "Español", "Français", "Português"], "each language by its own name: \(names)")

        try pages.select("p", "#lang", "fr")
        _ = try pages.wait("p", "return window.chalklineNotReloaded === true && document.documentElement.lang === 'fr' && "
                           + Self.shows("join-title", "Rejoindre une partie"), what: "the page in French, not reloaded")
        _ = try pages.wait("p", "return window.chalklineSent.at(-1) === '/lang fr'", what: "the server told French")
        #expect(try pages.english("p").isEmpty)
        // A view drawn from the state, on show at the switch: the lobby.
        try pages.type("p", "#join-name", "ann", enter: true)
        _ = try pages.wait("p", "return document.body.dataset.view === 'lobby' && document.getElementById('lobby-count').textContent === '1 joueur'",
                           what: "the lobby in French")

        try pages.reload("p")
        _ = try pages.wait("p", "return document.documentElement.lang === 'fr' && document.getElementById('lang').value === 'fr' && "
                           + "document.getElementById('lobby-title').textContent.startsWith('Tu es dans la salle')", what: "French after the reload")
        _ = try pages.wait("p", "return window.chalklineSent.includes('/lang fr')", what: "the server told French again")
        // Back to German from the switcher's join page.
        _ = try pages.js("p", "localStorage.setItem('chalkline.lang', 'es'); sessionStorage.clear(); return true")
        try pages.open("p", "http://127.0.0.1:\(server.port)/", lang: "de")
        _ = try pages.wait("p", "return " + Self.shows("join-title", "Entrar en un juego"), what: "the stored Spanish beats the browser's German")
    }

    /// A catalog that cannot load: the page starts in English and plays.
    @Test func withoutItsCatalogThePageIsEnglish() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let host = try TestHost(server, game: "times", create: "rounds=1 time=30")
        try pages.open("p", "http://127.0.0.1:\(server.port)/?room=\(host.code)", lang: "fr", block: true)
        _ = try pages.wait("p", "return document.activeElement.id === 'join-name' && " + Self.shows("join-title", "Join a game"),
                           what: "the join page in English")
        try pages.type("p", "#join-name", "ann", enter: true)
        _ = try pages.wait("p", "return document.body.dataset.view === 'lobby' && " + Self.shows("lobby-count", "1 player")
                           + " && document.getElementById('lobby-text').textContent === 'Wait for the host to start.'", what: "the lobby in English")
        let sent = try pages.js("p", "return window.chalklineSent") as? [String] ?? []
        #expect(sent.first == "/lang en", "\(sent)")
        // The check the other tests make finds this English (it can fail).
        let english = try pages.english("p", lang: "fr")
        #expect(english.contains("Wait for the host to start") && english.contains("player"), "\(english)")
    }
}
