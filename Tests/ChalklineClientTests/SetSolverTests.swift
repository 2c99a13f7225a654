import ChalklineCore
import Foundation
import Testing
@testable import ChalklineClient

/// The bot's answers in a game of a teacher's set, judged by the core's own judge: from the
/// set's file it knows them all, without it it learns each from the reveal.
@Suite struct SetSolverTests {
    /// A set shipped with the server, read as `chalkline bot --set` reads it.
    static func shipped(_ name: String) throws -> QuestionSet {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/chalkline-server/Sets/\(name).csv").standardized.path
        return try SetFile.read(String(contentsOfFile: path, encoding: .utf8), name: name, file: "\(name).csv").get()
    }

    @Test(arguments: ["capitals", "elements"])
    func fromTheFileEveryAnswerIsRightAndEverySlipWrong(set name: String) throws {
        let set = try Self.shipped(name)
        let solver = SetSolver(set: set)
        for (n, question) in set.questions.enumerated() {
            let right = solver.answer(to: question.text, right: true, draw: n)
            #expect(SetAnswerJudge.isRight(right, answers: question.answers, rules: SetJudgeRules()), "\(question.text): \(right)")
            let slip = solver.answer(to: question.text, right: false, draw: n)
            #expect(!SetAnswerJudge.isRight(slip, answers: question.answers, rules: SetJudgeRules()), "\(question.text): \(slip)")
        }
    }

    /// `ask=answer` asks a row's answer and accepts its question.
    @Test func aSetAskedTheOtherWayRoundIsKnownToo() throws {
        let set = try Self.shipped("capitals")
        let solver = SetSolver(set: set)
        let row = try #require(set.questions.first)
        #expect(solver.answer(to: row.answers[0], right: true, draw: 0) == row.text)
        #expect(solver.answer(to: row.answers[0].uppercased(), right: true, draw: 0) == row.text, "case aside")
    }

    @Test func multipleChoiceIsAnsweredWithTheRightOptionsText() {
        let solver = SetSolver(set: QuestionSet(name: "t", questions: [SetQuestion(text: "Capital of France?", answers: ["Paris"])]))
        let choices = ["Rome", "Madrid", "paris", "Berlin"]
        #expect(solver.answer(to: "Capital of France?", choices: choices, right: true, draw: 0) == "paris", "the option as shown")
        for draw in 0..<10 {
            let wrong = solver.answer(to: "Capital of France?", choices: choices, right: false, draw: draw)
            #expect(["Rome", "Madrid", "Berlin"].contains(wrong), "draw \(draw): \(wrong)")
        }
        // A question it does not know: a guess among the options shown.
        #expect(["Lima", "Quito"].contains(solver.answer(to: "Capital of Peru?", choices: ["Lima", "Quito"], right: true, draw: 7)))
        // Options that are letters themselves (elements asked ask=answer): the symbol, never a position.
        let boron = SetSolver(set: QuestionSet(name: "e", questions: [SetQuestion(text: "B", answers: ["Boron"])]))
        #expect(boron.answer(to: "Boron", choices: ["Ni", "Pb", "B", "Zn"], right: true, draw: 0) == "B")
    }

    /// Without the file: a guess until the reveal, then right the next time it is asked.
    @Test func withoutTheFileItLearnsFromTheReveal() {
        var solver = SetSolver()
        #expect(!solver.knows("Capital of France?"))
        let guess = solver.answer(to: "Capital of France?", right: true, draw: 3)
        #expect(guess != "Paris")
        solver.learn(question: "Capital of France?", answer: "Paris")
        solver.learn(question: "Capital of Italy?", answer: "Rome")
        #expect(solver.knows("capital of  france?"))
        #expect(solver.answer(to: "Capital of France?", right: true, draw: 3) == "Paris")
        // A slip is an answer it has seen to another question: believable, and wrong.
        #expect(solver.answer(to: "Capital of France?", right: false, draw: 3) == "Rome")
        #expect(solver.answer(to: "Capital of Spain?", right: true, draw: 0) != "")
    }
}
