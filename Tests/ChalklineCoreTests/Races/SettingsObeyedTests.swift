import Foundation
import Testing
@testable import ChalklineCore

/// Every kind's settings read back from the questions they make: each question is parsed
/// from its text, as a bot would, and checked against what the settings and the kind's
/// levels promise, over many seeds. A setting that cannot be kept must be refused at
/// `/create` with a message naming the options; one accepted and then ignored fails here.
@Suite("Settings do what they say")
struct SettingsObeyedTests {
    /// `count` questions from `seeds` games of `words`, each game's questions in order.
    static func games<Kind: QuizKind>(_ kind: Kind.Type, _ words: String, seeds: Int, each: Int) throws -> [[Kind.Question]] {
        try (1...seeds).map { try quizQuestions(kind, words, seed: UInt64($0) * 7919, count: each) }
    }

    // MARK: arithmetic

    /// One arithmetic question as a bot reads it: its numbers (as written) and its operators.
    struct ArithReading {
        var numbers: [String] = []
        var ops: [Character] = []
        var brackets = false
        var percentOf: (Int, Int)?

        init(_ text: String) {
            let words = text.split(separator: " ")
            if words.count == 3, words[1] == "of", words[0].hasSuffix("%"), let p = Int(words[0].dropLast()), let n = Int(words[2]) {
                percentOf = (p, n)
                return
            }
            for word in words {
                if word.count == 1, let op = word.first, "+-x/".contains(op) {
                    ops.append(op)
                    continue
                }
                numbers.append(word.filter { $0 != "(" && $0 != ")" })
            }
            // `(-2)` is how a negative number is written after an operator, not a bracket.
            brackets = zip(text, text.dropFirst()).contains { $0 == "(" && $1 != "-" }
        }

        static func places(_ number: String) -> Int {
            guard let mark = number.firstIndex(where: { $0 == "." || $0 == "," }) else { return 0 }
            return number.distance(from: mark, to: number.endIndex) - 1
        }

        static func magnitude(_ number: String) -> Double {
            abs(Double(number.replacingOccurrences(of: ",", with: ".")) ?? .infinity)
        }
    }

    /// Checks `questions` (one game's, in order) against `quiz`; returns what was wrong.
    static func arithProblems(_ quiz: ArithQuiz, _ questions: [ArithQuestion]) -> [String] {
        var problems: [String] = []
        let allowed = Set(quiz.ops.map(\.rawValue))
        for (i, q) in questions.enumerated() {
            if i > 0, questions[i - 1].text == q.text { problems.append("twice in a row: \(q.text)") }
            let r = ArithReading(q.text)
            if let (_, n) = r.percentOf {
                if !quiz.percent { problems.append("a percent without percent=yes: \(q.text)") }
                if let max = quiz.max, n > max { problems.append("above max=\(max): \(q.text)") }
                continue
            }
            if r.numbers.count != quiz.terms { problems.append("\(r.numbers.count) numbers, not terms=\(quiz.terms): \(q.text)") }
            if !Set(r.ops).isSubset(of: allowed) { problems.append("an operation not in ops: \(q.text)") }
            if r.brackets && !quiz.parens { problems.append("brackets without parens=yes: \(q.text)") }
            for n in r.numbers {
                let m = ArithReading.magnitude(n)
                if let max = quiz.max {
                    if m > Double(max) { problems.append("\(n) above max=\(max): \(q.text)") }
                } else if m > 144 || (m > 100 && !r.ops.contains("/")) {
                    problems.append("\(n) above the default largest: \(q.text)")
                }
                if ArithReading.places(n) > quiz.decimals { problems.append("\(n) has more than decimals=\(quiz.decimals): \(q.text)") }
                if n.hasPrefix("-") && !quiz.negatives { problems.append("a negative without negatives=yes: \(q.text)") }
            }
            if (q.answer.decimalPlaces ?? 99) > quiz.decimals { problems.append("answer \(q.answerText) past decimals: \(q.text)") }
            if q.answer.isNegative && !quiz.negatives { problems.append("answer below zero: \(q.text) = \(q.answerText)") }
            if q.judge(q.answerText) != .right { problems.append("its own answer_text is not right: \(q.text) = \(q.answerText)") }
        }
        let used = Set(questions.flatMap { ArithReading($0.text).ops })
        if questions.count >= 100, used != allowed { problems.append("ops=\(String(quiz.ops.map(\.rawValue))) but only \(used.sorted()) asked") }
        return problems
    }

