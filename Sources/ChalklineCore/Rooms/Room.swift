/// A room: its seats, its host, and where its race stands. Every rule about who is in the room
/// and when rounds open and close lives here; what a round *is* belongs to the `Race`.
///
/// Owned by the loop thread (through `ServerCore`) and touched only there.
final class Room {
    enum Phase: Equatable {
        case lobby
        case countdown(until: Millis)
        case open(index: Int, opened: Millis, deadline: Millis)
        case gap(next: Int, until: Millis)
        /// The host is away and round `next` waits for them (`/claim`) since `since`; after the
        /// abandoned-game timeout the game ends as stopped.
        case paused(next: Int, since: Millis)
    }

    let code: String
    /// Where `ServerCore.rooms` keeps it: the code, or for a homework try the code and the
    /// student's name (with a space, which no typed code has, so nobody can `/join` it).
    let key: String
    let hostKey: String
    let race: Race
    private(set) var seats: [Seat] = []
    private(set) var host: Seat?
    private(set) var phase: Phase = .lobby
    /// Seats ranked in the open round, fixed when it opens: a late joiner waits for the next one.
    private(set) var participants: [Seat] = []
    private var lastRoundID = 0
    /// The open round whose question has not left the server yet (see `roundStarted`): its
    /// time has not begun, so it cannot run out.
    private var unsentRound: Int?
    private var answersThisRound = 0
    /// When the host's screens were last sent `progress` this round, and whether a newer count
    /// is waiting for `progressEveryMs` to pass (see `reportProgress`).
    private var progressSentAt: Millis?
    private var progressWaiting = false
    /// A projector redraws the count at most this often; faster would only cost a line per answer.
    static let progressEveryMs: Millis = 100
    private var gamesPlayed = 0
    /// Seats made so far: each new seat's `number`.
    private var seatsMade = 0
    /// The game running now, or the last one played: what records and `/report` refer to.
    private(set) var game: GameRef?
    /// The host was told storage failed during this game; once is enough until it works again.
    var storageWarned = false
    /// The host was told results of this room were dropped from a full backlog.
    var droppedWarned = false
    /// A game ended with nobody connected: every seat went with it, nobody can come back, and
    /// the room closes at its next tick. (A room whose creator dropped in the lobby has no seat
    /// either, but waits for its timeout: the host can still `/claim` it.)
    private var releasedEveryone = false
    /// When the last connected seat went away; the room closes `emptyTimeout` later.
    private(set) var emptySince: Millis?
    /// `/lock`: no new players; seated players and `/rejoin` are unaffected.
    var locked = false
    /// Names the host kicked (as `Names.key`): that player may come back, but under another name.
    private(set) var kickedNames: Set<String> = []
    /// What the host banned, kept for the room's life. A ban is not by IP address: a whole class
    /// usually shares one. It covers the player's name, their seat's rejoin token, and the
    /// connection they were on.
    private(set) var bannedNames: Set<String> = []
    private(set) var bannedTokens: [Token] = []
    private(set) var bannedConnections: Set<ConnectionID> = []
    /// The creator's seat while it exists, and what `/claim` needs when it no longer does.
    private(set) weak var creatorSeat: Seat?
    private(set) var creatorName = ""
    private(set) var creatorPlays = true

    /// The address the room was created from: `--max-rooms-per-ip` counts rooms by it.
    let creatorAddress: String
    /// Someone besides the creator has sat in the room. A room nobody ever joined closes soon
    /// after its creator leaves (`RoomTimeouts.unjoined`), so one client cannot hold codes.
    private(set) var othersJoined = false
    /// The players' shared `/say` budget (the host's lines are not counted).
    private var chatBudget: LineBucket
    /// `teams=`: the room's teams and this game's members; nil in a room without teams.
    private(set) var teams: Teams?

    /// Students on another device asking the host for their seat back (`/comeback`), oldest first.
    var comebacks: [ComebackRequest] = []

    /// A homework try's room: one student, no host, the next question after a short pause (`pauseHomework`).
    private(set) var homework: Assignment?
    /// The try this room plays (`AttemptProgress.number`).
    private var attemptNumber = 0

    init(code: String, key: String? = nil, hostKey: String, race: Race, creatorAddress: String = "", chatLinesPerSecond: Int = 0,
         now: Millis = 0, homework: Assignment? = nil) {
        self.code = code
        self.key = key ?? code
        self.homework = homework
        self.hostKey = hostKey
        self.race = race
        self.creatorAddress = creatorAddress
        chatOn = race.timing.chat
        teams = race.timing.teams.map { Teams(count: $0) }
        chatBudget = LineBucket(rate: chatLinesPerSecond, now: now)
    }

