/// Running pace: two of time, distance and pace (or speed) given, the third asked, in
/// kilometres or miles. Times are whole seconds; a computed time or pace is rounded to the
/// second and a distance or speed to two decimals, and the question says so when it was.
/// 1 mile is 1.609344 km exactly.
public struct PaceQuiz: QuizKind {
    public enum Ask: String, Sendable, CaseIterable {
        case time, distance, pace, speed, convert
    }

    public enum Unit: String, Sendable {
        case km, mi
        /// `km` or `mile`, as in "per km", "per mile", in `language`.
        func per(_ language: Language) -> String { self == .km ? "km" : language.text("race.pace.mile") }
        /// `km` or `miles`, as in "distance in miles".
        func plural(_ language: Language) -> String { self == .km ? "km" : language.text("race.pace.miles") }
        var speed: String { self == .km ? "km/h" : "mph" }
    }

    public var asks: [Ask]
    /// `km`, `mi`, or `both` (each question picks one).
    public var units: [Unit]
    public var unitsName: String
    public var level: Int
    public var mark: DecimalMark

    public static let name = "pace"
    public static let summary = "running pace: time, distance, pace and speed"
    public static let defaultTime = 45.0
    static let mileKm = Exact(1_609_344, over: 1_000_000)!

    static let askOption = GameOption<[Ask]>.list("ask", default: [.time, .distance, .pace], help: "what is asked")
        .people("Questions about", hint: "Finishing time, distance, pace, speed, or turning a pace into the other unit")
    static let unitsOption = GameOption<String>.choice("units", ["km", "mi", "both"], word: { $0 }, default: "km",
                                                   help: "kilometres, miles, or either (each question picks)")
        .people("Units", hint: "Kilometres, miles, or a mix of both")
    static let levelOption = GameOption<Int>.int(
        "level", 1...3, default: 2,
        help: "1: whole-minute paces and round distances (nothing to round but a conversion between km and miles); 2: paces in steps of 5 seconds, distances in halves, the 5K and 10K; 3: any second, distances in tenths, the half marathon and marathon")
        .people("Level", hint: "1 has whole minutes and round distances, 2 steps of 5 seconds and the 5K and 10K, 3 any second and the marathon")
    static let markOption = DecimalMark.option(help: "how distances and speeds are written and read (7,5)")
        .people("Decimal mark", hint: "Whether distances and speeds are written 7.5 or 7,5", more: true)
    public static let options = [askOption.spec, unitsOption.spec, levelOption.spec, markOption.spec]

    public init(options r: inout OptionReader) throws(OptionError) {
        asks = try r.read(Self.askOption)
        unitsName = try r.read(Self.unitsOption)
        units = unitsName == "both" ? [.km, .mi] : [Unit(rawValue: unitsName)!]
        level = try r.read(Self.levelOption)
        mark = try r.read(Self.markOption)
    }

    public func questions(seed: UInt64) -> PaceQuestions { PaceQuestions(quiz: self, rng: SplitMix64(seed: seed)) }

    /// Accuracy and median time by what was asked and by unit.
    public static func reportSections(_ answers: [QuizAnswerRow], scope: ReportScope) -> [KindReportTable] {
        // The unit (km, mi) is not something asked: it would sit among pace and time as a row.
        QuizReport.byTag(answers, scope: scope, kind: name, tagHeading: "Asked", keep: { Unit(rawValue: $0) == nil })
    }
}

/// One pace question. A time or pace answer is right within a second of the rounded answer
/// (rounding the other way is not punished); a distance or speed within 0.01.
public struct PaceQuestion: QuizQuestion {
    public enum Answer: Sendable, Equatable {
        /// Seconds: a time, or a pace per `unit`.
        case seconds(Int, pace: PaceQuiz.Unit?)
        /// A distance in `unit`, or a speed in `unit` an hour.
        case number(Exact, unit: PaceQuiz.Unit, speed: Bool)
    }

    public let text: String
    public let answer: Answer
    public let tags: [String]
    let mark: DecimalMark
    /// What the sentence says, to write it in each language; nil for a question made by hand.
    var words: PaceWords? = nil

    public var answerText: String { answerText(mark) }

    private func answerText(_ mark: DecimalMark) -> String {
        switch answer {
        case .seconds(let s, let pace): RunningText.time(s) + (pace.map { $0 == .km ? " /km" : " /mi" } ?? "")
        case .number(let x, let unit, let speed): RunningText.number(x, mark: mark) + " " + (speed ? unit.speed : unit.rawValue)
        }
    }

