/// A quiz room's settings: the kind's own, and those every quiz has. Checked once at `/create`,
/// so the race never meets a bad value. The kind's fields read straight through
/// (`settings.tables`).
@dynamicMemberLookup
public struct QuizSettings<Kind: QuizKind>: Sendable {
    public var kind: Kind
    /// The kind's own options as `settings` echoes them, in its declaration's order.
    public var kindFields: [(String, JSON)]
    public var rounds: Int
    public var streakBonus: Bool
    public var timing: RaceTiming
    /// `time=` was given: it is every question's limit, even where a question has its own.
    public var timeGiven = false

    public subscript<T>(dynamicMember path: KeyPath<Kind, T>) -> T { kind[keyPath: path] }

    /// What every quiz takes besides the kind's own options.
    static var rounds: GameOption<Int> {
        let rounds = GameOption<Int>.int("rounds", 1...Limits.maxRounds, default: Kind.defaultRounds, help: "questions in a game")
            .people("Questions", hint: "How many questions one game has")
        return Kind.roundsNote.map { rounds.noted($0) } ?? rounds
    }
    static var streak: GameOption<Bool> {
        .flag("streak", default: true, spelled: .onOff, help: "the streak bonus (off lets the middle of the class catch up)")
            .people("Streak bonus", hint: "Extra points for right answers in a row; without it the middle of the class can catch up",
                    more: true)
    }
    static var timingOptions: RaceTiming.Options {
        RaceTiming.Options(defaultTime: Kind.defaultTime, timeRange: Limits.questionSeconds, round: "question")
    }

    /// Every option of the kind, its own first, in the order `settings` echoes them.
    public static var options: [OptionSpec] { Kind.options + [rounds.spec, streak.spec] + timingOptions.specs }

    public static func parse(_ options: CommandOptions, random: @escaping () -> UInt64) throws(OptionError) -> QuizSettings {
        try parse(options, context: RaceContext(random: random, levelPacks: []))
    }

    public static func parse(_ options: CommandOptions, context: RaceContext) throws(OptionError) -> QuizSettings {
        var r = try OptionReader(options)
        let kind = try Kind(options: &r, context: context)
        let kindFields = r.echo
        var rounds = try r.read(Self.rounds)
        if !r.given(Self.rounds.name), let natural = kind.naturalRounds { rounds = min(natural, Limits.maxRounds) }
        let streak = try r.read(Self.streak)
        let timing = try RaceTiming.read(&r, timingOptions, random: context.random)
        let timeGiven = r.given(timingOptions.time.name)
        try r.finish()
        return QuizSettings(kind: kind, kindFields: kindFields, rounds: rounds, streakBonus: streak, timing: timing, timeGiven: timeGiven)
    }

    /// A question's time limit: `time=` when given, else the question's own, else the default.
    func limitMs(_ question: Kind.Question) -> Millis {
        timeGiven ? timing.roundMs : question.ownLimitMs ?? timing.roundMs
    }

    /// As `/create` echoes it: the kind's fields, then `rounds`, `streak` and the timing.
    var json: JSON {
        .object(kindFields + [Self.rounds.field(rounds), Self.streak.field(streakBonus)] + timing.json(Self.timingOptions))
    }
}

/// The times race's settings, by the name its tests and reports have always used.
public typealias TimesSettings = QuizSettings<TimesQuiz>
