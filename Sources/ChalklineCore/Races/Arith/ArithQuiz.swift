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
        .people("Operations", hint: "Which of adding, subtracting, multiplying and dividing to use")
    static let termsOption = GameOption<Int>.int("terms", 2...5, default: 3, help: "numbers in an expression")
        .people("Numbers per question", hint: "How many numbers each question has")
    static let maxOption = GameOption<Int?>.int("max", 2...1000, defaultNote: "100 beside + and -, 12 beside x, and divisions from the tables up to 12 x 12",
                                            help: "the largest number in a question (given, it bounds every number, a dividend too)", echoesNull: true)
        .people("Largest number", hint: "The biggest number a question may show; leave empty for 100 in sums and the tables up to 12")
    static let negativesOption = GameOption<Bool>.flag(
        "negatives", default: false, spelled: .yesNo,
        help: "negative operands and results; with no, no step of the working goes below zero")
        .people("Negative numbers", hint: "Allow numbers and answers below zero", more: true)
    static let parensOption = GameOption<Bool>.flag("parens", default: false, spelled: .yesNo,
                                                help: "now and then one pair of brackets around a sum or difference")
        .people("Brackets", hint: "Now and then one pair of brackets", more: true)
    static let decimalsOption = GameOption<Int>.int("decimals", 0...2, default: 0,
                                                help: "decimal places in operands, in every step and in the answer")
        .people("Decimal places", hint: "How many decimal places numbers and answers may have")
    static let percentOption = GameOption<Bool>.flag("percent", default: false, spelled: .yesNo,
                                                 help: "about one question in three is P% of N")
        .people("Percentages", hint: "About one question in three asks a percentage of a number", more: true)
    static let markOption = DecimalMark.option(help: "how decimals are written and read: 3,5 is 3.5 with comma")
        .people("Decimal mark", hint: "Whether decimals are written and typed as 3.5 or 3,5", more: true)
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
        // Only differences, each at least 1, from numbers up to max: a start below the terms
        // cannot give terms - 1 away and stay at zero or above.
        if ops == [.sub], !negatives, let max, max < terms {
            throw OptionError(Say("error.option.arith.below_zero", ["terms": .text(String(terms)), "max": .text(String(max))]))
        }
    }

    /// `+-x/` in any order, each once (`*` and `X` are `x`), kept in the usual order.
    static func parseOps(_ text: String) throws(OptionError) -> [Op] {
        let bad = OptionError(Say("error.option.arith.ops"))
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

    /// The largest operand beside `op`; with the default beside `/` the divisor and the
    /// quotient (a dividend is up to 12 x 12, a table fact backwards), with `max` given every
    /// number, a dividend too.
    func largest(beside op: Op) -> Int { max ?? (op.multiplicative ? 12 : 100) }
}

/// One arithmetic question: its text, its exact answer, and the skills it needs.
public struct ArithQuestion: QuizQuestion {
    public let text: String
    public let answer: Exact
    public let tags: [String]
    let mark: DecimalMark
    /// `P% of N`'s two numbers, which each language says its own way (`15 % de 80`).
    var percentOf: (percent: Int, whole: Int)? = nil

    public static func == (a: ArithQuestion, b: ArithQuestion) -> Bool {
        a.text == b.text && a.answer == b.answer && a.tags == b.tags && a.mark == b.mark
    }

    public var answerText: String { answer.decimalText(mark: mark.character) ?? answer.description }
    public var answerValue: JSON { answer.json }
    public var detail: String? { tags.joined(separator: " ") }

    /// The room's `decimal=comma`, else the language's mark.
    private func mark(in language: Language) -> Character { mark == .comma ? "," : language.decimalMark }

    /// A percent question in the language's words; an expression with decimals in its mark
    /// (`7,2 / 0,8`); nil for a whole-number expression, which reads the same everywhere.
    public func spoken(in language: Language) -> String? {
        if let percentOf {
            return language.text("question.arith.percent", ["percent": .int(percentOf.percent), "whole": .int(percentOf.whole)])
        }
        guard text.contains(mark.character) else { return nil }
        let spoken = mark(in: language)
        return spoken == mark.character ? text : String(text.map { $0 == mark.character ? spoken : $0 })
    }