    /// The room's `decimal=comma`, else the language's mark.
    private func mark(in language: Language) -> DecimalMark { mark == .comma ? .comma : DecimalMark(language.decimalMark) }

    public func spoken(in language: Language) -> String? { words?.sentence(in: language, mark: mark(in: language)) }

    /// A time reads the same everywhere; a distance or a speed takes the language's mark.
    public func answerSpoken(in language: Language) -> String? {
        guard case .number = answer else { return nil }
        return answerText(mark(in: language))
    }

    public var answerValue: JSON {
        switch answer {
        case .seconds(let s, _): .int(s)
        case .number(let x, _, _): x.json
        }
    }

    public var detail: String? { tags.joined(separator: " ") }

    public func judge(_ typed: String, prefer: DecimalMark) -> QuizVerdict {
        switch answer {
        case .seconds(let s, _):
            guard let value = RunningText.readTime(typed) else {
                return .unreadable(hint: Say("race.pace.hint.time"))
            }
            return abs(value - s) <= 1 ? .right : .wrong
        case .number(let x, _, _):
            guard let value = RunningText.readNumber(typed, prefer: mark.deciding(prefer)), let diff = value - x else {
                return .unreadable(hint: Say(mark == .comma ? "race.pace.hint.number.comma" : "race.pace.hint.number"))
            }
            return diff.magnitude <= Exact(1, over: 100)! ? .right : .wrong
        }
    }
}

/// A game's questions from the room's seed, never the same twice in a row.
public struct PaceQuestions: DrawnQuestions {
    public typealias Question = PaceQuestion
    let quiz: PaceQuiz
    var rng: SplitMix64
    public var last: String?

    init(quiz: PaceQuiz, rng: SplitMix64) {
        self.quiz = quiz
        self.rng = rng
    }

    public mutating func draw() -> PaceQuestion? { make() }
    public mutating func fallback() -> PaceQuestion { make() }

    /// A distance and how it is written: round numbers at level 1, halves at 2 (and 5K, 10K),
    /// tenths at 3 (and the half marathon and marathon, in kilometres).
    private mutating func distance(_ unit: PaceQuiz.Unit) -> (Exact, PaceWords.Distance) {
        if unit == .km, quiz.level >= 2, rng.chance(1, in: 4) {
            let named: [(PaceWords.Race, Exact)] = quiz.level == 2
                ? [(.fiveK, Exact(5)), (.tenK, Exact(10))]
                : [(.half, Exact(210_975, over: 10_000)!), (.marathon, Exact(42_195, over: 1_000)!), (.tenK, Exact(10))]
            let (name, km) = rng.pick(named)
            return (km, PaceWords.Distance(value: km, unit: unit, race: name))
        }
        let d: Exact = switch quiz.level {
        case 1: Exact(rng.pick([2, 3, 4, 5, 6, 8, 10, 12, 15, 20]))
        case 2: Exact(scaled: rng.int(in: 4...40) * 5, places: 1)
        default: Exact(scaled: rng.int(in: 15...250), places: 1)
        }
        return (d, PaceWords.Distance(value: d, unit: unit))
    }

    /// Seconds a unit: whole minutes at level 1, steps of 5 seconds at 2, any second at 3.
    private mutating func pace(_ unit: PaceQuiz.Unit) -> Int {
        let (low, high) = unit == .km ? (180, 480) : (300, 780)
        switch quiz.level {
        // Whole minutes that divide an hour into hundredths, so a speed comes out even too.
        case 1: return rng.pick((low / 60...high / 60).filter { 6000 % $0 == 0 }) * 60
        case 2: return rng.int(in: (low / 5)...(high / 5)) * 5
        default: return rng.int(in: low...high)
        }
    }

