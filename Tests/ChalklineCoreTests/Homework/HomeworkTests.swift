import Testing
@testable import ChalklineCore

/// Issue 30's self-paced homework on the core with a manual clock: a try's pacing and timing,
/// the due time, the attempts rule, resuming a try (on this core and on a new one fed what
/// the database held), and the standings of those who have finished.
@Suite struct HomeworkTests {
    /// 2026-11-25T10:00 UTC, the wall clock when the test's monotonic clock reads 0.
    static let wallStart = CivilTime(text: "2026-11-25T10:00")!.epochMs
    static let options = "times table=7 max=4 rounds=3 time=10 countdown=0 seed=5"

    static func harness() -> Harness {
        let h = Harness()
        h.core.wallOffsetMs = wallStart
        return h
    }

    /// Ms (teacher, json) sets homework; returns its code and the reply.
    @discardableResult
    static func assign(_ h: Harness, _ extra: String = "", due: String = "2026-11-26T18:00") -> (String, Msg, [Effect]) {
        h.jsonClient(1, name: "Ms")
        let effects = h.line(1, "/assign \(options) due=\(due) \(extra)")
        let reply = Harness.messages(effects, to: 1)[0]
        return (reply.string("code") ?? "", reply, effects)
    }

    /// Student `name` on connection `n` joins `code`: every message they got.
    static func join(_ h: Harness, _ n: UInt64, _ name: String, _ code: String) -> [Msg] {
        h.jsonClient(n)
        return Harness.messages(h.line(n, "/join \(code) \(name)"), to: n)
    }

    /// Answers the open question (`question`) right, or wrong; what the student got.
    static func answer(_ h: Harness, _ n: UInt64, _ question: Msg?, right: Bool = true) -> [Msg] {
        let product = AnswerNamesItsQuestionTests.product(question)
        return Harness.messages(h.line(n, "\(right ? product : product + 1)"), to: n)
    }

    @Test func assignIsStoredBeforeItsReplyAndEchoesTheDueTimeInTheServersZone() {
        let h = Self.harness()
        let (code, reply, effects) = Self.assign(h, "attempts=best")
        #expect(reply.type == "ok" && reply.cmd == "assign")
        #expect(code.count == 4)
        #expect(reply.string("due") == "2026-11-26T18:00")
        #expect(reply.string("zone") == "UTC")
        #expect(reply.string("attempts") == "best")
        let recordAt = effects.firstIndex { if case .record(.assignmentCreated) = $0 { true } else { false } }
        let replyAt = effects.firstIndex { if case .send = $0 { true } else { false } }
        #expect(recordAt != nil && recordAt! < replyAt!, "the record comes first, and needs a commit")
        guard case .record(let record)? = recordAt.map({ effects[$0] }) else { return }
        #expect(record.needsCommit)
        guard case .assignmentCreated(let stored) = record else { return }
        #expect(stored.options.contains("seed=5"))
        #expect(stored.due == CivilTime(text: "2026-11-26T18:00")!.epochMs)
    }

    @Test func badDueTimesAndAttemptsAreRefusedWithTheirRule() {
        let h = Self.harness()
        h.jsonClient(1, name: "Ms")
        func error(_ line: String) -> Msg { Harness.messages(h.line(1, line), to: 1)[0] }
        #expect(error("/assign times").message.contains("due=YYYY-MM-DDTHH:MM"))
        #expect(error("/assign times due=tomorrow").code == "bad_args")
        #expect(error("/assign times due=2026-11-25T09:59").message.contains("has passed"))
        #expect(error("/assign times due=2026-11-31T10:00").code == "bad_args", "no 31st of November")
        #expect(error("/assign times due=2026-12-01T10:00 attempts=0").message.contains("attempts="))
        #expect(error("/assign times due=2026-12-01T10:00 teams=2").message.contains("alone"))
        #expect(error("/assign times due=2026-12-01T10:00 table=99").code == "bad_args")
        #expect(error("/assign times due=2026-12-01T10:00 table=99").cmd == "assign")
    }

