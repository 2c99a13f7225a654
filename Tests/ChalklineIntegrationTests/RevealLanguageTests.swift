import ChalklineTesting
import Foundation
import Testing
@testable import ChalklineClient

/// Review42 R6 in headless Chromium started with `--lang=CODE` (Tests/Browser/languages.py):
/// a round's right answer revealed as the page's language writes it, from `round_end`'s
/// `answer_message`: `1,5 + 2,3 = 3,8` on a French student page and a French projector (and
/// said so to a screen reader), `1.5 + 2.3 = 3.8` on an English page in the same room.
/// Photographed at 360 and 1920 px into $CHALKLINE_SHOTS (else a temporary folder's 43-reveal).
@Suite(.serialized) struct RevealLanguageTests {
    static var shots: String {
        ProcessInfo.processInfo.environment["CHALKLINE_SHOTS"].flatMap { $0.isEmpty ? nil : $0 } ?? BrowserDriver.captures + "/43-reveal"
    }

    final class Pages: BrowserPages {
        init() throws { try super.init(script: "Tests/Browser/languages.py", captures: RevealLanguageTests.shots) }

        func open(_ page: String, _ url: String, lang: String) throws {
            try call(["cmd": "open", "page": page, "url": url, "lang": lang, "block": false])
        }

        /// A student page in `lang`, joined as `name`, in the lobby.
        func join(_ page: String, _ server: LiveServer, _ code: String, _ name: String, lang: String) throws {
            try open(page, "http://127.0.0.1:\(server.port)/?room=\(code)", lang: lang)
            _ = try wait(page, "return document.documentElement.lang === '\(lang)' && document.activeElement.id === 'join-name'", what: "\(page)'s join page")
            try type(page, "#join-name", name, enter: true)
            _ = try wait(page, "return document.body.dataset.view === 'lobby'", what: "\(page) in the lobby")
        }
    }