    static func checkArith(_ words: String, seeds: Int, each: Int) throws {
        let quiz: ArithQuiz
        do {
            quiz = try quizKind(ArithQuiz.self, words)
        } catch let error as OptionError {
            // Refusing is allowed, if the message says which options cannot go together.
            #expect(error.message.contains("cannot"), "\(words): \(error.message)")
            return
        }
        var problems: [String] = []
        for game in try games(ArithQuiz.self, words, seeds: seeds, each: each) { problems += arithProblems(quiz, game) }
        #expect(problems.isEmpty, "\(words): \(problems.count) problems, first: \(problems.prefix(3))")
    }

    /// The combinations issue 38 found ignored, and the usual ones: 2,000 questions each.
    @Test(arguments: ["ops=/ terms=5 max=1000 decimals=2", "ops=x terms=5 max=1000 negatives=yes", "ops=/ max=1000",
                      "", "ops=+- terms=5", "ops=x/ terms=4", "ops=/ terms=5", "ops=x terms=5", "ops=- terms=5",
                      "negatives=yes parens=yes", "decimals=1", "decimals=2 ops=x/", "percent=yes max=50",
                      "decimals=2 negatives=yes parens=yes percent=yes terms=4", "ops=x/ max=1000 terms=3 parens=yes",
                      "ops=- terms=5 max=5", "ops=/ terms=5 max=2", "ops=+-x/ terms=5 max=1000 decimals=2 parens=yes"])
    func arithKeepsItsSettings(words: String) throws {
        try Self.checkArith(words, seeds: 20, each: 100)
    }

    /// Every operation set against every length, bound, sign and decimal setting.
    @Test(arguments: ["+", "-", "x", "/", "+-", "x/", "-/", "+x", "+-x/"])
    func arithKeepsEveryCombination(ops: String) throws {
        for terms in [2, 3, 5] {
            for max in ["", " max=2", " max=12", " max=1000"] {
                for extra in ["", " negatives=yes", " decimals=2", " negatives=yes decimals=1 parens=yes", " parens=yes"] {
                    try Self.checkArith("ops=\(ops) terms=\(terms)\(max)\(extra)", seeds: 3, each: 100)
                }
            }
        }
    }

    /// What cannot be asked is refused, and the message says which options and what would do.
    @Test func arithRefusesWhatCannotBeAsked() {
        do {
            _ = try quizKind(ArithQuiz.self, "ops=- terms=5 max=3")
            Issue.record("ops=- terms=5 max=3 cannot stay at zero or above, yet was taken")
        } catch {
            let message = (error as? OptionError)?.message ?? ""
            #expect(message.contains("ops=-") && message.contains("terms=5") && message.contains("max=3"), "\(message)")
        }
        #expect((try? quizKind(ArithQuiz.self, "ops=- terms=5 max=3 negatives=yes")) != nil)
    }

    /// `max`, when given, bounds every number a question shows: a dividend too.
    @Test func arithMaxBoundsTheDividend() throws {
        for q in try quizQuestions(ArithQuiz.self, "ops=/ max=1000 terms=2", count: 2000) {
            let r = ArithReading(q.text)
            #expect(r.numbers.allSatisfy { ArithReading.magnitude($0) <= 1000 }, "\(q.text)")
        }
    }

