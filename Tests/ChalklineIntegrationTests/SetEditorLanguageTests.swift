import ChalklineProtocol
import Foundation
import Testing

/// Issue 42 (review R12): a French teacher's set editor says why a set was refused once, in
/// French, with the question's number and no line number of the file beside it; a row too long
/// to send says so in French too. Headless Chromium speaking French (Tests/Browser/host.py's
/// `t@fr`), the server over real TCP. Screenshots at 360 and 1920 px go to
/// $CHALKLINE_CAPTURES/sets-lang.
@Suite(.serialized) struct SetEditorLanguageTests {
    static var captures: String { BrowserDriver.captures + "/sets-lang" }

    @Test func aFrenchTeacherReadsWhyTheSetWasRefusedOnceInFrench() throws {
        let french = try #require(Languages.all.first { $0.code == "fr" })
        let server = try LiveServer()
        let pages = try HostPageTests.Pages()
        defer { pages.quit() }
        let t = "t@fr"
        func row(_ n: Int, _ field: String, _ value: String) throws {
            let json = String(decoding: try JSONSerialization.data(withJSONObject: [value]), as: UTF8.self)
            _ = try pages.js(t, """
                const box = document.querySelector('#editor-rows tbody tr:nth-child(\(n)) [data-field=\(field)]');
                box.value = \(json)[0];
                box.dispatchEvent(new Event('input', {bubbles: true}));
                return true
                """)
        }

        try pages.open(t, "http://127.0.0.1:\(server.port)/host")
        _ = try pages.wait(t, "return document.documentElement.lang === 'fr' && document.querySelectorAll('#create-kinds input').length > 0",
                           what: "the form in French")
        try pages.click(t, "#sets-show")
        _ = try pages.wait(t, "return document.body.dataset.view === 'sets' && document.getElementById('sets-list').dataset.count !== undefined",
                           what: "the list of sets")
        try pages.click(t, "#sets-new")
        try pages.type(t, "#editor-name", "semaine3")
        try row(1, "question", "Capitale de la France ?")
        try row(1, "answers", "Paris")
        try pages.click(t, "#editor-add")
        try row(2, "question", "Capitale de l'Allemagne ?")
        try pages.click(t, "#editor-save")
        let refused = try pages.wait(t, "return document.getElementById('editor-error').textContent", what: "the refusal") as? String ?? ""
        // Question 2 is the file's line 3: only the question is named.
        #expect(refused == "Question 2 : la réponse est vide", "\(refused)")
        #expect(refused == french.text("host.sets.question_error", ["n": 2, "reason": .text(french.text("error.setfile.answer_empty"))]))
        #expect(try pages.js(t, "return document.querySelector('#editor-rows tbody tr.bad') === document.querySelector('#editor-rows tbody tr:nth-child(2)')") as? Bool == true,
                "the row refused is marked")
        for width in [360, 1920] {
            try pages.call(["cmd": "shot", "page": t, "path": "\(Self.captures)/fr-refused-\(width).png", "width": width])
        }

        // A row longer than a protocol line is not sent at all: the page says so itself.
        try row(2, "answers", "Berlin")
        try row(1, "question", String(repeating: "Quelle est la capitale ? ", count: 45))
        try pages.click(t, "#editor-save")
        let tooLong = try pages.wait(t, "const e = document.getElementById('editor-error').textContent; return e.startsWith('Question 1') && e",
                                     what: "the row too long") as? String ?? ""
        #expect(tooLong == "Question 1 : " + french.text("host.sets.too_long"), "\(tooLong)")
        for width in [360, 1920] {
            try pages.call(["cmd": "shot", "page": t, "path": "\(Self.captures)/fr-too-long-\(width).png", "width": width])
        }
    }
}