    @Test func theNextQuestionComesAsSoonAsTheStudentAnswersAndEachKeepsItsTimeLimit() {
        let h = Self.harness()
        let (code, _, _) = Self.assign(h)
        let joined = Self.join(h, 2, "sam", code)
        #expect(joined.first?.cmd == "join")
        #expect((joined.first?["homework"] as? [String: Any])?["round"] as? Int == 1)
        let first = joined.first { $0.type == "question" }
        #expect(first?.int("round") == 1, "countdown=0: the first question at once")
        h.now = 2_000
        let after = Self.answer(h, 2, first)
        #expect(after.types == ["ok", "round_end", "question"], "no gap: \(after.types)")
        #expect(after[0].bool("correct") == true)
        let second = after[2]
        #expect(second.int("round") == 2)
        // Nobody answers question 2: it closes at its time limit, and question 3 opens then.
        #expect(Harness.messages(h.tick(11_999), to: 2).isEmpty)
        let timedOut = Harness.messages(h.tick(12_000), to: 2)
        #expect(timedOut.types == ["round_end", "question"])
        #expect(timedOut[1].int("round") == 3)
    }

    @Test func everyHomeworkAnswerIsStoredBeforeItIsAcknowledged() {
        let h = Self.harness()
        let (code, _, _) = Self.assign(h)
        let question = Self.join(h, 2, "sam", code).first { $0.type == "question" }
        let effects = h.line(2, "\(AnswerNamesItsQuestionTests.product(question))")
        let answer = effects.compactMap { if case .record(let r) = $0, case .answer = r { r } else { nil } }.first
        #expect(answer?.needsCommit == true)
    }

    @Test func aJoinAfterTheDueTimeGetsPastDue() {
        let h = Self.harness()
        let (code, _, _) = Self.assign(h, due: "2026-11-25T11:00")
        h.now = 60 * 60 * 1000
        let refused = Self.join(h, 2, "sam", code)
        #expect(refused.first?.code == "past_due")
        #expect(refused.first?.message.contains("2026-11-25T11:00") == true)
    }

    /// Plays a whole try of three questions, right or wrong each, then leaves.
    static func playThrough(_ h: Harness, _ n: UInt64, _ name: String, _ code: String, right: [Bool] = [true, true, true]) -> [Msg] {
        var got = join(h, n, name, code)
        for r in right {
            h.now += 1000
            got += answer(h, n, got.last { $0.type == "question" }, right: r)
        }
        _ = h.line(n, "/leave")
        return got
    }

    @Test func oneTryByDefaultAndNoMoreOnceItIsDone() {
        let h = Self.harness()
        let (code, _, _) = Self.assign(h)
        let played = Self.playThrough(h, 2, "sam", code)
        let end = played.first { $0.type == "game_end" }
        #expect((end?["homework"] as? [String: Any])?["tries_left"] as? Int == 0)
        #expect(end?.list("standings").count == 1)
        let again = Self.join(h, 3, "SAM", code)
        #expect(again.first?.code == "no_attempts_left", "names read the same whatever their case")
    }

    @Test func withSeveralTriesTheBestCountsAndTheLimitHolds() {
        let h = Self.harness()
        let (code, _, _) = Self.assign(h, "attempts=2")
        let first = Self.playThrough(h, 2, "sam", code, right: [true, false, false])
        let firstScore = first.last { $0.type == "game_end" }?.list("standings").first.flatMap { Msg.int($0["score"]) } ?? 0
        let second = Self.playThrough(h, 3, "sam", code, right: [true, true, true])
        let end = second.last { $0.type == "game_end" }
        let table = end?.list("standings") ?? []
        #expect(table.count == 1, "one row a student, by their best try")
        #expect((Msg.int(table.first?["score"]) ?? 0) > firstScore)
        let place = end?["homework"] as? [String: Any]
        #expect(Msg.bool(place?["counted"]) == true)
        #expect(place?["tries_left"] as? Int == 0)
        #expect(Self.join(h, 4, "sam", code).first?.code == "no_attempts_left")
    }

