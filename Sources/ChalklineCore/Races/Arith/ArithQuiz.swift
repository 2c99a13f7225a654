/// Mental arithmetic: one expression for everyone (`3 + 4 x 2`, `(12 - 4) / 2`, `15% of 80`),
/// with the calculator's rules: `x` and `/` before `+` and `-`, left to right otherwise.
/// Every question is generated and judged with exact fractions, so `0.1 + 0.2` is `0.3`.
public struct ArithQuiz: QuizKind {
    public enum Op: Character, Sendable, CaseIterable {
        case add = "+", sub = "-", mul = "x", div = "/"
        var multiplicative: Bool { self == .mul || self == .div }
        /// The word reports count the skill under.
        var tag: String {
            switch self {
            case .add: "add"
            case .sub: "sub"
            case .mul: "mul"
            case .div: "div"
            }
        }
    }

    public var ops: [Op]
    public var terms: Int
    /// The largest operand; nil for the defaults (12 beside `x` and `/`, 100 beside `+` and `-`).
    public var max: Int?
    public var negatives: Bool
    public var parens: Bool
    public var decimals: Int
    public var percent: Bool
    public var mark: DecimalMark

    public static let name = "arith"
    public static let summary = "mental arithmetic: 3 + 4 x 2, (12 - 4) / 2, 15% of 80"
    public static let defaultTime = 20.0

    static let opsOption = GameOption<[Op]>.text(
        "ops", takes: "any of + - x / written together (* is taken for x)", default: Op.allCases, help: "the operations used",
        parse: { text throws(OptionError) in try parseOps(text) }, echo: { String($0.map(\.rawValue)) })
    static let termsOption = GameOption<Int>.int("terms", 2...5, default: 3, help: "numbers in an expression")
    static let maxOption = GameOption<Int?>.int("max", 2...1000, defaultNote: "12 beside x and /, 100 beside + and -",
                                            help: "the largest operand (given, it applies beside every operation)", echoesNull: true)
    static let negativesOption = GameOption<Bool>.flag(
        "negatives", default: false, spelled: .yesNo,
        help: "negative operands and results; with no, no step of the working goes below zero")
    static let parensOption = GameOption<Bool>.flag("parens", default: false, spelled: .yesNo,
                                                help: "now and then one pair of brackets around a sum or difference")
    static let decimalsOption = GameOption<Int>.int("decimals", 0...2, default: 0,
                                                help: "decimal places in operands, in every step and in the answer")
    static let percentOption = GameOption<Bool>.flag("percent", default: false, spelled: .yesNo,
                                                 help: "about one question in three is P% of N")
    static let markOption = DecimalMark.option(help: "how answers are read: 3,5 is 3.5 with comma")
    public static let options = [opsOption.spec, termsOption.spec, maxOption.spec, negativesOption.spec, parensOption.spec,
                                 decimalsOption.spec, percentOption.spec, markOption.spec]

    public init(options r: inout OptionReader) throws(OptionError) {
        ops = try r.read(Self.opsOption)
        terms = try r.read(Self.termsOption)
        max = try r.read(Self.maxOption)
        negatives = try r.read(Self.negativesOption)
        parens = try r.read(Self.parensOption)
        decimals = try r.read(Self.decimalsOption)
        percent = try r.read(Self.percentOption)
        mark = try r.read(Self.markOption)
    }

    /// `+-x/` in any order, each once (`*` and `X` are `x`), kept in the usual order.
    static func parseOps(_ text: String) throws(OptionError) -> [Op] {
        let bad = OptionError(message: "ops= takes any of + - x / together, like ops=+- or ops=x/.")
        var ops: [Op] = []
        for ch in text {
            guard let op = Op(rawValue: ch == "*" ? "x" : ch == "X" ? "x" : ch) else { throw bad }
            if !ops.contains(op) { ops.append(op) }
        }
        guard !ops.isEmpty else { throw bad }
        return Op.allCases.filter(ops.contains)
    }

    public func questions(seed: UInt64) -> ArithQuestions {
        ArithQuestions(quiz: self, rng: SplitMix64(seed: seed))
    }

    /// The largest operand beside `op`.
    func largest(beside op: Op) -> Int { max ?? (op.multiplicative ? 12 : 100) }
}

/// One arithmetic question: its text, its exact answer, and the skills it needs.
public struct ArithQuestion: QuizQuestion {
    public let text: String
    public let answer: Exact
    public let tags: [String]
    let mark: DecimalMark

    public var answerText: String { answer.decimalText() ?? answer.description }
    public var answerValue: JSON { answer.json }
    public var detail: String? { tags.joined(separator: " ") }

