import ChalklineTesting
import Testing
@testable import ChalklineCore

/// A set being played is nobody's to read or change: `/sets show` is refused while a room's game
/// or open homework plays it (but not to the host of that room), `/sets save` over it and
/// `/sets delete` of it are refused, and homework plays the copy `/assign` took.
@Suite("ServerCore: a question set in use")
struct SetsInUseTests {
    /// 2026-11-25T10:00 UTC, the wall clock when the test's clock reads 0 (homework's due times).
    static let wallStart = CivilTime(text: "2026-11-25T10:00")!.epochMs

    static func harness() throws -> (ServerHarness, InProcessServer) {
        let h = try ServerHarness(.inProcess, config: SetCommandTests.config())
        let clock = try #require(h.inProcess)
        clock.core.wallOffsetMs = wallStart
        return (h, clock)
    }

    private func reply(_ client: HarnessClient, _ line: String) throws -> ServerLine {
        try #require(try client.step(line).messages(to: client).first)
    }

    /// MsLee's room plays the saved set Week3 and Bob plays in it: the host, Bob and the code.
    private func runningRoom(_ h: ServerHarness, start: Bool = true) throws -> (HarnessClient, HarnessClient, String) {
        let host = try h.jsonClient("MsLee")
        let code = try #require(try reply(host, "/create quiz set=Week3 countdown=0 gap=0 play=no").string("room"))
        let (bob, _) = try h.join("Bob", code)
        if start { #expect(try reply(host, "/start").type == "ok") }
        return (host, bob, code)
    }

    /// `/sets save` of `name` with one row, from a new connection: the reply.
    private func save(_ h: ServerHarness, _ name: String) throws -> ServerLine {
        let c = try h.jsonClient()
        #expect(try reply(c, "/sets new \(name)").type == "ok")
        #expect(try reply(c, #"/sets add ["question,answer","2+2?,4"]"#).type == "ok")
        return try reply(c, "/sets save")
    }

    @Test func aPlayerCannotReadTheAnswersOfTheGameHePlaysButItsHostCanAndAnyoneAfterIt() throws {
        let (h, _) = try Self.harness()
        let (host, bob, code) = try runningRoom(h, start: false)
        #expect(try reply(bob, "/sets show week3").string("action") == "show", "in the lobby nothing is asked yet")
        #expect(try reply(host, "/start").type == "ok")
        let refused = try reply(bob, "/sets show week3")
        #expect(refused.code == "wrong_state" && refused.cmd == "sets", "\(refused)")
        #expect(refused.string("message")?.contains("the game in room plays it") == true, "\(refused)")
        #expect(refused.string("message")?.contains(code) == false, "a set's name hands out no room codes")
        let outsider = try h.jsonClient()
        #expect(try reply(outsider, "/sets show WEEK3").code == "wrong_state")
        #expect(try reply(host, "/sets show week3").string("action") == "show", "the host's page edits the set it plays")
        #expect(try reply(outsider, "/sets show capitals").string("action") == "show", "a set nobody plays")
        _ = try host.step("/stop")
        #expect(try reply(bob, "/sets show week3").string("action") == "show", "after game_end the answers are out")
    }

    @Test func aSetARunningGamePlaysCannotBeReplacedOrDeletedButANewNameIsSaved() throws {
        let (h, clock) = try Self.harness()
        let (host, _, code) = try runningRoom(h)
        let outsider = try h.jsonClient()
        let deleted = try reply(outsider, "/sets delete week3")
        #expect(deleted.code == "bad_args" && deleted.string("message")?.contains(code) == false, "\(deleted)")
        let hostsOwn = try reply(host, "/sets delete week3")
        #expect(hostsOwn.code == "bad_args" && hostsOwn.string("message")?.contains("the game in room \(code) plays it") == true,
                "the room's maker is told which: \(hostsOwn)")
        let replaced = try save(h, "WEEK3")
        #expect(replaced.code == "bad_args" && replaced.string("message")?.contains("save under another name") == true, "\(replaced)")
        #expect(clock.core.questionSets.entry(named: "week3")?.set.name == "Week3")
        #expect(clock.core.questionSets.entry(named: "week3")?.set.questions.first?.text == "because")
        #expect(try save(h, "week4").string("action") == "save", "a new name is saved as before")
        _ = try host.step("/stop")
        #expect(try reply(outsider, "/sets delete week3").bool("deleted") == true, "the game is over")
    }

    @Test func openHomeworkKeepsItsSetUntilItIsDueAndPlaysTheCopyItTook() throws {
        let (h, clock) = try Self.harness()
        let ms = try h.jsonClient("Ms")
        let assigned = try reply(ms, "/assign quiz set=week3 countdown=0 time=10 due=2026-11-26T18:00 attempts=3")
        let code = try #require(assigned.string("code"), "\(assigned)")
        let deleted = try reply(ms, "/sets delete Week3")
        #expect(deleted.code == "bad_args", "\(deleted)")
        #expect(deleted.string("message")?.contains("open homework \(code) uses it until 2026-11-26T18:00") == true, "\(deleted)")
        let shown = try reply(try h.jsonClient(), "/sets show week3")
        #expect(shown.code == "wrong_state" && shown.string("message")?.contains("open homework uses it until") == true, "\(shown)")
        #expect(try save(h, "week3").code == "bad_args")

        // The library changes under it anyway (as it could by a restart with another folder):
        // every try still asks what /assign took.
        clock.core.questionSets.put(SetLibrary.Entry(set: QuestionSet(name: "Week3", questions: [SetQuestion(text: "2+2?", answers: ["4"])]),
                                                     source: .saved))
        for name in ["amy", "ben"] {
            let student = try h.jsonClient()
            let joined = try student.step("/join \(code) \(name)").messages(to: student)
            let question = joined.first { $0.type == "question" }
            #expect(question?.string("text") == "because", "\(name): \(joined)")
        }
        clock.core.questionSets.remove(named: "week3")
        let cal = try h.jsonClient()
        let joined = try cal.step("/join \(code) cal").messages(to: cal)
        #expect(joined.first?.cmd == "join" && joined.first { $0.type == "question" }?.string("text") == "because", "\(joined)")

        // Once due, the set is free again.
        clock.core.questionSets.put(SetLibrary.Entry(set: QuestionSet(name: "Week3", questions: [SetQuestion(text: "2+2?", answers: ["4"])]),
                                                     source: .saved))
        clock.setTime(32 * 3_600_000 + 1)
        #expect(try reply(ms, "/sets delete week3").bool("deleted") == true)
    }
}
