// Who is in the room: seats taken, given back and let go, the host's role, and the watchers.
extension Room {
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
        let others = audience.filter { $0 !== seat.session }
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

    /// The seat's player left (`/leave`, kicked) or their connection dropped.
    func remove(_ seat: Seat, reason: LeftEvent.Reason, now: Millis, out: inout Outbox) {
        let keepSeat = reason == .disconnected && isRunning && seat.plays && mode.keepsDroppedSeats
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
        out.send(LeftEvent(room: code, name: seat.name, players: players.count, reason: reason), to: audience)
        if host === seat {
            // Nobody inherits the room: a student given the host's role could kick the class.
            host = nil
            out.send(HostAwayEvent(running: isRunning), to: audience)
        }
        if !seats.contains(where: { $0.session != nil }) && emptySince == nil { emptySince = now }
        checkRoundComplete(now: now, out: &out)
    }

    func setHost(_ seat: Seat?, out: inout Outbox) {
        host = seat
        if let seat { out.send(HostEvent(name: seat.name), to: audience) }
    }

    var hostSession: Session? { host?.session }

    func isHost(_ session: Session) -> Bool { host != nil && host?.session === session }

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
}
