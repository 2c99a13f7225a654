/// Money: tips, totals, splits, discounts and percents, in the class's own currency. Amounts
/// are whole minor units (cents), every result is rounded half up to the minor unit, and the
/// question says so whenever rounding happens; no `Double` anywhere.
public struct MoneyQuiz: QuizKind {
    public enum Ask: String, Sendable, CaseIterable {
        case tip, total, split, discount, percent
    }

    public var asks: [Ask]
    public var level: Int
    public var currency: Currency

    public static let name = "money"
    public static let summary = "money: tips, totals, splits, discounts, percents"
    public static let defaultTime = 30.0

    static let askOption = GameOption<[Ask]>.list("ask", default: Ask.allCases, defaultNote: "all five", help: "the kinds of question")
        .people("Questions about", hint: "Tips, totals, splitting a bill, discounts and percents: any of them")
    static let levelOption = GameOption<Int>.int(
        "level", 1...3, default: 2,
        help: "1: whole amounts and percents of 10, 20 or 50 (nothing to round); 2: amounts in steps of 5 cents and percents 5–25 in steps of 5; 3: any amount and any whole percent")
        .people("Level", hint: "1 is whole amounts and 10, 20 or 50 percent, 2 adds cents in fives and percents up to 25, 3 is any amount and any percent")
    static let currencyOption = GameOption<Currency>.choice("currency", Currency.all, word: { $0.code }, default: Currency.all[0],
                                                         help: "how amounts are written and read")
        .people("Currency", hint: "How amounts are written and typed")
    public static let options = [askOption.spec, levelOption.spec, currencyOption.spec]

    public init(options r: inout OptionReader) throws(OptionError) {
        asks = try r.read(Self.askOption)
        level = try r.read(Self.levelOption)
        currency = try r.read(Self.currencyOption)
    }

    public func questions(seed: UInt64) -> MoneyQuestions { MoneyQuestions(quiz: self, rng: SplitMix64(seed: seed)) }

    /// Accuracy and median time by question kind and by level.
    public static func reportSections(_ answers: [QuizAnswerRow], scope: ReportScope) -> [KindReportTable] {
        // Every question of a game has the room's one level: not a skill of its own.
        QuizReport.byTag(answers, scope: scope, kind: name, tagHeading: "Question", keep: { !$0.hasPrefix("level") })
    }
}

/// One money question; its answer is an amount (minor units) or, for `percent`, a whole percent.
public struct MoneyQuestion: QuizQuestion {
    let ask: MoneyQuiz.Ask
    let level: Int
    let currency: Currency
    /// Minor units, or the percent for `percent`.
    let answer: Int
    /// What the sentence says, written in each language.
    let words: MoneyWords

    /// As the currency's country writes its amounts, in English: what bots parse.
    public var text: String { words.sentence(in: Languages.english, currency.format) }
    public func spoken(in language: Language) -> String? { words.sentence(in: language) { currency.format($0, in: language) } }

    public var answerText: String { ask == .percent ? "\(answer)%" : currency.format(answer) }
    public func answerSpoken(in language: Language) -> String? {
        ask == .percent ? language.text("race.money.percent", ["percent": .int(answer)]) : currency.format(answer, in: language)
    }
    public var answerValue: JSON { ask == .percent ? .int(answer) : Exact(answer, over: currency.scale)!.json }
    public var detail: String? { "\(ask.rawValue) level\(level)" }

    public func judge(_ typed: String, prefer: DecimalMark) -> QuizVerdict {
        if ask == .percent {
            var text = Substring(typed.trimmingBlanks())
            if text.hasSuffix("%") { text = text.dropLast() }
            guard let value = NumberReader.read(String(text), prefer: prefer) else {
                return .unreadable(hint: Say("race.money.hint.percent"))
            }
            return value == Exact(answer) ? .right : .wrong
        }
        guard let value = currency.read(typed, prefer: prefer) else {
            return .unreadable(hint: Say("race.money.hint.amount", ["example": .say(currency.example)]))
        }
        return value == Exact(answer, over: currency.scale)! ? .right : .wrong
    }
}

/// A money question's sentence before it has a language: its kind, amounts (minor units),
/// percent, people, and whether the answer was rounded.
struct MoneyWords: Sendable, Equatable {
    var ask: MoneyQuiz.Ask
    var amount: Int
    /// The part, for `percent`.
    var part = 0
    var percent: Int
    var people = 0
    var rounded = false
    var unit: String

    /// The sentence in `language`, amounts written by `money`.
    func sentence(in language: Language, _ money: (Int) -> String) -> String {
        let nearest: Say.Arg = rounded ? .say(Say(Self.nearestKey(unit))) : .text("")
        switch ask {
        case .tip: return language.text("question.money.tip", ["bill": .text(money(amount)), "percent": .int(percent), "nearest": nearest])
        case .total: return language.text("question.money.total", ["bill": .text(money(amount)), "percent": .int(percent), "nearest": nearest])
        case .split:
            return language.text("question.money.split", ["bill": .text(money(amount)), "people": .int(people), "percent": .int(percent), "nearest": nearest])
        case .discount: return language.text("question.money.discount", ["price": .text(money(amount)), "percent": .int(percent), "nearest": nearest])
        case .percent: return language.text("question.money.percent", ["part": .text(money(part)), "whole": .text(money(amount))])
        }
    }