    /// One player's `/say` line against the room's budget: false when the room is over it.
    /// Until the room's chat budget takes another line.
    func chatWaitMs(now: Millis) -> Millis { chatBudget.waitMs(now: now) }

    func takeChatLine(now: Millis) -> Bool {
        if case .run = chatBudget.take(now: now, floodTimeout: .max) { return true }
        return false
    }

    var isRunning: Bool { phase != .lobby }
    var stateName: String { isRunning ? "running" : "lobby" }
    var players: [Seat] { seats.filter(\.plays) }
    /// Everyone who hears the room's events: connected players and watchers. Every broadcast
    /// goes here, so a second screen sees exactly what the players see.
    var connectedSessions: Audience { Audience(seats: seats, watchers: watchers) }
    /// `/watch` connections: they hear the room but hold no seat, never answer, and do not keep
    /// an empty room open.
    private(set) var watchers: [Session] = []
    static let maxWatchers = Limits.watchersPerRoom
    /// Whether players may `/say`; the host always may.
    var chatOn: Bool

    /// The seat whose name reads the same as `name` (see `Names.key`).
    func seat(named name: String) -> Seat? {
        let key = Names.key(name)
        return seats.first { $0.key == key }
    }

    /// How long an empty room waits: the full timeout once anyone but the creator sat in it.
    private func emptyTimeout(_ timeouts: RoomTimeouts) -> Millis {
        othersJoined ? timeouts.empty : min(timeouts.empty, timeouts.unjoined)
    }

