import ChalklineCore
import Testing
@testable import ChalklineClient

/// The bot's solver for a kind against the core's own judge: over `seeds`, every generated
/// question's text is read by the solver (as a bot author's would be, from protocol.md alone),
/// its answer judged right and its slip judged wrong.
func checkSolver<Kind: QuizKind>(_ kind: Kind.Type, _ options: [String], _ solver: any QuizSolver,
                                 seeds: ClosedRange<UInt64> = 1...15, perSeed: Int = 20) throws {
    let settings = try QuizSettings<Kind>.parse(CommandOptions(options), random: { 1 })
    for seed in seeds {
        var questions = settings.kind.questions(seed: seed)
        for _ in 0..<perSeed {
            let q = questions.next()
            let answer = try #require(solver.answer(to: q.text), "cannot read \(q.text)")
            #expect(q.judge(answer) == .right, "\(q.text): \(answer) vs \(q.answerText)")
            let slip = try #require(solver.wrongAnswer(to: q.text, draw: Int(seed)))
            #expect(q.judge(slip) == .wrong, "\(q.text): \(slip)")
        }
    }
}
