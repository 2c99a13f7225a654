import ChalklineTesting
import Testing
@testable import ChalklineCore

/// A set's game in a room, in-process: the question with its options, answers by letter and by
/// text, an out-of-range letter, a row's own time, and `round_end`.
@Suite("The quiz race in a room")
struct SetQuizRoomTests {
    @Test func aMultipleChoiceQuestionIsAnsweredByLetterAndByText() throws {
        let h = try SetFixtures.server()
        let host = try h.jsonClient("MsLee")
        let created = try host.command("/create quiz set=capitals choices=4 seed=3 countdown=0 gap=0 play=no")
        let code = try #require(created.string("room"), "\(created)")
        #expect((created["settings"] as? [String: Any])?["set"] as? String == "capitals")
        let bot = try h.jsonClient("Bot")
        #expect(try bot.command("/join \(code)").type == "ok")
        let tom = try h.connect()
        try tom.skipWelcome()
        try tom.send("/name Tom")
        try tom.send("/join \(code)")
        _ = try tom.expectText("You are in room")
        #expect(try host.command("/start").type == "ok")

        let question = try bot.expect("question")
        let choices = try #require(question["choices"] as? [String])
        #expect(question.string("text") == "Capital of France?" && question.string("game") == "quiz")
        #expect(choices.count == 4 && choices.contains("Paris"))
        let right = try #require(choices.firstIndex(of: "Paris"))
        _ = try tom.expectText("Question 1/8:   Capital of France?")
        let options = try tom.expectText("A) ")
        #expect(options == ChoiceLetters.line(choices))

        try tom.send("/answer F")
        #expect(try tom.expectText("letter from A to D").contains("You can still answer"))
        try tom.send("/answer \(ChoiceLetters.letter(right).lowercased())")
        _ = try tom.expectText("Right")
        let reply = try bot.command("/answer \(choices[(right + 1) % 4])")
        #expect(reply.bool("correct") == false)

        let end = try bot.expect("round_end")
        #expect(end.string("answer") == "Paris" && end.string("answer_text") == "Paris")
        let correct = Dictionary(uniqueKeysWithValues: end.list("results").map { ($0["name"] as? String ?? "", $0["correct"] as? Bool) })
        #expect(correct == ["Tom": true, "Bot": false])
        _ = try tom.expectText("Capital of France? Paris")
    }

    @Test func aRowsOwnTimeIsTheQuestionsLimit() throws {
        let h = try SetFixtures.server()
        let host = try h.jsonClient("MsLee")
        _ = try host.command("/create quiz set=capitals countdown=0 gap=0")
        #expect(try host.command("/start").type == "ok")
        var limits: [Int] = []
        for _ in 0..<8 {
            let question = try host.expect("question")
            limits.append(question.int("time_ms") ?? -1)
            #expect(question["choices"] == nil, "typed: no choices")
            _ = try host.command("/skip")
        }
        #expect(limits == [20_000, 20_000, 20_000, 20_000, 20_000, 7_500, 20_000, 20_000])
        _ = try host.expect("game_end")
    }

    @Test func createNamesTheSetsWhenNoneIsGiven() throws {
        let h = try SetFixtures.server()
        let host = try h.jsonClient("MsLee")
        let refused = try host.command("/create quiz")
        #expect(refused.code == "bad_args")
        #expect(refused.string("message") == "Name the question set to play: set=NAME. Sets: capitals, French, pair.")
    }
}
