import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Issue 38, 4: during homework the next question replaced the last the instant an answer was
/// accepted, so a student never saw a verdict or a right answer on the page. Each round now
/// closes with its `round_end` and a `pause` the core times (longer after a wrong answer);
/// `/next` ends it sooner.
@Suite struct HomeworkPauseTests {
    typealias H = HomeworkTests

    @Test func aRightAnswerShowsItsRoundEndThenTheNextQuestionAfterTheShortPause() throws {
        let (h, clock) = try H.harness()
        let (code, _, _) = try H.assign(h)
        let (sam, joined) = try H.join(h, "sam", code)
        clock.setTime(2_000)
        let after = try H.answer(sam, joined.first { $0.type == "question" })
        #expect(after.types == ["ok", "round_end", "pause"], "\(after.types)")
        #expect(after.first?.bool("correct") == true)
        let reveal = after.first { $0.type == "round_end" }
        #expect(reveal?.string("answer_text") != nil)
        #expect(reveal?.list("results").first?["correct"] as? Bool == true)
        let pause = after.last
        #expect(pause?.int("ms") == Int(Limits.homeworkPauseRightMs))
        #expect(pause?.bool("last") == false)
        #expect(clock.advance(to: 2_000 + Limits.homeworkPauseRightMs - 1).messages(to: sam).isEmpty)
        let next = clock.advance(to: 2_000 + Limits.homeworkPauseRightMs).messages(to: sam)
        #expect(next.types == ["question"])
        #expect(next.first?.int("round") == 2)
    }

    @Test func aWrongAnswerPausesLongerAndTheRoundEndTellsTheRightAnswer() throws {
        let (h, clock) = try H.harness()
        let (code, _, _) = try H.assign(h)
        let (sam, joined) = try H.join(h, "sam", code)
        let question = joined.first { $0.type == "question" }
        clock.setTime(1_000)
        let after = try H.answer(sam, question, right: false)
        #expect(after.types == ["ok", "round_end", "pause"])
        #expect(after.first?.bool("correct") == false)
        #expect(after[1].string("answer_text") == "\(AnswerNamesItsQuestionTests.product(question))")
        #expect(after.last?.int("ms") == Int(Limits.homeworkPauseWrongMs))
        #expect(clock.advance(to: 1_000 + Limits.homeworkPauseRightMs).messages(to: sam).isEmpty, "not the short pause")
        #expect(clock.advance(to: 1_000 + Limits.homeworkPauseWrongMs).messages(to: sam).types == ["question"])
    }

    @Test func nextGoesOnAtOnceAndIsRefusedOutsideAPause() throws {
        let (h, clock) = try H.harness()
        let (code, _, _) = try H.assign(h)
        let (sam, joined) = try H.join(h, "sam", code)
        let early = try sam.step("/next").messages(to: sam)
        #expect(early.first?.code == "wrong_state", "a question is open: nothing to go on to")
        clock.setTime(1_000)
        _ = try H.answer(sam, joined.first { $0.type == "question" }, right: false)
        let next = try sam.step("/next").messages(to: sam)
        #expect(next.types == ["ok", "question"])
        #expect(next.first?.cmd == "next")
        #expect(next.last?.int("round") == 2)
        #expect(clock.advance(to: 1_000 + Limits.homeworkPauseWrongMs).messages(to: sam).isEmpty, "the pause's deadline is gone")
    }

    @Test func theLastRoundPausesTooThenTheTryEnds() throws {
        let (h, clock) = try H.harness()
        let (code, _, _) = try H.assign(h)
        var (sam, got) = try H.join(h, "sam", code)
        for round in 1...3 {
            clock.setTime(clock.now + 1_000)
            let after = try H.answer(sam, got.last { $0.type == "question" })
            #expect(after.types == ["ok", "round_end", "pause"])
            #expect(after.last?.bool("last") == (round == 3))
            got = try sam.step("/next").messages(to: sam)
        }
        #expect(got.types == ["ok", "game_end"])
        let place = got.last?.object["homework"] as? [String: Any]
        #expect(place?["tries_left"] as? Int == 0)
        #expect(got.last?.list("standings").first?["score"] as? Int ?? 0 > 0)
    }

    @Test func aQuestionNobodyAnswersClosesAtItsTimeAndPausesTheLongWay() throws {
        let (h, clock) = try H.harness()
        let (code, _, _) = try H.assign(h)
        let (sam, _) = try H.join(h, "sam", code)
        let closed = clock.advance(to: 10_000).messages(to: sam)
        #expect(closed.types == ["round_end", "pause"])
        #expect(closed.last?.int("ms") == Int(Limits.homeworkPauseWrongMs))
    }

    @Test func aLiveRoomHasNoPauseEventAndNoNext() throws {
        let h = try ServerHarness(.inProcess)
        let (ann, _) = try h.timesRoom()
        let started = try ann.step("/start").messages(to: ann)
        #expect(!started.types.contains("pause"))
        #expect(try ann.step("/next").messages(to: ann).first?.code == "wrong_state")
    }

    @Test func theTextModeSaysRightOrWrongTheAnswerAndHowToGoOn() throws {
        let (h, clock) = try H.harness()
        let (code, _, _) = try H.assign(h)
        let sam = try h.connect()
        let joined = try sam.step("/join \(code) sam").text(to: sam)
        // "Question 1/3:   7 x 3 = ?   (10 s)": the two numbers around the x.
        let prompt = joined.split(separator: "\n").last { $0.hasPrefix("Question ") }?.split(separator: ":").dropFirst().first ?? ""
        let product = prompt.split(separator: "(").first.map { $0.split(separator: " ").compactMap { Int($0) }.reduce(1, *) } ?? 0
        clock.setTime(1_000)
        let text = try sam.step("\(product + 1)").text(to: sam)
        #expect(text.hasPrefix("Wrong."), "\(text)")
        #expect(text.contains("= \(product)"), "the right answer: \(text)")
        #expect(text.contains("The next question comes in 4.0 s. Type /next to go on now."), "\(text)")
    }
}
