// The game's state machine: a countdown, rounds opened and closed, the gaps between them, the end.
extension Room {
    /// `serial` is unique among all games this process runs (see `GameRef`).
    func start(now: Millis, serial: Int, freshSeed: UInt64, out: inout Outbox) {
        gamesPlayed += 1
        let game = GameRef(serial: serial, room: code, number: gamesPlayed)
        self.game = game
        for seat in seats { seat.resetForGame() }
        teams?.startGame()
        placeWithoutTeam(out: &out)
        race.startGame(fresh: freshSeed, firstGame: gamesPlayed == 1)
        out.record(.gameStarted(game: game, kind: race.kind, settings: String(decoding: settingsJSON.encoded(), as: UTF8.self),
                                players: players.map(\.ref), classUID: schoolClass?.uid))
        countDown(now: now, out: &out)
    }

    /// The countdown `countdown=` asks for, or the first round at once.
    func countDown(now: Millis, out: inout Outbox) {
        let countdown = race.timing.countdownMs
        if countdown > 0 {
            out.send(CountdownEvent(seconds: Double(countdown) / 1000), to: audience)
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
        if let due = progress.due, due <= now { sendProgress(now: now, out: &out) }
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

    func openRound(_ index: Int, now: Millis, out: inout Outbox) {
        progress.newRound()
        lastRoundID += 1
        participants = players
        if teams != nil {
            // A late joiner without a team goes to the smallest; everyone in the round counts.
            placeWithoutTeam(out: &out)
            for seat in participants { recordTeamMember(seat) }
        }
        let opening = race.openRound(index: index, id: lastRoundID)
        if let game { out.record(.roundOpened(game: game, round: index + 1, label: opening.label, items: opening.items)) }
        out.send(opening.event, to: audience)
        out.roundStarted(RoundStart(room: slot, id: lastRoundID, recipients: participants.compactMap { $0.session?.id }))
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

    func checkRoundComplete(now: Millis, out: inout Outbox) {
        guard case .open(let index, _, _) = phase, race.roundComplete(participants: participants) else { return }
        closeRound(index, now: now, out: &out)
    }

    func closeRound(_ index: Int, now: Millis, out: inout Outbox) {
        // The screens' count is complete before the round's results.
        if progress.waiting { sendProgress(now: now, out: &out) }
        let closing = race.closeRound(participants: participants, standings: standings())
        let next = index + 1
        phase = .betweenRounds(next: next)
        unsentRound = nil
        // Recorded before the event: the shell holds the event until the record is committed.
        recordClose(closing, round: index + 1, out: &out)
        sendTable(closing.event, out: &out)
        participants = []
        mode.roundClosed(self, next: next, now: now, out: &out)
    }

    /// Without a host the game waits before its next round rather than running on unattended:
    /// the question already open runs to its end, so nobody's typing is lost.
    func openOrPause(_ next: Int, now: Millis, out: inout Outbox) {
        // A homework try pauses after its last round too: then its student sees the end it
        // reached when that round closed.
        if next >= race.rounds {
            phase = .lobby
            mode.allRoundsPlayed(self, out: &out)
        } else if host == nil && mode.waitsForHost {
            phase = .paused(next: next, since: now)
        } else {
            openRound(next, now: now, out: &out)
        }
    }

    func recordClose(_ closing: RoundClosing, round: Int, out: inout Outbox) {
        guard let game else { return }
        for player in closing.unanswered {
            out.record(.answer(game: game, round: round, answer: AnswerRecord(
                player: player, typed: nil, correct: false, ms: nil, points: 0, streak: 0, item: 1)))
        }
        out.record(.roundClosed(game: game, round: round))
    }

    func endGame(out: inout Outbox) {
        announceEnd(recordEnd(out: &out), out: &out)
    }

    /// The game over, as stored: its `gameEnded` record (for homework, once only, with the try
    /// finished: `RoomMode.recordsEnd`). Apart from `announceEnd` for homework, whose try ends
    /// with its last round but whose student sees `game_end` after the pause.
    @discardableResult
    func recordEnd(out: inout Outbox) -> [Standing] {
        let stopped: Bool
        switch phase {
        case .open(let index, _, _):
            // Stopped mid-round: the answers so far stand, the round closes unseen.
            // Who had not answered yet was not out of time: no "no answer" rows for them.
            var closing = race.closeRound(participants: participants, standings: [])
            closing.unanswered = []
            recordClose(closing, round: index + 1, out: &out)
            stopped = true
        case .lobby, .betweenRounds:
            // The last round closed: the game ran to its end.
            stopped = false
        case .countdown, .gap, .paused:
            stopped = true
        }
        phase = .lobby
        unsentRound = nil
        participants = []
        progress.drop()
        let standings = standings()
        guard mode.recordsEnd(self) else { return standings }
        if let game { out.record(.gameEnded(game: game, standings: standings, stopped: stopped)) }
        return standings
    }

    /// The game over, as its players see it: `game_end` (for homework, the standings of
    /// everyone who has finished), and the seats of those who dropped let go.
    func announceEnd(_ standings: [Standing], out: inout Outbox) {
        sendTable(mode.endEvent(self, standings: standings), out: &out)
        // Seats kept for players who dropped are released now that the game is over.
        seats.removeAll { !$0.connected }
        if seats.isEmpty { releasedEveryone = true }
    }
}
