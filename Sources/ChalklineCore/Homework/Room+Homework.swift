// A homework try's room (`HomeworkTry`), as `/join` and `/next` drive it.
extension Room {
    /// Plays `attempt` for the room's one student: from its start, or from the round after the
    /// last it closed, with the score it had then. Every try asks the same questions in the same
    /// order (the assignment's seed), so a resumed try asks what it would have asked.
    func playHomework(_ attempt: AttemptProgress, serial: Int, isNew: Bool, now: Millis, out: inout Outbox) {
        guard let homework, let seat = players.first else { return }
        gamesPlayed = attempt.number
        let game = GameRef(serial: serial, room: code, number: attempt.number, assignment: homework.record.uid)
        self.game = game
        race.startGame(fresh: 0, firstGame: true)
        seat.resetForGame()
        if isNew {
            out.record(.gameStarted(game: game, kind: race.kind, settings: homework.record.settings, players: [seat.ref],
                                    classUID: homework.record.classUID))
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

    /// A homework try between rounds: `/next` has a pause to end.
    var isHomeworkPaused: Bool {
        guard mode is HomeworkTry, case .gap = phase else { return false }
        return true
    }

    /// `/next` in a homework try's pause: the next round (or the end of the try) now.
    func nextHomeworkRound(now: Millis, out: inout Outbox) {
        guard mode is HomeworkTry, case .gap(let next, _) = phase else { return }
        openOrPause(next, now: now, out: &out)
    }
}
