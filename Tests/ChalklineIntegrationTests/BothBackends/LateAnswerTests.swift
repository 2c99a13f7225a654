import Foundation
import Testing

/// Issue 28's protocol part, on every backend: with `gap=0` a bot's answer to question k that arrives
/// after question k+1 opened names k, and is refused (`no_question`), not judged against k+1.
@Suite struct LateAnswerTests {
    static func product(_ question: [String: Any]) -> Int {
        ((question["text"] as? String) ?? "").split(separator: " ").compactMap { Int($0) }.reduce(1, *)
    }

    @Test(arguments: ServerBackend.allCases)
    func anAnswerForAClosedQuestionIsNotJudgedAgainstTheNext(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let host = try TestHost(server, create: "table=7 max=12 rounds=3 time=2 gap=0 countdown=0 seed=1")
        let bot = try server.jsonClient("robo")
        #expect(try bot.command("/join \(host.code)").string("type") == "ok")
        _ = try host.client.command("/start")
        let first = try bot.expect("question")
        // The bot is slow: question 1 closes unanswered and question 2 opens before its answer goes.
        let second = try bot.expect("question", timeout: 10)
        let late = try bot.command("/answer id=\(first.int("id")!) \(Self.product(first.object))")
        #expect(late.string("code") == "no_question", "\(late)")
        let next = try bot.command("/answer id=\(second.int("id")!) \(Self.product(second.object))")
        #expect(next.string("type") == "ok", "\(next)")
        #expect(next.bool("correct") == true, "\(next)")
        #expect(next.int("id") == second.int("id"))
    }
}
