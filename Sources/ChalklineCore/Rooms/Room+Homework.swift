// A homework try's room: one student, no host, a pause after each round.
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
    func noteHomeworkProgress(roundsDone: Int) {
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
    func pauseHomework(next: Int, now: Millis, out: inout Outbox) {
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
    func homeworkEnd(_ homework: Assignment) -> GameEndEvent {
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
