import ChalklineTesting
import Foundation
import Testing

/// Issue 38, 4 and 5 over real TCP against the real server: a homework try pauses on each
/// answer (`pause`, `/next`), and a student back on another device is let in (or not) by the
/// host alone (`/comeback`, `/letin`).
@Suite struct ComebackTCPTests {
    /// `7 x 8 = ?`: the product.
    static func product(_ question: ServerLine) -> Int {
        (question.string("text") ?? "").split(separator: " ").compactMap { Int($0) }.reduce(1, *)
    }

    @Test func aHomeworkAnswerIsFollowedByItsRoundEndAndAPauseThatNextEnds() throws {
        let server = try LiveServer()
        let teacher = try server.player("Ms")
        let set = try teacher.command("/assign times table=7 max=6 rounds=2 time=20 countdown=0 due=\(HomeworkTCPTests.tomorrow)")
        let code = try #require(set.string("code"), "\(set)")
        let sam = try server.player("sam2")
        #expect(try sam.command("/join \(code) sam").string("state") == "running")
        let q1 = try sam.expect("question")
        let wrong = try sam.command("/answer id=\(q1.int("id") ?? 0) \(Self.product(q1) + 1)")
        #expect(wrong.bool("correct") == false)
        let reveal = try sam.json()
        #expect(reveal.type == "round_end")
        #expect(reveal.string("answer_text") == "\(Self.product(q1))", "the right answer, before anything else")
        let pause = try sam.json()
        #expect(pause.type == "pause")
        #expect(pause.int("ms") == 4000)
        #expect(pause.bool("last") == false)
        let next = try sam.command("/next")
        #expect(next.cmd == "next" && next.type == "ok")
        let q2 = try sam.json()
        #expect(q2.type == "question" && q2.int("round") == 2)
        let right = try sam.command("/answer id=\(q2.int("id") ?? 0) \(Self.product(q2))")
        #expect(right.bool("correct") == true)
        #expect(try sam.json().type == "round_end")
        let last = try sam.json()
        #expect(last.int("ms") == 1500)
        #expect(last.bool("last") == true)
        // No /next: the try ends by itself when the short pause is over.
        let end = try sam.json(timeout: 10)
        #expect(end.type == "game_end", "\(end)")
    }

    @Test func theHostLetsOneStudentBackInAndRefusesAnother() throws {
        let server = try LiveServer()
        let teacher = try server.player("Ms")
        let code = try #require(try teacher.command("/create times table=7 max=6 rounds=3 time=60 countdown=0 play=no").string("room"))
        let tablet = try server.connect().enterJSON()
        let joined = try tablet.command("/join \(code) ana")
        let oldToken = joined.string("token") ?? ""
        let bea = try server.connect().enterJSON()
        #expect(try bea.command("/join \(code) bea").type == "ok")
        #expect(try teacher.command("/start").type == "ok")
        let q1 = try tablet.expect("question")
        #expect(try tablet.command("/answer id=\(q1.int("id") ?? 0) \(Self.product(q1))").bool("correct") == true)

        // Ana's phone asks; bea cannot answer for the teacher.
        let phone = try server.connect().enterJSON()
        #expect(try phone.command("/join \(code) ana").string("code") == "name_taken")
        let asked = try phone.command("/comeback \(code) ana")
        #expect(asked.cmd == "comeback" && asked.bool("waiting") == true, "\(asked)")
        let request = try teacher.expect("comeback")
        #expect(request.string("name") == "ana" && request.bool("connected") == true)
        let number = try #require(asked.int("number"))
        #expect(request.int("number") == number, "the teacher sees the number the phone shows")
        #expect(try bea.command("/letin ana \(number)").string("code") == "not_host")

        let letIn = try teacher.command("/letin ana \(number)")
        #expect(letIn.bool("allowed") == true)
        let back = try phone.expect("let_in")
        #expect(back.bool("allowed") == true)
        #expect((back.int("score") ?? 0) > 0)
        #expect(back.string("token") != oldToken)
        #expect(try phone.expect("question").int("id") == q1.int("id"), "the open question, on the new device")
        #expect(try tablet.expect("seat_moved").string("name") == "ana")
        #expect(try tablet.command("/scores").string("code") == "not_in_room", "the tablet is out, still connected")

        // A second device asking as bea is refused by the host.
        let other = try server.connect().enterJSON()
        let otherAsked = try other.command("/comeback \(code) bea")
        #expect(otherAsked.bool("waiting") == true)
        _ = try teacher.expect("comeback")
        #expect(try teacher.command("/letin bea \(otherAsked.int("number") ?? 0) no").bool("allowed") == false)
        let refused = try other.expect("let_in")
        #expect(refused.bool("allowed") == false)
        #expect(try bea.command("/scores").type == "ok", "bea keeps her seat")
    }

    @Test func helpNamesTheNewCommands() throws {
        let server = try LiveServer()
        let client = try server.connect().enterJSON()
        let help = try client.command("/help").string("text") ?? ""
        for usage in ["/comeback CODE NAME", "/letin NAME NUMBER [no]", "/next"] { #expect(help.contains(usage), "\(usage)") }
    }
}
