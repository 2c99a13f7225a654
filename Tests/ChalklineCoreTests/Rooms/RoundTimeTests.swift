import ChalklineTesting
import Testing
@testable import ChalklineCore

/// A round's time is the players' time: it starts when its question leaves the server (not when
/// the core opened it while a commit held the question back), and an answer that reached the
/// server before time was up counts even if the server read it later.
@Suite struct RoundTimeTests {
    /// Ann hosts (json, not playing); Bob plays 7 x N with 10 s a question.
    func room(_ rounds: Int = 2) throws -> (ServerHarness, InProcessServer, HarnessClient, HarnessClient) {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (ann, code) = try h.timesRoom("table=7 max=12 rounds=\(rounds) time=10 gap=0 countdown=0 seed=1 play=no")
        let (bob, _) = try h.join("Bob", code)
        return (h, clock, ann, bob)
    }

    @Test func aQuestionHeldBackHasItsWholeTimeFromWhenItLeaves() throws {
        let (_, clock, ann, bob) = try room()
        clock.holdRoundStarts = true
        clock.setTime(1_000)
        let question = try #require(try ann.step("/start").messages(to: bob).first { $0.type == "question" })
        // Past the 10 s the core gave it when it opened: nothing closes while it has not left.
        #expect(clock.advance(to: 12_000).messages(to: bob).isEmpty)
        #expect(clock.core.nextDeadline() == nil)
        clock.releaseRoundStarts()
        #expect(clock.core.nextDeadline() == 22_000)
        clock.setTime(12_250)
        let reply = try #require(try bob.step("/answer id=\(question.int("id") ?? 0) \(AnswerNamesItsQuestionTests.product(question))")
            .messages(to: bob).first)
        #expect(reply.type == "ok")
        #expect(reply.bool("correct") == true)
        // 250 ms after it left, not 11,250 after the core opened it: 1000 * (1 - 0.25 / 20).
        #expect(reply.int("points") == 988)
    }

    @Test func withoutAHoldTheTimeRunsFromTheOpening() throws {
        let (_, clock, ann, bob) = try room()
        clock.setTime(1_000)
        try ann.step("/start")
        #expect(clock.core.nextDeadline() == 11_000)
        let closed = clock.advance(to: 11_000).messages(to: bob)
        #expect(closed.contains { $0.type == "round_end" })
    }

    /// The question opens at 1 s (deadline 11 s); Bob's right answer is read at 11.4 s, before
    /// the timer ran (the loop was busy), having arrived at `arrival`. What Bob is sent, and the clock.
    func answerReadLate(arrived arrival: Millis) throws -> ([ServerLine], InProcessServer) {
        let (_, clock, ann, bob) = try room()
        clock.setTime(1_000)
        let question = try #require(try ann.step("/start").messages(to: bob).first { $0.type == "question" })
        clock.setTime(11_400)
        clock.arrival = arrival
        let step = try bob.step("/answer id=\(question.int("id") ?? 0) \(AnswerNamesItsQuestionTests.product(question))")
        return (step.messages(to: bob), clock)
    }

    @Test func anAnswerThatArrivedInTimeButWasReadLateIsJudged() throws {
        let (sent, clock) = try answerReadLate(arrived: 10_900)
        let reply = try #require(sent.first)
        #expect(reply.type == "ok")
        #expect(reply.bool("correct") == true)
        // Counted to the deadline at most: the slowest right answer's points, 500.
        #expect(reply.int("points") == 500)
        #expect(clock.records.contains { if case .answer(_, 1, let a) = $0 { a.ms == 10_000 } else { false } })
    }

    @Test func anAnswerThatArrivedAfterTheDeadlineIsTooLateWhenEverItIsRead() throws {
        let (sent, _) = try answerReadLate(arrived: 11_001)
        #expect(sent.first?.string("code") == "no_question")
        #expect(sent.contains { $0.type == "round_end" })
    }
}