    public func judge(_ typed: String) -> QuizVerdict {
        if typed.contains("/") { return .unreadable(hint: "Type the answer as a number, like 3.5, not a fraction.") }
        guard let value = NumberReader.read(typed, mark: mark) else { return .unreadable(hint: NumberReader.hint(mark)) }
        return value == answer ? .right : .wrong
    }
}

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
        let whole = rng.int(in: 1...Swift.max(2, (quiz.max ?? 400) / 5)) * 5
        guard let answer = Exact(percent * whole, over: 100), fits(answer) else { return nil }
        var tags = ["percent"]
        if !answer.isWhole { tags.append("decimals") }
        return ArithQuestion(text: "\(percent)% of \(whole)", answer: answer, tags: tags, mark: quiz.mark)
    }

    private mutating func expression() -> ArithQuestion? {
        let count = quiz.terms
        let ops = (1..<count).map { _ in rng.pick(quiz.ops) }
        var numbers: [Exact] = []
        for i in 0..<count {
            let beside = ([i > 0 ? ops[i - 1] : nil, i < ops.count ? ops[i] : nil] as [ArithQuiz.Op?]).compactMap { $0 }
            let largest = beside.map(quiz.largest).min() ?? 12
            numbers.append(operand(largest: largest, multiplicative: beside.contains { $0.multiplicative }))
        }
        // A division whose dividend starts its chain is built to come out even: divisor x quotient.
        for (i, op) in ops.enumerated() where op == .div && (i == 0 || !ops[i - 1].multiplicative) {
            let quotient = Exact(rng.int(in: 1...quiz.largest(beside: .div)))
            guard let dividend = numbers[i + 1].magnitude * quotient else { return nil }
            numbers[i] = numbers[i].isNegative ? Exact(-dividend.numerator, over: dividend.denominator)! : dividend
        }
        var span: ClosedRange<Int>?
        if quiz.parens, count >= 3, rng.chance(2, in: 3) {
            let start = rng.int(in: 0...(count - 2)), end = rng.int(in: (start + 1)...(count - 1))
            let inner = ops[start..<end]
            // Brackets that change nothing, or hold the whole expression, teach nothing.
            if inner.contains(where: { !$0.multiplicative }), !(start == 0 && end == count - 1) { span = start...end }
        }
        let expression = ArithExpression(numbers: numbers, ops: ops, parens: span)
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

    /// An operand up to `largest`: with `decimals`, now and then with tenths or hundredths
    /// (beside `x` and `/` kept to halves and tenths); with `negatives`, now and then below zero.
    private mutating func operand(largest: Int, multiplicative: Bool) -> Exact {
        var value = Exact(rng.int(in: 1...largest))
        if quiz.decimals > 0, rng.chance(1, in: 2) {
            let places = multiplicative ? 1 : rng.int(in: 1...quiz.decimals)
            let scale = Exact.power10(places)
            let low = multiplicative ? 1 : scale / 10
            value = Exact(scaled: rng.int(in: low...(largest * scale)), places: places)
        }
        if quiz.negatives, rng.chance(1, in: 4) { value = Exact(-value.numerator, over: value.denominator)! }
        return value
    }

    private func fits(_ answer: Exact) -> Bool {
        guard let places = answer.decimalPlaces, places <= quiz.decimals else { return false }
        return quiz.negatives || !answer.isNegative
    }
}

/// An expression as a class reads it: numbers, operators, at most one pair of brackets.
struct ArithExpression {
    var numbers: [Exact]
    var ops: [ArithQuiz.Op]
    /// The terms inside the brackets, if any.
    var parens: ClosedRange<Int>?

    /// `3 + 4 x 2`, `(12 - 4) / 2`, `-6 x 3 + 20`, `5 - (-2)`: a negative number after an
    /// operator is bracketed, so `-` as an operator and as a sign never touch.
    var text: String {
        var out = ""
        for (i, n) in numbers.enumerated() {
            if i > 0 { out += " \(ops[i - 1].rawValue) " }
            if parens?.lowerBound == i { out += "(" }
            let written = n.decimalText() ?? n.description
            out += n.isNegative && i > 0 && parens?.lowerBound != i ? "(\(written))" : written
            if parens?.upperBound == i { out += ")" }
        }
        return out
    }

    /// The value with `x` and `/` first and brackets before all, or nil when a step divides by
    /// zero, needs more than `places` decimals, goes below zero (unless allowed) or past `limit`.
    func value(within limit: Exact, allowNegative: Bool, places: Int) -> Exact? {
        var nums = numbers, operators = ops
        if let span = parens {
            guard let inner = Self.evaluate(Array(nums[span]), Array(operators[span.lowerBound..<span.upperBound]),
                                            limit: limit, allowNegative: allowNegative, places: places) else { return nil }
            nums.replaceSubrange(span, with: [inner])
            operators.removeSubrange(span.lowerBound..<span.upperBound)
        }
        return Self.evaluate(nums, operators, limit: limit, allowNegative: allowNegative, places: places)
    }

    /// Left to right, ignoring precedence: what a student who forgets the rule gets.
    func leftToRight() -> Exact? {
        var acc = numbers[0]
        for (i, op) in ops.enumerated() {
            guard let next = Self.apply(op, acc, numbers[i + 1]) else { return nil }
            acc = next
        }
        return acc
    }

    private static func evaluate(_ nums: [Exact], _ ops: [ArithQuiz.Op], limit: Exact, allowNegative: Bool, places: Int) -> Exact? {
        func ok(_ x: Exact) -> Bool {
            guard let p = x.decimalPlaces, p <= places, x.magnitude <= limit else { return false }
            return allowNegative || !x.isNegative
        }
        // Multiplicative runs first, left to right, then the additive ones.
        var terms: [Exact] = [nums[0]]
        var additive: [ArithQuiz.Op] = []
        for (i, op) in ops.enumerated() {
            if op.multiplicative {
                guard let step = apply(op, terms.removeLast(), nums[i + 1]), ok(step) else { return nil }
                terms.append(step)
            } else {
                additive.append(op)
                terms.append(nums[i + 1])
            }
        }
        var acc = terms[0]
        for (i, op) in additive.enumerated() {
            guard let step = apply(op, acc, terms[i + 1]), ok(step) else { return nil }
            acc = step
        }
        return ok(acc) ? acc : nil
    }

    static func apply(_ op: ArithQuiz.Op, _ a: Exact, _ b: Exact) -> Exact? {
        switch op {
        case .add: a + b
        case .sub: a - b
        case .mul: a * b
        case .div: a / b
        }
    }
}
