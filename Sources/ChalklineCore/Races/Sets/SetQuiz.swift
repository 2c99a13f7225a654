/// The teacher's own questions (`/create quiz set=NAME`): a set from a `--sets` folder, one
/// shipped with the server or one saved from the teacher page, typed or multiple choice.
/// The set is copied into the room at `/create`, each question's accepted answers prepared
/// once (`SetAnswerKey`), so a later change to the set leaves a running room alone and judging
/// an answer only reads what was typed.
public struct SetQuiz: QuizKind {
    public enum Order: String, Sendable, CaseIterable {
        case asis, random
    }

    public enum Ask: String, Sendable, CaseIterable {
        case question, answer, both
    }

    public enum Accents: String, Sendable, CaseIterable {
        case lenient, strict
    }

    /// The set as it was at `/create`.
    public var set: QuestionSet
    public var order: Order
    /// 0: typed answers; 2...6: that many options to pick from.
    public var choices: Int
    public var ask: Ask
    public var rules: SetJudgeRules
    /// Every question the game asks, in the set's order (with `ask=both`, the set asked one
    /// way and then the other), answers prepared.
    let prompts: [SetPrompt]
    /// The options a multiple-choice question draws from: other questions' first answers, by
    /// the way they are asked (`SetPrompt.pool`).
    let pools: [[String]]

    public static let name = "quiz"
    public static let summary = "the teacher's own questions: a question set, typed or multiple choice"
    public static let defaultTime = 20.0
    public static let roundsNote: String? = "every question once (twice with ask=both)"
    public var naturalRounds: Int? { prompts.count }
    public static let inGameReport = true

    static let setOption: GameOption<String?> = {
        var spec = OptionSpec(name: "set", type: .text(takes: "a set's name, as /sets lists them"), defaultValue: .null,
                              defaultNote: "none: name one", help: "the question set to play")
        spec.offers = .questionSets
        return GameOption<String?>(spec: spec, defaultValue: nil, parse: { text, _ in text }, encode: { $0.map(JSON.string) ?? .null })
            .people("Question set", hint: "Which of your question sets to play")
    }()
    static let orderOption = GameOption<Order>.choice(
        "order", default: .asis, help: "asis: the set's order; random: every question once, in an order drawn from the seed")
        .people("Order", hint: "In the order of the set, or mixed up")
    static let choicesOption: GameOption<Int> = {
        var spec = OptionSpec(name: "choices", type: .int(min: 0, max: SetLimits.choices), defaultValue: .int(0), defaultNote: nil,
                              help: "0: answers are typed; 2–6: multiple choice with that many options (a question's own options where the set gives them)")
        spec.valuesNote = "0, or 2–\(SetLimits.choices)"
        let refusal = OptionError(Say("error.option.sets.choices", ["max": .text(String(SetLimits.choices))]))
        return GameOption<Int>(spec: spec, defaultValue: 0, parse: { text, _ throws(OptionError) in
            guard let n = Int(text), n == 0 || (2...SetLimits.choices).contains(n) else { throw refusal }
            return n
        }, encode: { .int($0) })
        .people("Multiple choice", hint: "Leave at 0 for typed answers, or say how many options to pick from (2 to 6)")
    }()
    static let askOption = GameOption<Ask>.choice(
        "ask", default: .question,
        help: "question: ask the question; answer: show the answer, the question is what to type (a word list the other way); both: every question each way")
        .people("Ask", hint: "The question, its answer (for a word list: the other language), or both ways")
    static let typosOption = GameOption<Int>.int(
        "typos", 0...1, default: 0, help: "1: one letter wrong, missing, extra or two swapped is still right, in answers of five letters or more")
        .people("Forgive a typo", hint: "1 lets one wrong, missing or swapped letter pass in answers of five letters or more", more: true)
    static let accentsOption = GameOption<Accents>.choice(
        "accents", default: .lenient, help: "lenient: eleve is right for élève; strict: the accents must be typed")
        .people("Accents", hint: "Whether a missing accent still counts as right", more: true)
    public static let options = [setOption.spec, orderOption.spec, choicesOption.spec, askOption.spec, typosOption.spec,
                                 accentsOption.spec]

    /// Without the server's sets: every set named is unknown.
    public init(options r: inout OptionReader) throws(OptionError) {
        try self.init(options: &r, context: RaceContext(random: { 0 }, levelPacks: []))
    }

    public init(options r: inout OptionReader, context: RaceContext) throws(OptionError) {
        let named = try r.read(Self.setOption)
        order = try r.read(Self.orderOption)
        choices = try r.read(Self.choicesOption)
        ask = try r.read(Self.askOption)
        let typos = try r.read(Self.typosOption)
        let accents = try r.read(Self.accentsOption)
        rules = SetJudgeRules(typos: typos == 1, accentsLenient: accents == .lenient)
        set = try Self.find(named, in: context.questionSets)
        r.replaceEcho(Self.setOption.name, with: .string(set.name))
        (prompts, pools) = SetPrompt.prepare(set, ask: ask, rules: rules)
        if choices > 0, let lonely = prompts.firstIndex(where: { !$0.canOffer(pools) }) {
            throw OptionError(Say("error.sets.too_small", ["name": .text(set.name), "choices": .int(choices),
                                                      "question": .text(prompts[lonely].text)]))
        }
    }

    /// The set `name` names, or why there is none (in English: an option's error; `/sets`
    /// says it in the reader's language with `missing`).
    static func find(_ name: String?, in sets: SetLibrary) throws(OptionError) -> QuestionSet {
        if let name, let entry = sets.entry(named: name) { return entry.set }
        throw OptionError(missing(name, in: sets))
    }

    /// Why `name` names no set that plays: none named, left out (with the reader's problem, in
    /// English as the set file reader says it), or not there; then the sets there are.
    static func missing(_ name: String?, in sets: SetLibrary) -> Say {
        guard let name else { return Say("error.sets.name_one", ["sets": .say(setsHereSaid(sets))]) }
        if let problem = sets.problems[name.lowercased()] {
            return Say("error.sets.left_out", ["name": .text(name), "problem": "\(problem)"])
        }
        return Say("error.sets.no_such", ["name": .text(name), "sets": .say(setsHereSaid(sets))])
    }

    /// `Sets: capitals, elements.`, as `/help create quiz` ends, in English.
    static func setsHere(_ sets: SetLibrary) -> String { setsHereSaid(sets).english }

    /// `Sets: capitals, elements.`, as `/create` errors end, before it has a language.
    static func setsHereSaid(_ sets: SetLibrary) -> Say {
        let names = sets.entries.map(\.set.name)
        guard !names.isEmpty else { return Say("error.sets.none_here") }
        let shown = names.prefix(30).joined(separator: ", ")
        return names.count > 30 ? Say("error.sets.here_more", ["names": .text(shown), "more": .int(names.count - 30)])
                                : Say("error.sets.here", ["names": .text(shown)])
    }

    public func questions(seed: UInt64) -> SetQuizQuestions { SetQuizQuestions(quiz: self, seed: seed) }

    /// One table a question: how many were right, how fast, and the wrong answers given most.
    public static func reportSections(_ answers: [QuizAnswerRow], scope: ReportScope) -> [KindReportTable] {
        [SetQuizReport.byQuestion(answers, scope: scope)]
    }
}
