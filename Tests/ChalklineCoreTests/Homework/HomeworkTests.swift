import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Issue 30's self-paced homework on the core with a manual clock: a try's pacing and timing,
/// the due time, the attempts rule, resuming a try (on this core and on a new one fed what
/// the database held), and the standings of those who have finished.
@Suite struct HomeworkTests {
    /// 2026-11-25T10:00 UTC, the wall clock when the test's monotonic clock reads 0.
    static let wallStart = CivilTime(text: "2026-11-25T10:00")!.epochMs
    static let options = "times table=7 max=4 rounds=3 time=10 countdown=0 seed=5"

    /// An in-process server whose wall clock reads `wallStart` at 0, and its clock.
    static func harness() throws -> (ServerHarness, InProcessServer) {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        clock.core.wallOffsetMs = wallStart
        return (h, clock)
    }

    /// Ms (json) sets homework: its code, the reply and the step's effects.
    @discardableResult
    static func assign(_ h: ServerHarness, _ extra: String = "", due: String = "2026-11-26T18:00") throws -> (String, ServerLine, Step) {
        let ms = try h.jsonClient("Ms")
        let step = try ms.step("/assign \(options) due=\(due) \(extra)")
        let reply = try #require(step.messages(to: ms).first)
        return (reply.string("code") ?? "", reply, step)
    }

    /// Student `name` joins `code` on a new connection: the client and every message it got.
    static func join(_ h: ServerHarness, _ name: String, _ code: String) throws -> (HarnessClient, [ServerLine]) {
        let client = try h.jsonClient()
        return (client, try client.step("/join \(code) \(name)").messages(to: client))
    }

    /// Answers the open question (`question`) right, or wrong: what the student got.
    static func answer(_ client: HarnessClient, _ question: ServerLine?, right: Bool = true) throws -> [ServerLine] {
        let product = AnswerNamesItsQuestionTests.product(question)
        return try client.step("\(right ? product : product + 1)").messages(to: client)
    }

    @Test func assignIsStoredBeforeItsReplyAndEchoesTheDueTimeInTheServersZone() throws {
        let (h, _) = try Self.harness()
        let (code, reply, step) = try Self.assign(h, "attempts=best")
        #expect(reply.type == "ok" && reply.cmd == "assign")
        #expect(code.count == 4)
        #expect(reply.string("due") == "2026-11-26T18:00")
        #expect(reply.string("zone") == "UTC")
        #expect(reply.string("attempts") == "best")
        let effects = step.effects
        let recordAt = effects.firstIndex { if case .record(.assignmentCreated) = $0 { true } else { false } }
        let replyAt = effects.firstIndex { if case .send = $0 { true } else { false } }
        #expect(recordAt != nil && recordAt! < replyAt!, "the record comes first, and needs a commit")
        guard case .record(let record)? = recordAt.map({ effects[$0] }) else { return }
        #expect(record.needsCommit)
        guard case .assignmentCreated(let stored) = record else { return }
        #expect(stored.options.contains("seed=5"))
        #expect(stored.due == CivilTime(text: "2026-11-26T18:00")!.epochMs)
    }

