import ChalklineTesting
import Testing
@testable import ChalklineCore

/// With `gap=0` the next question opens the moment one closes, so an answer on a slow network
/// can arrive after its question closed. Named with `/answer id=N`, it is refused instead of
/// being judged against the next question (where it is wrong and uses up the player's attempt).
@Suite struct AnswerNamesItsQuestionTests {
    /// "7 x 3" → 21.
    static func product(_ question: ServerLine?) -> Int {
        let numbers = (question?.string("text") ?? "").split(separator: " ").compactMap { Int($0) }
        return numbers.reduce(1, *)
    }

    /// Bob's late answer to question 1 arrives after question 2 opened (gap 0).
    func lateAnswer(_ line: (Int) throws -> String) throws -> (late: ServerLine?, next: ServerLine?, first: ServerLine?, second: ServerLine?) {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (c1, code) = try h.timesRoom("table=7 max=12 rounds=3 time=10 gap=0 countdown=0 seed=1")
        let (c2, _) = try h.join("Bob", code)
        let first = try c1.step("/start").messages(to: c2).first { $0.type == "question" }
        let second = clock.advance(to: 10_000).messages(to: c2).first { $0.type == "question" }
        clock.setTime(10_500)
        let late = try c2.step(line(first?.int("id") ?? 0) + " \(Self.product(first))").messages(to: c2).first
        clock.setTime(11_000)
        let next = try c2.step("/answer id=\(second?.int("id") ?? 0) \(Self.product(second))").messages(to: c2).first
        return (late, next, first, second)
    }

    @Test func aLateAnswerNamingItsQuestionIsNotJudgedAgainstTheNext() throws {
        let run = try lateAnswer { "/answer id=\($0)" }
        try #require(run.first?.int("id") != run.second?.int("id"))
        #expect(Self.product(run.first) != Self.product(run.second), "the seed must give two different questions")
        #expect(run.late?.type == "error")
        #expect(run.late?.string("code") == "no_question")
        #expect(run.late?.string("message")?.contains("Question \(run.first?.int("id") ?? 0) is closed") == true)
        // The attempt for question 2 is still there, and the right answer scores.
        #expect(run.next?.type == "ok")
        #expect(run.next?.bool("correct") == true)
        #expect(run.next?.int("id") == run.second?.int("id"))
    }

    /// The same late answer without `id=` (a person at netcat) is judged against question 2, as
    /// before: what the id is for.
    @Test func withoutAnIdTheLateAnswerUsesUpTheNextQuestionsAttempt() throws {
        let run = try lateAnswer { _ in "/answer" }
        #expect(run.late?.type == "ok")
        #expect(run.late?.bool("correct") == false)
        #expect(run.next?.string("code") == "already_answered")
    }

    @Test func anIdThatIsNotANumberFollowedByTheAnswerIsBadArgs() throws {
        let h = try ServerHarness(.inProcess)
        let (c1, code) = try h.timesRoom()
        let (c2, _) = try h.join("Bob", code)
        try c1.step("/start")
        for line in ["/answer id=x 14", "/answer id=1", "/answer id= 14", "/answer id=1x 14", "id=99999999999 14"] {
            let reply = try c2.step(line).messages(to: c2).first
            #expect(reply?.string("code") == "bad_args", "\(line): \(String(describing: reply))")
        }
        // None of them used the attempt: the right answer, named, still counts.
        let reply = try c2.step("/answer id=1 14").messages(to: c2).first
        #expect(reply?.bool("correct") == true, "\(String(describing: reply))")
    }

    @Test func anAnswerNamingAQuestionBetweenRoundsIsNoQuestion() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (c1, code) = try h.timesRoom("table=7 max=4 rounds=3 time=10 gap=5 countdown=0 seed=1")
        let (c2, _) = try h.join("Bob", code)
        try c1.step("/start")
        clock.advance(to: 10_000)
        let reply = try c2.step("/answer id=1 14").messages(to: c2).first
        #expect(reply?.string("code") == "no_question")
    }

    /// The word puzzle's board carries the level's id, and a word named for a closed level is
    /// not tried on the next board.
    @Test func theWordBoardCarriesItsIdAndALateWordIsRefused() throws {
        var config = ServerConfig()
        config.levelPacks = [WordsFixtures.pack]
        let h = try ServerHarness(.inProcess, config: config)
        let clock = try #require(h.inProcess)
        let c1 = try h.jsonClient("Ann")
        let code = try c1.step("/create words pack=test time=60 countdown=0 gap=0 seed=3 levels=2").messages(to: c1).first?.string("room") ?? ""
        let (c2, _) = try h.join("Bob", code)
        let first = try c1.step("/start").messages(to: c2).first { $0.type == "board" }
        let second = clock.advance(to: 60_000).messages(to: c2).first { $0.type == "board" }
        #expect(first?.int("id") == 1)
        #expect(second?.int("id") == 2)
        let late = try c2.step("/answer id=1 ANYWORD").messages(to: c2).first
        #expect(late?.string("code") == "no_question")
    }
}
