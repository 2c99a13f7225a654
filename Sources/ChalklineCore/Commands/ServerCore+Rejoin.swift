/// `/comeback CODE NAME` and `/letin NAME [no]`: a student's way back to their seat from another
/// device with no token, the host deciding (see `ComebackRequest`).
extension ServerCore {
    func comeback(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session) = (call.args, call.session)
        let code = args[0].uppercased(), name = args[1]
        guard Names.isValid(name) else { throw ErrorReply("comeback", .badName, Names.rule) }
        if assignments[code] != nil {
            throw ErrorReply("comeback", .wrongState, "\(code) is homework: /join \(code) \(name) goes on with your try on any device.")
        }
        guard let room = rooms[code] else {
            throw ErrorReply("comeback", .noRoom, "There is no room \(code). Check the code with your host.")
        }
        if room.isBanned(session) || room.isBanned(name: name) {
            throw ErrorReply("comeback", .banned, "The host of room \(room.code) has banned you from it.")
        }
        if room.isKickedName(name) {
            throw ErrorReply("comeback", .nameRefused, "The host removed \(name) from room \(room.code): join under another name.")
        }
        // Nobody holds the name: there is nothing to give back, only a seat to take.
        guard let seat = room.seat(named: name) else {
            try join(Command.Call(verb: "join", rest: code + " " + name, session: session, now: call.now, arrived: call.arrived), &out)
            return
        }
        if seat === room.creatorSeat || seat === room.host {
            throw ErrorReply("comeback", .nameTaken, "\(seat.name) is the host's seat: the teacher takes it back with /claim \(room.code) HOST_KEY.")
        }
        guard let hostSession = room.hostSession else {
            throw ErrorReply("comeback", .wrongState, "The teacher of room \(room.code) is not connected: ask again when they are back.")
        }
        room.pruneComebacks(isWaiting: isWaiting)
        if let mine = room.comeback(from: session) {
            // Asked again (a double tap): still the one request, and the teacher is not told twice.
            guard mine.key == seat.key else {
                throw ErrorReply("comeback", .rateLimited, "You already asked to come back as \(mine.name): wait for your teacher's answer.")
            }
        } else {
            if room.comeback(named: name) != nil {
                throw ErrorReply("comeback", .rateLimited, "Someone already asked to come back as \(seat.name): the teacher has not answered yet.")
            }
            guard room.comebacks.count < Limits.comebackRequestsPerRoom else {
                throw ErrorReply("comeback", .rateLimited,
                                 "\(Limits.comebackRequestsPerRoom) students are already waiting for the teacher of room \(room.code): ask again in a minute.")
            }
            room.comebacks.append(ComebackRequest(name: seat.name, session: session))
            out.send(ComebackEvent(room: room.code, name: seat.name, connected: seat.connected), to: hostSession)
        }
        out.send(OkReply("comeback", [("room", .string(room.code)), ("name", .string(seat.name)), ("waiting", .bool(true))],
                         text: "Someone called \(seat.name) is already in room \(room.code). Your teacher has been asked to let you back in: wait here."),
                 to: session)
    }

    /// `/letin NAME` gives the waiting student the seat; `/letin NAME no` refuses them.
    func letIn(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session, now) = (call.args, call.session, call.now)
        let room = try hostRoom(session, "letin")
        if args.count == 2 && args[1].lowercased() != "no" {
            throw ErrorReply("letin", .badArgs, "Use /letin NAME to let them back in, or /letin NAME no to refuse.")
        }
        room.pruneComebacks(isWaiting: isWaiting)
        guard let request = room.comeback(named: args[0]), let seat = room.seat(named: request.name) else {
            throw ErrorReply("letin", .noSuchPlayer, "Nobody is asking to come back as \(args[0]) (they may have given up, or left).")
        }
        guard args.count == 1 else {
            room.comebacks.removeAll { $0 === request }
            out.send(OkReply("letin", [("name", .string(seat.name)), ("allowed", .bool(false))],
                             text: "\(seat.name)'s other device stays out."),
                     to: session)
            out.send(LetInEvent(allowed: false, room: room.code, name: seat.name), to: request.session)
            return
        }
        let wasConnected = seat.connected
        out.send(OkReply("letin", [("name", .string(seat.name)), ("allowed", .bool(true))],
                         text: "\(seat.name) is back, on their new device, with \(NumberText.thousands(seat.score)) points."),
                 to: session)
        let newcomer = request.session
        if let old = room.moveSeat(seat, to: newcomer, token: Token(random), now: now, out: &out) { scheduleIdle(old) }
        out.send(LetInEvent(allowed: true, room: room.code, name: seat.name, joined: joinReply("join", room, seat)), to: newcomer)
        if !wasConnected { room.announceJoin(of: seat, out: &out) }
        room.resendOpenRound(to: seat, now: now, out: &out)
    }

    /// The host is back (`/claim`, a reloaded teacher's page): the requests still waiting are
    /// theirs to answer, so each is told again.
    func resendComebacks(_ room: Room, to session: Session, _ out: inout Outbox) {
        room.pruneComebacks(isWaiting: isWaiting)
        for request in room.comebacks {
            guard let seat = room.seat(named: request.name) else { continue }
            out.send(ComebackEvent(room: room.code, name: seat.name, connected: seat.connected), to: session)
        }
    }

    /// A request still stands while its connection is open and outside every room.
    private func isWaiting(_ session: Session) -> Bool {
        sessions[session.id] === session && !session.closing && session.audienceRoom == nil
    }
}
