/// A room: its seats, its host, and where its race stands. Every rule about who is in the room
/// and when rounds open and close lives here; what a round *is* belongs to the `Race`, and what
/// differs between a class's game and a homework try to the room's `mode`.
///
/// Each job is an extension in a file of its own (`Room+Membership`, `+Moderation`, `+Rounds`,
/// `+Answers`, `+Progress`, `+Tables`, `+Teams`, `+Rejoin`; homework's in Homework/), which is
/// why the state below is internal rather than private: only the room's extensions set it.
///
/// Owned by the loop thread (through `ServerCore`) and touched only there.
final class Room {
    enum Phase: Equatable {
        /// No game runs: none has started yet, or the last one is over.
        case lobby
        case countdown(until: Millis)
        case open(index: Int, opened: Millis, deadline: Millis)
        /// A round has just closed and its results are going out; what follows (a gap, the next
        /// round, a homework pause, the game's end) is the mode's to say (`RoomMode.roundClosed`).
        /// Not `open`, so nothing closes the round twice; not `lobby`, for the game goes on.
        case betweenRounds(next: Int)
        case gap(next: Int, until: Millis)
        /// The host is away and round `next` waits for them (`/claim`) since `since`; after the
        /// abandoned-game timeout the game ends as stopped.
        case paused(next: Int, since: Millis)
    }

    let code: String
    /// Where `ServerCore.rooms` keeps it: the code, or for a homework try the code and the
    /// student's name (with a space, which no typed code has, so nobody can `/join` it).
    let slot: String
    /// The secret `/claim` takes, given to the creator as `host_key` (protocol.md's "host key").
    let hostKey: String
    let race: Race
    var seats: [Seat] = []
    var host: Seat?
    var phase: Phase = .lobby
    /// Seats ranked in the open round, fixed when it opens: a late joiner waits for the next one.
    var participants: [Seat] = []
    var lastRoundID = 0
    /// The open round whose question has not left the server yet (see `roundStarted`): its
    /// time has not begun, so it cannot run out.
    var unsentRound: Int?
    /// This round's count of answers, and when the host's screens last saw it (`reportProgress`).
    var progress = ProgressThrottle()
    /// A projector redraws the count at most this often; faster would only cost a line per answer.
    static let progressEveryMs: Millis = 100
    var gamesPlayed = 0
    /// Seats made so far: each new seat's `number`.
    var seatsMade = 0
    /// The game running now, or the last one played: what records and `/report` refer to.
    var game: GameRef?
    /// The host was told storage failed during this game; once is enough until it works again.
    var storageWarned = false
    /// The host was told results of this room were dropped from a full backlog.
    var droppedWarned = false
    /// A game ended with nobody connected: every seat went with it, nobody can come back, and
    /// the room closes at its next tick. (A room whose creator dropped in the lobby has no seat
    /// either, but waits for its timeout: the host can still `/claim` it.)
    var releasedEveryone = false
    /// When the last connected seat went away; the room closes `emptyTimeout` later.
    var emptySince: Millis?
    /// `/lock`: no new players; seated players and `/rejoin` are unaffected.
    var locked = false
    /// Names the host kicked (as `Names.folded`): that player may come back, but under another name.
    var kickedNames: Set<String> = []
    /// What the host banned, kept for the room's life. A ban is not by IP address: a whole class
    /// usually shares one. It covers the player's name, their seat's rejoin token, and the
    /// connection they were on.
    var bannedNames: Set<String> = []
    var bannedTokens: [Token] = []
    var bannedConnections: Set<ConnectionID> = []
    /// The creator's seat while it exists, and what `/claim` needs when it no longer does.
    weak var creatorSeat: Seat?
    var creatorName = ""
    var creatorPlays = true

    /// The address the room was created from: `--max-rooms-per-ip` counts rooms by it.
    let creatorAddress: String
    /// Someone besides the creator has sat in the room. A room nobody ever joined closes soon
    /// after its creator leaves (`RoomTimeouts.unjoined`), so one client cannot hold codes.
    var othersJoined = false
    /// The players' shared `/say` budget (the host's lines are not counted).
    var chatBudget: LineBucket
    /// `teams=`: the room's teams and this game's members; nil in a room without teams.
    var teams: Teams?

