/// What a kind needs from the server to make its race: the room's random source (for seeds)
/// and the word packs and question sets this server has.
public struct RaceContext {
    var random: () -> UInt64
    var levelPacks: [LevelPack]
    /// The question sets `/create quiz set=NAME` names, as they are now.
    public var questionSets = SetLibrary()
    /// One student's Leitner boxes, for a try of adaptive times homework (`TimesQuiz.practice`).
    public var practice: LeitnerBoxes?
}

/// One kind of game, as `/create KIND` takes it.
public struct RaceKind: Sendable {
    /// How a kind's rounds are played, which the reports and a few texts follow.
    public enum Style: Sendable {
        /// One question for everyone, one attempt each: `QuizRace`. Its reports come from
        /// the kind's `reportSections`.
        case quiz(reportSections: @Sendable ([QuizAnswerRow], ReportScope) -> [KindReportTable])
        /// A board of clues the room races to claim: the word puzzle.
        case board
    }

    public let name: String
    /// One line for `/help create`.
    public let summary: String
    /// Every option `/create KIND` takes, in the order `settings` echoes them: what
    /// `/help create KIND`, `/catalog` and the schema's `settings_KIND` are made from.
    public let options: [OptionSpec]
    public let style: Style
    let make: @Sendable (CommandOptions, RaceContext) throws(ErrorReply) -> Race
    /// The kind's report sections close `report game ID` too (a set's game: one row a question).
    public var inGameReport = false

    /// What one round is called in texts: "question", or "level".
    public var roundNoun: String {
        if case .board = style { return "level" }
        return "question"
    }

    static func quiz<Kind: QuizKind>(_ kind: Kind.Type) -> RaceKind {
        var entry = RaceKind(
            name: Kind.name, summary: Kind.summary,
            options: QuizSettings<Kind>.options,
            style: .quiz(reportSections: { Kind.reportSections($0, scope: $1) }),
            make: { options, context throws(ErrorReply) in
                do throws(OptionError) {
                    return QuizRace(settings: try QuizSettings<Kind>.parse(options, context: context))
                } catch {
                    throw ErrorReply("create", .badArgs, error.say)
                }
            })
        entry.inGameReport = Kind.inGameReport
        return entry
    }
}

/// The only list of game kinds in the code. `/create`, `/help`, the welcome, the errors that
/// name the games, and the reports all read it: adding a kind here is its only registration.
public enum RaceCatalog {
    /// In the order `/help` lists them; a new kind goes at the end, so reports keep their
    /// tables' order.
    public static let kinds: [RaceKind] = [
        .quiz(TimesQuiz.self),
        WordsRace.catalogEntry,
        .quiz(ArithQuiz.self),
        .quiz(MoneyQuiz.self),
        .quiz(PaceQuiz.self),
        .quiz(SetQuiz.self),
    ]

    public static var names: [String] { kinds.map(\.name) }

    public static func kind(named name: String) -> RaceKind? {
        kinds.first { $0.name == name.lowercased() }
    }

    /// How a text says "open a room": `/create times or /create words` while there are two
    /// kinds, `/create GAME (times, words or arith)` once a list of commands would not read.
    public static var createHint: String { createHint(names) }

    static func createHint(_ names: [String]) -> String {
        names.count <= 2
            ? names.map { "/create \($0)" }.joined(separator: " or ")
            : "/create GAME (\(orList(names)))"
    }

    /// How a usage line names the game: `times|words` while that fits a line, else `GAME`.
    public static var gameWord: String { names.count <= 2 ? names.joined(separator: "|") : "GAME" }

    /// `a`, `a or b`, `a, b or c`.
    static func orList(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words.last!
    }
}
