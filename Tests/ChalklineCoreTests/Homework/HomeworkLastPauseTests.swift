import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Issue 38's review, finding 3: the pause after a homework try's last round ended the try
/// only when it ran out, so a student who left (or dropped) in those seconds kept an unfinished
/// try with every round done: missing from the standings and the report, and their next `/join`
/// asked "question 4 of 3" and added its points. A try now finishes when its last round closes;
/// the pause only delays the student's `game_end`.
@Suite struct HomeworkLastPauseTests {
    typealias H = HomeworkTests

    /// `name` joins and answers all three questions right, going on with `/next`, and stops in
    /// the pause after the last: the client, and the step of the last answer.
    static func playToTheLastPause(_ h: ServerHarness, _ clock: InProcessServer, _ name: String,
                                   _ code: String) throws -> (HarnessClient, Step) {
        var (client, got) = try H.join(h, name, code)
        for round in 1...3 {
            clock.setTime(clock.now + 1_000)
            let step = try client.step("\(AnswerNamesItsQuestionTests.product(got.last { $0.type == "question" }))")
            if round == 3 { return (client, step) }
            got = try client.step("/next").messages(to: client)
        }
        preconditionFailure("three rounds")
    }

    static func gamesEnded(_ step: Step) -> [GameRef] {
        step.effects.compactMap { if case .record(.gameEnded(let game, _, _)) = $0 { game } else { nil } }
    }

    static func finishedCount(_ h: ServerHarness) throws -> Int? {
        let ms = try h.jsonClient("Ms")
        return try ms.step("/assignments").messages(to: ms).first?.list("assignments").first?["finished"] as? Int
    }

    @Test func aDropInThePauseAfterTheLastRoundLeavesTheTryFinished() throws {
        let (h, clock) = try H.harness()
        let (code, _, _) = try H.assign(h)
        let (sam, last) = try Self.playToTheLastPause(h, clock, "sam", code)
        #expect(last.messages(to: sam).types == ["ok", "round_end", "pause"])
        #expect(last.messages(to: sam).last?.bool("last") == true)
        #expect(Self.gamesEnded(last).map(\.number) == [1], "the try ends with its last round, stored")
        _ = try sam.stepDisconnect()
        #expect(try Self.finishedCount(h) == 1)
        // The next student sees sam among those who finished.
        var (zed, got) = try H.join(h, "zed", code)
        for _ in 1...3 {
            clock.setTime(clock.now + 1_000)
            _ = try H.answer(zed, got.last { $0.type == "question" })
            got = try zed.step("/next").messages(to: zed)
        }
        let names = got.first { $0.type == "game_end" }?.list("standings").compactMap { $0["name"] as? String }
        #expect(Set(names ?? []) == ["sam", "zed"], "\(got)")
        // One try each by default: sam has had it, not a fourth question of three.
        let again = try H.join(h, "sam", code).1
        #expect(again.first?.code == "no_attempts_left", "\(again.map(\.line))")
        #expect(!again.contains { $0.type == "question" })
    }

    @Test func leavingInTheLastPauseWithATryLeftBeginsAFreshTryNextTime() throws {
        let (h, clock) = try H.harness()
        let (code, _, _) = try H.assign(h, "attempts=2")
        let (sam, _) = try Self.playToTheLastPause(h, clock, "sam", code)
        #expect(try sam.step("/leave").messages(to: sam).first?.cmd == "leave")
        #expect(try Self.finishedCount(h) == 1)
        let again = try H.join(h, "sam", code).1
        let homework = again.first?.object["homework"] as? [String: Any]
        #expect(homework?["resumed"] as? Bool == false, "\(again.map(\.line))")
        #expect(homework?["attempt"] as? Int == 2)
        #expect(homework?["round"] as? Int == 1)
        #expect(again.first?.int("score") == 0)
        #expect(again.filter { $0.type == "question" }.map { $0.int("round") } == [1])
    }

    @Test func aStudentWhoStaysGetsGameEndAfterThePauseAndTheTryEndsOnce() throws {
        let (h, clock) = try H.harness()
        let (code, _, _) = try H.assign(h)
        let (sam, last) = try Self.playToTheLastPause(h, clock, "sam", code)
        let pauseEnds = clock.now + Limits.homeworkPauseRightMs
        #expect(clock.advance(to: pauseEnds - 1).messages(to: sam).isEmpty, "the verdict stays for the pause")
        let end = clock.advance(to: pauseEnds)
        #expect(end.messages(to: sam).types == ["game_end"])
        let place = end.messages(to: sam).first?.object["homework"] as? [String: Any]
        #expect(place?["rank"] as? Int == 1)
        #expect(place?["finished"] as? Int == 1)
        #expect(place?["counted"] as? Bool == true)
        #expect(Self.gamesEnded(last).count + Self.gamesEnded(end).count == 1, "one game_end record for the try")
    }

