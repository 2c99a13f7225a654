import Testing
@testable import ChalklineCore

/// Issue 42: an answer typed the local way is read in every kind where numbers are typed:
/// decimal commas and points, thousands grouped in any style, money with its symbol or code on
/// either side. Only `1,234` / `1.234` reads both ways; the answerer's language decides it
/// (or a room's `decimal=comma`), and money, which never has three decimals, groups it.
@Suite("Numbers typed the local way")
struct LocalNumberReadingTests {
    /// One answer typed by a speaker of `prefer`'s language, and whether it is right.
    struct Row: CustomStringConvertible, Sendable {
        var typed: String
        var prefer: DecimalMark = .point
        var right = true
        var description: String { "\(typed) (\(prefer))" }
    }

    static func rows(_ right: [String], prefer: DecimalMark = .point) -> [Row] { right.map { Row(typed: $0, prefer: prefer) } }
    static func wrong(_ typed: [String], prefer: DecimalMark = .point) -> [Row] { typed.map { Row(typed: $0, prefer: prefer, right: false) } }

    /// The reader itself: every style of `1234.5`, and the one ambiguity both ways.
    @Test(arguments: [
        ("1234.5", .point, "1234.5"), ("1234,5", .point, "1234.5"), ("1,234.5", .point, "1234.5"), ("1.234,5", .point, "1234.5"),
        ("1 234,5", .comma, "1234.5"), ("1\u{00A0}234,5", .comma, "1234.5"), ("1\u{202F}234,5", .comma, "1234.5"),
        ("1'234.5", .point, "1234.5"), ("1’234.5", .point, "1234.5"), ("1,234,567", .point, "1234567"), ("1.234.567", .comma, "1234567"),
        ("1,234", .point, "1234"), ("1,234", .comma, "1.234"), ("1.234", .point, "1.234"), ("1.234", .comma, "1234"),
        ("0,500", .point, "0.5"), ("3,75", .point, "3.75"), (",5", .point, "0.5"), ("-3,5", .point, "-3.5"), ("− 1 000", .point, "-1000"),
        ("1 000", .point, "1000"), ("12,50", .point, "12.5"), ("3.", .point, "3"),
    ] as [(String, DecimalMark, String)])
    func theReaderReadsEveryStyle(typed: String, prefer: DecimalMark, value: String) {
        #expect(NumberReader.read(typed, prefer: prefer)?.decimalText() == value, "\(typed)")
    }

    @Test(arguments: ["1,2,3", "1.23.4", "1 23", "12,34,567", "1,234.567,8", "3 5", "abc", "1/2", "1..2", "", "1,,000"])
    func notANumber(typed: String) {
        #expect(NumberReader.read(typed) == nil, "\(typed)")
        #expect(NumberReader.read(typed, prefer: .comma) == nil, "\(typed)")
    }

    // MARK: - times

    static let timesRows: [Row] = rows(["1500", "1,500", "1 500", "1'500", "1500,0", "1500.0", "1\u{00A0}500"])
        + rows(["1.500", "1 500", "1500,00"], prefer: .comma) + wrong(["1,5", "15,00", "150", "1,500 0"]) + wrong(["1.500"]) + wrong(["1,500"], prefer: .comma)

    @Test(arguments: timesRows)
    func times(row: Row) {
        let q = TimesQuestion(table: 50, multiplier: 30)
        #expect((q.judge(row.typed, prefer: row.prefer) == .right) == row.right)
    }

