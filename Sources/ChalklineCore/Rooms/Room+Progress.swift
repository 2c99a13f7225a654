// The count of answers on the host's and the watchers' screens, throttled.
extension Room {
    /// The host's and the watchers' screens count answers as they come in; players are not
    /// told, so a 1,000-player room costs one line per answer, not a thousand. At most one line
    /// every `progressEveryMs`: a count that arrives sooner waits (the room's deadline sends
    /// it), and the round's last count always goes out before its `round_end`. A room answering
    /// fast then costs its host a few lines a round instead of one per answer.
    func reportProgress(now: Millis, out: inout Outbox) {
        progress.count()
        // Nobody to tell: no line, and no deadline waking the server for one.
        guard host?.session != nil || !watchers.isEmpty else { return }
        if progress.mayShow(now: now) { sendProgress(now: now, out: &out) }
    }

    /// A host back with `/claim` during a round: the count so far, which a reloaded page cannot know.
    func tellProgress(to session: Session, out: inout Outbox) {
        guard case .open = phase else { return }
        out.send(ProgressEvent(id: lastRoundID, answers: progress.answers, players: participants.count), to: session)
    }

    func sendProgress(now: Millis, out: inout Outbox) {
        progress.shown(now: now)
        var screens = watchers
        if let hostSession = host?.session { screens.append(hostSession) }
        guard !screens.isEmpty else { return }
        out.send(ProgressEvent(id: lastRoundID, answers: progress.answers, players: participants.count), to: screens)
    }
}
