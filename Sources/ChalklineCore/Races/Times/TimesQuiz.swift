/// The times-table race: one fact a question (`7 x 8`), from the tables the teacher picks.
public struct TimesQuiz: QuizKind {
    public var tables: [Int]
    /// The tables as the teacher wrote them (`all`, `7`, `3-5`, `3,4,8`), echoed back.
    public var tableSpec: String
    public var maxMultiplier: Int
    public var order: TimesQuestionSequence.Order

    public static let name = "times"
    public static let summary = "times tables: one fact a question, e.g. 7 x 8"
    public static let optionsHelp = "table=all|7|3-5|3,4,8 max=12 order=normal|random"
    public static let defaultTime = 10.0
    static let tableRange = 1...20

    public init(options r: inout OptionReader) throws(OptionError) {
        let spec = r.take("table") ?? r.take("tables") ?? "all"
        tables = try Self.parseTables(spec)
        tableSpec = spec.lowercased()
        maxMultiplier = try r.int("max", default: 12, in: 2...20)
        let orderText = r.take("order") ?? "normal"
        guard let order = TimesQuestionSequence.Order(rawValue: orderText.lowercased()) else {
            throw OptionError(message: "order= takes normal or random.")
        }
        self.order = order
    }

    /// `all` (2–12), `N`, `A-B`, or a list `3,4,8`.
    static func parseTables(_ spec: String) throws(OptionError) -> [Int] {
        let bad = OptionError(message: "table= takes all, a number (7), a range (3-5) or a list (3,4,8), each from 1 to 20.")
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

    public var settingsJSON: [(String, JSON)] {
        [("table", .string(tableSpec)), ("max", .int(maxMultiplier)), ("order", .string(order.rawValue))]
    }

    public func questions(seed: UInt64) -> TimesQuestionSequence {
        TimesQuestionSequence(tables: tables, maxMultiplier: maxMultiplier, order: order, seed: seed)
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

    /// Answers compare as integers after trimming spaces: `056` and `+56` are 56.
    public func judge(_ typed: String) -> QuizVerdict {
        guard let value = Self.parseNumber(typed) else {
            return .unreadable(hint: "Answer with a whole number, like 42.")
        }
        return value == answer ? .right : .wrong
    }

    static func parseNumber(_ text: String) -> Int? {
        let trimmed = text.trimmingBlanks()
        guard trimmed.count <= 18 else { return nil }
        return Int(trimmed)
    }
}
