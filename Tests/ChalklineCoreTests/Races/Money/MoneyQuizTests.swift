import Testing
@testable import ChalklineCore

private func quiz(_ words: String) throws -> MoneyQuiz { try quizKind(MoneyQuiz.self, words) }

private func questions(_ words: String, seed: UInt64 = 1, count: Int = 200) throws -> [MoneyQuestion] {
    try quizQuestions(MoneyQuiz.self, words, seed: seed, count: count)
}

@Suite("The money race")
struct MoneyQuizTests {
    @Test func everyCurrencyWritesAmountsAsItsUsersDo() throws {
        let written = Dictionary(uniqueKeysWithValues: Currency.all.map { ($0.code, $0.format(123_450)) })
        #expect(written == ["USD": "$1,234.50", "EUR": "1.234,50 €", "GBP": "£1,234.50", "JPY": "¥123,450",
                            "INR": "₹1,234.50", "CHF": "CHF 1'234.50", "AUD": "A$1,234.50", "CAD": "C$1,234.50"])
        #expect(try #require(Currency.named("usd")).format(720) == "$7.20")
        #expect(try #require(Currency.named("EUR")).format(5) == "0,05 €")
        #expect(try #require(Currency.named("JPY")).format(4800) == "¥4,800")
    }

    @Test func everyCurrencyReadsAmountsAsPeopleTypeThem() throws {
        let usd = try #require(Currency.named("USD")), eur = try #require(Currency.named("EUR"))
        let jpy = try #require(Currency.named("JPY")), chf = try #require(Currency.named("CHF"))
        let seven20 = Exact(720, over: 100)!
        for typed in ["$7.20", "7.2", "7.20", " 7.20 ", "USD 7.20", "usd7.2", "$ 7.20"] { #expect(usd.read(typed) == seven20, "\(typed)") }
        #expect(usd.read("$1,234.50") == Exact(123_450, over: 100)!)
        // Issue 42: a decimal comma reads in every currency (7,20 is no grouping: two digits follow).
        #expect(usd.read("7,20") == seven20)
        for typed in ["7,20 €", "7,2", "7,20", "€7,20", "EUR 7,20"] { #expect(eur.read(typed) == seven20, "\(typed)") }
        #expect(eur.read("1.234,50 €") == Exact(123_450, over: 100)!)
        #expect(jpy.read("¥4,800") == Exact(4800))
        #expect(jpy.read("4800") == Exact(4800))
        #expect(chf.read("CHF 1'234.50") == Exact(123_450, over: 100)!)
        for currency in Currency.all {
            #expect(currency.read(currency.format(98_765)) == Exact(98_765, over: currency.scale)!, "\(currency.code)")
        }
    }

    @Test func roundingIsHalfUpToTheMinorUnit() {
        #expect(MoneyQuestions.percentOf(1010, 5) == (51, true))    // 50.5 cents -> 51
        #expect(MoneyQuestions.percentOf(1030, 15) == (155, true))  // 154.5 -> 155
        #expect(MoneyQuestions.percentOf(1020, 15) == (153, false)) // exact
        #expect(MoneyQuestions.percentOf(1001, 15) == (150, true))  // 150.15 -> 150
    }

    @Test(arguments: MoneyQuiz.Ask.allCases, [1, 2, 3])
    func eachKindOfQuestionAtEachLevel(ask: MoneyQuiz.Ask, level: Int) throws {
        let all = try questions("ask=\(ask.rawValue) level=\(level)", count: 120)
        #expect(all.allSatisfy { $0.ask == ask && $0.detail == "\(ask.rawValue) level\(level)" && $0.text.hasSuffix("?") })
        for q in all {
            #expect(q.judge(q.answerText) == .right, "\(q.text) -> \(q.answerText)")
            #expect(q.answer > 0, "\(q.text)")
            // Level 1 never needs rounding; a question that rounds says so.
            if level == 1 { #expect(!q.text.contains("nearest"), "\(q.text)") }
        }
        switch ask {
        case .tip: #expect(all.allSatisfy { $0.text.hasPrefix("Bill $") && $0.text.contains(": the tip") })
        case .total: #expect(all.allSatisfy { $0.text.contains(": the total") })
        case .split: #expect(all.allSatisfy { $0.text.contains(" shared by ") && $0.text.contains("each pays") })
        case .discount: #expect(all.allSatisfy { $0.text.contains("% off: the price") })
        case .percent: #expect(all.allSatisfy { $0.text.hasSuffix(" is what percent?") && $0.answerText.hasSuffix("%") })
        }
        if level == 3 && ask != .percent { #expect(all.contains { $0.text.contains("to the nearest cent") }) }
    }

    @Test func knownQuestionsHaveKnownAnswers() {
        let usd = Currency.named("USD")!
        let tip = MoneyQuestion(ask: .tip, level: 2, currency: usd, answer: 720, words: MoneyWords(ask: .tip, amount: 4800, percent: 15, unit: "cent"))
        #expect(tip.text == "Bill $48.00, tip 15%: the tip?")
        #expect(tip.answerText == "$7.20")
        #expect(tip.answerValue == .double(7.2))
        #expect(tip.judge("7.2") == .right)
        #expect(tip.judge("$7.21") == .wrong)
        #expect(tip.judge("seven").hint == "Type an amount, like $7.20.")
        let pct = MoneyQuestion(ask: .percent, level: 2, currency: usd, answer: 15,
                                words: MoneyWords(ask: .percent, amount: 6000, part: 900, percent: 15, unit: "cent"))
        #expect(pct.text == "$9.00 of $60.00 is what percent?")
        #expect(pct.judge("15") == .right)
        #expect(pct.judge("15%") == .right)
        #expect(pct.judge("16%") == .wrong)
        #expect(pct.judge("fifteen").hint == "Type a percent, like 15 or 15%.")
        #expect(pct.answerValue == .int(15))
        let yen = MoneyQuestion(ask: .tip, level: 1, currency: Currency.named("JPY")!, answer: 480,
                                words: MoneyWords(ask: .tip, amount: 4800, percent: 10, unit: "yen"))
        #expect(yen.text == "Bill ¥4,800, tip 10%: the tip?")
        #expect(yen.answerText == "¥480")
        #expect(yen.answerValue == .int(480))
        #expect(yen.judge("480") == .right)
        #expect(yen.judge("480.5") == .wrong)
    }

    @Test(arguments: Currency.all.map(\.code))
    func everyCurrencysQuestionsUseItsOwnWriting(code: String) throws {
        let currency = try #require(Currency.named(code))
        for q in try questions("currency=\(code) level=3", count: 60) {
            #expect(q.text.contains(currency.symbol.trimmingBlanks()), "\(q.text)")
            #expect(q.judge(q.answerText) == .right)
            if currency.places == 0 { #expect(!q.text.contains("nearest cent") && !q.text.contains("."), "\(q.text)") }
        }
    }

    @Test func theSameSeedGivesTheSameGameAndNoQuestionRepeatsAtOnce() throws {
        let a = try questions("", seed: 5, count: 300)
        #expect(a.map(\.text) == (try questions("", seed: 5, count: 300)).map(\.text))
        #expect(a.map(\.text) != (try questions("", seed: 6, count: 300)).map(\.text))
        #expect(zip(a, a.dropFirst()).allSatisfy { $0.text != $1.text })
    }

    @Test func optionsAreChecked() {
        func error(_ words: String) -> String? {
            do { _ = try quiz(words); return nil } catch { return (error as? OptionError)?.message }
        }
        #expect(error("ask=tips") == "ask= takes any of tip,total,split,discount,percent, separated by commas.")
        #expect(error("level=4") == "level= takes a whole number from 1 to 3.")
        #expect(error("currency=XYZ")?.hasPrefix("currency= takes one of USD, EUR") == true)
        #expect(error("ask=tip,split currency=eur") == nil)
    }
}
