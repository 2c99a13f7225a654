import Foundation
import Testing

/// Issue 38, 4, on `chalkline play`'s screen in a real terminal (tmux): after a homework
/// answer the screen shows the verdict and the right answer, says when the next question comes,
/// and Enter brings it at once.
@Suite(.serialized) struct ClientHomeworkPauseScreenTests {
    @Test func aWrongHomeworkAnswerShowsTheAnswerAndEnterGoesOn() throws {
        let server = try LiveServer()
        let teacher = try server.player("Ms")
        let set = try teacher.command("/assign times table=7 max=2 rounds=2 time=60 countdown=0 due=\(HomeworkTCPTests.tomorrow)")
        let code = try #require(set.string("code"), "\(set)")
        let play = try TmuxScreen(["play", "127.0.0.1:\(server.port)", "--room", code, "--name", "sam"])
        // The question in block letters, read back: `7x2=?`.
        let asked = try play.wait(for: "question 1 in block letters") { $0.contains("Question 1/2") && BigTextReader.read($0) != nil }
        let right = (BigTextReader.read(asked) ?? "").split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.reduce(1, *)
        try play.type("\(right + 100)")
        try play.press("Enter")
        let screen = try play.expect("press Enter to go on now")
        play.save("play-homework-pause", screen: screen)
        try? screen.write(toFile: ComebackPageTests.shots + "/play-homework-pause.txt", atomically: true, encoding: .utf8)
        #expect(screen.contains("Wrong."), "\(screen)")
        #expect(screen.contains("= \(right)"), "the right answer on screen: \(screen)")
        #expect(screen.contains("Next question in "), "\(screen)")
        try play.press("Enter")
        // Sooner than the 4 s pause: Enter sent /next.
        try play.expect("Question 2/2", timeout: 3)
    }
}
