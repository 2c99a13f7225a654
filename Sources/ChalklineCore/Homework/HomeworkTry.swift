/// A homework try's room (`RoomMode`): one student, no host, and after each round a pause on its
/// verdict before the next. The try is the room's game: its number (`Room.gamesPlayed`) is the
/// attempt's (`AttemptProgress.number`).
struct HomeworkTry: RoomMode {
    let homework: Assignment
    /// Told when the try finishes, so the teachers' counts move.
    let desk: TeacherDesk

    var assignment: Assignment? { homework }
    var keepsDroppedSeats: Bool { false }
    var waitsForHost: Bool { false }
    var commitsEveryAnswer: Bool { true }
    var showsLastGame: Bool { false }

    /// The try resumes after this round from now on. A try is over with its last round, whatever
    /// happens in the pause after it (the student leaves, the connection drops): stored and
    /// counted now, its `game_end` held back for the pause (`allRoundsPlayed`).
    func roundClosed(_ room: Room, next: Int, now: Millis, out: inout Outbox) {
        noteProgress(room, roundsDone: next)
        if next >= room.race.rounds {
            room.recordEnd(out: &out)
            desk.countsMoved(homework, out: &out)
        }
        pause(room, next: next, now: now, out: &out)
    }

    /// The pause after the last round is over: the student sees the end their try reached.
    func allRoundsPlayed(_ room: Room, out: inout Outbox) { room.announceEnd([], out: &out) }

    /// Once only for a try: a try's end is stored when its last round closes, not again when the
    /// pause after it ends or the student goes.
    func recordsEnd(_ room: Room) -> Bool {
        let number = room.gamesPlayed
        guard !homework.attempts.contains(where: { $0.number == number && $0.finished }) else { return false }
        homework.update(number) { $0.finished = true }
        return true
    }

    /// The end of a try: the standings of everyone who has finished, by the try that counts,
    /// and the student's own place in them.
    func endEvent(_ room: Room, standings _: [Standing]) -> GameEndEvent {
        let number = room.gamesPlayed
        let standings = homework.standings()
        let name = room.players.first?.name ?? ""
        let counting = homework.countingAttempts().first { Names.folded($0.name) == Names.folded(name) }
        let own = standings.first { $0.seat == counting?.number }
        var event = GameEndEvent(standings: standings, game: "\(room.code)-\(number)")
        event.homework = HomeworkPlace(code: room.code, rank: own?.rank, finished: standings.count, triesLeft: homework.triesLeft(for: name),
                                       counted: counting?.number == number)
        return event
    }

    private func noteProgress(_ room: Room, roundsDone: Int) {
        guard let seat = room.players.first else { return }
        homework.update(room.gamesPlayed) { attempt in
            attempt.roundsDone = roundsDone
            attempt.score = seat.score
            attempt.streak = seat.streak
            attempt.correctMs = seat.correctMs
        }
    }

    /// The round's verdict and right answer (`round_end`, `level_end`) stay on the student's
    /// screen for a pause before the next round (or the end of the try), longer after a wrong
    /// answer, which takes more reading; `/next` ends it sooner (`Room.nextHomeworkRound`).
    /// The pause is the core's, as a live room's `gap` is: every client shows the same thing.
    private func pause(_ room: Room, next: Int, now: Millis, out: inout Outbox) {
        guard let seat = room.players.first else { return room.openOrPause(next, now: now, out: &out) }
        // A quiz's streak counts right answers in a row: above zero, this round's was right.
        let ms = seat.streak > 0 ? Limits.homeworkPauseRightMs : Limits.homeworkPauseWrongMs
        room.phase = .gap(next: next, until: now + ms)
        if let session = seat.session {
            out.send(PauseEvent(ms: ms, last: next >= room.race.rounds, noun: room.race.roundNoun), to: session)
        }
    }
}
