import ChalklineTesting
import Foundation
import Testing

/// Issue 41, multiple choice on the student page, in headless Chromium against the real server:
/// a teacher's set played with `choices=4` by three pages (ann on a 360-px phone taps, bo and
/// cy press keys) and a netcat student (dee, a raw TCP connection in text mode) who answers by
/// letter. Each one's verdict and score as the server reports them match what each did, the
/// round's end marks the right button (and the chosen wrong one) on every page, and a page
/// reloaded in the middle of a question draws its buttons again (and, answered already, is told so). Screenshots at 360 and 1920 px
/// (a question, answered, revealed) go to $CHALKLINE_CAPTURES/multiple-choice.
@Suite(.serialized) struct MultipleChoicePageTests {
    static var captures: String { BrowserDriver.captures + "/multiple-choice" }

    /// Tests/Browser/choices.py: host.py's commands, a page kept at a phone's size, keys pressed.
    final class Pages: BrowserPages {
        init() throws { try super.init(script: "Tests/Browser/choices.py", captures: MultipleChoicePageTests.captures) }
        func size(_ page: String, _ width: Int, _ height: Int) throws { try call(["cmd": "size", "page": page, "width": width, "height": height]) }
        func press(_ page: String, _ keys: String) throws { try call(["cmd": "press", "page": page, "keys": keys]) }
        /// `label` at a phone's width and a projector's.
        func shots(_ page: String, _ label: String) throws {
            try shot(page, "\(page)-\(label)-360.png", width: 360, height: 740)
            try shot(page, "\(page)-\(label)-1920.png", width: 1920, height: 1080)
        }
    }

    /// The teacher's set, its own choices on each row (the right one among them): a short one,
    /// and one whose choices are long enough to wrap on a phone.
    static let set = """
        question,answer,choices
        Capital of France?,Paris,Rome|Paris|Madrid|Berlin
        Which of these animals is a mammal that lives in the sea?,"The blue whale, the largest animal that has ever lived","A great white shark, which has hunted in the oceans for millions of years|The blue whale, the largest animal that has ever lived|An octopus|A sea turtle"
        """
    static let answers = ["Capital of France?": "Paris",
                          "Which of these animals is a mammal that lives in the sea?": "The blue whale, the largest animal that has ever lived"]

    static func letter(_ i: Int) -> String { String(UnicodeScalar(65 + i)!) }

    /// The page's buttons as it shows them: [letter, text, mark] each.
    func buttons(_ pages: Pages, _ page: String) throws -> [[String]] {
        try pages.js(page, """
            return [...document.querySelectorAll('#choices button.choice')].map(b =>
              [b.dataset.letter, b.querySelector('.choice-text').textContent, b.dataset.mark || ''])
            """) as? [[String]] ?? []
    }

    /// Waits until the page shows `question`'s choices as buttons, none marked, in the
    /// question's view.
    func waitForButtons(_ pages: Pages, _ page: String, _ question: ServerLine) throws {
        let choices = question["choices"] as? [String] ?? []
        let json = String(decoding: try JSONSerialization.data(withJSONObject: choices), as: UTF8.self)
        _ = try pages.wait(page, """
            const texts = [...document.querySelectorAll('#choices button.choice .choice-text')].map(s => s.textContent);
            return document.body.dataset.view === 'question' && document.body.dataset.conn === 'open'
              && JSON.stringify(texts) === \(json.debugDescription)
              && !document.querySelector('#choices [data-mark]') && document.getElementById('answer-form').hidden
            """, what: "the choices of question \(question.int("round") ?? 0) as buttons", timeout: 40)
    }

    /// Waits for `mark` on the button of `letter`.
    func waitForMark(_ pages: Pages, _ page: String, _ letter: String, _ mark: String) throws {
        _ = try pages.wait(page, "const b = document.querySelector(\"#choices button[data-letter='\(letter)']\"); return b && b.dataset.mark === '\(mark)'",
                           what: "\(letter) marked \(mark)", timeout: 30)
    }

