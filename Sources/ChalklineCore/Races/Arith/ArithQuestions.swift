/// A game's questions, drawn from the room's seed: each is tried until it meets the room's
/// rules (exact at `decimals` places, no division by zero, nothing negative unless
/// `negatives=yes`, small enough to do in one's head) and differs from the one before.
public struct ArithQuestions: DrawnQuestions {
    public typealias Question = ArithQuestion
    let quiz: ArithQuiz
    var rng: SplitMix64
    public var last: String?

    init(quiz: ArithQuiz, rng: SplitMix64) {
        self.quiz = quiz
        self.rng = rng
    }

    /// Answers and every step on the way stay within this: head arithmetic, not a calculator's.
    static let largestResult = Exact(10_000)

    public mutating func draw() -> ArithQuestion? {
        quiz.percent && rng.chance(1, in: 3) ? percentQuestion() : expression()
    }

    /// Every rule set has easy questions; this is only reached by an unlucky seed.
    public mutating func fallback() -> ArithQuestion {
        let a = rng.int(in: 1...9), b = rng.int(in: 1...9)
        return ArithQuestion(text: "\(a) + \(b)", answer: Exact(a + b), tags: ["add"], mark: quiz.mark)
    }

    /// `P% of N`: the percent key, a number divided by 100.
    private mutating func percentQuestion() -> ArithQuestion? {
        let percent = rng.pick([5, 10, 15, 20, 25, 30, 40, 50, 60, 75, 80, 90, 100, 150, 200])
        // `max` bounds N as it bounds every number a question shows.
        let most = quiz.max ?? 400
        let whole = most >= 10 ? rng.int(in: 1...(most / 5)) * 5 : rng.int(in: 1...most)
        guard let answer = Exact(percent * whole, over: 100), fits(answer) else { return nil }
        var tags = ["percent"]
        if !answer.isWhole { tags.append("decimals") }
        return ArithQuestion(text: "\(percent)% of \(whole)", answer: answer, tags: tags, mark: quiz.mark, percentOf: (percent, whole))
    }

    private mutating func expression() -> ArithQuestion? {
        let count = quiz.terms
        let ops = (1..<count).map { _ in rng.pick(quiz.ops) }
        var span: ClosedRange<Int>?
        if quiz.parens, count >= 3, rng.chance(2, in: 3) {
            let start = rng.int(in: 0...(count - 2)), end = rng.int(in: (start + 1)...(count - 1))
            let inner = ops[start..<end]
            // Brackets that change nothing, or hold the whole expression, teach nothing.
            if inner.contains(where: { !$0.multiplicative }), !(start == 0 && end == count - 1) { span = start...end }
        }
        let bounds = (0..<count).map { i in
            ([i > 0 ? ops[i - 1] : nil, i < ops.count ? ops[i] : nil] as [ArithQuiz.Op?]).compactMap { $0 }.map(quiz.largest).min() ?? 12
        }
        var numbers: [Exact]
        if let span {
            // The brackets first: their value is one term of the expression around them.
            guard let inner = fill(Array(repeating: nil, count: span.count), Array(ops[span.lowerBound..<span.upperBound]),
                                   Array(bounds[span])),
                  let value = ArithExpression(numbers: inner, ops: Array(ops[span.lowerBound..<span.upperBound]), parens: nil)
                    .value(within: Self.largestResult, allowNegative: quiz.negatives, places: quiz.decimals)
            else { return nil }
            var outerOps = ops
            outerOps.removeSubrange(span.lowerBound..<span.upperBound)
            var atoms: [Exact?] = Array(repeating: nil, count: count - span.count + 1)
            atoms[span.lowerBound] = value
            var outerBounds = bounds
            outerBounds.replaceSubrange(span, with: [0])
            guard let outer = fill(atoms, outerOps, outerBounds) else { return nil }
            numbers = Array(outer[..<span.lowerBound]) + inner + Array(outer[(span.lowerBound + 1)...])
        } else {
            guard let all = fill(Array(repeating: nil, count: count), ops, bounds) else { return nil }
            numbers = all
        }
        if quiz.negatives {
            // Signs change no division's exactness, so they are chosen last.
            for i in numbers.indices where rng.chance(1, in: 4) { numbers[i] = Exact(-numbers[i].numerator, over: numbers[i].denominator)! }
        }
        let expression = ArithExpression(numbers: numbers, ops: ops, parens: span, mark: quiz.mark.character)
        guard let answer = expression.value(within: Self.largestResult, allowNegative: quiz.negatives, places: quiz.decimals),
              fits(answer) else { return nil }
        var tags = Array(Set(ops.map(\.tag))).sorted { a, b in
            ["add", "sub", "mul", "div"].firstIndex(of: a)! < ["add", "sub", "mul", "div"].firstIndex(of: b)!
        }
        if span == nil, let leftToRight = expression.leftToRight(), leftToRight != answer { tags.append("precedence") }
        if span != nil { tags.append("parens") }
        if numbers.contains(where: \.isNegative) || answer.isNegative { tags.append("negatives") }
        if numbers.contains(where: { !$0.isWhole }) || !answer.isWhole { tags.append("decimals") }
        return ArithQuestion(text: expression.text, answer: answer, tags: tags, mark: quiz.mark)
    }

    private func fits(_ answer: Exact) -> Bool {
        guard let places = answer.decimalPlaces, places <= quiz.decimals else { return false }
        return quiz.negatives || !answer.isNegative
    }
}