    /// JavaScript's string literal for `text`.
    static func quoted(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self) + "[0]"
    }

    @Test func aFrenchPageAndProjectorRevealTheAnswerTheFrenchWay() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        print("reveal screenshots: \(Self.shots)")
        // Seed 5's first question adds two numbers with decimals.
        let host = try TestHost(server, game: "arith", create: "ops=+ terms=2 decimals=1 max=20 seed=5 rounds=2 time=60 gap=60 countdown=0")
        try pages.open("projector", "http://127.0.0.1:\(server.port)/host?watch=\(host.code)", lang: "fr")
        _ = try pages.wait("projector", "return document.documentElement.lang === 'fr' && document.body.dataset.view === 'lobby'", what: "the French projector's lobby")
        try pages.join("ann", server, host.code, "ann", lang: "fr")
        try pages.join("bo", server, host.code, "bo", lang: "en")
        try host.waitForPlayers(2)
        #expect(try host.client.command("/start").string("type") == "ok")

        let q = try host.client.expect("question", timeout: 10)
        let id = try #require(q.int("id"))
        let text = try #require(q.string("text"))
        let answer = try #require(QuizSolvers.solver(for: "arith")?.answer(to: text))
        try #require(text.contains(".") && answer.contains("."), "a question and an answer with decimals: \(text) = \(answer)")
        let (frenchText, frenchAnswer) = (text.replacingOccurrences(of: ".", with: ","), answer.replacingOccurrences(of: ".", with: ","))
        _ = try pages.wait("ann", "return document.getElementById('question-text').dataset.id === '\(id)' && "
                           + "document.getElementById('question-text').textContent === \(Self.quoted(frenchText + " = ?"))", what: "ann's question, the French way")
        _ = try pages.wait("bo", "return document.getElementById('question-text').dataset.id === '\(id)'", what: "bo's question")
        try pages.type("ann", "#answer-input", frenchAnswer, enter: true)
        try pages.type("bo", "#answer-input", answer, enter: true)
        let end = try host.client.expect("round_end", timeout: 10)
        #expect(end.string("answer_text") == answer && end.string("answer_message") == answer, "the host reads English: \(end.line)")

        // The student page: the expression and its answer, and what a screen reader is told.
        let french = "\(frenchText) = \(frenchAnswer)"
        let shown = try pages.wait("ann", "const r = document.getElementById('reveal'); return document.body.dataset.view === 'results' "
                                   + "&& r.dataset.answer === \(Self.quoted(frenchAnswer)) && [r.textContent, document.getElementById('live').textContent]",
                                   what: "ann's French reveal") as? [String] ?? []
        #expect(shown.first?.hasSuffix(french) == true && shown.first?.hasPrefix("Réponse") == true, "\(shown)")
        #expect(shown.last?.contains("La réponse était \(frenchAnswer).") == true, "\(shown)")
        // The projector: the same, and said.
        let projected = try pages.wait("projector", "const r = document.getElementById('play-reveal'); return document.body.dataset.view === 'results' "
                                       + "&& r.dataset.answer === \(Self.quoted(frenchAnswer)) && [r.textContent, document.getElementById('live').textContent]",
                                       what: "the projector's French reveal") as? [String] ?? []
        #expect(projected.first?.hasSuffix(french) == true, "\(projected)")
        #expect(projected.last?.contains("La réponse était \(frenchAnswer).") == true, "\(projected)")
        // The English page in the same room: unchanged.
        let english = try pages.wait("bo", "const r = document.getElementById('reveal'); return document.body.dataset.view === 'results' "
                                     + "&& r.dataset.answer === \(Self.quoted(answer)) && [r.textContent, document.getElementById('live').textContent]",
                                     what: "bo's English reveal") as? [String] ?? []
        #expect(english.first == "Answer: \(text) = \(answer)", "\(english)")
        #expect(english.last?.contains("The answer was \(answer).") == true, "\(english)")

        try pages.capture("ann", "fr-student-reveal")
        try pages.capture("projector", "fr-projector-reveal")
        try pages.capture("bo", "en-student-reveal")
        _ = try host.client.command("/stop")
    }

    /// A money question on a French projector: the sentence as French says it beside its answer
    /// as French writes it (`7,20 $`, not `$7.20`).
    @Test func aFrenchProjectorRevealsMoneyTheFrenchWay() throws {
        let server = try LiveServer()
        let pages = try Pages()
        defer { pages.quit() }
        let host = try TestHost(server, game: "money", create: "currency=USD ask=tip level=2 seed=4 rounds=2 time=60 gap=60 countdown=0")
        try pages.open("projector", "http://127.0.0.1:\(server.port)/host?watch=\(host.code)", lang: "fr")
        _ = try pages.wait("projector", "return document.documentElement.lang === 'fr' && document.body.dataset.view === 'lobby'", what: "the French projector's lobby")
        try pages.join("ann", server, host.code, "ann", lang: "fr")
        try host.waitForPlayers(1)
        #expect(try host.client.command("/start").string("type") == "ok")
        let q = try host.client.expect("question", timeout: 10)
        let asked = try #require(q.string("text"))
        let answer = try #require(QuizSolvers.solver(for: "money")?.answer(to: asked))
        _ = try pages.wait("ann", "return document.body.dataset.view === 'question'", what: "ann's question")
        try pages.type("ann", "#answer-input", answer, enter: true)
        let end = try host.client.expect("round_end", timeout: 10)
        let text = try #require(end.string("answer_text"))
        let frenchAnswer = String(text.dropFirst()).replacingOccurrences(of: ".", with: ",") + " $"
        let projected = try pages.wait("projector", "const r = document.getElementById('play-reveal'); return document.body.dataset.view === 'results' "
                                       + "&& r.dataset.answer === \(Self.quoted(frenchAnswer)) && r.textContent", what: "the projector's French reveal") as? String ?? ""
        #expect(projected.contains("pourboire") && projected.hasSuffix(frenchAnswer) && !projected.contains(text), "\(projected)")
        let student = try pages.wait("ann", "const r = document.getElementById('reveal'); return document.body.dataset.view === 'results' "
                                     + "&& r.dataset.answer === \(Self.quoted(frenchAnswer)) && r.textContent", what: "ann's French reveal") as? String ?? ""
        #expect(student.hasSuffix(frenchAnswer), "\(student)")
        try pages.capture("projector", "fr-projector-money-reveal")
        try pages.capture("ann", "fr-student-money-reveal")
        _ = try host.client.command("/stop")
    }
}
