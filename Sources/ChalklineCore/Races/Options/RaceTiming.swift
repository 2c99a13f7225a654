/// Settings every race has: how long, how paced, and who may play.
public struct RaceTiming: Equatable, Sendable {
    public var roundMs: Millis
    public var gapMs: Millis
    public var countdownMs: Millis
    public var seed: UInt64
    /// `seed=` was given: every game of the room replays it. Without it, each game after the
    /// first draws its own (`reseed`), so a class's second game is not its first again.
    public var seedGiven = false
    /// The room's creator plays too (`play=no` makes them a host who only runs the game).
    public var hostPlays: Bool
    /// Players may join a running game, starting with the next round.
    public var lateJoin: Bool
    /// Players may `/say` (the host always may); `/set chat=` changes it at any time.
    public var chat: Bool = true
    /// How a right answer is paid: for speed (the default) or the same whatever the speed.
    public var scoring: ScoringMode = .speed
    /// How much of the table round and level results show (`game_end`, the podium, is whole).
    public var board: BoardCut = .all
    /// Whether the projector (host and watchers) sees names in the results and tables.
    public var names: NameDisplay = .shown
    /// `teams=N`: the room's players form N teams (2...8); nil for a room without teams.
    public var teams: Int? = nil

    /// A new game of the room begins: `fresh` replaces the seed unless the host chose one.
    mutating func reseed(_ fresh: UInt64, firstGame: Bool) {
        if !seedGiven && !firstGame { seed = fresh % 1_000_000_000 }
    }

    /// The options every race takes, declared once; `time` differs by kind, and the help says
    /// "question" or "level" as the kind's rounds are called.
    public struct Options: Sendable {
        public let time, gap, countdown: GameOption<Millis>
        public let seed: GameOption<Int?>
        public let play, late: GameOption<Bool>
        public let chat = RaceTiming.chatOption
        public let scoring = GameOption<ScoringMode>.choice("scoring", default: .speed,
            help: "speed: faster right answers earn more; accuracy: every right answer earns the same (time only breaks ties)")
            .people("Scoring", hint: "Faster right answers earn more, or every right answer earns the same", more: true)
        public let board = GameOption<BoardCut>.choice("board", default: .all,
            help: "how much of the leaderboard each round shows: top5, top10, all, or none until the podium (each player still sees their own place)")
            .people("Leaderboard", hint: "How much of the ranking the class sees between rounds; each student still sees their own place",
                    more: true)
        public let names = GameOption<NameDisplay>.choice("names", default: .shown,
            help: "hidden: the projector (host and watchers) shows places and scores without names")
            .people("Names on the big screen", hint: "Hide names on the projector and show places and scores only", more: true)
        public let teams = GameOption<Int?>.int("teams", 2...Teams.maxTeams, defaultNote: "no teams",
            help: "play in this many teams (players pick with /team NAME); a team scores the mean of its members' points",
            echoesNull: true)
            .people("Teams", hint: "Play in teams; a team scores the average of its members' points", more: true)

        public init(defaultTime: Double, timeRange: ClosedRange<Double>, round: String) {
            time = GameOption<Millis>.seconds("time", timeRange, default: defaultTime, help: "time for each \(round)")
                .people("Seconds per \(round)", hint: "How long students have for each \(round)")
            gap = .seconds("gap", Limits.gapSeconds, default: Limits.defaultGapSeconds,
                           help: "pause between a \(round)'s end and the next")
                .people("Pause between \(round)s", hint: "Seconds the answer stays on screen before the next \(round)", more: true)
            countdown = .seconds("countdown", Limits.countdownSeconds, default: Limits.defaultCountdownSeconds,
                                 help: "pause between /start and the first \(round)")
                .people("Countdown", hint: "Seconds of countdown before the first \(round)", more: true)
            // Echoed as a JSON integer, so it must fit one.
            seed = .int("seed", 0...Int.max, defaultNote: "random, a new one each game",
                        help: "the same seed gives the same \(round)s", valuesNote: "a whole number")
                .people("Seed", hint: "Leave empty for new \(round)s each game; the same number plays the same \(round)s again",
                        more: true)
            play = GameOption<Bool>.flag("play", default: true, spelled: .yesNo, help: "whether the creator plays too")
                .people("You play too", hint: "Answer alongside the class, or only run the game")
            late = .flag("late", default: true, spelled: .yesNo,
                         help: "whether players may join a running game (they play from the next \(round))")
                .people("Late joiners", hint: "Let students who arrive late join a running game from the next \(round)", more: true)
        }

        /// In the order `settings` echoes them.
        public var specs: [OptionSpec] {
            [time.spec, gap.spec, countdown.spec, seed.spec, play.spec, late.spec, chat.spec, scoring.spec, board.spec, names.spec, teams.spec]
        }
    }

    /// `chat=`, which `/set` also takes.
    static let chatOption = GameOption<Bool>.flag("chat", default: true, spelled: .onOff,
                                              help: "whether players may /say (the host always may); /set chat= changes it at any time")
        .people("Chat", hint: "Let students send short messages to the room; you can change it during the game", more: true)

    func json(_ options: Options) -> [(String, JSON)] {
        [options.time.field(roundMs), options.gap.field(gapMs), options.countdown.field(countdownMs),
         options.seed.field(Int(seed)), options.play.field(hostPlays), options.late.field(lateJoin), options.chat.field(chat),
         options.scoring.field(scoring), options.board.field(board), options.names.field(names),
         options.teams.field(teams)]
    }

    static func read(_ r: inout OptionReader, _ options: Options, random: () -> UInt64) throws(OptionError) -> RaceTiming {
        RaceTiming(
            roundMs: try r.read(options.time),
            gapMs: try r.read(options.gap),
            countdownMs: try r.read(options.countdown),
            seed: try r.read(options.seed).map(UInt64.init) ?? random() % 1_000_000_000, seedGiven: r.given("seed"),
            hostPlays: try r.read(options.play),
            lateJoin: try r.read(options.late),
            chat: try r.read(options.chat),
            scoring: try r.read(options.scoring),
            board: try r.read(options.board),
            names: try r.read(options.names),
            teams: try r.read(options.teams))
    }
}
