/// A set's game, question after question: the set's order, or every question once in an order
/// drawn from the seed (drawn again for each pass when `rounds=` asks for more than the set
/// has, never the same question twice in a row); a multiple-choice question's options drawn
/// from the same seed.
public struct SetQuizQuestions: QuizQuestionSource {
    let quiz: SetQuiz
    var rng: SplitMix64
    var order: [Int]
    var position = 0

    init(quiz: SetQuiz, seed: UInt64) {
        self.quiz = quiz
        rng = SplitMix64(seed: seed)
        order = Array(quiz.prompts.indices)
        if quiz.order == .random { order = rng.shuffled(order) }
    }

    public mutating func next() -> SetQuizQuestion {
        if position == order.count { nextPass() }
        let row = quiz.prompts[order[position]]
        position += 1
        guard quiz.choices > 0 else { return SetQuizQuestion(row: row, choices: nil, rightChoices: []) }
        let options = row.options(count: quiz.choices, pools: quiz.pools, rng: &rng)
        return SetQuizQuestion(row: row, choices: options.shown, rightChoices: options.right)
    }

    private mutating func nextPass() {
        position = 0
        guard quiz.order == .random, order.count > 1 else { return }
        let last = order[order.count - 1]
        order = rng.shuffled(order)
        if order[0] == last { order.swapAt(0, 1 + rng.below(order.count - 1)) }
    }
}
