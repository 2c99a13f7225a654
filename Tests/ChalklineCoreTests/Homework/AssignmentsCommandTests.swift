import ChalklineTesting
import Foundation
import Testing
@testable import ChalklineCore

/// Issue 40's homework on the teacher's desk, on the core: the teacher's list of every open
/// homework, closing early and extending, the live `homework` counts, and `adaptive=`'s refusals.
@Suite struct AssignmentsCommandTests {
    /// A connection that gave the teacher's secret (`/teacher` is the seam's: the flag is set here).
    static func teacher(_ h: ServerHarness, _ name: String? = nil) throws -> HarnessClient {
        try makeTeacher(h, h.jsonClient(name))
    }

    @discardableResult
    static func makeTeacher(_ h: ServerHarness, _ client: HarnessClient) throws -> HarnessClient {
        let id = try #require(client.id)
        try #require(h.core?.sessions[id]).isTeacher = true
        return client
    }

    static func reply(_ client: HarnessClient, _ line: String) throws -> ServerLine {
        try #require(try client.step(line).messages(to: client).first)
    }

    @Test func theTeacherListsEveryOpenHomeworkAndOthersTheirOwn() throws {
        let (h, _) = try HomeworkTests.harness()
        let (first, _, _) = try HomeworkTests.assign(h)
        let mr = try h.jsonClient("Mr")
        let second = try Self.reply(mr, "/assign \(HomeworkTests.options) due=2026-11-26T12:00").string("code")
        let listed = try Self.reply(Self.teacher(h), "/assignments")
        let rows = listed.list("assignments")
        #expect(rows.map { $0["code"] as? String } == [second, first], "soonest due first, whoever set it")
        #expect(rows.allSatisfy { $0.keys.contains("class") && $0["class"] is NSNull }, "\(rows)")
        #expect(rows.first?["adaptive"] as? Bool == false)
        #expect(try Self.reply(mr, "/assignments").list("assignments").map { $0["code"] as? String } == [second], "not the teacher: their own")
        #expect(try Self.reply(h.jsonClient(), "/assignments").code == "no_name")
        let text = try Self.makeTeacher(h, h.connect())
        let lines = try text.step("/assignments").text(to: text)
        #expect(lines.contains("Open homework on this server (UTC):") && lines.contains("set by Mr"), "\(lines)")
    }

    @Test func closingStoresTheNewDueBeforeItsReplyAndTakesNoNewTriesButLetsARunningOneFinish() throws {
        let (h, clock) = try HomeworkTests.harness()
        let ms = try h.jsonClient("Ms")
        let code = try Self.reply(ms, "/assign \(HomeworkTests.options) due=2026-11-26T18:00").string("code") ?? ""
        let (sam, joined) = try HomeworkTests.join(h, "sam", code)
        clock.setTime(60_000)
        let step = try ms.step("/assignments close \(code)")
        let effects = step.effects
        let recordAt = effects.firstIndex { if case .record(.assignmentDue) = $0 { true } else { false } }
        let replyAt = effects.firstIndex { if case .send = $0 { true } else { false } }
        #expect(recordAt != nil && recordAt! < replyAt!)
        guard case .record(let record)? = recordAt.map({ effects[$0] }), case .assignmentDue(_, let due, let dueText) = record else {
            Issue.record("no due record"); return
        }
        #expect(record.needsCommit)
        #expect(due == HomeworkTests.wallStart + 60_000 && dueText == "2026-11-25T10:01")
        let reply = try #require(step.messages(to: ms).first)
        #expect(reply.cmd == "assignments" && reply.string("action") == "close" && reply.string("due") == "2026-11-25T10:01")
        #expect(try HomeworkTests.join(h, "zed", code).1.first?.code == "past_due")
        // Sam's try was under way: it runs to its end.
        var got = joined
        for _ in 0..<3 {
            clock.setTime(clock.now + 1000)
            got = try HomeworkTests.answer(sam, got.last { $0.type == "question" })
            got += try sam.step("/next").messages(to: sam)
        }
        #expect(got.contains { $0.type == "game_end" }, "\(got.types)")
        #expect(try Self.reply(ms, "/assignments close \(code)").code == "past_due", "closed already")
        #expect(try Self.reply(ms, "/assignments").list("assignments").isEmpty)
    }

    @Test func extendingMovesTheDueTimeAndAJoinAfterTheOldOneGoesIn() throws {
        let (h, clock) = try HomeworkTests.harness()
        let (code, _, _) = try HomeworkTests.assign(h, due: "2026-11-25T11:00")
        let teacher = try Self.teacher(h)
        #expect(try Self.reply(teacher, "/assignments extend \(code) due=2026-11-25T09:00").code == "bad_args", "passed")
        #expect(try Self.reply(teacher, "/assignments extend \(code)").code == "bad_args")
        #expect(try Self.reply(teacher, "/assignments extend \(code) due=soon").code == "bad_args")
        let step = try teacher.step("/assignments extend \(code.lowercased()) due=2026-11-27T18:00")
        let reply = try #require(step.messages(to: teacher).first)
        #expect(reply.string("action") == "extend" && reply.string("due") == "2026-11-27T18:00", "\(reply.object)")
        #expect(step.effects.contains { if case .record(.assignmentDue(_, _, "2026-11-27T18:00")) = $0 { true } else { false } })
        clock.setTime(2 * 60 * 60 * 1000)
        #expect(try HomeworkTests.join(h, "sam", code).1.first?.cmd == "join", "past the old due time, before the new")
    }

