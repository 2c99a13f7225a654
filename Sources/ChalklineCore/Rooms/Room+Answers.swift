// An answer to the open round: refused, or judged, recorded and counted.
extension Room {
    /// A seat's answer to the open round (question or word level), judged by the race.
    ///
    /// `question`, when the answer names one, must be the open question's id: an answer meant
    /// for a question that has closed is refused (`no_question`), never judged against the next.
    ///
    /// An answer is in time when it `arrived` by the deadline, even if the shell reads it after
    /// (the round stays open until the shell has read what came in before it closes it); its
    /// time is counted to when it was read, at most the whole time allowed.
    func answer(_ text: String, question: Int? = nil, seat: Seat, now: Millis, arrived: Millis? = nil, out: inout Outbox) {
        if let question, question != openRoundID {
            // Ids as typed in `/answer id=N`, never grouped.
            let say = openRoundID.map { Say("error.answer.closed_other_open", ["id": .text(String(question)), "open": .text(String($0))]) }
                ?? Say("error.answer.closed", ["id": .text(String(question))])
            out.send(ErrorReply("answer", .noQuestion, say), to: seat.session!)
            return
        }
        // Arrived after the deadline but read before the shell's timer fired (both can fall in
        // one loop iteration): time was up, so it is not judged, and the round closes now.
        if case .open(let index, _, let deadline) = phase, unsentRound == nil, (arrived ?? now) > deadline {
            out.send(ErrorReply("answer", .noQuestion, Say("error.answer.too_late")), to: seat.session!)
            closeRound(index, now: now, out: &out)
            return
        }
        guard case .open(_, let opened, let deadline) = phase else {
            out.send(ErrorReply("answer", .noQuestion, Say("error.answer.no_question")), to: seat.session!)
            return
        }
        guard participants.contains(where: { $0 === seat }) else {
            out.send(ErrorReply("answer", .noQuestion, Say("error.answer.joined_late")), to: seat.session!)
            return
        }
        let elapsed = min(now, deadline) - opened
        let outcome = race.answer(text, seat: seat, elapsedMs: elapsed)
        if let judged = outcome.judged, let game, case .open(let index, _, _) = phase {
            let player = seat.ref
            out.record(.answer(game: game, round: index + 1, answer: AnswerRecord(
                player: player, typed: text, correct: judged.correct, ms: elapsed, points: judged.points,
                streak: judged.streak, item: judged.item, committedBeforeReply: outcome.broadcast != nil || mode.commitsEveryAnswer)))
            notePractice(player, right: judged.correct)
        }
        out.send(outcome.reply, to: seat.session!)
        if let event = outcome.broadcast { out.send(event, to: audience) }
        // The screens count judged answers (a refused one is not in); asked of the outcome, not by
        // casting its reply, which cost a dynamic cast an answer.
        if outcome.judged != nil { reportProgress(now: now, out: &out) }
        checkRoundComplete(now: now, out: &out)
    }

    /// The id of the question (or word level) open now, if one is.
    var openRoundID: Int? {
        if case .open = phase { return lastRoundID }
        return nil
    }
}