    /// The earliest moment this room has something to do.
    func deadline(_ timeouts: RoomTimeouts) -> Millis? {
        var phaseDeadline: Millis? = switch phase {
        case .lobby: nil
        case .countdown(let until), .gap(_, let until): until
        case .open(_, _, let deadline): unsentRound == nil ? deadline : nil
        case .paused(_, let since): since + timeouts.abandonedGame
        }
        if progressWaiting, let sent = progressSentAt {
            phaseDeadline = min(phaseDeadline ?? .max, sent + Self.progressEveryMs)
        }
        var closeAt = emptySince.map { $0 + emptyTimeout(timeouts) }
        if isRunning, let since = emptySince { closeAt = min(closeAt ?? .max, since + timeouts.abandonedGame) }
        switch (phaseDeadline, closeAt) {
        case let (a?, b?): return min(a, b)
        case let (a, b): return a ?? b
        }
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

    // MARK: Membership

    /// Seats `session`; the caller has checked the name and the room's capacity, and has sent the reply.
    @discardableResult
    func seatNew(_ session: Session, name: String, token: Token, plays: Bool) -> Seat {
        seatsMade += 1
        let seat = Seat(name: name, token: token, number: seatsMade, room: self, plays: plays)
        if !seats.isEmpty || creatorSeat != nil { othersJoined = true }
        releasedEveryone = false
        seats.append(seat)
        attach(session, to: seat)
        return seat
    }

    /// Nobody becomes host by joining: only the creator, `/claim` and the creator's own seat
    /// taken back with `/rejoin` make a host, so a student never gets `/kick` by arriving.
    func announceJoin(of seat: Seat, out: inout Outbox) {
        let others = connectedSessions.filter { $0 !== seat.session }
        out.send(JoinedEvent(room: code, name: seat.name, players: players.count), to: others)
    }

    /// `/rejoin`: the seat gets its new connection; an older one still holding it is dropped.
    func reattach(_ session: Session, to seat: Seat, out: inout Outbox) {
        if let old = seat.session {
            old.seat = nil
            old.closing = true
            out.close(old)
        }
        attach(session, to: seat)
    }

    /// A player back mid-round gets the open question (or board) again, with the time left, so
    /// they can still answer it: their seat is still in the round. A host back with `/claim`
    /// gets it whether or not they play, for the projector.
    func resendOpenRound(to seat: Seat, now: Millis, out: inout Outbox, evenIfNotInRound: Bool = false) {
        guard case .open(_, _, let deadline) = phase, let session = seat.session,
              evenIfNotInRound || participants.contains(where: { $0 === seat }),
              let event = race.currentRoundEvent(remainingMs: max(0, deadline - now)) else { return }
        out.send(event, to: session)
    }

    /// A `/join` under the name of this seat is its player coming back (see
    /// `Limits.nameRejoinGraceMs`): the seat was dropped, not left, from the same address, lately.
    func mayRetakeByName(_ seat: Seat, from session: Session, now: Millis) -> Bool {
        guard !seat.connected, let dropped = seat.droppedAt else { return false }
        return seat.address == session.address && now - dropped <= Limits.nameRejoinGraceMs
    }

    func attach(_ session: Session, to seat: Seat) {
        seat.session = session
        seat.address = session.address
        seat.droppedAt = nil
        session.seat = seat
        session.name = seat.name
        emptySince = nil
    }

    func addWatcher(_ session: Session) {
        watchers.append(session)
        session.watching = self
    }

    func removeWatcher(_ session: Session) {
        watchers.removeAll { $0 === session }
        session.watching = nil
    }

    /// The room is closing: its watchers are left outside any room.
    func releaseWatchers() -> [Session] {
        let released = watchers
        for watcher in watchers { watcher.watching = nil }
        watchers = []
        return released
    }

    /// The creator is host from the start; nobody else needs telling.
    func makeCreatorHost(_ seat: Seat) {
        host = seat
        creatorSeat = seat
        creatorName = seat.name
        creatorPlays = seat.plays
    }

    /// `/claim`: the holder of the host key takes the host's role (and the creator's seat, if it
    /// still exists) from this connection. Everyone hears who the host is now.
    func claim(_ seat: Seat, out: inout Outbox) {
        creatorSeat = seat
        if host !== seat { setHost(seat, out: &out) }
    }

    /// `/rejoin` of the creator's own seat while the room has no host: the token was the
    /// teacher's, so the teacher is back, as with `/claim`.
    func isCreatorBack(_ seat: Seat) -> Bool { host == nil && seat === creatorSeat }

    /// The host is back: a game that waited for them opens its next round now.
    func resumeIfPaused(now: Millis, out: inout Outbox) {
        guard host != nil, case .paused(let next, _) = phase else { return }
        openRound(next, now: now, out: &out)
    }

    // MARK: Kicks, bans and the lock

    func isKickedName(_ name: String) -> Bool { kickedNames.contains(Names.key(name)) }

    func isBanned(name: String) -> Bool { bannedNames.contains(Names.key(name)) }

    func isBanned(_ session: Session) -> Bool { bannedConnections.contains(session.id) }

    /// Every banned token is compared, whatever matches, as `/rejoin` compares seats.
    func isBanned(token: Token?) -> Bool {
        guard let token else { return false }
        var found = false
        for banned in bannedTokens where banned.matches(token) { found = true }
        return found
    }

    /// `/kick` and `/ban`: the seat is given up for good and its name (and, for a ban, its token
    /// and connection) remembered.
    func expel(_ seat: Seat, ban: Bool, now: Millis, out: inout Outbox) {
        if ban {
            bannedNames.insert(seat.key)
            bannedTokens.append(seat.token)
            if let session = seat.session { bannedConnections.insert(session.id) }
        } else {
            kickedNames.insert(seat.key)
        }
        if let victim = seat.session { out.send(KickedEvent(room: code, banned: ban), to: victim) }
        remove(seat, reason: ban ? .banned : .kicked, now: now, out: &out)
    }

    /// The seat's player left (`/leave`, kicked) or their connection dropped.
    func remove(_ seat: Seat, reason: LeftEvent.Reason, now: Millis, out: inout Outbox) {
        let keepSeat = reason == .disconnected && isRunning && seat.plays && homework == nil
        // Out of the room, the connection's idle clock starts now, not from its last line.
        seat.session?.lastHeard = now
        seat.session?.seat = nil
        seat.session = nil
        // A member who leaves mid-game keeps their points in the team's mean.
        if isRunning, seat.team != nil, teams?.members[seat.number] != nil { recordTeamMember(seat) }
        if keepSeat {
            seat.droppedAt = now
        } else {
            seats.removeAll { $0 === seat }
            participants.removeAll { $0 === seat }
        }
        out.send(LeftEvent(room: code, name: seat.name, players: players.count, reason: reason), to: connectedSessions)
        if host === seat {
            // Nobody inherits the room: a student given the host's role could kick the class.
            host = nil
            out.send(HostAwayEvent(running: isRunning), to: connectedSessions)
        }
        if !seats.contains(where: { $0.session != nil }) && emptySince == nil { emptySince = now }
        checkRoundComplete(now: now, out: &out)
    }

    private func setHost(_ seat: Seat?, out: inout Outbox) {
        host = seat
        if let seat { out.send(HostEvent(name: seat.name), to: connectedSessions) }
    }

    var hostSession: Session? { host?.session }

    func isHost(_ session: Session) -> Bool { host != nil && host?.session === session }

    // MARK: The race

    /// `serial` is unique among all games this process runs (see `GameRef`).
    func start(now: Millis, serial: Int, freshSeed: UInt64, out: inout Outbox) {
        gamesPlayed += 1
        let game = GameRef(serial: serial, room: code, number: gamesPlayed)
        self.game = game
        for seat in seats { seat.resetForGame() }
        teams?.startGame()
        placeWithoutTeam(out: &out)
        race.startGame(fresh: freshSeed, firstGame: gamesPlayed == 1)
        out.record(.gameStarted(game: game, kind: race.kind, settings: String(decoding: race.settingsJSON.encoded(), as: UTF8.self),
                                players: players.map(\.ref)))
        countDown(now: now, out: &out)
    }

    /// The countdown `countdown=` asks for, or the first round at once.
    private func countDown(now: Millis, out: inout Outbox) {
        let countdown = race.timing.countdownMs
        if countdown > 0 {
            out.send(CountdownEvent(seconds: Double(countdown) / 1000), to: connectedSessions)
            phase = .countdown(until: now + countdown)
        } else {
            openRound(0, now: now, out: &out)
        }
    }

    /// The host stopped the game: it ends now, with the standings as they are.
    func stop(out: inout Outbox) {
        endGame(out: &out)
    }

    /// The host skipped the open question: it closes now, as if time ran out.
    func skip(now: Millis, out: inout Outbox) {
        guard case .open(let index, _, _) = phase else { return }
        closeRound(index, now: now, out: &out)
    }

    /// `question`, when the answer names one, must be the open question's id: an answer meant
    /// for a question that has closed is refused (`no_question`), never judged against the next.
    ///
    /// An answer is in time when it `arrived` by the deadline, even if the shell reads it after
    /// (the round stays open until the shell has read what came in before it closes it); its
    /// time is counted to when it was read, at most the whole time allowed.
    func answer(_ text: String, question: Int? = nil, seat: Seat, now: Millis, arrived: Millis? = nil, out: inout Outbox) {
        if let question, question != openRoundID {
            let open = openRoundID.map { " (question \($0) is open)" } ?? ""
            out.send(ErrorReply("answer", .noQuestion, "Question \(question) is closed\(open): that answer was not judged."), to: seat.session!)
            return
        }
        // Arrived after the deadline but read before the shell's timer fired (both can fall in
        // one loop iteration): time was up, so it is not judged, and the round closes now.
        if case .open(let index, _, let deadline) = phase, unsentRound == nil, (arrived ?? now) > deadline {
            out.send(ErrorReply("answer", .noQuestion, "Too late: time was up for that one."), to: seat.session!)
            closeRound(index, now: now, out: &out)
            return
        }
        guard case .open(_, let opened, let deadline) = phase else {
            out.send(ErrorReply("answer", .noQuestion, "There is no open question right now."), to: seat.session!)
            return
        }
        guard participants.contains(where: { $0 === seat }) else {
            out.send(ErrorReply("answer", .noQuestion, "You joined during this round: you play from the next one."), to: seat.session!)
            return
        }
        let elapsed = min(now, deadline) - opened
        let outcome = race.answer(text, seat: seat, elapsedMs: elapsed)
        if let judged = outcome.judged, let game, case .open(let index, _, _) = phase {
            out.record(.answer(game: game, round: index + 1, answer: AnswerRecord(
                player: seat.ref, typed: text, correct: judged.correct, ms: elapsed, points: judged.points,
                // Homework is acknowledged only once stored: a restart must not lose a try's answer.
                streak: judged.streak, item: judged.item, announced: outcome.broadcast != nil || homework != nil)))
        }
        out.send(outcome.reply, to: seat.session!)
        if let event = outcome.broadcast { out.send(event, to: connectedSessions) }
        // The screens count judged answers (a refused one is not in); asked of the outcome, not by
        // casting its reply, which cost a dynamic cast an answer.
        if outcome.judged != nil { reportProgress(now: now, out: &out) }
        checkRoundComplete(now: now, out: &out)
    }

    /// Fires every phase deadline that has passed. Returns false once the room should close:
    /// nobody connected for `emptyTimeout`, or a game that everyone dropped out of has ended
    /// (its seats were released with it, so nobody can come back).
    func tick(now: Millis, timeouts: RoomTimeouts, out: inout Outbox) -> Bool {
        if let since = emptySince, since + emptyTimeout(timeouts) <= now { return false }
        // Everyone left a running game: after the grace it ends as if stopped, and its kept
        // seats go with it, so nothing more is written for a class that went home.
        if isRunning, let since = emptySince, since + timeouts.abandonedGame <= now {
            endGame(out: &out)
            return !(releasedEveryone && seats.isEmpty)
        }
        if progressWaiting, let sent = progressSentAt, sent + Self.progressEveryMs <= now { sendProgress(now: now, out: &out) }
        while true {
            switch phase {
            case .countdown(let until) where until <= now:
                openOrPause(0, now: now, out: &out)
            case .open(let index, _, let deadline) where deadline <= now && unsentRound == nil:
                closeRound(index, now: now, out: &out)
            case .gap(let next, let until) where until <= now:
                openOrPause(next, now: now, out: &out)
            case .paused(_, let since) where since + timeouts.abandonedGame <= now:
                // The teacher did not come back: the game ends as if they had stopped it.
                endGame(out: &out)
            default:
                return !(releasedEveryone && seats.isEmpty)
            }
        }
    }

    /// The host's and the watchers' screens count answers as they come in; players are not
    /// told, so a 1,000-player room costs one line per answer, not a thousand. At most one line
    /// every `progressEveryMs`: a count that arrives sooner waits (the room's deadline sends
    /// it), and the round's last count always goes out before its `round_end`. A room answering
    /// fast then costs its host a few lines a round instead of one per answer.
    private func reportProgress(now: Millis, out: inout Outbox) {
        answersThisRound += 1
        // Nobody to tell: no line, and no deadline waking the server for one.
        guard host?.session != nil || !watchers.isEmpty else { return }
        if let sent = progressSentAt, now < sent + Self.progressEveryMs {
            progressWaiting = true
        } else {
            sendProgress(now: now, out: &out)
        }
    }

    /// A host back with `/claim` during a round: the count so far, which a reloaded page cannot know.
    func tellProgress(to session: Session, out: inout Outbox) {
        guard case .open = phase else { return }
        out.send(ProgressEvent(id: lastRoundID, answers: answersThisRound, players: participants.count), to: session)
    }

    /// The room closes under its class (its host moved on, `ServerCore.moveClass`): every seat let
    /// go without a `left` each, the connections outside any room, their idle clocks from now.
    func dissolve(now: Millis) -> [Session] {
        var freed: [Session] = []
        for seat in seats {
            if let session = seat.session {
                session.seat = nil
                session.lastHeard = now
                freed.append(session)
            }
            seat.session = nil
        }
        seats = []
        participants = []
        host = nil
        return freed
    }

    /// The last game, once it is over (not homework): its id as `game_end` gave it, and its team
    /// standings in a room with teams, for a second screen that starts watching after the end.
    var lastGameEnded: (game: String, teams: JSON?)? {
        guard !isRunning, homework == nil, let game else { return nil }
        return ("\(code)-\(game.number)", teamStandings().map { .array($0.map(\.json)) })
    }

    private func sendProgress(now: Millis, out: inout Outbox) {
        progressSentAt = now
        progressWaiting = false
        var screens = watchers
        if let hostSession = host?.session { screens.append(hostSession) }
        guard !screens.isEmpty else { return }
        out.send(ProgressEvent(id: lastRoundID, answers: answersThisRound, players: participants.count), to: screens)
    }

    /// The id of the question (or word level) open now, if one is.
    private var openRoundID: Int? {
        if case .open = phase { return lastRoundID }
        return nil
    }

    private func openRound(_ index: Int, now: Millis, out: inout Outbox) {
        answersThisRound = 0
        progressSentAt = nil
        progressWaiting = false
        lastRoundID += 1
        participants = players
        if teams != nil {
            // A late joiner without a team goes to the smallest; everyone in the round counts.
            placeWithoutTeam(out: &out)
            for seat in participants { recordTeamMember(seat) }
        }
        let opening = race.openRound(index: index, id: lastRoundID)
        if let game { out.record(.roundOpened(game: game, round: index + 1, label: opening.label, items: opening.items)) }
        out.send(opening.event, to: connectedSessions)
        out.roundStarted(RoundStart(room: key, id: lastRoundID, recipients: participants.compactMap { $0.session?.id }))
        unsentRound = lastRoundID
        phase = .open(index: index, opened: now, deadline: now + opening.limitMs)
    }

    /// The open round's question left the server at `now` (see `Effect.roundStarted`): its time
    /// counts from then, so the seconds a commit held it are not taken from the players. Nobody
    /// can have answered it before it left (they had not seen it); a stale answer typed without
    /// an `id` in between is timed from the round's opening.
    func roundStarted(id: Int, now: Millis) {
        guard unsentRound == id, case .open(let index, let opened, let deadline) = phase else { return }
        unsentRound = nil
        if now > opened { phase = .open(index: index, opened: now, deadline: deadline + (now - opened)) }
    }

    private func checkRoundComplete(now: Millis, out: inout Outbox) {
        guard case .open(let index, _, _) = phase, race.roundComplete(participants: participants) else { return }
        closeRound(index, now: now, out: &out)
    }

    private func closeRound(_ index: Int, now: Millis, out: inout Outbox) {
        // The screens' count is complete before the round's results.
        if progressWaiting { sendProgress(now: now, out: &out) }
        let closing = race.closeRound(participants: participants, standings: standings())
        // The round is closed now: whatever comes next (gap, next question, game end) must not close it again.
        phase = .lobby
        unsentRound = nil
        // Recorded before the event: the shell holds the event until the record is committed.
        recordClose(closing, round: index + 1, out: &out)
        sendTable(closing.event, out: &out)
        participants = []
        let next = index + 1
        noteHomeworkProgress(roundsDone: next)
        if homework != nil {
            // A try is over with its last round, whatever happens in the pause after it (the
            // student leaves, the connection drops): stored and counted now, its `game_end`
            // held back for the pause (`openOrPause`).
            if next >= race.rounds { recordEnd(out: &out) }
            pauseHomework(next: next, now: now, out: &out)
        } else if next >= race.rounds {
            endGame(out: &out)
        } else if race.timing.gapMs > 0 && homework == nil {
            phase = .gap(next: next, until: now + race.timing.gapMs)
        } else {
            openOrPause(next, now: now, out: &out)
        }
    }

    /// Without a host the game waits before its next round rather than running on unattended:
    /// the question already open runs to its end, so nobody's typing is lost.
    private func openOrPause(_ next: Int, now: Millis, out: inout Outbox) {
        // A homework try pauses after its last round too (`pauseHomework`): then its student
        // sees the end it reached when that round closed.
        if next >= race.rounds {
            phase = .lobby
            if homework != nil { announceEnd([], out: &out) } else { endGame(out: &out) }
        } else if host == nil && homework == nil {
            phase = .paused(next: next, since: now)
        } else {
            openRound(next, now: now, out: &out)
        }
    }

    /// A results event to the room: whole to everyone in a small room; in a big one, whole to
    /// the host and the watchers (the projector shows the table) and cut to each player's
    /// measure (`PersonalTable`), so a player's event does not grow with the room. `board=`
    /// cuts round and level tables (never the podium) for everyone, each player keeping their
    /// own row; `names=hidden` takes the names off the projector's copy.
    private func sendTable(_ event: any PersonalTable, out: inout Outbox) {
        var table = event
        if let standings = teamStandings() { table.teams = standings }
        let rows = table.followsBoard ? race.timing.board.rows : nil
        let hideNames = race.timing.names == .hidden
        let cutsPlayers = rows != nil || playerCount > Limits.fullTablePlayers
        guard cutsPlayers || hideNames else {
            out.send(table, to: connectedSessions)
            return
        }
        // Rows encoded once for the cuts to share (`round_end` writes its whole line once in its
        // cutter instead); a projector-only copy (hidden names in a room nobody's table is cut
        // for) re-encodes its rows anyway.
        let encoded = cutsPlayers ? table.withEncodedRows() : table
        let cut = cutsPlayers ? encoded.cutter(top: min(rows ?? Limits.tableTop, Limits.tableTop)) : nil
        // The projector's copy: cut or nameless, or else the whole event, whose line a cutter
        // that wrote it (`round_end`) hands over as it is.
        let projected: any Message
        if rows != nil || hideNames {
            projected = encoded.projected(rows: rows, hideNames: hideNames)
        } else if let line = cut?.whole?.line {
            projected = Prerendered(message: encoded, line: line)
        } else {
            projected = encoded
        }
        var projector = watchers, uncut: [Session] = []
        for seat in seats {
            guard let session = seat.session else { continue }
            if seat === host || !seat.plays {
                projector.append(session)
            } else if let cut {
                out.send(cut.rendered(seat: seat.number, name: seat.name, session.format), to: session)
            } else {
                uncut.append(session)
            }
        }
        if !uncut.isEmpty { out.send(encoded, to: uncut) }
        out.send(projected, to: projector)
    }

    /// Seats that play (`players.count`, without making the list).
    private var playerCount: Int {
        var count = 0
        for seat in seats where seat.plays { count += 1 }
        return count
    }

    private func recordClose(_ closing: RoundClosing, round: Int, out: inout Outbox) {
        guard let game else { return }
        for player in closing.unanswered {
            out.record(.answer(game: game, round: round, answer: AnswerRecord(
                player: player, typed: nil, correct: false, ms: nil, points: 0, streak: 0, item: 1)))
        }
        out.record(.roundClosed(game: game, round: round))
    }

    private func endGame(out: inout Outbox) {
        announceEnd(recordEnd(out: &out), out: &out)
    }

    /// The game over, as stored: its `gameEnded` record, and a homework try finished. Apart
    /// from `announceEnd` for homework, whose try ends with its last round but whose student
    /// sees `game_end` after the pause; once only for a try.
    @discardableResult
    private func recordEnd(out: inout Outbox) -> [Standing] {
        var stopped = false
        if case .open(let index, _, _) = phase {
            // Stopped mid-round: the answers so far stand, the round closes unseen.
            // Who had not answered yet was not out of time: no "no answer" rows for them.
            var closing = race.closeRound(participants: participants, standings: [])
            closing.unanswered = []
            recordClose(closing, round: index + 1, out: &out)
            stopped = true
        } else if case .lobby = phase {} else {
            stopped = true
        }
        phase = .lobby
        unsentRound = nil
        participants = []
        progressWaiting = false
        let standings = standings()
        if let homework {
            guard !homework.attempts.contains(where: { $0.number == attemptNumber && $0.finished }) else { return standings }
            homework.update(attemptNumber) { $0.finished = true }
        }
        if let game { out.record(.gameEnded(game: game, standings: standings, stopped: stopped)) }
        return standings
    }

    /// The game over, as its players see it: `game_end` (for homework, the standings of
    /// everyone who has finished), and the seats of those who dropped let go.
    private func announceEnd(_ standings: [Standing], out: inout Outbox) {
        if let homework {
            sendTable(homeworkEnd(homework), out: &out)
        } else {
            sendTable(GameEndEvent(standings: standings, game: "\(code)-\(gamesPlayed)"), out: &out)
        }
        // Seats kept for players who dropped are released now that the game is over.
        seats.removeAll { !$0.connected }
        if seats.isEmpty { releasedEveryone = true }
    }
}

// MARK: Teams

extension Room {
    /// Each team's name and its players' names, in the teams' order (the lobby's view).
    func teamLists() -> [(name: String, members: [String])] {
        guard let teams else { return [] }
        return teams.names.indices.map { team in (teams.names[team], players.filter { $0.team == team }.map(\.name)) }
    }

