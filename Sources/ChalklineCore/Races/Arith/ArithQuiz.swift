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