    public func answerSpoken(in language: Language) -> String? {
        guard !answer.isWhole, spoken(in: language) != nil || mark(in: language) != mark.character else { return nil }
        return answer.decimalText(mark: mark(in: language)) ?? answer.description
    }

    public func judge(_ typed: String, prefer: DecimalMark) -> QuizVerdict {
        if typed.contains("/") { return .unreadable(hint: Say("race.arith.hint.fraction")) }
        guard let value = NumberReader.read(typed, prefer: mark.deciding(prefer)) else { return .unreadable(hint: NumberHint.say(mark)) }
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

    /// Chooses the terms left nil (each up to its bound) so that every step can come out: a
    /// division's dividend is built as divisor x quotient and a later division takes a
    /// divisor of what it divides, a product's factors are kept small enough for the whole
    /// product to stay a head's work, and (without negatives) a number taken away is no more
    /// than what there is. Given terms (a bracket's value) are kept. Nil when a step cannot.
    private mutating func fill(_ given: [Exact?], _ ops: [ArithQuiz.Op], _ bounds: [Int]) -> [Exact]? {
        var numbers = given
        var total: Exact?
        var i = 0
        while i < numbers.count {
            var end = i
            while end < ops.count, ops[end].multiplicative { end += 1 }
            // Terms i...end form one product; the operator before it joins it to the total.
            let before = i > 0 ? ops[i - 1] : nil
            if numbers[i] == nil {
                var bound = bounds[i]
                if before == .sub, !quiz.negatives, i == end, let total {
                    guard !(total < Exact(1)) else { return nil }
                    // Its share of what is left, so five terms do not all end at zero.
                    let later = ops[end...].filter { $0 == .sub }.count
                    bound = Swift.min(bound, Swift.max(1, total.numerator / total.denominator / (later + 1)))
                }
                if end > i, ops[i] == .div {
                    let divisions = ops[(i + 1)..<end].filter { $0 == .div }.count
                    guard let (dividend, divisor) = dividing(by: numbers[i + 1], within: quiz.max ?? bounds[i + 1] * bounds[i + 1],
                                                             then: divisions)
                    else { return nil }
                    numbers[i] = dividend
                    numbers[i + 1] = divisor
                } else {
                    let factors = end > i ? 1 + ops[i..<end].filter { $0 == .mul }.count : 1
                    numbers[i] = operand(largest: Swift.min(bound, Self.share(Self.largestResult, factors)), multiplicative: end > i,
                                         least: end > i ? 2 : 1)
                }
            }
            var product = numbers[i]!
            for j in i..<end {
                if numbers[j + 1] == nil {
                    if ops[j] == .mul {
                        let factors = 1 + ops[(j + 1)..<end].filter { $0 == .mul }.count
                        let room = (Self.largestResult / product.magnitude).map { $0.numerator / $0.denominator } ?? 0
                        guard room >= 1 else { return nil }
                        // x 1 teaches nothing when another factor fits.
                        numbers[j + 1] = operand(largest: Swift.min(bounds[j + 1], Self.share(Exact(room), factors)), multiplicative: true,
                                                 least: 2)
                    } else {
                        numbers[j + 1] = divisor(of: product, largest: bounds[j + 1])
                    }
                }
                guard let step = ArithExpression.apply(ops[j], product, numbers[j + 1]!), step.magnitude <= Self.largestResult,
                      let places = step.decimalPlaces, places <= quiz.decimals else { return nil }
                product = step
            }
            if let sum = total, let before {
                guard let next = ArithExpression.apply(before, sum, product) else { return nil }
                total = next
            } else {
                total = product
            }
            i = end + 1
        }
        return numbers.map { $0! }
    }

    /// The largest whole number whose `factors`-th power stays within `limit`: each factor's
    /// fair share, so five factors are each small rather than one large and four ones.
    static func share(_ limit: Exact, _ factors: Int) -> Int {
        let whole = limit.numerator / limit.denominator
        guard factors > 1 else { return Swift.max(1, whole) }
        var n = 1
        while true {
            var p = 1
            for _ in 0..<factors { p = p.multipliedReportingOverflow(by: n + 1).partialValue }
            if p > whole || p <= 0 { return n }
            n += 1
        }
    }

    /// A dividend no larger than `largest` and its divisor (`given`, or one chosen): the
    /// divisor times a whole quotient, so the division comes out.
    /// `then` more divisions follow in the product: the quotient gets as many small factors,
    /// so each of them has something to divide and the answer is not always 1.
    private mutating func dividing(by given: Exact?, within largest: Int, then: Int = 0) -> (Exact, Exact)? {
        let divisor: Exact
        if let given {
            divisor = given
        } else {
            // A divisor of 1 teaches nothing when another fits.
            let most = largest >= 4 ? Swift.min(largest / 2, quiz.max == nil ? 12 : 100) : largest
            divisor = operand(largest: most, multiplicative: true, least: largest >= 4 ? 2 : 1)
        }
        guard let room = Exact(largest) / divisor.magnitude else { return nil }
        let most = room.numerator / room.denominator
        guard most >= 1 else { return nil }
        var factors = 1
        for _ in 0..<then where factors * 2 <= most { factors *= rng.int(in: 2...Swift.min(9, most / factors)) }
        let quotient = Exact(factors * rng.int(in: 1...Swift.max(1, Swift.min(most, quiz.max == nil ? 12 : most) / factors)))
        guard let dividend = divisor.magnitude * quotient else { return nil }
        return (dividend, divisor)
    }

    /// A divisor of `value` up to `largest` that leaves at most `decimals` places (1 when
    /// nothing else does).
    private mutating func divisor(of value: Exact, largest: Int) -> Exact {
        var candidates: [Exact] = []
        let top = Swift.min(largest, 1000)
        if top >= 2 {
            for n in 2...top {
                if let q = value / Exact(n), let places = q.decimalPlaces, places <= quiz.decimals { candidates.append(Exact(n)) }
            }
        }
        if quiz.decimals > 0 {
            for tenths in 1...Swift.min(largest * 10, 50) where tenths % 10 != 0 {
                let n = Exact(scaled: tenths, places: 1)
                if let q = value / n, let places = q.decimalPlaces, places <= quiz.decimals, q.magnitude <= Self.largestResult {
                    candidates.append(n)
                }
            }
        }
        // Dividing a number by itself teaches little when another divisor fits.
        let proper = candidates.filter { $0 != value.magnitude }
        return proper.isEmpty ? (candidates.isEmpty ? Exact(1) : rng.pick(candidates)) : rng.pick(proper)
    }

    /// An operand from `least` up to `largest`: with `decimals`, now and then with tenths or
    /// hundredths (beside `x` and `/` kept to halves and tenths). Signs come later.
    private mutating func operand(largest: Int, multiplicative: Bool, least: Int = 1) -> Exact {
        // Up to 2 there is no choice left if 1 is not one.
        let least = largest >= 3 ? least : 1
        let largest = Swift.max(largest, least)
        var value = Exact(rng.int(in: least...largest))
        if quiz.decimals > 0, rng.chance(1, in: 2) {
            let places = multiplicative ? 1 : rng.int(in: 1...quiz.decimals)
            let scale = Exact.power10(places)
            let low = multiplicative ? (least > 1 ? scale + 1 : 1) : scale / 10
            value = Exact(scaled: rng.int(in: low...(largest * scale)), places: places)
        }
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
    /// The room's decimal mark (`decimal=`), so a comma class reads `7,2 / 0,8`.
    var mark: Character = "."

    /// `3 + 4 x 2`, `(12 - 4) / 2`, `-6 x 3 + 20`, `5 - (-2)`: a negative number after an
    /// operator is bracketed, so `-` as an operator and as a sign never touch.
    var text: String {
        var out = ""
        for (i, n) in numbers.enumerated() {
            if i > 0 { out += " \(ops[i - 1].rawValue) " }
            if parens?.lowerBound == i { out += "(" }
            let written = n.decimalText(mark: mark) ?? n.description
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
