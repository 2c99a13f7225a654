import Testing
@testable import ChalklineCore

private func quiz(_ words: String) throws -> ArithQuiz { try quizKind(ArithQuiz.self, words) }

private func questions(_ words: String, seed: UInt64 = 1, count: Int = 200) throws -> [ArithQuestion] {
    try quizQuestions(ArithQuiz.self, words, seed: seed, count: count)
}

/// A second evaluator, written apart from the generator's: it parses the question's text
/// (as a bot would) and works with its own fractions, so an agreement means something.
private struct Fraction: Equatable {
    var n: Int, d: Int
    init(_ n: Int, _ d: Int = 1) {
        var g = n.magnitude, h = d.magnitude
        while h != 0 { (g, h) = (h, g % h) }
        let s = d < 0 ? -1 : 1
        self.n = s * n / Int(max(g, 1)); self.d = s * d / Int(max(g, 1))
    }
    static func parse(_ s: Substring) -> Fraction? {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int(parts[0].isEmpty ? "0" : parts[0]) else { return nil }
        guard parts.count == 2 else { return Fraction(whole) }
        var scale = 1
        for _ in parts[1] { scale *= 10 }
        guard let frac = Int(parts[1]) else { return nil }
        return Fraction(whole * scale + (s.hasPrefix("-") ? -frac : frac), scale)
    }
}

private struct Evaluator {
    var tokens: [Substring]
    var i = 0
    init(_ text: String) {
        var out: [Substring] = []
        var rest = Substring(text)
        while let c = rest.first {
            if c == " " { rest = rest.dropFirst(); continue }
            if "()+x/".contains(c) || (c == "-" && !(out.isEmpty || out.last == "(")) {
                out.append(rest.prefix(1)); rest = rest.dropFirst(); continue
            }
            let number = rest.prefix { $0 == "-" || $0 == "." || $0.isNumber }
            out.append(number)
            rest = rest.dropFirst(number.count)
        }
        tokens = out
    }
    mutating func sum() -> Fraction? {
        guard var a = product() else { return nil }
        while i < tokens.count, tokens[i] == "+" || tokens[i] == "-" {
            let op = tokens[i]; i += 1
            guard let b = product() else { return nil }
            a = op == "+" ? Fraction(a.n * b.d + b.n * a.d, a.d * b.d) : Fraction(a.n * b.d - b.n * a.d, a.d * b.d)
        }
        return a
    }
    mutating func product() -> Fraction? {
        guard var a = atom() else { return nil }
        while i < tokens.count, tokens[i] == "x" || tokens[i] == "/" {
            let op = tokens[i]; i += 1
            guard let b = atom() else { return nil }
            if op == "/" && b.n == 0 { return nil }
            a = op == "x" ? Fraction(a.n * b.n, a.d * b.d) : Fraction(a.n * b.d, a.d * b.n)
        }
        return a
    }
    mutating func atom() -> Fraction? {
        guard i < tokens.count else { return nil }
        if tokens[i] == "(" {
            i += 1
            let v = sum()
            guard i < tokens.count, tokens[i] == ")" else { return nil }
            i += 1
            return v
        }
        defer { i += 1 }
        return Fraction.parse(tokens[i])
    }
    static func value(_ text: String) -> Fraction? {
        let words = text.split(separator: " ")
        if words.count == 3, words[1] == "of", words[0].hasSuffix("%"), let p = Int(words[0].dropLast()), let w = Int(words[2]) {
            return Fraction(p * w, 100)
        }
        var e = Evaluator(text)
        guard let v = e.sum(), e.i == e.tokens.count else { return nil }
        return v
    }
}

@Suite("The arithmetic race")
struct ArithQuizTests {
    @Test func multiplicationAndDivisionComeFirst() {
        let e = ArithExpression(numbers: [Exact(3), Exact(4), Exact(2)], ops: [.add, .mul], parens: nil)
        #expect(e.text == "3 + 4 x 2")
        #expect(e.value(within: Exact(10_000), allowNegative: false, places: 0) == Exact(11))
        #expect(e.leftToRight() == Exact(14))
        let d = ArithExpression(numbers: [Exact(20), Exact(8), Exact(2)], ops: [.sub, .div], parens: nil)
        #expect(d.value(within: Exact(10_000), allowNegative: false, places: 0) == Exact(16))
    }

    @Test func bracketsComeBeforeEverything() {
        let e = ArithExpression(numbers: [Exact(12), Exact(4), Exact(2)], ops: [.sub, .div], parens: 0...1)
        #expect(e.text == "(12 - 4) / 2")
        #expect(e.value(within: Exact(10_000), allowNegative: false, places: 0) == Exact(4))
    }

