/// A quiz room's settings: the kind's own, and those every quiz has. Checked once at `/create`,
/// so the race never meets a bad value. The kind's fields read straight through
/// (`settings.tables`).
@dynamicMemberLookup
public struct QuizSettings<Kind: QuizKind>: Sendable {
    public var kind: Kind
    public var rounds: Int
    public var streakBonus: Bool
    public var timing: RaceTiming

    public subscript<T>(dynamicMember path: KeyPath<Kind, T>) -> T { kind[keyPath: path] }

    /// What every quiz takes besides the kind's own options, for `/help create`.
    public static var sharedOptionsHelp: String {
        "rounds=\(Kind.defaultRounds) time=\(OptionReader.format(Kind.defaultTime)) gap=3 countdown=3 seed=N play=yes|no streak=on|off late=yes|no chat=on|off"
    }

    public static func parse(_ options: CommandOptions, random: () -> UInt64) throws(OptionError) -> QuizSettings {
        var r = try OptionReader(options)
        let kind = try Kind(options: &r)
        let rounds = try r.int("rounds", default: Kind.defaultRounds, in: 1...Limits.maxRounds)
        let streak = try r.flag("streak", default: true)
        let timing = try RaceTiming.read(&r, defaultTime: Kind.defaultTime, timeRange: Limits.questionSeconds, random: random)
        try r.finish()
        return QuizSettings(kind: kind, rounds: rounds, streakBonus: streak, timing: timing)
    }

    /// As `/create` echoes it: the kind's fields, then `rounds`, `streak` and the timing.
    var json: JSON {
        .object(kind.settingsJSON + [("rounds", .int(rounds)), ("streak", .bool(streakBonus))] + timing.json)
    }
}

/// The times race's settings, by the name its tests and reports have always used.
public typealias TimesSettings = QuizSettings<TimesQuiz>