    private mutating func make() -> PaceQuestion {
        let ask = rng.pick(quiz.asks)
        let unit = rng.pick(quiz.units)
        let tags = [ask.rawValue, unit.rawValue]
        let mark = quiz.mark
        func question(_ words: PaceWords, _ answer: PaceQuestion.Answer, _ tags: [String] = tags) -> PaceQuestion {
            PaceQuestion(text: words.sentence(in: Languages.english, mark: mark), answer: answer, tags: tags, mark: mark, words: words)
        }
        switch ask {
        case .pace:
            let (d, dText) = distance(unit), p = pace(unit)
            // The time is whole seconds, as a watch shows it; the pace is worked back from it.
            let t = RunningText.seconds((d * Exact(p))!)
            let exact = (Exact(t) / d)!
            return question(PaceWords(ask: ask, unit: unit, distance: dText, time: t, rounding: exact.isWhole ? nil : .second),
                            .seconds(RunningText.seconds(exact), pace: unit))
        case .time:
            let (d, dText) = distance(unit), p = pace(unit)
            let exact = (d * Exact(p))!
            return question(PaceWords(ask: ask, unit: unit, distance: dText, pace: p, rounding: exact.isWhole ? nil : .second),
                            .seconds(RunningText.seconds(exact), pace: nil))
        case .distance:
            let p = pace(unit)
            // At level 1 the run is a round distance at a whole-minute pace, so it comes out even.
            let t = quiz.level == 1 ? rng.pick([2, 3, 4, 5, 6, 8, 10, 12]) * p
                : quiz.level == 2 ? rng.int(in: 10...120) * 60 : rng.int(in: 600...7200)
            let exact = (Exact(t) / Exact(p))!
            let answer = RunningText.rounded(exact, places: 2)
            return question(PaceWords(ask: ask, unit: unit, time: t, pace: p, rounding: answer == exact ? nil : .twoDecimals),
                            .number(answer, unit: unit, speed: false))
        case .speed:
            let (d, dText) = distance(unit), p = pace(unit)
            let t = RunningText.seconds((d * Exact(p))!)
            let exact = ((d * Exact(3600))! / Exact(t))!
            let answer = RunningText.rounded(exact, places: 2)
            return question(PaceWords(ask: ask, unit: unit, distance: dText, time: t, rounding: answer == exact ? nil : .twoDecimals),
                            .number(answer, unit: unit, speed: true))
        case .convert:
            let from = unit, to: PaceQuiz.Unit = unit == .km ? .mi : .km
            let p = pace(from)
            let exact = from == .km ? (Exact(p) * PaceQuiz.mileKm)! : (Exact(p) / PaceQuiz.mileKm)!
            return question(PaceWords(ask: ask, unit: from, pace: p, rounding: exact.isWhole ? nil : .second),
                            .seconds(RunningText.seconds(exact), pace: to), ["convert", from.rawValue, to.rawValue])
        }
    }
}

/// A pace question's sentence before it has a language: what is asked, the unit, the givens,
/// and what the rounding says.
struct PaceWords: Sendable, Equatable {
    enum Race: Sendable, Equatable { case fiveK, tenK, half, marathon }
    enum Rounding: Sendable, Equatable { case second, twoDecimals }

    /// `7.5 mi`, or a race and its kilometres: `Half marathon (21.0975 km)`.
    struct Distance: Sendable, Equatable {
        var value: Exact
        var unit: PaceQuiz.Unit
        var race: Race? = nil

        func text(in language: Language, mark: DecimalMark) -> String {
            let number = RunningText.number(value, mark: mark)
            guard let race else { return "\(number) \(unit.rawValue)" }
            let name = switch race {
            case .fiveK: "5K"
            case .tenK: "10K"
            case .half: language.text("race.pace.half_marathon")
            case .marathon: language.text("race.pace.marathon")
            }
            return language.text("race.pace.named", ["race": .text(name), "km": .text(number)])
        }
    }

    var ask: PaceQuiz.Ask
    var unit: PaceQuiz.Unit
    var distance: Distance? = nil
    var time = 0
    var pace = 0
    var rounding: Rounding?

    /// The sentence in `language`, decimals with `mark`.
    func sentence(in l: Language, mark: DecimalMark) -> String {
        let rounding: Say.Arg = switch self.rounding {
        case nil: .text("")
        case .second: .say(Say("question.pace.nearest_second"))
        case .twoDecimals: .say(Say("question.pace.two_decimals"))
        }
        let d: Say.Arg = .text(distance?.text(in: l, mark: mark) ?? "")
        let t: Say.Arg = .text(RunningText.time(time)), p: Say.Arg = .text(RunningText.time(pace))
        let per: Say.Arg = .text(unit.per(l))
        switch ask {
        case .pace: return l.text("question.pace.pace", ["distance": d, "time": t, "per": per, "rounding": rounding])
        case .time: return l.text("question.pace.time", ["distance": d, "pace": p, "per": per, "rounding": rounding])
        case .distance:
            return l.text("question.pace.distance", ["time": t, "pace": p, "per": per, "units": .text(unit.plural(l)), "rounding": rounding])
        case .speed: return l.text("question.pace.speed", ["distance": d, "time": t, "speed": .text(unit.speed), "rounding": rounding])
        case .convert:
            let to: PaceQuiz.Unit = unit == .km ? .mi : .km
            return l.text("question.pace.convert", ["pace": p, "from": per, "to": .text(to.per(l)), "rounding": rounding])
        }
    }
}