    @Test func nextInTheLastPauseBringsGameEndWithoutASecondRecord() throws {
        let (h, clock) = try H.harness()
        let (code, _, _) = try H.assign(h)
        let (sam, _) = try Self.playToTheLastPause(h, clock, "sam", code)
        let next = try sam.step("/next")
        #expect(next.messages(to: sam).types == ["ok", "game_end"])
        #expect(Self.gamesEnded(next).isEmpty, "recorded when the last round closed")
        #expect(clock.advance(by: Limits.homeworkPauseWrongMs).messages(to: sam).isEmpty)
    }

    /// A database written before this fix (or a process stopped between the two records) may
    /// hold a try with every round done that never ended: it is finished, never resumed.
    @Test(arguments: [("attempts=1", false), ("attempts=2", true)])
    func aStoredTryWithEveryRoundDoneIsFinishedNotResumed(_ rule: String, hasAnother: Bool) throws {
        let (h, _) = try H.harness()
        let (code, _, step) = try H.assign(h, rule)
        let record = try #require(step.effects.lazy.compactMap { if case .record(.assignmentCreated(let r)) = $0 { r } else { nil } }.first)
        let (restarted, clock) = try H.harness()
        clock.core.restore([StoredAssignment(record: record, attempts: [
            AttemptProgress(number: 1, name: "sam", roundsDone: 3, score: 2_500, correctMs: 3_000, streak: 3),
        ])])
        let sam = try restarted.jsonClient()
        let joined = try sam.step("/join \(code) sam")
        let got = joined.messages(to: sam)
        #expect(Self.gamesEnded(joined).map(\.number) == [1], "the stored try is ended in the records")
        let ended = joined.effects.compactMap { if case .record(.gameEnded(_, let standings, let stopped)) = $0 { (standings, stopped) } else { nil } }
        #expect(ended.first?.0.map(\.score) == [2_500])
        #expect(ended.first?.1 == false)
        if hasAnother {
            let homework = got.first?.object["homework"] as? [String: Any]
            #expect(homework?["resumed"] as? Bool == false, "\(got.map(\.line))")
            #expect(homework?["attempt"] as? Int == 2)
            #expect(got.filter { $0.type == "question" }.map { $0.int("round") } == [1])
        } else {
            #expect(got.first?.code == "no_attempts_left", "\(got.map(\.line))")
            #expect(!got.contains { $0.type == "question" })
        }
        #expect(try Self.finishedCount(restarted) == 1)
    }

    @Test func aDropInAMiddlePauseResumesAtTheNextQuestionOnce() throws {
        let (h, clock) = try H.harness()
        let (code, _, _) = try H.assign(h)
        let (sam, joined) = try H.join(h, "sam", code)
        clock.setTime(1_000)
        let after = try H.answer(sam, joined.first { $0.type == "question" })
        #expect(after.last?.bool("last") == false)
        _ = try sam.stepDisconnect()
        #expect(clock.advance(to: 1_000 + Limits.homeworkPauseWrongMs).sends.isEmpty, "the closed try's pause opens nothing")
        let again = try h.jsonClient()
        let back = try again.step("/join \(code) sam")
        #expect((back.messages(to: again).first?.object["homework"] as? [String: Any])?["round"] as? Int == 2)
        #expect(back.messages(to: again).filter { $0.type == "question" }.map { $0.int("round") } == [2])
        let opened = back.effects.compactMap { if case .record(.roundOpened(_, let round, _, _)) = $0 { round } else { nil } }
        #expect(opened == [2])
        #expect(clock.advance(by: Limits.homeworkPauseWrongMs).messages(to: again).isEmpty, "no second question 2 or 3")
    }

    @Test func rejoinInAMiddlePauseWhileTheOldConnectionHoldsItGetsTheNextQuestionOnce() throws {
        let (h, clock) = try H.harness()
        let (code, _, _) = try H.assign(h)
        let (sam, joined) = try H.join(h, "sam", code)
        let token = joined.first?.string("token") ?? ""
        clock.setTime(1_000)
        _ = try H.answer(sam, joined.first { $0.type == "question" })
        let again = try h.jsonClient()
        let moved = try again.step("/rejoin \(code) \(token)").messages(to: again)
        #expect(moved.first?.cmd == "rejoin")
        #expect(!moved.contains { $0.type == "question" }, "the pause is not cut short")
        let next = clock.advance(to: 1_000 + Limits.homeworkPauseRightMs)
        #expect(next.messages(to: again).filter { $0.type == "question" }.map { $0.int("round") } == [2])
        #expect(next.messages(to: sam).isEmpty)
    }
}
