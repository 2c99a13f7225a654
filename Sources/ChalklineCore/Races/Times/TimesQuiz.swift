/// The times-table race: one fact a question (`7 x 8`), from the tables the teacher picks.
public struct TimesQuiz: QuizKind {
    public var tables: [Int]
    /// The tables as the teacher wrote them (`all`, `7`, `3-5`, `3,4,8`), echoed back.
    public var tableSpec: String
    public var maxMultiplier: Int
    public var order: TimesQuestionSequence.Order
    /// A student's boxes, for one try of adaptive homework: questions are drawn by weight from
    /// them (`TimesQuestionSequence`), whatever `order=` says. Nil everywhere else.
    public var practice: LeitnerBoxes?

    public static let name = "times"
    public static let summary = "times tables: one fact a question, e.g. 7 x 8"
    public static let defaultTime = 10.0
    static let tableRange = 1...20

    /// `table=` as the teacher wrote it (`all`, `7`, `3-5`, `3,4,8`, echoed lowercased) and the
    /// tables it names.
    public struct Tables: Sendable {
        var numbers: [Int]
        var spec: String
    }

    static let tableOption = GameOption<Tables>.text(
        "table", takes: "all, N, A-B, or a list 3,4,8 (each 1–20)", default: Tables(numbers: Array(2...12), spec: "all"),
        defaultNote: "all (2–12)", help: "which tables", aliases: ["tables"],
        parse: { spec throws(OptionError) in Tables(numbers: try parseTables(spec), spec: spec.lowercased()) }, echo: { $0.spec })
        .people("Times tables", hint: "Which tables to practise: all of them, one, or a few")
    static let maxOption = GameOption<Int>.int("max", 2...20, default: 12, help: "the largest multiplier")
        .people("Up to", hint: "How far each table goes: 10 stops at 10 times the table")
    static let orderOption = GameOption<TimesQuestionSequence.Order>.choice(
        "order", default: .normal, help: "question order: each table in turn, or random (never the same twice in a row)")
        .people("Order", hint: "Each table in turn, or mixed up")
    public static let options = [tableOption.spec, maxOption.spec, orderOption.spec]

    public init(options r: inout OptionReader) throws(OptionError) {
        let tables = try r.read(Self.tableOption)
        self.tables = tables.numbers
        tableSpec = tables.spec
        maxMultiplier = try r.read(Self.maxOption)
        order = try r.read(Self.orderOption)
        // Random order promises never the same question twice in a row: one fact cannot keep it.
        if order == .random, Set(self.tables).count * (maxMultiplier - 1) < 2 {
            throw OptionError(Say("error.option.times.one_question", ["table": .text(tableSpec), "max": .text(String(maxMultiplier))]))
        }
    }

    public init(options r: inout OptionReader, context: RaceContext) throws(OptionError) {
        try self.init(options: &r)
        practice = context.practice
    }

    /// `all` (2–12), `N`, `A-B`, or a list `3,4,8`.
    static func parseTables(_ spec: String) throws(OptionError) -> [Int] {
        let bad = OptionError(Say("error.option.times.table"))
        if spec.lowercased() == "all" { return Array(2...12) }
        if let dash = spec.firstIndex(of: "-") {
            guard let a = Int(spec[..<dash]), let b = Int(spec[spec.index(after: dash)...]),
                  a <= b, tableRange.contains(a), tableRange.contains(b) else { throw bad }
            return Array(a...b)
        }
        var tables: [Int] = []
        for part in spec.split(separator: ",", omittingEmptySubsequences: false) {
            guard let n = Int(part), tableRange.contains(n) else { throw bad }
            if !tables.contains(n) { tables.append(n) }
        }
        guard !tables.isEmpty else { throw bad }
        return tables
    }

    public func questions(seed: UInt64) -> TimesQuestionSequence {
        TimesQuestionSequence(tables: tables, maxMultiplier: maxMultiplier, order: order, seed: seed, boxes: practice)
    }

    /// A player's 2–12 grid and five weakest facts; for the class, its facts hardest first.
    public static func reportSections(_ answers: [QuizAnswerRow], scope: ReportScope) -> [KindReportTable] {
        TimesReport.sections(answers, scope: scope)
    }
}

extension TimesQuestion: QuizQuestion {
    public var answerText: String { String(answer) }
    public var answerValue: JSON { .int(answer) }
    /// The two factors, which the facts grid is drawn from.
    public var detail: String? { "\(table),\(multiplier)" }

    /// Answers compare as integers after trimming spaces: `056` and `+56` are 56; `56,0`,
    /// `56.0` and `1 000` (any style `NumberReader` reads) too, a number that is not whole wrong.
    public func judge(_ typed: String, prefer: DecimalMark) -> QuizVerdict {
        if let value = Self.parseNumber(typed) { return value == answer ? .right : .wrong }
        guard let value = NumberReader.read(typed, prefer: prefer) else {
            return .unreadable(hint: Say("race.times.hint"))
        }
        return value == Exact(answer) ? .right : .wrong
    }

    /// The common answer (`56`), read without the lenient reader.
    static func parseNumber(_ text: String) -> Int? {
        let trimmed = text.trimmingBlanks()
        guard trimmed.count <= 18 else { return nil }
        return Int(trimmed)
    }
}