    /// `decimal=comma` writes decimals with a comma everywhere the class reads them.
    @Test func arithCommaRoomsWriteAComma() throws {
        let all = try quizQuestions(ArithQuiz.self, "decimals=2 decimal=comma", count: 500)
        let decimals = all.filter { !$0.answer.isWhole }
        #expect(!decimals.isEmpty)
        for q in decimals { #expect(q.answerText.contains(",") && !q.answerText.contains("."), "\(q.answerText)") }
        for q in all { #expect(!q.text.contains("."), "\(q.text)") }
        #expect(all.contains { $0.text.contains(",") })
    }

    // MARK: money

    /// An amount as `currency` writes it, in minor units.
    static func minor(_ text: Substring, _ c: Currency) -> Int? {
        guard let x = c.read(String(text)), let scaled = x * Exact(c.scale), scaled.isWhole else { return nil }
        return scaled.numerator
    }

    static func percentOf(_ amount: Int, _ p: Int) -> (Int, Bool) { ((amount * p + 50) / 100, amount * p % 100 != 0) }

    /// Reads a money question back and works its answer out apart from the generator.
    static func moneyProblems(_ quiz: MoneyQuiz, _ q: MoneyQuestion) -> [String] {
        let c = quiz.currency, text = q.text
        let rounds = text.contains(", to the nearest \(c.unitName)")
        var amounts: [Int] = []
        var percent = 0
        var answer = 0, rounded = false
        func amount(_ s: Substring) -> Int {
            let n = minor(s, c) ?? -1
            amounts.append(n)
            return n
        }
        func number(_ s: Substring) -> Int { Int(s.filter(\.isNumber)) ?? -1 }
        if text.hasPrefix("Bill "), let comma = text.range(of: ", tip "), let colon = text.range(of: "%: the ") {
            let bill = amount(text[text.index(text.startIndex, offsetBy: 5)..<comma.lowerBound])
            percent = number(text[comma.upperBound..<colon.lowerBound])
            let (tip, r) = percentOf(bill, percent)
            answer = text[colon.upperBound...].hasPrefix("tip") ? tip : bill + tip
            rounded = r
        } else if let shared = text.range(of: " shared by "), let with = text.range(of: " with a "), let tip = text.range(of: "% tip") {
            let bill = amount(text[..<shared.lowerBound])
            let people = number(text[shared.upperBound..<with.lowerBound])
            percent = number(text[with.upperBound..<tip.lowerBound])
            let (t, r) = percentOf(bill, percent)
            answer = ((bill + t) * 2 + people) / (people * 2)
            rounded = r || (bill + t) % people != 0
        } else if let off = text.range(of: "% off: the price"), let comma = text.range(of: ", ", options: .backwards, range: text.startIndex..<off.lowerBound) {
            let price = amount(text[..<comma.lowerBound])
            percent = number(text[comma.upperBound..<off.lowerBound])
            let (d, r) = percentOf(price, percent)
            answer = price - d
            rounded = r
        } else if let of = text.range(of: " of "), let what = text.range(of: " is what percent?") {
            let part = amount(text[..<of.lowerBound]), whole = amount(text[of.upperBound..<what.lowerBound])
            percent = part * 100 / Swift.max(whole, 1)
            answer = percent
            if part * 100 % Swift.max(whole, 1) != 0 { return ["not a whole percent: \(text)"] }
        } else {
            return ["unreadable: \(text)"]
        }
        var problems: [String] = []
        if answer != q.answer { problems.append("answer \(q.answerText), worked out \(answer): \(text)") }
        if rounded != rounds { problems.append("rounding \(rounded) but the question says \(rounds): \(text)") }
        let yen = c.places == 0
        switch quiz.level {
        case 1:
            if amounts.contains(where: { $0 % (yen ? 100 : c.scale) != 0 }) { problems.append("level 1, an amount not whole: \(text)") }
            if ![10, 20, 50].contains(percent) { problems.append("level 1, \(percent)%: \(text)") }
        case 2:
            if amounts.contains(where: { $0 % (yen ? 100 : 5) != 0 }) { problems.append("level 2, an amount not in 5s: \(text)") }
            if !stride(from: 5, through: 25, by: 5).contains(percent) { problems.append("level 2, \(percent)%: \(text)") }
        default:
            if !(1...99).contains(percent) { problems.append("level 3, \(percent)%: \(text)") }
        }
        return problems
    }

    @Test(arguments: [1, 2, 3], ["USD", "EUR", "JPY", "CHF"])
    func moneyKeepsItsLevels(level: Int, currency: String) throws {
        let words = "level=\(level) currency=\(currency)"
        let quiz = try quizKind(MoneyQuiz.self, words)
        var problems: [String] = []
        for game in try Self.games(MoneyQuiz.self, words, seeds: 20, each: 100) {
            for (i, q) in game.enumerated() {
                problems += Self.moneyProblems(quiz, q)
                if i > 0, game[i - 1].text == q.text { problems.append("twice in a row: \(q.text)") }
            }
        }
        #expect(problems.isEmpty, "\(words): \(problems.count) problems, first: \(problems.prefix(3))")
    }

    // MARK: pace

    @Test(arguments: ["km", "mi", "both"])
    func paceLevelOneHasNothingToRound(units: String) throws {
        let words = "level=1 units=\(units) ask=time,distance,pace,speed"
        var problems: [String] = []
        for game in try Self.games(PaceQuiz.self, words, seeds: 20, each: 100) {
            for (i, q) in game.enumerated() {
                if q.text.contains(", to the nearest") || q.text.contains(", to two decimals") { problems.append(q.text) }
                if i > 0, game[i - 1].text == q.text { problems.append("twice in a row: \(q.text)") }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) of 2000 rounded, first: \(problems.prefix(3))")
    }

    /// A conversion between km and miles always rounds, at every level: the level's promise
    /// says so, and the conversion is the only question at level 1 that does.
    @Test func paceLevelOneRoundsOnlyConversions() throws {
        for game in try Self.games(PaceQuiz.self, "level=1 units=both ask=time,distance,pace,speed,convert", seeds: 20, each: 100) {
            for q in game where q.text.contains(", to the nearest") || q.text.contains(", to two decimals") {
                #expect(q.tags.first == "convert", "\(q.text)")
            }
        }
        #expect(PaceQuiz.options.first { $0.name == "level" }?.help.contains("conversion") == true)
    }

    /// `decimal=comma` writes a distance with a comma in the question as in the answer.
    @Test(arguments: ["point", "comma"])
    func paceWritesDistancesWithTheRoomsMark(mark: String) throws {
        let all = try quizQuestions(PaceQuiz.self, "level=3 decimal=\(mark) ask=time,pace,speed,distance", count: 2000)
        let wrong = mark == "comma" ? "." : ",", right = mark == "comma" ? "," : "."
        func decimals(_ s: String, _ m: String) -> Bool {
            let chars = Array(s)
            return chars.indices.dropFirst().dropLast().contains { chars[$0] == Character(m) && chars[$0 - 1].isNumber && chars[$0 + 1].isNumber }
        }
        for q in all {
            #expect(!decimals(q.text, wrong), "\(q.text)")
            #expect(!decimals(q.answerText, wrong), "\(q.answerText)")
            #expect(q.judge(q.answerText) == .right, "\(q.text) = \(q.answerText)")
        }
        #expect(all.contains { decimals($0.text, right) })
    }

    /// `ask` and `units` read back from the text, and each level's paces and distances.
    @Test(arguments: [1, 2, 3])
    func paceKeepsAskUnitsAndLevels(level: Int) throws {
        for (ask, units) in [("time,pace", "km"), ("distance,speed", "mi"), ("time,distance,pace,speed", "km"), ("pace", "mi")] {
            let words = "level=\(level) ask=\(ask) units=\(units)"
            var problems: [String] = []
            for game in try Self.games(PaceQuiz.self, words, seeds: 10, each: 100) {
                for q in game {
                    let t = q.text
                    let asked = t.contains(": pace per") ? "pace" : t.contains(": time") ? "time" : t.contains(": distance in") ? "distance"
                        : t.contains(": speed in") ? "speed" : "?"
                    if !ask.split(separator: ",").contains(Substring(asked)) { problems.append("\(asked) not in ask=\(ask): \(t)") }
                    let other = units == "km" ? [" mi", "mile", "mph"] : ["km"]
                    if other.contains(where: t.contains) { problems.append("units=\(units): \(t)") }
                    // Paces as given: "at M:SS per"; distances as given: "N km" / "N mi" before " in " or " at ".
                    if let at = t.range(of: " at "), let per = t.range(of: " per ", range: at.upperBound..<t.endIndex) {
                        let pace = t[at.upperBound..<per.lowerBound].split(separator: ":").compactMap { Int($0) }
                        let seconds = pace.count == 2 ? pace[0] * 60 + pace[1] : -1
                        if level == 1 && seconds % 60 != 0 || level == 2 && seconds % 5 != 0 { problems.append("level \(level) pace: \(t)") }
                    }
                    let words = t.split(separator: " ")
                    if words.count > 1, words[1] == "km" || words[1] == "mi", let d = Double(words[0]) {
                        if level == 1 && d != d.rounded() || level == 2 && (d * 2) != (d * 2).rounded() {
                            problems.append("level \(level) distance: \(t)")
                        }
                    }
                }
            }
            #expect(problems.isEmpty, "\(words): \(problems.count) problems, first: \(problems.prefix(3))")
        }
    }

    @Test(arguments: ["tip", "split,discount", "percent", "total,percent"])
    func moneyAsksOnlyWhatAskSays(ask: String) throws {
        for game in try Self.games(MoneyQuiz.self, "ask=\(ask)", seeds: 10, each: 100) {
            for q in game {
                let t = q.text
                let asked = t.hasSuffix("is what percent?") ? "percent" : t.contains(": the tip") ? "tip" : t.contains(": the total") ? "total"
                    : t.contains(" shared by ") ? "split" : t.contains("% off") ? "discount" : "?"
                #expect(ask.split(separator: ",").contains(Substring(asked)), "ask=\(ask): \(t)")
            }
        }
    }

    // MARK: times

    /// Every question is a fact of the chosen tables up to `max`; random order never repeats
    /// one in a row, normal order walks the multipliers as protocol.md says.
    @Test(arguments: ["all", "7", "3-5", "1", "3,4,8", "20"])
    func timesKeepsItsSettings(table: String) throws {
        for max in [2, 3, 12, 20] {
            for order in ["normal", "random"] {
                let words = "table=\(table) max=\(max) order=\(order)"
                let quiz: TimesQuiz
                do {
                    quiz = try quizKind(TimesQuiz.self, words)
                } catch let error as OptionError {
                    #expect(error.message.contains("cannot") && order == "random", "\(words): \(error.message)")
                    continue
                }
                for game in try Self.games(TimesQuiz.self, words, seeds: 4, each: 500) {
                    var problems: [String] = []
                    for (i, q) in game.enumerated() {
                        let parts = q.text.split(separator: " ")
                        guard parts.count == 3, parts[1] == "x", let a = Int(parts[0]), let b = Int(parts[2]) else {
                            problems.append("unreadable: \(q.text)"); continue
                        }
                        if !quiz.tables.contains(a) { problems.append("table \(a) not asked for: \(q.text)") }
                        if !(2...max).contains(b) { problems.append("multiplier past max=\(max): \(q.text)") }
                        if order == "random", i > 0, game[i - 1].text == q.text { problems.append("twice in a row: \(q.text)") }
                        if order == "normal", b != 2 + i % (max - 1) { problems.append("out of order at \(i): \(q.text)") }
                    }
                    #expect(problems.isEmpty, "\(words): \(problems.prefix(3))")
                }
            }
        }
    }

    // MARK: the texts that name the kinds

    @Test func protocolsCreateNamesEveryKind() throws {
        let doc = try ProtocolDocTests.protocolText()
        let start = try #require(doc.range(of: "`GAME` is"))
        let line = doc[start.lowerBound...].prefix(400)
        for name in RaceCatalog.names { #expect(line.contains("`\(name)`"), "`/create GAME` leaves out \(name)") }
    }
}
