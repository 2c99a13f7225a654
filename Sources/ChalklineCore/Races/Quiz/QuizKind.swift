/// A kind of quiz: one question for everyone, one attempt each, points for speed and a streak
/// bonus. `QuizRace` does all of that (timing, scoring, streaks, late joins, `/skip`,
/// `round_end`, records) for every kind; a kind supplies only its options, its questions and
/// how to read a typed answer, so a new kind cannot get the scoring wrong.
///
/// Adding a kind: its folder under `Races/` (the kind, its options, its questions), its tests,
/// a line in `RaceCatalog`, a section in protocol.md, and a solver for `chalkline bot`. Help,
/// `/catalog`, `settings` and the schema follow from its `options`.
public protocol QuizKind: Sendable {
    associatedtype Question: QuizQuestion
    associatedtype Questions: QuizQuestionSource<Question>

    /// As `/create` takes it: `times`, `arith`.
    static var name: String { get }
    /// One line for `/help create` and `/rooms` readers: "times tables: one fact a question".
    static var summary: String { get }
    /// The kind's own options, declared once (see `GameOption`), in the order `init(options:)`
    /// reads them and `settings` echoes them; the options every quiz has come after.
    static var options: [OptionSpec] { get }
    /// Seconds a question stays open unless `time=` says otherwise.
    static var defaultTime: Double { get }
    /// Questions in a game unless `rounds=` says otherwise.
    static var defaultRounds: Int { get }

    /// Reads the kind's own options, each with `r.read(Self.option)` and in the order of
    /// `options` (the values read are what `settings` echoes); the quiz reads the shared
    /// options after it.
    init(options: inout OptionReader) throws(OptionError)
    /// The same, for a kind whose questions come from the server (the quiz kind's sets): by
    /// default `init(options:)`, for the kinds that make their own questions.
    init(options: inout OptionReader, context: RaceContext) throws(OptionError)
    /// Questions in a game when `rounds=` is not given and the kind's content says how many
    /// (a set's questions); nil for `defaultRounds`.
    var naturalRounds: Int? { get }
    /// How `/help` and `/catalog` say the default of `rounds=` when `naturalRounds` decides it.
    static var roundsNote: String? { get }
    /// A game's questions: the same seed gives the same questions on every machine (draw with
    /// `SplitMix64`'s own methods, never the standard library's `random`/`shuffle`). Never ends.
    func questions(seed: UInt64) -> Questions

    /// The kind's "what is hard for this student / this class" sections of the reports.
    /// The default groups answers by the tags in each question's `detail` (`QuizReport.byTag`).
    static func reportSections(_ answers: [QuizAnswerRow], scope: ReportScope) -> [KindReportTable]
    /// Whether `report game ID` ends with those sections, for the game's class (false: the
    /// game report's own question table says enough).
    static var inGameReport: Bool { get }
}

extension QuizKind {
    public static var defaultRounds: Int { 20 }
    public init(options r: inout OptionReader, context: RaceContext) throws(OptionError) { try self.init(options: &r) }
    public var naturalRounds: Int? { nil }
    public static var inGameReport: Bool { false }
    public static var roundsNote: String? { nil }
    public static func reportSections(_ answers: [QuizAnswerRow], scope: ReportScope) -> [KindReportTable] {
        QuizReport.byTag(answers, scope: scope, kind: name)
    }
}

/// One question of a quiz, with everything needed to show it, judge it and record it.
public protocol QuizQuestion: Sendable, Equatable {
    /// The question as json `text` carries it and the text mode shows it: `7 x 8`, `15% of 80`.
    var text: String { get }
    /// The text mode's question line; by default `QuestionText.prompt`: `7 x 8 = ?`, or a
    /// question that ends with `?` as it is (`Bill $48.00, tip 15%: the tip?`).
    var prompt: String { get }
    /// `round_end`'s text-mode line after "Time! ": `7 x 8 = 56`, or the sentence and its answer.
    var reveal: String { get }
    /// The right answer as the text mode shows it: `56`, `3.5`, `$7.20`, `5:15 /km`.
    var answerText: String { get }
    /// The right answer as `round_end`'s `answer`: `.int` or `.double` where it is a number.
    var answerValue: JSON { get }
    /// Kept with the question's record for the kind's reports. By default, space-separated tags
    /// (skills: `x precedence decimals`) that `QuizReport.byTag` counts; times keeps `7,8`.
    var detail: String? { get }
    /// Reads a typed answer, leniently, and judges it strictly. An unreadable answer keeps the
    /// player's attempt and gets the hint (`Type a number, like 3.5.`). `prefer` is the decimal
    /// mark of the answerer's language: it decides only a number that reads both ways (`1,234`;
    /// see `NumberReader`).
    func judge(_ typed: String, prefer: DecimalMark) -> QuizVerdict
    /// The question as `language` says it (`Addition 48,00 €, pourboire 15 % : le pourboire ?`),
    /// where it is a sentence or holds a number some language writes otherwise; nil where `text`
    /// reads the same in every language (`7 x 8`). json's `message`, the text mode's prompt.
    func spoken(in language: Language) -> String?
    /// The right answer as `language` writes it (`7,20 €`, `7,5 km`); nil where `answerText` is
    /// the same in every language.
    func answerSpoken(in language: Language) -> String?
    /// The options of a multiple-choice question, in the order shown (`A`, `B`...); nil for a
    /// typed answer.
    var choices: [String]? { get }
    /// The question's own time limit, used when the teacher gave no `time=`; nil for the room's.
    var ownLimitMs: Millis? { get }
}

extension QuizQuestion {
    public var prompt: String { QuestionText.prompt(text) }
    public var reveal: String { QuestionText.reveal(text) + " " + answerText }
    public var detail: String? { nil }
    public var choices: [String]? { nil }
    public var ownLimitMs: Millis? { nil }
    public func spoken(in language: Language) -> String? { nil }
    public func answerSpoken(in language: Language) -> String? { nil }
    /// Judged as an English speaker types: what the solvers and most tests ask.
    public func judge(_ typed: String) -> QuizVerdict { judge(typed, prefer: .point) }
}

/// A game's questions, drawn one at a time; never runs out.
public protocol QuizQuestionSource<Question>: Sendable {
    associatedtype Question: QuizQuestion
    mutating func next() -> Question
}

public enum QuizVerdict: Equatable, Sendable {
    case right
    case wrong
    /// Not an answer at all (`abc`, `7/2` where fractions are not taken): the hint says what is,
    /// in the answerer's language.
    case unreadable(hint: Say)

    /// The hint in English, for tests and logs.
    public var hint: String? {
        if case .unreadable(let hint) = self { return hint.english }
        return nil
    }

    public static func == (a: QuizVerdict, b: QuizVerdict) -> Bool {
        switch (a, b) {
        case (.right, .right), (.wrong, .wrong): true
        case let (.unreadable(x), .unreadable(y)): x.english == y.english
        default: false
        }
    }
}