    /// The page's score (grouped as the page writes numbers) against the server's standings.
    func expectScore(_ pages: Pages, _ page: String, _ end: ServerLine) throws {
        let server = end.list("standings").first { $0["name"] as? String == page }.flatMap { JSONValue.int($0["score"]) }
        let shown = try pages.wait(page, "return document.getElementById('status-score').textContent.replace(/[^0-9]/g, '') === '\(server ?? -1)' && document.getElementById('status-score').textContent",
                                   what: "\(page)'s score \(server ?? -1)", timeout: 15) as? String
        #expect(shown?.filter(\.isNumber) == server.map(String.init), "\(page): \(shown ?? "?") / \(end.standings)")
    }

    /// Each name's `correct` in a round_end.
    func verdicts(_ end: ServerLine) -> [String: Bool] {
        Dictionary(uniqueKeysWithValues: end.list("results").map { ($0["name"] as? String ?? "?", JSONValue.bool($0["correct"]) ?? false) })
    }

    @Test func threePagesAndANetcatStudentPlayMultipleChoice() throws {
        let sets = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-mc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: sets, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: sets) }
        try Self.set.write(to: sets.appendingPathComponent("mc.csv"), atomically: true, encoding: .utf8)
        let server = try LiveServer(["--sets", sets.path])
        let pages = try Pages()
        defer { pages.quit() }
        print("multiple-choice screenshots: \(Self.captures)")

        // The teacher over TCP (json), who does not play. gap=20: time for the screenshots of
        // a round's end (the last one's stays up as long before the podium).
        let host = try server.connect()
        try host.enterJSON(named: "MsLee")
        let made = try host.command("/create quiz set=mc choices=4 play=no countdown=0 time=60 gap=20")
        let code = try #require(made.string("room"), "\(made)")

        try pages.size("ann", 360, 740)
        for name in ["ann", "bo", "cy"] { try pages.joinAsStudent(name, server, name, code) }
        let dee = try server.connect()
        try dee.skipWelcome()
        try dee.send("/join \(code) dee")
        _ = try dee.expectText("You are in room \(code) as dee")
        _ = try host.command("/start")

        // Question 1. ann taps the right one, bo presses a wrong one's number (after a key typed
        // into a field, which must not answer), cy the right one's letter, dee types it.
        let q1 = try host.expect("question", timeout: 10)
        let choices1 = try #require(q1["choices"] as? [String], "\(q1)")
        #expect(choices1.count == 4)
        let right1 = try #require(choices1.firstIndex(of: Self.answers[q1.string("text") ?? ""] ?? "?"), "\(q1)")
        let wrong1 = (right1 + 1) % 4
        _ = try dee.expectText("Question 1/2:")
        let listed = try dee.expectText("A) ")
        for (i, choice) in choices1.enumerated() { #expect(listed.contains("\(Self.letter(i))) \(choice)"), "\(listed)") }
        for name in ["ann", "bo", "cy"] { try waitForButtons(pages, name, q1) }
        try pages.shots("ann", "question")

        try pages.click("ann", "#choices button[data-letter='\(Self.letter(right1))']")
        try waitForMark(pages, "ann", Self.letter(right1), "right")
        #expect(try pages.js("ann", "return [...document.querySelectorAll('#choices button')].every(b => b.getAttribute('aria-disabled') === 'true')") as? Bool == true,
                "every button locked once answered")
        try pages.shots("ann", "answered")

        _ = try pages.js("bo", "const i = document.createElement('input'); i.id = 'elsewhere'; document.body.append(i); return true")
        try pages.click("bo", "#elsewhere")
        try pages.press("bo", Self.letter((wrong1 + 1) % 4).lowercased() + "\((wrong1 + 2) % 4 + 1)")
        #expect(try pages.js("bo", "return document.getElementById('elsewhere').value.length === 2 && !document.querySelector('#choices [data-mark]')") as? Bool == true,
                "keys typed into a field answered nothing")
        _ = try pages.js("bo", "document.getElementById('elsewhere').remove(); return true")
        try pages.press("bo", "\(wrong1 + 1)")
        try waitForMark(pages, "bo", Self.letter(wrong1), "wrong")

        try pages.press("cy", Self.letter(right1).lowercased())
        try waitForMark(pages, "cy", Self.letter(right1), "right")

        try dee.send(Self.letter(right1))
        _ = try dee.expectText("Right! +", timeout: 10)

        let end1 = try host.expect("round_end", timeout: 20)
        #expect(end1.string("answer_text") == choices1[right1])
        #expect(verdicts(end1) == ["ann": true, "bo": false, "cy": true, "dee": true], "\(end1.results)")
        for name in ["ann", "bo", "cy"] {
            _ = try pages.wait(name, "return document.body.dataset.view === 'results'", what: "the round's end", timeout: 20)
            try waitForMark(pages, name, Self.letter(right1), "right")
            let marks = try buttons(pages, name).map { $0[2] }
            var expected = Array(repeating: "", count: 4)
            expected[right1] = "right"
            if name == "bo" { expected[wrong1] = "wrong" }
            #expect(marks == expected, "\(name): \(marks)")
            try expectScore(pages, name, end1)
        }
        try pages.shots("ann", "revealed")
        try pages.shots("bo", "revealed")

        // Question 2: cy reloads the page in the middle of it, and gets the buttons again; ann
        // taps a wrong one this time; dee first names a choice there is not. The round stays open
        // until dee answers.
        let q2 = try host.expect("question", timeout: 40)
        let choices2 = try #require(q2["choices"] as? [String], "\(q2)")
        let right2 = try #require(choices2.firstIndex(of: Self.answers[q2.string("text") ?? ""] ?? "?"), "\(q2)")
        let wrong2 = (right2 + 3) % 4
        for name in ["ann", "bo", "cy"] { try waitForButtons(pages, name, q2) }
        try pages.reload("cy")
        try waitForButtons(pages, "cy", q2)
        try pages.press("cy", "\(right2 + 1)")
        try waitForMark(pages, "cy", Self.letter(right2), "right")

        try pages.click("ann", "#choices button[data-letter='\(Self.letter(wrong2))']")
        try waitForMark(pages, "ann", Self.letter(wrong2), "wrong")
        try pages.press("bo", Self.letter(right2))
        try waitForMark(pages, "bo", Self.letter(right2), "right")
        // bo reloads after answering: the buttons come back unmarked, and a second choice is
        // refused (already answered), which locks them with the server's words and marks none.
        try pages.reload("bo")
        try waitForButtons(pages, "bo", q2)
        try pages.press("bo", "1")
        _ = try pages.wait("bo", """
            return document.body.dataset.replies === '1' && document.getElementById('feedback').dataset.state === 'info'
              && !document.querySelector('#choices [data-mark]') && document.getElementById('choices').dataset.locked === 'true'
            """, what: "the second choice refused", timeout: 20)
        try dee.send("F")
        _ = try dee.expectText("bad_answer", timeout: 10)
        try dee.send(Self.letter(right2).lowercased())
        _ = try dee.expectText("Right! +", timeout: 10)

        let end2 = try host.expect("round_end", timeout: 20)
        #expect(verdicts(end2) == ["ann": false, "bo": true, "cy": true, "dee": true], "\(end2.results)")
        for name in ["ann", "bo", "cy"] {
            try waitForMark(pages, name, Self.letter(right2), "right")
            try expectScore(pages, name, end2)
        }
        #expect(try buttons(pages, "ann").map { $0[2] } == (0..<4).map { $0 == right2 ? "right" : $0 == wrong2 ? "wrong" : "" })
        try pages.shots("ann", "revealed-wrong")
        _ = try host.expect("game_end", timeout: 10)
    }
}
