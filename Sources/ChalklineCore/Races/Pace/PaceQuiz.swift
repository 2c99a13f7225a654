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
        /// `km` or `mile`, as in "per km", "per mile".
        var per: String { self == .km ? "km" : "mile" }
        /// `km` or `miles`, as in "distance in miles".
        var plural: String { self == .km ? "km" : "miles" }
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

    public var answerText: String {
        switch answer {
        case .seconds(let s, let pace): RunningText.time(s) + (pace.map { $0 == .km ? " /km" : " /mi" } ?? "")
        case .number(let x, let unit, let speed): RunningText.number(x, mark: mark) + " " + (speed ? unit.speed : unit.rawValue)
        }
    }

    public var answerValue: JSON {
        switch answer {
        case .seconds(let s, _): .int(s)
        case .number(let x, _, _): x.json
        }
    }

    public var detail: String? { tags.joined(separator: " ") }

    public func judge(_ typed: String) -> QuizVerdict {
        switch answer {
        case .seconds(let s, _):
            guard let value = RunningText.readTime(typed) else {
                return .unreadable(hint: "Type a time, like 5:15 or 1:34:57.")
            }
            return abs(value - s) <= 1 ? .right : .wrong
        case .number(let x, _, _):
            guard let value = RunningText.readNumber(typed, mark: mark), let diff = value - x else {
                return .unreadable(hint: mark == .point ? "Type a number, like 7.5." : "Type a number, like 7,5.")
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
    private mutating func distance(_ unit: PaceQuiz.Unit) -> (Exact, String) {
        if unit == .km, quiz.level >= 2, rng.chance(1, in: 4) {
            let named: [(String, Exact)] = quiz.level == 2
                ? [("5K", Exact(5)), ("10K", Exact(10))]
                : [("Half marathon", Exact(210_975, over: 10_000)!), ("Marathon", Exact(42_195, over: 1_000)!), ("10K", Exact(10))]
            let (name, km) = rng.pick(named)
            return (km, "\(name) (\(RunningText.number(km, mark: quiz.mark)) km)")
        }
        let d: Exact = switch quiz.level {
        case 1: Exact(rng.pick([2, 3, 4, 5, 6, 8, 10, 12, 15, 20]))
        case 2: Exact(scaled: rng.int(in: 4...40) * 5, places: 1)
        default: Exact(scaled: rng.int(in: 15...250), places: 1)
        }
        return (d, "\(RunningText.number(d, mark: quiz.mark)) \(unit.rawValue)")
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

    /// What the question adds when its answer had to be rounded.
    private func rounding(_ exact: Bool, _ what: String, decimals: Bool = false) -> String {
        exact ? "" : decimals ? ", to two decimals" : ", to the nearest \(what)"
    }

    private mutating func make() -> PaceQuestion {
        let ask = rng.pick(quiz.asks)
        let unit = rng.pick(quiz.units)
        let tags = [ask.rawValue, unit.rawValue]
        func question(_ text: String, _ answer: PaceQuestion.Answer, _ tags: [String] = tags) -> PaceQuestion {
            PaceQuestion(text: text, answer: answer, tags: tags, mark: quiz.mark)
        }
        switch ask {
        case .pace:
            let (d, dText) = distance(unit), p = pace(unit)
            // The time is whole seconds, as a watch shows it; the pace is worked back from it.
            let t = RunningText.seconds((d * Exact(p))!)
            let exact = (Exact(t) / d)!
            let answer = RunningText.seconds(exact)
            return question("\(dText) in \(RunningText.time(t)): pace per \(unit.per)\(rounding(exact.isWhole, "second"))?",
                            .seconds(answer, pace: unit))
        case .time:
            let (d, dText) = distance(unit), p = pace(unit)
            let exact = (d * Exact(p))!
            return question("\(dText) at \(RunningText.time(p)) per \(unit.per): time\(rounding(exact.isWhole, "second"))?",
                            .seconds(RunningText.seconds(exact), pace: nil))
        case .distance:
            let p = pace(unit)
            // At level 1 the run is a round distance at a whole-minute pace, so it comes out even.
            let t = quiz.level == 1 ? rng.pick([2, 3, 4, 5, 6, 8, 10, 12]) * p
                : quiz.level == 2 ? rng.int(in: 10...120) * 60 : rng.int(in: 600...7200)
            let exact = (Exact(t) / Exact(p))!
            let answer = RunningText.rounded(exact, places: 2)
            return question("\(RunningText.time(t)) at \(RunningText.time(p)) per \(unit.per): distance in \(unit.plural)\(rounding(answer == exact, "0.01", decimals: true))?",
                            .number(answer, unit: unit, speed: false))
        case .speed:
            let (d, dText) = distance(unit), p = pace(unit)
            let t = RunningText.seconds((d * Exact(p))!)
            let exact = ((d * Exact(3600))! / Exact(t))!
            let answer = RunningText.rounded(exact, places: 2)
            return question("\(dText) in \(RunningText.time(t)): speed in \(unit.speed)\(rounding(answer == exact, "0.01", decimals: true))?",
                            .number(answer, unit: unit, speed: true))
        case .convert:
            let from = unit, to: PaceQuiz.Unit = unit == .km ? .mi : .km
            let p = pace(from)
            let exact = from == .km ? (Exact(p) * PaceQuiz.mileKm)! : (Exact(p) / PaceQuiz.mileKm)!
            return question("\(RunningText.time(p)) per \(from.per): pace per \(to.per)\(rounding(exact.isWhole, "second"))?",
                            .seconds(RunningText.seconds(exact), pace: to), ["convert", from.rawValue, to.rawValue])
        }
    }
}
