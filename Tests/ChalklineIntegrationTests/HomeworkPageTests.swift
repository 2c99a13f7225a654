import ChalklineTesting
import Foundation
import Testing
@testable import ChalklineClient

/// Issue 30's homework in the students' page, in headless Chromium: a page opens the homework's
/// link, plays alone from the first question to the last with no host, and the end shows its
/// place among those who have finished and the tries it has left.
@Suite struct HomeworkPageTests {
    @Test func aPageDoesHomeworkAloneAndSeesItsPlaceAmongThoseWhoFinished() throws {
        let server = try LiveServer()
        let teacher = try server.player("Ms")
        let set = try teacher.command("/assign times table=7 rounds=3 time=20 countdown=0 attempts=2 due=\(HomeworkTCPTests.tomorrow)")
        #expect(set.string("type") == "ok", "\(set)")
        let code = try #require(set.string("code"), "\(set)")
        // Zed has finished already: the page's student will be second of two or first of two.
        let zed = try server.player("zed")
        #expect(try zed.command("/join \(code)").string("type") == "ok")
        let zedEnd = try HomeworkTCPTests.answerEverything(zed)
        let zedScore = zedEnd.list("standings").first?.int("score") ?? 0
        let driver = try BrowserDriver()
        defer { driver.quit() }
        try driver.send(["cmd": "open", "page": "ann", "name": "ann", "games": 2, "again": true, "code": NSNull(), "tag": "homework",
                         "url": "http://127.0.0.1:\(server.port)/?room=\(code)", "capture": BrowserDriver.captures])
        try driver.expect("joined", page: "ann")
        let solver = TimesSolver()
        var asked: [String] = []
        var finals: [[String: Any]] = []
        while finals.count < 2 {
            let e = try driver.event()
            switch e.string("event") {
            case "ask":
                let text = try #require(e.string("shown")).replacingOccurrences(of: " = ?", with: "")
                asked.append(e.string("round") ?? "")
                // The first try gets the last question wrong; the second is all right.
                let wrong = finals.isEmpty && asked.count == 3
                try driver.send(["cmd": "answer", "page": "ann", "text": wrong ? solver.wrongAnswer(to: text, draw: 1)! : solver.answer(to: text)!])
            case "final":
                finals.append(e)
            default:
                break
            }
        }
        #expect(asked == ["Question 1 of 3", "Question 2 of 3", "Question 3 of 3", "Question 1 of 3", "Question 2 of 3", "Question 3 of 3"],
                "three questions a try, one after another, with no host")
        let first = finals[0], second = finals[1]
        let firstScore = first.int("score") ?? 0, secondScore = second.int("score") ?? 0
        #expect(first.int("shown_sum") == firstScore)
        #expect(firstScore < zedScore, "two right of three is behind zed's three")
        #expect(first.string("rank") == "You are 2nd of 2 who have finished. You have 1 try left.", "\(first)")
        #expect(first["again_shown"] as? Bool == true)
        #expect((first["podium"] as? [String])?.count == 2, "\(first)")
        // The second try (all right) counts, being the better.
        let place = secondScore > zedScore ? "1st" : "2nd"
        #expect(second.string("rank") == "You are \(place) of 2 who have finished. That was your last try.", "\(second)")
        #expect(second.string("next") == "You are done: well played!")
        #expect(second["again_shown"] as? Bool == false)
    }
}