    @Test func timesSmallAnswersTooAndTheirHint() {
        let q = TimesQuestion(table: 7, multiplier: 8)
        for typed in ["56", "56,0", "56.0", " +56 "] { #expect(q.judge(typed, prefer: .comma) == .right, "\(typed)") }
        #expect(q.judge("5,6") == .wrong)
        #expect(q.judge("fifty-six").hint == "Answer with a whole number, like 42.")
    }

    // MARK: - arith

    static let arithRows: [Row] = rows(["1234.5", "1234,5", "1,234.5", "1.234,5", "1 234,5", "1'234.5", "1234,50"])
        + rows(["1 234,5", "1.234,5", "1234,5", "1234.5"], prefer: .comma) + wrong(["1,2345", "12.345"])

    @Test(arguments: arithRows)
    func arith(row: Row) {
        let q = ArithQuestion(text: "1234 + 0.5", answer: Exact(scaled: 12_345, places: 1), tags: [], mark: .point)
        #expect((q.judge(row.typed, prefer: row.prefer) == .right) == row.right)
    }

    /// `1,234` is a thousand and more to an English speaker, one and a bit to a French one;
    /// `decimal=comma` makes it the decimal for every answerer.
    @Test func theAmbiguityIsTheAnswerersOrTheRoomsComma() {
        let thousands = ArithQuestion(text: "1000 + 234", answer: Exact(1234), tags: [], mark: .point)
        let decimals = ArithQuestion(text: "1 + 0.234", answer: Exact(scaled: 1234, places: 3), tags: [], mark: .point)
        #expect(thousands.judge("1,234", prefer: .point) == .right && decimals.judge("1,234", prefer: .point) == .wrong)
        #expect(thousands.judge("1,234", prefer: .comma) == .wrong && decimals.judge("1,234", prefer: .comma) == .right)
        #expect(thousands.judge("1.234", prefer: .comma) == .right && decimals.judge("1.234", prefer: .point) == .right)
        let commaRoom = ArithQuestion(text: "1 + 0,234", answer: Exact(scaled: 1234, places: 3), tags: [], mark: .comma)
        #expect(commaRoom.judge("1,234", prefer: .point) == .right)
    }

    // MARK: - money

    static let moneyRows: [Row] = rows(["1 234,50 €", "€1,234.50", "1234.5 EUR", "1.234,50", "1,234.50", "1234,5", "EUR 1234.50",
                                    "1234.50eur", "$1,234.50", "1\u{00A0}234,50\u{00A0}€", "1'234.50", "CHF 1'234.50", "1234.5 usd", "£1,234.5"])
        + rows(["1 234,50 €", "1.234,50 €", "1234,50"], prefer: .comma) + wrong(["1,234", "1.234", "1 234", "1234,55"])

    @Test(arguments: Currency.all.filter { $0.places == 2 }.map(\.code), moneyRows)
    func moneyInEveryCurrency(code: String, row: Row) throws {
        let currency = try #require(Currency.named(code))
        let q = MoneyQuestion(ask: .total, level: 3, currency: currency, answer: 123_450,
                              words: MoneyWords(ask: .total, amount: 100_000, percent: 23, unit: currency.unitName))
        #expect((q.judge(row.typed, prefer: row.prefer) == .right) == row.right)
    }

    @Test(arguments: [DecimalMark.point, .comma])
    func moneyNeverHasThreeDecimals(prefer: DecimalMark) throws {
        let eur = try #require(Currency.named("EUR")), yen = try #require(Currency.named("JPY"))
        for typed in ["1,234", "1.234", "1 234", "1.234 €", "€1,234", "1234"] {
            #expect(eur.read(typed, prefer: prefer) == Exact(1234), "\(typed)")
            #expect(yen.read("¥" + typed, prefer: prefer) == Exact(1234), "\(typed)")
        }
    }

    static let percentsRows: [Row] = rows(["12", "12%", "12 %", "12,0", "12.0 %", "12,00%"]) + rows(["12,0 %"], prefer: .comma)
        + wrong(["12,5", "1,2", "120"])

    @Test(arguments: percentsRows)
    func moneyPercents(row: Row) throws {
        let q = MoneyQuestion(ask: .percent, level: 2, currency: try #require(Currency.named("USD")), answer: 12,
                              words: MoneyWords(ask: .percent, amount: 1000, part: 120, percent: 12, unit: "cent"))
        #expect((q.judge(row.typed, prefer: row.prefer) == .right) == row.right)
    }

    // MARK: - pace

    static let paceDistancesRows: [Row] = rows(["7,5", "7.5", "7,5 mi", "7.50 miles", "7,5 milles", "7,5 Meilen", "7,5 millas", "7,50 milhas"])
        + rows(["7,5", "7.5 mi"], prefer: .comma) + wrong(["75", "7,6"])

    @Test(arguments: paceDistancesRows)
    func paceDistances(row: Row) {
        let q = PaceQuestion(text: "45:00 at 6:00 per mile: distance in miles?", answer: .number(Exact(15, over: 2)!, unit: .mi, speed: false),
                             tags: [], mark: .point)
        #expect((q.judge(row.typed, prefer: row.prefer) == .right) == row.right)
    }

    @Test func paceSpeedsInThousandsAndTimesTheLocalWay() {
        let fast = PaceQuestion(text: "?", answer: .number(Exact(scaled: 12_345, places: 1), unit: .km, speed: true), tags: [], mark: .point)
        for typed in ["1,234.5 km/h", "1.234,5 km/h", "1 234,5", "1234,5 kmh"] { #expect(fast.judge(typed, prefer: .comma) == .right, "\(typed)") }
        let pace = PaceQuestion(text: "?", answer: .seconds(315, pace: .km), tags: [], mark: .point)
        for typed in ["5:15", "5 min 15", "5min15", "5 min 15 s", "5'15", "5:15 par km", "5:15 pro km", "5m15"] {
            #expect(pace.judge(typed) == .right, "\(typed)")
        }
        let long = PaceQuestion(text: "?", answer: .seconds(5697, pace: nil), tags: [], mark: .point)
        for typed in ["1:34:57", "1 h 34 min 57 s", "1h34min57", "1 h 34 min 57"] { #expect(long.judge(typed) == .right, "\(typed)") }
        #expect(PaceQuestion(text: "?", answer: .seconds(5640, pace: nil), tags: [], mark: .point).judge("1h34") == .right)
        #expect(pace.judge("5 min 75") != .right)
    }

    // MARK: - quiz (a set's number answers)

    @Test(arguments: [
        ("1234.5", ["1234,5", "1 234,5", "1.234,5", "1,234.5", "1'234.5", "1234.50"]),
        ("3,5", ["3.5", "3,5", "3,50"]),
        ("1 000", ["1000", "1,000", "1.000", "1 000", "1\u{00A0}000"]),
    ])
    func setNumbers(answer: String, typed: [String]) {
        let rules = SetJudgeRules(typos: false, accentsLenient: true)
        for t in typed { #expect(SetAnswerJudge.isRight(t, answers: [answer], rules: rules), "\(t) for \(answer)") }
        #expect(!SetAnswerJudge.isRight("12", answers: [answer], rules: rules))
    }
}