    /// `/teams balance`: the players spread as evenly as their count allows (`Teams.balance`).
    func balanceTeams() {
        guard let teams else { return }
        let placed = Teams.balance(players.map { ($0.number, $0.team) }, teams: teams.names.count)
        for seat in players { seat.team = placed[seat.number] }
    }

    /// `/teams rename OLD NEW`.
    func renameTeam(_ team: Int, to name: String) {
        teams?.rename(team, to: name)
    }

    /// The teams changed (`/team`, `/teams balance`, `/teams rename`): the room hears them,
    /// after the command's reply.
    func announceTeams(_ reason: TeamsEvent.Reason, out: inout Outbox) {
        out.send(TeamsEvent(reason: reason, teams: teamLists()), to: connectedSessions)
    }

    /// Players who have not picked a team go, one by one in the order they joined, to the team
    /// with fewest players; the room hears who went where.
    fileprivate func placeWithoutTeam(out: inout Outbox) {
        guard let teams else { return }
        var placed: [String] = []
        for seat in players where seat.team == nil {
            let sizes = teams.names.indices.map { team in players.count { $0.team == team } }
            seat.team = Teams.smallest(sizes)
            placed.append(seat.name)
        }
        if !placed.isEmpty { out.send(TeamsEvent(reason: .placed, teams: teamLists(), placed: placed), to: connectedSessions) }
    }