    /// The class the room was made for (`class=`): only its students join, each as themselves.
    /// The live class, not a copy, so a student added after `/create` can join.
    var schoolClass: SchoolClass?
    /// Each class student's seat (by `Seat.number`) and the student's uid (`PlayerRef.student`):
    /// here rather than in every seat, which rooms without a class would pay for.
    var students: [Int: String] = [:]

    /// Students on another device asking the host for their seat back (`/comeback`), oldest first.
    var comebacks: [ComebackRequest] = []

    /// A class's live game, or one student's homework try: the room asks it wherever the two differ.
    let mode: any RoomMode
    /// The assignment of a homework try's room; nil for a class's room.
    var homework: Assignment? { mode.assignment }

    init(code: String, slot: String? = nil, hostKey: String, race: Race, creatorAddress: String = "", chatLinesPerSecond: Int = 0,
         now: Millis = 0, mode: any RoomMode = LiveGame()) {
        self.code = code
        self.slot = slot ?? code
        self.mode = mode
        self.hostKey = hostKey
        self.race = race
        self.creatorAddress = creatorAddress
        chatOn = race.timing.chat
        teams = race.timing.teams.map { Teams(count: $0) }
        chatBudget = LineBucket(rate: chatLinesPerSecond, now: now)
    }

    /// Until the room's chat budget takes another line.
    func chatWaitMs(now: Millis) -> Millis { chatBudget.waitMs(now: now) }

    /// One player's `/say` line against the room's budget: false when the room is over it.
    func takeChatLine(now: Millis) -> Bool {
        if case .run = chatBudget.take(now: now, floodTimeout: .max) { return true }
        return false
    }

    var isRunning: Bool { phase != .lobby }
    var stateName: String { isRunning ? "running" : "lobby" }
    var players: [Seat] { seats.filter(\.plays) }
    /// Everyone who hears the room's events: connected seats (players and the host) and watchers. Every broadcast
    /// goes here, so a second screen sees exactly what the players see.
    var audience: Audience { Audience(seats: seats, watchers: watchers) }
    /// `/watch` connections: they hear the room but hold no seat, never answer, and do not keep
    /// an empty room open.
    var watchers: [Session] = []
    static let maxWatchers = Limits.watchersPerRoom
    /// Whether players may `/say`; the host always may.
    var chatOn: Bool

    /// The seat whose name reads the same as `name` (see `Names.folded`).
    func seat(named name: String) -> Seat? {
        let folded = Names.folded(name)
        return seats.first { $0.foldedName == folded }
    }

    /// How long an empty room waits: the full timeout once anyone but the creator sat in it.
    func emptyTimeout(_ timeouts: RoomTimeouts) -> Millis {
        othersJoined ? timeouts.empty : min(timeouts.empty, timeouts.unjoined)
    }

    /// The earliest moment this room has something to do.
    func deadline(_ timeouts: RoomTimeouts) -> Millis? {
        var phaseDeadline: Millis? = switch phase {
        case .lobby, .betweenRounds: nil
        case .countdown(let until), .gap(_, let until): until
        case .open(_, _, let deadline): unsentRound == nil ? deadline : nil
        case .paused(_, let since): since + timeouts.abandonedGame
        }
        if let due = progress.due { phaseDeadline = min(phaseDeadline ?? .max, due) }
        var closeAt = emptySince.map { $0 + emptyTimeout(timeouts) }
        if isRunning, let since = emptySince { closeAt = min(closeAt ?? .max, since + timeouts.abandonedGame) }
        switch (phaseDeadline, closeAt) {
        case let (a?, b?): return min(a, b)
        case let (a, b): return a ?? b
        }
    }

    /// The race's settings, and the class the room is for, as `/create` and `/join` echo them.
    var settingsJSON: JSON {
        guard let schoolClass, case .object(let fields) = race.settingsJSON else { return race.settingsJSON }
        return .object(fields + [("class", .string(schoolClass.name))])
    }

    func standings() -> [Standing] {
        Standing.rank(players.map { ($0.number, $0.name, $0.score, $0.correctMs) })
    }

    func playersJSON(_ seats: ArraySlice<Seat>? = nil) -> JSON {
        .array((seats ?? self.seats[...]).map { seat in
            .object([("name", .string(seat.name)), ("score", .int(seat.score)), ("connected", .bool(seat.connected)),
                     ("host", .bool(seat === host)), ("playing", .bool(seat.plays))])
        })
    }
}
