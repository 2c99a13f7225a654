import Testing
@testable import ChalklineCore

/// With `gap=0` the next question opens the moment one closes, so an answer on a slow network
/// can arrive after its question closed. Named with `/answer id=N`, it is refused instead of
/// being judged against the next question (where it is wrong and uses up the player's attempt).
@Suite struct AnswerNamesItsQuestionTests {
    /// "7 x 3" → 21.
    static func product(_ question: Msg?) -> Int {
        let numbers = (question?.string("text") ?? "").split(separator: " ").compactMap { Int($0) }
        return numbers.reduce(1, *)
    }

    /// Bob's late answer to question 1 arrives after question 2 opened (gap 0).
    func lateAnswer(_ line: (Int) -> String) -> (late: Msg?, next: Msg?, first: Msg?, second: Msg?) {
        let h = Harness()
        let code = h.room("table=7 max=12 rounds=3 time=10 gap=0 countdown=0 seed=1")
        h.join(2, "Bob", code)
        let first = Harness.messages(h.line(1, "/start"), to: 2).first { $0.type == "question" }
        let second = Harness.messages(h.tick(10_000), to: 2).first { $0.type == "question" }
        h.now = 10_500
        let late = Harness.messages(h.line(2, line(first?.int("id") ?? 0) + " \(Self.product(first))"), to: 2).first
        h.now = 11_000
        let next = Harness.messages(h.line(2, "/answer id=\(second?.int("id") ?? 0) \(Self.product(second))"), to: 2).first
        return (late, next, first, second)
    }

    @Test func aLateAnswerNamingItsQuestionIsNotJudgedAgainstTheNext() throws {
        let run = lateAnswer { "/answer id=\($0)" }
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
    @Test func withoutAnIdTheLateAnswerUsesUpTheNextQuestionsAttempt() {
        let run = lateAnswer { _ in "/answer" }
        #expect(run.late?.type == "ok")
        #expect(run.late?.bool("correct") == false)
        #expect(run.next?.string("code") == "already_answered")
    }

    @Test func anIdThatIsNotANumberFollowedByTheAnswerIsBadArgs() {
        let h = Harness()
        let code = h.room()
        h.join(2, "Bob", code)
        h.line(1, "/start")
        for line in ["/answer id=x 14", "/answer id=1", "/answer id= 14", "/answer id=1x 14", "id=99999999999 14"] {
            let reply = Harness.messages(h.line(2, line), to: 2).first
            #expect(reply?.string("code") == "bad_args", "\(line): \(String(describing: reply))")
        }
        // None of them used the attempt: the right answer, named, still counts.
        let reply = Harness.messages(h.line(2, "/answer id=1 14"), to: 2).first
        #expect(reply?.bool("correct") == true, "\(String(describing: reply))")
    }

    @Test func anAnswerNamingAQuestionBetweenRoundsIsNoQuestion() {
        let h = Harness()
        let code = h.room("table=7 max=4 rounds=3 time=10 gap=5 countdown=0 seed=1")
        h.join(2, "Bob", code)
        h.line(1, "/start")
        h.tick(10_000)
        let reply = Harness.messages(h.line(2, "/answer id=1 14"), to: 2).first
        #expect(reply?.string("code") == "no_question")
    }

    /// The word puzzle's board carries the level's id, and a word named for a closed level is
    /// not tried on the next board.
    @Test func theWordBoardCarriesItsIdAndALateWordIsRefused() {
        var config = ServerConfig()
        config.levelPacks = [WordsFixtures.pack]
        let h = Harness(config: config)
        h.jsonClient(1, name: "Ann")
        let code = Harness.messages(h.line(1, "/create words pack=test time=60 countdown=0 gap=0 seed=3 levels=2"), to: 1).first?.string("room") ?? ""
        h.join(2, "Bob", code)
        let first = Harness.messages(h.line(1, "/start"), to: 2).first { $0.type == "board" }
        let second = Harness.messages(h.tick(60_000), to: 2).first { $0.type == "board" }
        #expect(first?.int("id") == 1)
        #expect(second?.int("id") == 2)
        let late = Harness.messages(h.line(2, "/answer id=1 ANYWORD"), to: 2).first
        #expect(late?.string("code") == "no_question")
    }
}
