import ChalklineCore
import Foundation
import Testing

/// The quiz kind over real TCP, from a set in a `--sets` folder: a student at netcat answers a
/// multiple-choice question by its letter, a json bot by the option's text, and both are right;
/// a letter past the last option is refused with the attempt kept; the teacher's `/report` has
/// a row a question.
@Suite struct QuizRaceTCPTests {
    static let geo = """
        question,answer
        Capital of France?,Paris
        Capital of Italy?,Rome
        Capital of Spain?,Madrid
        Capital of Germany?,Berlin
        Capital of Japan?,Tokyo

        """

    @Test func aNetcatStudentAnswersByLetterAndABotByText() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-sets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.geo.write(to: folder.appendingPathComponent("geo.csv"), atomically: true, encoding: .utf8)
        let server = try ServerHarness.scenario(.live, liveArguments: ["--sets", folder.path])

        let teacher = try server.jsonClient("MsLee")
        let offered = try teacher.command("/catalog").list("kinds").first { $0["name"] as? String == "quiz" }
        let setOption = (offered?["options"] as? [[String: Any]])?.first { $0["name"] as? String == "set" }
        #expect(setOption?["type"] as? String == "choice")
        #expect((setOption?["choices"] as? [String])?.contains("geo") == true, "\(String(describing: setOption))")
        let created = try teacher.command("/create quiz set=geo choices=4 rounds=2 seed=5 countdown=0 gap=0 time=30 play=no")
        let code = try #require(created.string("room"), "\(created)")

        let tom = try server.connect()
        try tom.skipWelcome()
        try tom.send("/join \(code) tom")
        _ = try tom.expectText("You are in room")
        let bot = try server.jsonClient("robo")
        #expect(try bot.command("/join \(code)").type == "ok")
        #expect(try teacher.command("/start").type == "ok")

        for (round, answer) in [(1, "Paris"), (2, "Rome")] {
            let question = try bot.expect("question")
            let choices = try #require(question["choices"] as? [String], "\(question)")
            #expect(choices.count == 4 && choices.filter { $0 == answer }.count == 1, "\(choices)")
            let right = try #require(choices.firstIndex(of: answer))
            _ = try tom.expectText("Question \(round)/2:")
            #expect(try tom.line() == ChoiceLetters.line(choices))

            try tom.send("/answer E")
            _ = try tom.expectText("Answer with a letter from A to D")
            try tom.send("/answer \(ChoiceLetters.letter(right))")
            _ = try tom.expectText("Right")
            let reply = try bot.command("/answer \(answer.lowercased())")
            #expect(reply.bool("correct") == true, "\(reply)")

            let end = try bot.expect("round_end")
            #expect(end.string("answer") == answer)
            #expect(end.list("results").allSatisfy { $0["correct"] as? Bool == true }, "\(end)")
            _ = try tom.expectText("Time! Capital of")
        }
        _ = try bot.expect("game_end")

        // The report's row a question, held to protocol.schema.json as every json line here is
        // (its `quiz_questions` once failed the schema's `ok.report`).
        _ = try teacher.expect("game_end")
        let report = try teacher.command("/report")
        let rows = report.list("quiz_questions")
        #expect(rows.map { $0["question"] as? String } == ["Capital of France?", "Capital of Italy?"], "\(report)")
        #expect(rows.allSatisfy { ($0["right"] as? Int) == ($0["of"] as? Int) && $0["wrong"] as? String == "" }, "\(rows)")
    }
}