    /// ", to the nearest cent": each minor unit's own phrase (a language's grammar differs by unit).
    static func nearestKey(_ unit: String) -> String {
        switch unit {
        case "penny": "question.money.nearest.penny"
        case "yen": "question.money.nearest.yen"
        case "paisa": "question.money.nearest.paisa"
        case "centime": "question.money.nearest.centime"
        default: "question.money.nearest.cent"
        }
    }
}

/// A game's questions from the room's seed, never the same twice in a row.
public struct MoneyQuestions: DrawnQuestions {
    public typealias Question = MoneyQuestion
    let quiz: MoneyQuiz
    var rng: SplitMix64
    public var last: String?

    init(quiz: MoneyQuiz, rng: SplitMix64) {
        self.quiz = quiz
        self.rng = rng
    }

    public mutating func draw() -> MoneyQuestion? { make() }
    public mutating func fallback() -> MoneyQuestion { make() }

    private var currency: Currency { quiz.currency }

    /// `amount x percent / 100`, half up to the minor unit, and whether it had to be rounded.
    static func percentOf(_ amount: Int, _ percent: Int) -> (Int, rounded: Bool) {
        let hundredths = amount * percent
        return ((hundredths + 50) / 100, hundredths % 100 != 0)
    }

    /// A bill in minor units: whole major units at level 1, multiples of 5 minor units at 2,
    /// any at 3. The yen, with no minor unit, counts in hundreds (and tens at level 3).
    private mutating func bill(_ low: Int, _ high: Int) -> Int {
        if currency.places == 0 {
            let step = quiz.level == 3 ? 10 : 100
            return rng.int(in: (low * 100 / step)...(high * 100 / step)) * step
        }
        let major = rng.int(in: low...high) * currency.scale
        switch quiz.level {
        case 1: return major
        case 2: return major + rng.int(in: 0...19) * 5
        default: return major + rng.int(in: 0...99)
        }
    }

    private mutating func percent(tip: Bool) -> Int {
        switch quiz.level {
        case 1: return rng.pick([10, 20, 50])
        case 2: return rng.int(in: 1...5) * 5
        default: return rng.int(in: tip ? 1...30 : 1...75)
        }
    }

    private mutating func make() -> MoneyQuestion {
        let ask = rng.pick(quiz.asks)
        let c = currency
        func question(_ words: MoneyWords, _ answer: Int) -> MoneyQuestion {
            MoneyQuestion(ask: ask, level: quiz.level, currency: c, answer: answer, words: words)
        }
        switch ask {
        case .tip, .total:
            let amount = bill(5, 120), pct = percent(tip: true)
            let (tip, rounded) = Self.percentOf(amount, pct)
            return question(MoneyWords(ask: ask, amount: amount, percent: pct, rounded: rounded, unit: c.unitName),
                            ask == .tip ? tip : amount + tip)
        case .split:
            let people = rng.int(in: 2...6), pct = percent(tip: true)
            var amount = bill(20, 200)
            // At level 1 the shares come out even: the bill with its tip divides by the people.
            // (in tens, or the yen's hundreds, so the bill is a whole amount of the level too).
            if quiz.level == 1 {
                let unit = people * (c.places == 0 ? 100 : c.scale * 10)
                amount = (amount / unit + 1) * unit
            }
            let (tip, tipRounded) = Self.percentOf(amount, pct)
            let total = amount + tip
            let share = (total * 2 + people) / (people * 2)
            let rounded = tipRounded || total % people != 0
            return question(MoneyWords(ask: ask, amount: amount, percent: pct, people: people, rounded: rounded, unit: c.unitName), share)
        case .discount:
            let amount = bill(5, 150), pct = percent(tip: false)
            let (off, rounded) = Self.percentOf(amount, pct)
            return question(MoneyWords(ask: ask, amount: amount, percent: pct, rounded: rounded, unit: c.unitName), amount - off)
        case .percent:
            // The part is a whole percent of the whole: choose both, then the amounts.
            let pct = quiz.level == 3 ? rng.int(in: 1...99) : percent(tip: false)
            var whole = bill(10, 200)
            let step = c.places == 0 ? 100 : (quiz.level == 3 ? 1 : c.scale)
            whole = Swift.max(step, whole / step * step)
            // The part is an amount of the level too (whole at 1, in fives at 2): whole x pct
            // divisible by 100 of its steps.
            let partStep = quiz.level == 3 ? 1 : c.places == 0 ? 100 : quiz.level == 1 ? c.scale : 5
            while whole * pct % (100 * partStep) != 0 { whole += step }
            return question(MoneyWords(ask: ask, amount: whole, part: whole * pct / 100, percent: pct, unit: c.unitName), pct)
        }
    }
}