    fileprivate func recordTeamMember(_ seat: Seat) {
        guard let team = seat.team else { return }
        teams?.record(seat: seat.number, team: team, name: seat.name, score: seat.score)
    }

    /// The team table now: members still seated at their current points, those who left at the
    /// points they left with. Nil in a room without teams.
    fileprivate func teamStandings() -> [TeamStanding]? {
        guard let teams else { return nil }
        for seat in players where teams.members[seat.number] != nil { recordTeamMember(seat) }
        return self.teams?.standings()
    }
}

/// How long rooms wait before closing or ending a game nobody is in (see `Limits`).
struct RoomTimeouts {
    var empty: Millis
    var unjoined: Millis
    var abandonedGame: Millis

    init(_ config: ServerConfig) {
        empty = config.emptyRoomTimeout
        unjoined = config.unjoinedRoomTimeout
        abandonedGame = config.abandonedGameTimeout
    }
}

// MARK: Homework

extension Room {
    /// Plays `attempt` for the room's one student: from its start, or from the round after the
    /// last it closed, with the score it had then. Every try asks the same questions in the same
    /// order (the assignment's seed), so a resumed try asks what it would have asked.
    func playHomework(_ attempt: AttemptProgress, serial: Int, isNew: Bool, now: Millis, out: inout Outbox) {
        guard let homework, let seat = players.first else { return }
        attemptNumber = attempt.number
        gamesPlayed = attempt.number
        let game = GameRef(serial: serial, room: code, number: attempt.number, assignment: homework.record.uid)
        self.game = game
        race.startGame(fresh: 0, firstGame: true)
        seat.resetForGame()
        if isNew {
            out.record(.gameStarted(game: game, kind: race.kind, settings: homework.record.settings, players: [seat.ref]))
            countDown(now: now, out: &out)
            return
        }
        out.record(.gameResumed(game: game, fromRound: attempt.roundsDone + 1))
        // The race draws its rounds in order: the ones already played are drawn and put aside.
        for index in 0..<attempt.roundsDone {
            _ = race.openRound(index: index, id: index + 1)
            _ = race.closeRound(participants: [], standings: [])
        }
        lastRoundID = attempt.roundsDone
        seat.score = attempt.score
        seat.streak = attempt.streak
        seat.correctMs = attempt.correctMs
        openRound(attempt.roundsDone, now: now, out: &out)
    }