    @Test func bestAllowsAnotherTryAfterEveryOne() {
        let h = Self.harness()
        let (code, _, _) = Self.assign(h, "attempts=best")
        for n in 2...4 { _ = Self.playThrough(h, UInt64(n), "sam", code) }
        let fourth = Self.join(h, 5, "sam", code)
        #expect(fourth.first?.cmd == "join")
        #expect((fourth.first?["homework"] as? [String: Any])?["attempt"] as? Int == 4)
    }

    @Test func aStudentWhoLeavesMidTryGoesOnFromTheNextQuestionWithTheirScore() {
        let h = Self.harness()
        let (code, _, _) = Self.assign(h)
        let joined = Self.join(h, 2, "sam", code)
        h.now = 1_000
        let answered = Self.answer(h, 2, joined.first { $0.type == "question" })
        let score = answered[0].int("score") ?? 0
        #expect(score > 0)
        // Question 2 is open when the connection drops: it will be asked again.
        h.disconnect(2)
        h.now = 50_000
        h.jsonClient(3)
        let effects = h.line(3, "/join \(code) sam")
        let back = Harness.messages(effects, to: 3)
        let homework = back.first?["homework"] as? [String: Any]
        #expect(Msg.bool(homework?["resumed"]) == true)
        #expect(homework?["round"] as? Int == 2)
        #expect(back.first?.int("score") == score)
        let question = back.first { $0.type == "question" }
        #expect(question?.int("round") == 2)
        let resumed = effects.compactMap { if case .record(.gameResumed(let game, let from)) = $0 { (game, from) } else { nil } }
        #expect(resumed.first?.1 == 2, "the round open when sam left is dropped from the records")
        #expect(resumed.first?.0.number == 1)
        h.now = 51_000
        let next = Self.answer(h, 3, question)
        #expect((next[0].int("score") ?? 0) > score, "the score goes on from where it was")
    }

    @Test func aNewCoreGivenTheStoredTriesResumesThemAndKeepsTheStandings() {
        let h = Self.harness()
        let (code, _, effects) = Self.assign(h, "attempts=2")
        guard case .record(.assignmentCreated(let record))? = effects.first(where: { if case .record = $0 { true } else { false } }) else {
            Issue.record("no assignment record")
            return
        }
        let stored = StoredAssignment(record: record, attempts: [
            AttemptProgress(number: 1, name: "ann", roundsDone: 3, score: 2_500, correctMs: 3_000, finished: true),
            AttemptProgress(number: 2, name: "sam", roundsDone: 1, score: 900, correctMs: 1_000, streak: 1),
        ])
        let restarted = Self.harness()
        restarted.core.restore([stored])
        let back = Self.join(restarted, 2, "sam", code)
        #expect(back.first?.int("score") == 900)
        let question = back.first { $0.type == "question" }
        #expect(question?.int("round") == 2)
        // The same seed asks the same second question the first core asked.
        let original = Self.join(h, 5, "zed", code)
        h.now = 1_000
        let originalSecond = Self.answer(h, 5, original.first { $0.type == "question" }).first { $0.type == "question" }
        #expect(question?.string("text") == originalSecond?.string("text"))
        var got: [Msg] = []
        for _ in 0..<2 {
            restarted.now += 1000
            got = Self.answer(restarted, 2, got.last { $0.type == "question" } ?? question)
        }
        let end = got.first { $0.type == "game_end" }
        #expect(end?.list("standings").map { $0["name"] as? String } == ["ann", "sam"] || end?.list("standings").map { $0["name"] as? String } == ["sam", "ann"])
        #expect(end?.list("standings").count == 2)
        #expect(end?.string("game") == "\(code)-2")
    }