    @Test func onlyWhoeverSetItFromWhereTheySetItOrTheTeacherMayChangeIt() throws {
        let (h, _) = try HomeworkTests.harness()
        let (code, _, _) = try HomeworkTests.assign(h)
        let other = try h.jsonClient("Ms")
        let refused = try Self.reply(other, "/assignments close \(code)")
        #expect(refused.code == "no_room", "the same name from another address: as if there were no such homework")
        #expect(refused.string("message")?.contains("/teacher") == true)
        #expect(try Self.reply(other, "/assignments close QQQQ").code == "no_room")
        #expect(try Self.reply(other, "/assignments open \(code)").code == "bad_args")
        #expect(try Self.reply(Self.teacher(h), "/assignments close \(code)").string("action") == "close")
    }

    /// review40 D2: close and extend must not tell a stranger which codes are open homework.
    @Test func aStrangerGetsTheSameCountedReplyForSomeoneElsesCodeAsForNoCode() throws {
        var config = ServerConfig()
        config.guesses.free = 3
        let h = try ServerHarness(.inProcess, config: config)
        try #require(h.inProcess).core.wallOffsetMs = HomeworkTests.wallStart
        let (code, _, _) = try HomeworkTests.assign(h)
        let eve = try h.jsonClient("Eve", peer: "10.0.0.9")
        let unknown = code == "QQQQ" ? "QQQR" : "QQQQ"
        let replies = try ["close \(code)", "close \(unknown)", "extend \(code) due=2026-11-27T18:00"].map { args in
            try Self.reply(eve, "/assignments \(args)")
        }
        let shown = replies.map { "\($0.code ?? "-") " + ($0.string("message") ?? "").replacingOccurrences(of: code, with: "CODE")
                                                                                    .replacingOccurrences(of: unknown, with: "CODE") }
        #expect(Set(shown).count == 1 && replies[0].code == "no_room", "\(shown)")
        #expect(try Self.reply(eve, "/assignments close \(code)").code == "rate_limited", "each miss was a wrong guess")
        #expect(try Self.reply(h.jsonClient("Mo", peer: "10.0.0.8"), "/assignments close \(unknown)").code == "no_room")
    }

    @Test func everyTeacherHearsTheCountsWhenATryBeginsAndFinishesInOneRendering() throws {
        let (h, clock) = try HomeworkTests.harness()
        let (code, _, _) = try HomeworkTests.assign(h)
        let desk = try Self.teacher(h), another = try Self.teacher(h)
        let bystander = try h.jsonClient("Bo")
        let sam = try h.jsonClient()
        let begun = try sam.step("/join \(code) sam")
        let event = begun.sends.first { $0.string.contains(#""type":"homework""#) }
        #expect(event?.to.sorted() == [desk.id, another.id].compactMap { $0 }.sorted(), "one payload for both teachers")
        #expect(event?.string == #"{"type":"homework","code":"\#(code)","started":1,"finished":0}"# + "\n")
        #expect(begun.messages(to: bystander).isEmpty)
        var got = begun.messages(to: sam)
        var finish: Step?
        for _ in 0..<3 {
            clock.setTime(clock.now + 1000)
            let step = try sam.step("\(AnswerNamesItsQuestionTests.product(got.last { $0.type == "question" }))")
            if step.messages(to: desk).contains(where: { $0.type == "homework" }) { finish = step }
            got = step.messages(to: sam) + (try sam.step("/next").messages(to: sam))
        }
        let finished = try #require(finish?.messages(to: desk).first { $0.type == "homework" })
        #expect(finished.int("started") == 1 && finished.int("finished") == 1)
        let text = try Self.makeTeacher(h, h.connect())
        let zed = try h.jsonClient()
        #expect(try zed.step("/join \(code) zed").text(to: text) == "Homework \(code): 2 started, 1 finished.\n")
    }

    @Test func adaptiveTakesYesOrNoAndIsForTimesOfAClass() throws {
        let (h, _) = try HomeworkTests.harness()
        let ms = try h.jsonClient("Ms")
        let noClass = try Self.reply(ms, "/assign times adaptive=yes due=2026-11-26T18:00")
        #expect(noClass.code == "bad_args" && noClass.string("message")?.contains("class=") == true, "\(noClass.object)")
        let words = try Self.reply(ms, "/assign words adaptive=yes due=2026-11-26T18:00")
        #expect(words.code == "bad_args" && words.string("message")?.contains("for times") == true, "\(words.object)")
        #expect(try Self.reply(ms, "/assign times adaptive=maybe due=2026-11-26T18:00").string("message") == "adaptive= takes yes or no.")
        let plain = try Self.reply(ms, "/assign times adaptive=no due=2026-11-26T18:00")
        #expect(plain.type == "ok" && plain.bool("adaptive") == false)
    }
}