    /// A round of a homework try closed: the try resumes after it from now on.
    fileprivate func noteHomeworkProgress(roundsDone: Int) {
        guard let homework, let seat = players.first else { return }
        homework.update(attemptNumber) { attempt in
            attempt.roundsDone = roundsDone
            attempt.score = seat.score
            attempt.streak = seat.streak
            attempt.correctMs = seat.correctMs
        }
    }

    /// A homework round closed: its verdict and right answer (`round_end`, `level_end`) stay on
    /// the student's screen for a pause before the next round (or the end of the try), longer
    /// after a wrong answer, which takes more reading; `/next` ends it sooner (`nextHomeworkRound`).
    /// The pause is the core's, as a live room's `gap` is: every client shows the same thing.
    fileprivate func pauseHomework(next: Int, now: Millis, out: inout Outbox) {
        guard let seat = players.first else { return openOrPause(next, now: now, out: &out) }
        // A quiz's streak counts right answers in a row: above zero, this round's was right.
        let ms = seat.streak > 0 ? Limits.homeworkPauseRightMs : Limits.homeworkPauseWrongMs
        phase = .gap(next: next, until: now + ms)
        if let session = seat.session { out.send(PauseEvent(ms: ms, last: next >= race.rounds, noun: race.roundNoun), to: session) }
    }

    /// A homework try between rounds: `/next` has a pause to end.
    var isHomeworkPaused: Bool {
        guard homework != nil, case .gap = phase else { return false }
        return true
    }

    /// `/next` in a homework try's pause: the next round (or the end of the try) now.
    func nextHomeworkRound(now: Millis, out: inout Outbox) {
        guard homework != nil, case .gap(let next, _) = phase else { return }
        openOrPause(next, now: now, out: &out)
    }

    /// The end of a try: the standings of everyone who has finished, by the try that counts,
    /// and the student's own place in them.
    fileprivate func homeworkEnd(_ homework: Assignment) -> GameEndEvent {
        let standings = homework.standings()
        let name = players.first?.name ?? ""
        let counting = homework.countingAttempts().first { Names.key($0.name) == Names.key(name) }
        let own = standings.first { $0.seat == counting?.number }
        var event = GameEndEvent(standings: standings, game: "\(code)-\(attemptNumber)")
        event.homework = HomeworkPlace(code: code, rank: own?.rank, finished: standings.count, triesLeft: homework.triesLeft(for: name),
                                       counted: counting?.number == attemptNumber)
        return event
    }
}
