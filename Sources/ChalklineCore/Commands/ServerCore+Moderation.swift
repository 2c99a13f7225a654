/// The host's hand on the room: `/lock`, `/kick`, `/ban`, and `/claim` to take the room back.
extension ServerCore {
    func lock(_ call: Command.Call, _ locked: Bool, _ out: inout Outbox) {
        guard let room = call.session.room else { return }
        room.locked = locked
        out.send(OkReply(locked ? "lock" : "unlock", [("room", .string(room.code)), ("locked", .bool(room.locked))],
                         Say(room.locked ? "text.lock.locked" : "text.lock.open", ["room": .text(room.code)])),
                 to: call.session)
    }

    /// `/kick NAME` and `/ban NAME`: both remove the player and their seat; a kicked name may not
    /// come back, a banned player (name, token and connection) may not come back at all.
    func expel(_ call: Command.Call, ban: Bool, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session, now) = (call.args, call.session, call.now)
        let cmd = ban ? "ban" : "kick"
        let room = try hostRoom(session, cmd)
        guard let target = room.seat(named: args[0]) else {
            throw ErrorReply(cmd, .noSuchPlayer, Say("error.kick.nobody", ["room": .text(room.code), "name": .text(args[0])]))
        }
        guard target.session !== session else { throw ErrorReply(cmd, .badArgs, Say(ban ? "error.ban.self" : "error.kick.self")) }
        out.send(OkReply(cmd, [("name", .string(target.name))],
                         Say(ban ? "text.ban.done" : "text.kick.done", ["name": .text(target.name)])),
                 to: session)
        let victim = target.session
        room.expel(target, ban: ban, now: now, out: &out)
        if let victim { scheduleIdle(victim) }
    }

    /// `/claim CODE HOST_KEY`: the host, on a new connection, takes the room back. The creator's
    /// seat is reattached if it still exists (as `/rejoin` would); otherwise a new seat is made
    /// under the connection's name (or the creator's), playing as the creator chose if it still can.
    func claim(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session, now) = (call.args, call.session, call.now)
        guard let room = rooms[args[0].uppercased()] else {
            throw ErrorReply("claim", .noRoom, Say("error.room.gone", ["room": .text(args[0].uppercased())]))
        }
        guard Secrets.constantTimeEquals(room.hostKey, args[1]) else {
            throw ErrorReply("claim", .badKey, Say("error.claim.bad_key", ["room": .text(room.code)]))
        }
        let seat: Seat
        let announce: Bool
        if let creator = room.creatorSeat, room.seats.contains(where: { $0 === creator }) {
            announce = !creator.connected
            room.reattach(session, to: creator, out: &out)
            seat = creator
        } else {
            let name = session.name ?? room.creatorName
            guard room.seat(named: name) == nil else {
                throw ErrorReply("claim", .nameTaken, Say("error.claim.name_taken", ["room": .text(room.code), "name": .text(name)]))
            }
            let plays = room.creatorPlays && room.players.count < config.maxPlayersPerRoom
                && (!room.isRunning || room.race.timing.lateJoin)
            seat = room.seatNew(session, name: name, token: Token(random), plays: plays)
            announce = true
        }
        out.send(joinReply("claim", room, seat), to: session)
        if announce { room.announceJoin(of: seat, out: &out) }
        room.claim(seat, out: &out)
        resendComebacks(room, to: session, &out)
        room.resendOpenRound(to: seat, now: now, out: &out, evenIfNotInRound: true)
        room.tellProgress(to: session, out: &out)
        room.resumeIfPaused(now: now, out: &out)
    }
}
