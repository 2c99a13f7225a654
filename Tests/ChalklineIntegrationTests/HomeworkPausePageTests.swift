import ChalklineTesting
import Foundation
import Testing

/// Issue 38, 4, in headless Chromium: a student doing homework on the page sees, after each
/// answer, whether it was right and the right answer, with a Next button, before the next
/// question; the question no longer replaces them the instant the answer is accepted.
@Suite(.serialized) struct HomeworkPausePageTests {
    @Test func afterAWrongAnswerThePageShowsTheVerdictTheAnswerAndNext() throws {
        let server = try LiveServer()
        let teacher = try server.player("Ms")
        let set = try teacher.command("/assign times table=7 max=6 rounds=2 time=60 countdown=0 due=\(HomeworkTCPTests.tomorrow)")
        let code = try #require(set.string("code"), "\(set)")
        let pages = try ComebackPageTests.Pages()
        defer { pages.quit() }
        try pages.open("kid", "http://127.0.0.1:\(server.port)/?room=\(code)")
        _ = try pages.wait("kid", "return document.getElementById('join-code').value", what: "the code prefilled")
        try pages.type("kid", "#join-name", "sam", enter: true)
        let q1 = try #require(try pages.wait("kid", "const q = document.getElementById('question-text'); return document.body.dataset.view === 'question' && q.textContent",
                                             what: "question 1") as? String)
        let product = ComebackPageTests.product(q1.replacingOccurrences(of: "= ?", with: ""))
        try pages.type("kid", "#answer-input", "\(product + 1)", enter: true)
        // The verdict and the right answer, and a way on: all on screen together.
        let shown = try pages.wait("kid", """
            const fb = document.getElementById('feedback'), next = document.getElementById('next-question');
            return document.body.dataset.paused === 'yes' && !next.hidden && !fb.hidden
                && [fb.dataset.state, document.getElementById('reveal').dataset.answer, document.getElementById('next-question-button').textContent];
            """, what: "the verdict, the answer and Next") as? [String]
        #expect(shown == ["wrong", "\(product)", "Next question"], "\(shown ?? [])")
        #expect(try pages.js("kid", "return document.getElementById('question-round').textContent") as? String == "Question 1 of 2",
                "still question 1: the next has not replaced it")
        try pages.shot("kid", "homework-wrong-answer-360.png", width: 360, height: 740)
        try pages.shot("kid", "homework-wrong-answer-1920.png", width: 1920, height: 1080)
        try pages.click("kid", "#next-question-button")
        let q2 = try #require(try pages.wait("kid", """
            return document.body.dataset.view === 'question' && document.getElementById('question-round').textContent === 'Question 2 of 2'
                && document.getElementById('next-question').hidden && document.getElementById('question-text').textContent;
            """, what: "question 2 after Next") as? String)
        // Right this time: the short pause, then the result comes by itself.
        try pages.type("kid", "#answer-input", "\(ComebackPageTests.product(q2.replacingOccurrences(of: "= ?", with: "")))", enter: true)
        let last = try pages.wait("kid", "return document.body.dataset.paused === 'yes' && document.getElementById('feedback').dataset.state === 'right' && document.getElementById('next-question-button').textContent",
                                  what: "right, and See my result") as? String
        #expect(last == "See my result")
        _ = try pages.wait("kid", "return document.body.dataset.view === 'final'", what: "the result after the pause")
    }
}