    @Test func signsAreWrittenSoTheyCannotBeMisread() {
        let e = ArithExpression(numbers: [Exact(-6), Exact(3), Exact(20)], ops: [.mul, .add], parens: nil)
        #expect(e.text == "-6 x 3 + 20")
        #expect(e.value(within: Exact(10_000), allowNegative: true, places: 0) == Exact(2))
        let f = ArithExpression(numbers: [Exact(5), Exact(-2)], ops: [.sub], parens: nil)
        #expect(f.text == "5 - (-2)")
        #expect(f.value(within: Exact(10_000), allowNegative: true, places: 0) == Exact(7))
        // Without negatives=yes nothing on the way may go below zero.
        let g = ArithExpression(numbers: [Exact(2), Exact(5), Exact(4)], ops: [.sub, .add], parens: nil)
        #expect(g.value(within: Exact(10_000), allowNegative: false, places: 0) == nil)
    }

    @Test func decimalsAreExact() {
        let e = ArithExpression(numbers: [Exact(scaled: 1, places: 1), Exact(scaled: 2, places: 1)], ops: [.add], parens: nil)
        #expect(e.value(within: Exact(10_000), allowNegative: false, places: 1)?.decimalText() == "0.3")
        let d = ArithExpression(numbers: [Exact(scaled: 72, places: 1), Exact(scaled: 8, places: 1)], ops: [.div], parens: nil)
        #expect(d.text == "7.2 / 0.8")
        #expect(d.value(within: Exact(10_000), allowNegative: false, places: 0) == Exact(9))
        // 10 / 4 = 2.5 is not exact at 0 places: never asked in a whole-number room.
        let q = ArithExpression(numbers: [Exact(10), Exact(4)], ops: [.div], parens: nil)
        #expect(q.value(within: Exact(10_000), allowNegative: false, places: 0) == nil)
        #expect(q.value(within: Exact(10_000), allowNegative: false, places: 1) == Exact(scaled: 25, places: 1))
    }