    @Test func aTryOnAnotherConnectionUnderTheSameNameIsRefused() {
        let h = Self.harness()
        let (code, _, _) = Self.assign(h)
        _ = Self.join(h, 2, "sam", code)
        #expect(Self.join(h, 3, "sam", code).first?.code == "name_taken")
    }

    @Test func homeworkFromARoomsLobbyTakesItsPlayersAsTheClassAndOnlyItsHostMaySetIt() {
        let h = Self.harness()
        let room = h.room()
        h.join(2, "Bo", room)
        h.join(3, "Cy", room)
        let reply = Harness.messages(h.line(1, "/assign \(Self.options) due=2026-11-26T18:00"), to: 1)[0]
        #expect(reply.int("roster") == 2)
        #expect(Harness.messages(h.line(2, "/assign \(Self.options) due=2026-11-26T18:00"), to: 2)[0].code == "not_host")
        let listed = Harness.messages(h.line(1, "/assignments"), to: 1)[0]
        #expect(listed.list("assignments").map { $0["code"] as? String } == [reply.string("code")])
        // Homework tries are not rooms anybody can see or join by code.
        _ = Self.join(h, 4, "sam", reply.string("code")!)
        #expect(Harness.messages(h.line(2, "/rooms"), to: 2)[0].list("rooms").count == 1)
    }

    @Test func civilTimeReadsAndWritesTheCalendar() {
        #expect(CivilTime(text: "2028-02-29T23:59")?.text == "2028-02-29T23:59")
        #expect(CivilTime(text: "2027-02-29T10:00") == nil)
        #expect(CivilTime(text: "2026-1-1T10:00") == nil)
        let t = CivilTime(text: "2026-11-25T10:00")!
        #expect(CivilTime(epochMs: t.epochMs) == t)
        #expect(t.epochMs == 1_795_600_800_000)
    }
}

extension Msg {
    var message: String { string("message") ?? "" }
}

/// A client that lost its connection sends `/rejoin CODE TOKEN`, as it would in a room.
@Suite struct HomeworkRejoinTests {
    @Test func rejoinWithTheTokenResumesTheTryAndAWrongTokenIsRefused() {
        let h = HomeworkTests.harness()
        let (code, _, _) = HomeworkTests.assign(h)
        let joined = HomeworkTests.join(h, 2, "sam", code)
        let token = joined.first?.string("token") ?? ""
        h.now = 1_000
        _ = HomeworkTests.answer(h, 2, joined.first { $0.type == "question" })
        h.disconnect(2)
        h.jsonClient(3)
        #expect(Harness.messages(h.line(3, "/rejoin \(code) 0123456789abcdef0123456789abcdef"), to: 3).first?.code == "bad_token")
        let back = Harness.messages(h.line(3, "/rejoin \(code) \(token)"), to: 3)
        #expect(back.first?.cmd == "rejoin")
        #expect((back.first?["homework"] as? [String: Any])?["round"] as? Int == 2)
        #expect(back.first { $0.type == "question" }?.int("round") == 2)
        #expect(back.first?.string("token") == token, "the same token keeps working for the next drop")
    }

    @Test func rejoinWhileTheOldConnectionStillHoldsTheTryMovesIt() {
        let h = HomeworkTests.harness()
        let (code, _, _) = HomeworkTests.assign(h)
        let token = HomeworkTests.join(h, 2, "sam", code).first?.string("token") ?? ""
        h.jsonClient(3)
        let effects = h.line(3, "/rejoin \(code) \(token)")
        #expect(Harness.messages(effects, to: 3).first?.cmd == "rejoin")
        #expect(Harness.messages(effects, to: 3).contains { $0.type == "question" }, "the open question again")
        #expect(Harness.closes(effects) == [ConnectionID(2)], "the old connection is let go")
    }
}
