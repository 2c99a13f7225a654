/// `/comeback CODE NAME` and `/letin NAME NUMBER [no]`: a student's way back to their seat from
/// another device with no token, the host deciding (see `ComebackRequest`).
extension ServerCore {
    func comeback(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session) = (call.args, call.session)
        let code = args[0].uppercased(), name = args[1]
        guard Names.isValid(name) else { throw ErrorReply("comeback", .badName, Names.ruleSay) }
        if assignments[code] != nil {
            throw ErrorReply("comeback", .wrongState, Say("error.comeback.homework", ["code": .text(code), "name": .text(name)]))
        }
        guard let room = rooms[code] else {
            throw ErrorReply("comeback", .noRoom, Say("error.room.none", ["room": .text(code)]))
        }
        if room.isBanned(session) || room.isBanned(name: name) {
            throw ErrorReply("comeback", .banned, Say("error.room.banned", ["room": .text(room.code)]))
        }
        if room.isKickedName(name) {
            throw ErrorReply("comeback", .nameRefused, Say("error.room.kicked_name", ["name": .text(name), "room": .text(room.code)]))
        }
        // Nobody holds the name: there is nothing to give back, only a seat to take.
        guard let seat = room.seat(named: name) else {
            try join(Command.Call(verb: "join", rest: code + " " + name, session: session, now: call.now, arrived: call.arrived), &out)
            return
        }
        if seat === room.creatorSeat || seat === room.host {
            throw ErrorReply("comeback", .nameTaken, Say("error.comeback.host_seat", ["name": .text(seat.name), "room": .text(room.code)]))
        }
        guard let hostSession = room.hostSession else {
            throw ErrorReply("comeback", .wrongState, Say("error.comeback.no_teacher", ["room": .text(room.code)]))
        }
        settleComebacks(room, &out)
        // One request a connection, across rooms too: its host is told when it goes.
        if let other = session.askedComeback, other !== room, rooms[other.slot] === other, other.comeback(from: session) != nil {
            throw ErrorReply("comeback", .rateLimited, Say("error.comeback.asked_other", ["room": .text(other.code)]))
        }
        let request: ComebackRequest
        if let mine = room.comeback(from: session) {
            // Asked again (a double tap): still the one request, and the teacher is not told twice.
            guard mine.foldedName == seat.foldedName else {
                throw ErrorReply("comeback", .rateLimited, Say("error.comeback.asked_as", ["name": .text(mine.name)]))
            }
            request = mine
        } else {
            // Several may ask under one name (the real student and a classmate): each gets its
            // own number, and the teacher lets in the one whose screen shows it.
            guard room.comebacks.count < Limits.comebackRequestsPerRoom else {
                throw ErrorReply("comeback", .rateLimited,
                                 Say("error.comeback.queue_full", ["max": .int(Limits.comebackRequestsPerRoom), "room": .text(room.code)]))
            }
            request = ComebackRequest(name: seat.name, session: session, number: room.freeComebackNumber(random))
            room.comebacks.append(request)
            session.askedComeback = room
            out.send(ComebackEvent(room: room.code, name: seat.name, number: request.number, connected: seat.connected), to: hostSession)
        }
        out.send(OkReply("comeback", [("room", .string(room.code)), ("name", .string(seat.name)), ("waiting", .bool(true)),
                                      ("number", .int(request.number))],
                         Say("text.comeback.waiting", ["name": .text(seat.name), "room": .text(room.code), "number": .int(request.number)])),
                 to: session)
    }

    /// `/letin NAME NUMBER` gives the waiting student whose screen shows NUMBER the seat;
    /// `/letin NAME NUMBER no` refuses them. The name alone is not enough: anyone may ask under it.
    func letIn(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session, now) = (call.args, call.session, call.now)
        let room = try hostRoom(session, "letin")
        if args.count < 2 || (args.count == 3 && args[2].lowercased() != "no") {
            throw ErrorReply("letin", .badArgs, Say("error.letin.words"))
        }
        settleComebacks(room, &out)
        guard let number = Int(args[1]), let request = room.comeback(named: args[0], number: number),
              let seat = room.seat(named: request.name) else {
            throw ErrorReply("letin", .noSuchPlayer,
                             Say("error.letin.nobody", ["name": .text(args[0]), "number": .text(Visible.shown(args[1]))]))
        }
        let fields: [(String, JSON)] = [("name", .string(seat.name)), ("number", .int(number))]
        guard args.count == 2 else {
            room.comebacks.removeAll { $0 === request }
            out.send(OkReply("letin", fields + [("allowed", .bool(false))],
                             Say("text.letin.refused", ["name": .text(seat.name), "number": .int(number)])),
                     to: session)
            out.send(LetInEvent(allowed: false, room: room.code, name: seat.name, reason: .refused), to: request.session)
            return
        }
        let wasConnected = seat.connected
        out.send(OkReply("letin", fields + [("allowed", .bool(true))],
                         Say("text.letin.back", count: seat.score, ["name": .text(seat.name)])),
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
            out.send(ComebackEvent(room: room.code, name: seat.name, number: request.number, connected: seat.connected), to: session)
        }
    }

    /// Requests that lapsed (their connection went, joined a room, or their seat is gone) are
    /// withdrawn from the host's screen, so a stale row cannot be answered for someone else.
    func settleComebacks(_ room: Room, _ out: inout Outbox) {
        guard !room.comebacks.isEmpty else { return }
        let lapsed = room.pruneComebacks(isWaiting: isWaiting)
        guard !lapsed.isEmpty, let host = room.hostSession else { return }
        for request in lapsed {
            out.send(ComebackEvent(room: room.code, name: request.name, number: request.number, connected: false, waiting: false), to: host)
        }
    }

    /// After a line or a disconnect: the rooms whose requests it may have ended.
    /// Cheap when nothing waits: it runs after every line of a connection in a room.
    func settleComebacks(after session: Session, in room: Room?, _ out: inout Outbox) {
        if let room, !room.comebacks.isEmpty, rooms[room.slot] === room { settleComebacks(room, &out) }
        if let asked = session.askedComeback, asked !== room, !asked.comebacks.isEmpty, rooms[asked.slot] === asked {
            settleComebacks(asked, &out)
        }
    }

    /// The room closes: students still waiting to come back are told, not left waiting.
    func refuseComebacks(_ room: Room, reason: LetInEvent.Reason, _ out: inout Outbox) {
        for request in room.comebacks where isWaiting(request.session) {
            out.send(LetInEvent(allowed: false, room: room.code, name: request.name, reason: reason), to: request.session)
        }
        room.comebacks = []
    }

    func isStillWaiting(_ session: Session) -> Bool { isWaiting(session) }

    /// A request still stands while its connection is open and outside every room.
    private func isWaiting(_ session: Session) -> Bool {
        sessions[session.id] === session && !session.closing && session.audienceRoom == nil
    }
}