    /// Every generated question, over many seeds and settings, re-evaluated from its text by
    /// the independent evaluator above: the same exact answer, no division by zero, and the
    /// room's rules kept.
    @Test(arguments: ["", "ops=+- terms=5", "ops=x/ terms=4", "negatives=yes parens=yes", "decimals=1",
                      "decimals=2 ops=+-", "percent=yes", "decimals=2 negatives=yes parens=yes percent=yes terms=4", "max=20 terms=2"])
    func everyAnswerAgreesWithASecondEvaluator(options: String) throws {
        let settings = try quiz(options)
        for seed: UInt64 in 1...40 {
            for q in try questions(options, seed: seed, count: 25) {
                let fraction = try #require(Evaluator.value(q.text), "unreadable: \(q.text)")
                #expect(Fraction(q.answer.numerator, q.answer.denominator) == fraction, "\(q.text) = \(q.answerText)")
                #expect((q.answer.decimalPlaces ?? 99) <= settings.decimals, "\(q.text) = \(q.answerText)")
                if !settings.negatives { #expect(!q.answer.isNegative && !q.text.contains("-("), "\(q.text)") }
                if !settings.parens { #expect(!q.text.contains("(") || q.text.contains("(-"), "\(q.text)") }
                if !settings.percent { #expect(!q.text.contains("%")) }
                #expect(q.judge(q.answerText) == .right)
            }
        }
    }

    @Test(arguments: [0, 1, 2])
    func decimalsAtEachSetting(places: Int) throws {
        let all = try questions("decimals=\(places) ops=+-x/", count: 400)
        #expect(all.allSatisfy { ($0.answer.decimalPlaces ?? 9) <= places })
        #expect(all.contains { !$0.answer.isWhole || $0.text.contains(".") } == (places > 0))
        #expect(all.contains { $0.tags.contains("decimals") } == (places > 0))
    }

    @Test func percentQuestionsAreAsked() throws {
        let all = try questions("percent=yes", count: 300)
        let percents = all.filter { $0.text.contains("% of ") }
        #expect(percents.count > 50)
        #expect(percents.allSatisfy { $0.tags.contains("percent") })
        let q = ArithQuestion(text: "15% of 80", answer: Exact(12), tags: ["percent"], mark: .point)
        #expect(q.judge("12") == .right)
    }

    @Test func noQuestionTwiceInARowAndTheSameSeedGivesTheSameGame() throws {
        for options in ["ops=+ terms=2 max=2", "", "percent=yes"] {
            let a = try questions(options, seed: 9, count: 300)
            #expect(zip(a, a.dropFirst()).allSatisfy { $0.text != $1.text }, "\(options)")
            #expect(a.map(\.text) == (try questions(options, seed: 9, count: 300)).map(\.text))
            #expect(a.map(\.text) != (try questions(options, seed: 10, count: 300)).map(\.text))
        }
    }

    @Test func tagsNameTheSkills() throws {
        let all = try questions("negatives=yes parens=yes decimals=1 percent=yes", count: 400)
        let tags = Set(all.flatMap(\.tags))
        #expect(tags.isSuperset(of: ["add", "sub", "mul", "div", "precedence", "parens", "negatives", "decimals", "percent"]))
        let plain = ArithExpression(numbers: [Exact(2), Exact(3), Exact(4)], ops: [.mul, .add], parens: nil)
        #expect(plain.leftToRight() == plain.value(within: Exact(100), allowNegative: false, places: 0))
    }

    @Test func answersAreReadLenientlyAndJudgedStrictly() {
        let three = ArithQuestion(text: "1 + 2", answer: Exact(3), tags: [], mark: .point)
        for typed in ["3", " 3 ", "+3", "3.0", "03", "3.00"] { #expect(three.judge(typed) == .right, "\(typed)") }
        let minus = ArithQuestion(text: "1 - 4", answer: Exact(-3), tags: [], mark: .point)
        for typed in ["-3", "\u{2212}3", "- 3"] { #expect(minus.judge(typed) == .right, "\(typed)") }
        #expect(minus.judge("3") == .wrong)
        let half = ArithQuestion(text: "7 / 2", answer: Exact(scaled: 35, places: 1), tags: [], mark: .point)
        for typed in ["3.5", "3.50", "+3.5"] { #expect(half.judge(typed) == .right, "\(typed)") }
        #expect(half.judge("3.4") == .wrong)
        if let hint = half.judge("7/2").hint { #expect(hint.contains("not a fraction")) } else { Issue.record("7/2 was read") }
        // Both marks read as decimal in every room (issue 42): a French child's 3,5 is 3.5.
        #expect(half.judge("3,5") == .right)
        #expect(half.judge("abc").hint == "Type a number, like 42 or 3.5.")
        let point5 = ArithQuestion(text: "0.25 + 0.25", answer: Exact(scaled: 5, places: 1), tags: [], mark: .point)
        #expect(point5.judge(".5") == .right)
        let comma = ArithQuestion(text: "7 / 2", answer: Exact(scaled: 35, places: 1), tags: [], mark: .comma)
        #expect(comma.judge("3,5") == .right)
        // A point before other than three digits is decimal in a comma room too (issue 42); the hint keeps the room's comma.
        #expect(comma.judge("3.5") == .right)
        #expect(comma.judge("abc").hint == "Type a number, like 42 or 3,5.")
        let thousand = ArithQuestion(text: "10 x 100", answer: Exact(1000), tags: [], mark: .point)
        #expect(thousand.judge("1,000") == .right)
        #expect(thousand.judge("1000") == .right)
        #expect(thousand.judge("1,00") != .right)
        #expect(ArithQuestion(text: "10 x 100", answer: Exact(1000), tags: [], mark: .comma).judge("1.000") == .right)
    }

    @Test func optionsAreCheckedWithTheSharedReader() throws {
        func error(_ words: String) -> String? {
            do { _ = try quiz(words); return nil } catch { return (error as? OptionError)?.message }
        }
        #expect(error("ops=+%") == "ops= takes any of + - x / together, like ops=+- or ops=x/.")
        #expect(error("terms=6") == "terms= takes a whole number from 2 to 5.")
        #expect(error("decimals=3") == "decimals= takes a whole number from 0 to 2.")
        #expect(error("decimal=dot") == "decimal= takes point or comma.")
        #expect(error("colour=red") == "This game has no option colour=. Try /help create.")
        let q = try quiz("ops=*+ max=50")
        #expect(q.ops == [.add, .mul])
        #expect(q.max == 50)
        let s = try QuizSettings<ArithQuiz>.parse(CommandOptions(["seed=5"]), random: { 1 })
        #expect(String(decoding: s.json.encoded(), as: UTF8.self).hasPrefix(#"{"ops":"+-x/","terms":3,"max":null,"negatives":false,"parens":false,"decimals":0,"percent":false,"decimal":"point","rounds":20"#))
    }
}