    @Test func badDueTimesAndAttemptsAreRefusedWithTheirRule() throws {
        let (h, _) = try Self.harness()
        let ms = try h.jsonClient("Ms")
        func error(_ line: String) throws -> ServerLine { try #require(try ms.step(line).messages(to: ms).first) }
        #expect(try error("/assign times").string("message")?.contains("due=YYYY-MM-DDTHH:MM") == true)
        #expect(try error("/assign times due=tomorrow").code == "bad_args")
        #expect(try error("/assign times due=2026-11-25T09:59").string("message")?.contains("has passed") == true)
        #expect(try error("/assign times due=2026-11-31T10:00").code == "bad_args", "no 31st of November")
        #expect(try error("/assign times due=2026-12-01T10:00 attempts=0").string("message")?.contains("attempts=") == true)
        #expect(try error("/assign times due=2026-12-01T10:00 teams=2").string("message")?.contains("alone") == true)
        let badTable = try error("/assign times due=2026-12-01T10:00 table=99")
        #expect(badTable.code == "bad_args")
        #expect(badTable.cmd == "assign")
    }

    @Test func theNextQuestionComesAsSoonAsTheStudentAnswersAndEachKeepsItsTimeLimit() throws {
        let (h, clock) = try Self.harness()
        let (code, _, _) = try Self.assign(h)
        let (sam, joined) = try Self.join(h, "sam", code)
        #expect(joined.first?.cmd == "join")
        #expect((joined.first?.object["homework"] as? [String: Any])?["round"] as? Int == 1)
        let first = joined.first { $0.type == "question" }
        #expect(first?.int("round") == 1, "countdown=0: the first question at once")
        clock.setTime(2_000)
        let after = try Self.answer(sam, first)
        // No gap, only the pause that shows the answer (issue 38; `HomeworkPauseTests`), and `/next` ends it.
        #expect(after.types == ["ok", "round_end", "pause"], "\(after.types)")
        #expect(after.first?.bool("correct") == true)
        let next = try sam.step("/next").messages(to: sam)
        #expect(next.last?.int("round") == 2)
        // Nobody answers question 2: it closes at its time limit, and question 3 opens after the pause.
        #expect(clock.advance(to: 11_999).messages(to: sam).isEmpty)
        let timedOut = clock.advance(to: 12_000).messages(to: sam)
        #expect(timedOut.types == ["round_end", "pause"])
        #expect(clock.advance(to: 12_000 + Limits.homeworkPauseWrongMs).messages(to: sam).last?.int("round") == 3)
    }

    @Test func everyHomeworkAnswerIsStoredBeforeItIsAcknowledged() throws {
        let (h, _) = try Self.harness()
        let (code, _, _) = try Self.assign(h)
        let (sam, joined) = try Self.join(h, "sam", code)
        let step = try sam.step("\(AnswerNamesItsQuestionTests.product(joined.first { $0.type == "question" }))")
        let answer = step.effects.compactMap { if case .record(let r) = $0, case .answer = r { r } else { nil } }.first
        #expect(answer?.needsCommit == true)
    }

    @Test func aJoinAfterTheDueTimeGetsPastDue() throws {
        let (h, clock) = try Self.harness()
        let (code, _, _) = try Self.assign(h, due: "2026-11-25T11:00")
        clock.setTime(60 * 60 * 1000)
        let refused = try Self.join(h, "sam", code).1
        #expect(refused.first?.code == "past_due")
        #expect(refused.first?.string("message")?.contains("2026-11-25T11:00") == true)
    }

    /// Plays a whole try of three questions, right or wrong each, then leaves.
    static func playThrough(_ h: ServerHarness, _ clock: InProcessServer, _ name: String, _ code: String,
                            right: [Bool] = [true, true, true]) throws -> [ServerLine] {
        var (client, got) = try join(h, name, code)
        for r in right {
            clock.setTime(clock.now + 1000)
            got += try answer(client, got.last { $0.type == "question" }, right: r)
            got += try client.step("/next").messages(to: client)
        }
        _ = try client.step("/leave")
        return got
    }

    @Test func oneTryByDefaultAndNoMoreOnceItIsDone() throws {
        let (h, clock) = try Self.harness()
        let (code, _, _) = try Self.assign(h)
        let played = try Self.playThrough(h, clock, "sam", code)
        let end = played.first { $0.type == "game_end" }
        #expect((end?.object["homework"] as? [String: Any])?["tries_left"] as? Int == 0)
        #expect(end?.list("standings").count == 1)
        #expect(try Self.join(h, "SAM", code).1.first?.code == "no_attempts_left", "names read the same whatever their case")
    }

    @Test func withSeveralTriesTheBestCountsAndTheLimitHolds() throws {
        let (h, clock) = try Self.harness()
        let (code, _, _) = try Self.assign(h, "attempts=2")
        let first = try Self.playThrough(h, clock, "sam", code, right: [true, false, false])
        let firstScore = first.last { $0.type == "game_end" }?.list("standings").first.flatMap { $0["score"] as? Int } ?? 0
        let second = try Self.playThrough(h, clock, "sam", code, right: [true, true, true])
        let end = second.last { $0.type == "game_end" }
        let table = end?.list("standings") ?? []
        #expect(table.count == 1, "one row a student, by their best try")
        #expect((table.first?["score"] as? Int ?? 0) > firstScore)
        let place = end?.object["homework"] as? [String: Any]
        #expect(place?["counted"] as? Bool == true)
        #expect(place?["tries_left"] as? Int == 0)
        #expect(try Self.join(h, "sam", code).1.first?.code == "no_attempts_left")
    }

    @Test func bestAllowsAnotherTryAfterEveryOne() throws {
        let (h, clock) = try Self.harness()
        let (code, _, _) = try Self.assign(h, "attempts=best")
        for _ in 1...3 { _ = try Self.playThrough(h, clock, "sam", code) }
        let fourth = try Self.join(h, "sam", code).1
        #expect(fourth.first?.cmd == "join")
        #expect((fourth.first?.object["homework"] as? [String: Any])?["attempt"] as? Int == 4)
    }

    @Test func aStudentWhoLeavesMidTryGoesOnFromTheNextQuestionWithTheirScore() throws {
        let (h, clock) = try Self.harness()
        let (code, _, _) = try Self.assign(h)
        let (sam, joined) = try Self.join(h, "sam", code)
        clock.setTime(1_000)
        let answered = try Self.answer(sam, joined.first { $0.type == "question" })
        let score = answered.first?.int("score") ?? 0
        #expect(score > 0)
        // Question 2 is open when the connection drops: it will be asked again.
        _ = try sam.stepDisconnect()
        clock.setTime(50_000)
        let again = try h.jsonClient()
        let step = try again.step("/join \(code) sam")
        let back = step.messages(to: again)
        let homework = back.first?.object["homework"] as? [String: Any]
        #expect(homework?["resumed"] as? Bool == true)
        #expect(homework?["round"] as? Int == 2)
        #expect(back.first?.int("score") == score)
        let question = back.first { $0.type == "question" }
        #expect(question?.int("round") == 2)
        let resumed = step.effects.compactMap { if case .record(.gameResumed(let game, let from)) = $0 { (game, from) } else { nil } }
        #expect(resumed.first?.1 == 2, "the round open when sam left is dropped from the records")
        #expect(resumed.first?.0.number == 1)
        clock.setTime(51_000)
        let next = try Self.answer(again, question)
        #expect((next.first?.int("score") ?? 0) > score, "the score goes on from where it was")
    }

    @Test func aNewCoreGivenTheStoredTriesResumesThemAndKeepsTheStandings() throws {
        let (h, clock) = try Self.harness()
        let (code, _, step) = try Self.assign(h, "attempts=2")
        let record = try #require(step.effects.lazy.compactMap { if case .record(.assignmentCreated(let r)) = $0 { r } else { nil } }.first)
        let stored = StoredAssignment(record: record, attempts: [
            AttemptProgress(number: 1, name: "ann", roundsDone: 3, score: 2_500, correctMs: 3_000, finished: true),
            AttemptProgress(number: 2, name: "sam", roundsDone: 1, score: 900, correctMs: 1_000, streak: 1),
        ])
        let (restarted, restartedClock) = try Self.harness()
        restartedClock.core.restore([stored])
        let (sam, back) = try Self.join(restarted, "sam", code)
        #expect(back.first?.int("score") == 900)
        let question = back.first { $0.type == "question" }
        #expect(question?.int("round") == 2)
        // The same seed asks the same second question the first core asked.
        let (zed, original) = try Self.join(h, "zed", code)
        clock.setTime(1_000)
        _ = try Self.answer(zed, original.first { $0.type == "question" })
        let originalSecond = try zed.step("/next").messages(to: zed).first { $0.type == "question" }
        #expect(question?.string("text") == originalSecond?.string("text"))
        var got: [ServerLine] = []
        for _ in 0..<2 {
            restartedClock.setTime(restartedClock.now + 1000)
            got = try Self.answer(sam, got.last { $0.type == "question" } ?? question)
            got = try sam.step("/next").messages(to: sam)
        }
        let end = got.first { $0.type == "game_end" }
        #expect(Set(end?.list("standings").compactMap { $0["name"] as? String } ?? []) == ["ann", "sam"])
        #expect(end?.string("game") == "\(code)-2")
    }

    @Test func aTryOnAnotherConnectionUnderTheSameNameIsRefused() throws {
        let (h, _) = try Self.harness()
        let (code, _, _) = try Self.assign(h)
        _ = try Self.join(h, "sam", code)
        #expect(try Self.join(h, "sam", code).1.first?.code == "name_taken")
    }

    @Test func homeworkFromARoomsLobbyTakesItsPlayersAsTheClassAndOnlyItsHostMaySetIt() throws {
        let (h, _) = try Self.harness()
        let (ann, room) = try h.timesRoom()
        let (bo, _) = try h.join("Bo", room)
        _ = try h.join("Cy", room)
        let reply = try #require(try ann.step("/assign \(Self.options) due=2026-11-26T18:00").messages(to: ann).first)
        #expect(reply.int("roster") == 2)
        #expect(try bo.step("/assign \(Self.options) due=2026-11-26T18:00").messages(to: bo).first?.code == "not_host")
        let listed = try ann.step("/assignments").messages(to: ann).first
        #expect(listed?.list("assignments").map { $0["code"] as? String } == [reply.string("code")])
        // Homework tries are not rooms anybody can see or join by code.
        _ = try Self.join(h, "sam", reply.string("code")!)
        #expect(try bo.step("/rooms").messages(to: bo).first?.list("rooms").count == 1)
    }

    @Test func dueAtMostAYearAheadAndFiftyOpenFromOneAddress() throws {
        let (h, clock) = try Self.harness()
        let ms = try h.jsonClient("Ms")
        let far = try ms.step("/assign times due=2028-01-01T10:00").messages(to: ms).first
        #expect(far?.code == "bad_args")
        #expect(far?.string("message")?.contains("366 days") == true)
        for _ in 0..<Limits.assignmentsPerIP {
            clock.setTime(clock.now + 100)  // under the line rate
            #expect(try ms.step("/assign times due=2026-12-01T10:00").messages(to: ms).first?.type == "ok")
        }
        clock.setTime(clock.now + 100)
        #expect(try ms.step("/assign times due=2026-12-01T10:00").messages(to: ms).first?.code == "too_many_rooms")
        let other = try h.jsonClient("Mr")
        #expect(try other.step("/assign times due=2026-12-01T10:00").messages(to: other).first?.type == "ok", "another address may")
    }

    @Test func triesDoNotCountAgainstTheRoomCap() throws {
        var config = ServerConfig()
        config.maxRooms = 1
        let h = try ServerHarness(.inProcess, config: config)
        try #require(h.inProcess).core.wallOffsetMs = Self.wallStart
        let (code, _, _) = try Self.assign(h)
        for name in ["sam", "zed"] { #expect(try Self.join(h, name, code).1.first?.cmd == "join") }
        let teacher = try h.jsonClient("Mr")
        #expect(try teacher.step("/create times").messages(to: teacher).first?.type == "ok", "the one class room is still free")
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

/// A client that lost its connection sends `/rejoin CODE TOKEN`, as it would in a room.
@Suite struct HomeworkRejoinTests {
    @Test func rejoinWithTheTokenResumesTheTryAndAWrongTokenIsRefused() throws {
        let (h, clock) = try HomeworkTests.harness()
        let (code, _, _) = try HomeworkTests.assign(h)
        let (sam, joined) = try HomeworkTests.join(h, "sam", code)
        let token = joined.first?.string("token") ?? ""
        clock.setTime(1_000)
        _ = try HomeworkTests.answer(sam, joined.first { $0.type == "question" })
        _ = try sam.stepDisconnect()
        let again = try h.jsonClient()
        #expect(try again.step("/rejoin \(code) 0123456789abcdef0123456789abcdef").messages(to: again).first?.code == "bad_token")
        let back = try again.step("/rejoin \(code) \(token)").messages(to: again)
        #expect(back.first?.cmd == "rejoin")
        #expect((back.first?.object["homework"] as? [String: Any])?["round"] as? Int == 2)
        #expect(back.first { $0.type == "question" }?.int("round") == 2)
        #expect(back.first?.string("token") == token, "the same token keeps working for the next drop")
    }

    /// A page that reconnects after its try ended must not begin another by itself.
    @Test func rejoinAfterTheTryFinishedDoesNotStartANewOne() throws {
        let (h, clock) = try HomeworkTests.harness()
        let (code, _, _) = try HomeworkTests.assign(h, "attempts=2")
        let played = try HomeworkTests.playThrough(h, clock, "sam", code)
        let token = played.first?.string("token") ?? ""
        let again = try h.jsonClient()
        let refused = try again.step("/rejoin \(code) \(token)").messages(to: again)
        #expect(refused.first?.code == "wrong_state", "\(refused)")
        #expect(refused.first?.string("message")?.contains("/join \(code) sam") == true)
        #expect(!refused.contains { $0.type == "question" || $0.type == "countdown" })
        // The try left is still there for an explicit /join.
        #expect((try again.step("/join \(code) sam").messages(to: again).first?.object["homework"] as? [String: Any])?["attempt"] as? Int == 2)
    }

    @Test func rejoinWhileTheOldConnectionStillHoldsTheTryMovesIt() throws {
        let (h, _) = try HomeworkTests.harness()
        let (code, _, _) = try HomeworkTests.assign(h)
        let (sam, joined) = try HomeworkTests.join(h, "sam", code)
        let token = joined.first?.string("token") ?? ""
        let again = try h.jsonClient()
        let step = try again.step("/rejoin \(code) \(token)")
        #expect(step.messages(to: again).first?.cmd == "rejoin")
        #expect(step.messages(to: again).contains { $0.type == "question" }, "the open question again")
        #expect(step.closes == [sam.id].compactMap { $0 }, "the old connection is let go")
    }
}
