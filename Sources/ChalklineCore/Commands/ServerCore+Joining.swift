/// Into a room and out of it: `/join`, `/rejoin`, `/leave`, and what a connection is called and speaks first.
extension ServerCore {
    func format(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let session = call.session
        guard let format = OutputFormat(rawValue: call.args[0].lowercased()) else {
            throw ErrorReply("format", .badArgs, Say("error.format.use"))
        }
        guard format == .json || !session.jsonOnly else {
            throw ErrorReply("format", .badArgs, Say("error.format.websocket"))
        }
        session.format = format
        out.send(OkReply("format", [("format", .string(format.rawValue))], Say("text.format.set", ["format": .text(format.rawValue)])), to: session)
        // Every connection starts in text, so a bot met the welcome in words; it gets it again in json.
        if format == .json { out.send(WelcomeEvent(version: config.version), to: session) }
    }

    func name(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session) = (call.args, call.session)
        guard Names.isValid(args[0]) else { throw ErrorReply("name", .badName, Names.ruleSay) }
        session.name = args[0]
        out.send(OkReply("name", [("name", .string(args[0]))], Say("text.name.hello", ["name": .text(args[0]), "create": RaceCatalog.createHintSay])), to: session)
    }

    func join(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session) = (call.args, call.session)
        var name = session.name
        // After CODE NAME: a class's picture code (digits), then `bot`, each if given.
        var more = Array(args.dropFirst(2))
        let bot = more.last?.lowercased() == "bot"
        if bot { more.removeLast() }
        guard more.count <= 1, more.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
            throw ErrorReply("join", .badArgs, Say("error.join.words"))
        }
        if args.count >= 2 {
            guard Names.isValid(args[1]) else { throw ErrorReply("join", .badName, Names.ruleSay) }
            name = args[1]
        }
        guard var name else { throw ErrorReply("join", .noName, Say("error.join.no_name")) }
        if let assignment = assignments[args[0].uppercased()] {
            if let schoolClass = schoolClass(uid: assignment.record.classUID) {
                name = try classStudent(schoolClass, code: assignment.code, name: name, digits: more.first, session, now: call.now).name
            }
            try joinHomework(assignment, name: name, bot: bot, session, now: call.now, &out)
            return
        }
        guard let room = rooms[args[0].uppercased()] else {
            throw ErrorReply("join", .noRoom, Say("error.room.none", ["room": .text(args[0].uppercased())]))
        }
        // Before the seat kept by name below: a classmate behind the same address must not take it.
        let student = try room.schoolClass.map { schoolClass throws(ErrorReply) in
            try classStudent(schoolClass, code: room.code, name: name, digits: more.first, session, now: call.now)
        }
        if let student { name = student.name }
        if room.isBanned(session) || room.isBanned(name: name) {
            throw ErrorReply("join", .banned, Say("error.room.banned", ["room": .text(room.code)]))
        }
        // A class student's seat is the one holding their uid, whatever spelling it has (renamed
        // while seated): a second seat would answer under the same uid.
        let held = student.map { room.seat(of: $0) } ?? room.seat(named: name)
        // A player who dropped, back from the same address within the grace: their own seat,
        // as `/rejoin` would give it, whatever the lock or `late=no` say.
        if let seat = held, room.mayRetakeByName(seat, from: session, now: call.now) {
            seatBack(seat, in: room, session, "join", now: call.now, &out)
            return
        }
        if room.locked {
            throw ErrorReply("join", .roomLocked, Say("error.join.locked", ["room": .text(room.code)]))
        }
        if room.isKickedName(name) {
            throw ErrorReply("join", .nameRefused, Say("error.room.kicked_name", ["name": .text(name), "room": .text(room.code)]))
        }
        if room.isRunning && !room.race.timing.lateJoin {
            throw ErrorReply("join", .wrongState, Say("error.join.no_late"))
        }
        // Players, as protocol.md counts them: a host with play=no takes no player's place.
        guard room.players.count < config.maxPlayersPerRoom else {
            throw ErrorReply("join", .roomFull, Say("error.join.full", ["room": .text(room.code), "max": .int(config.maxPlayersPerRoom)]))
        }
        guard held == nil else {
            throw ErrorReply("join", .nameTaken, Say("error.join.name_taken", ["room": .text(room.code), "name": .text(name)]))
        }
        session.name = name
        let seat = room.seatNew(session, name: name, token: Token(random), plays: true)
        seat.isBot = bot
        if let student { room.students[seat.number] = student.uid }
        out.send(joinReply("join", room, seat), to: session)
        room.announceJoin(of: seat, out: &out)
    }

    func rejoin(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session, now) = (call.args, call.session, call.now)
        if let assignment = assignments[args[0].uppercased()] {
            try rejoinHomework(assignment, token: Token(text: args[1]), session, now: now, &out)
            return
        }
        guard let room = rooms[args[0].uppercased()] else {
            throw ErrorReply("rejoin", .noRoom, Say("error.room.gone", ["room": .text(args[0].uppercased())]))
        }
        let token = Token(text: args[1])
        if room.isBanned(session) || room.isBanned(token: token) {
            throw ErrorReply("rejoin", .banned, Say("error.room.banned", ["room": .text(room.code)]))
        }
        // Every seat is compared, whatever matches, so the time taken says nothing about the tokens.
        var found: Seat?
        if let token { for seat in room.seats where seat.token.matches(token) { found = seat } }
        guard let seat = found else {
            throw ErrorReply("rejoin", .badToken, Say("error.rejoin.bad_token", ["room": .text(room.code)]))
        }
        seatBack(seat, in: room, session, "rejoin", now: now, &out)
    }

    /// A kept seat taken back (`/rejoin`, or `/join` by name within the grace): the reply, the
    /// room told, the host's role if the seat was the creator's, and the open round again.
    func seatBack(_ seat: Seat, in room: Room, _ session: Session, _ cmd: String, now: Millis, _ out: inout Outbox) {
        let wasConnected = seat.connected
        room.reattach(session, to: seat, out: &out)
        out.send(joinReply(cmd, room, seat), to: session)
        if !wasConnected { room.announceJoin(of: seat, out: &out) }
        let hostBack = room.isCreatorBack(seat)
        if hostBack { room.claim(seat, out: &out) }
        room.resendOpenRound(to: seat, now: now, out: &out, evenIfNotInRound: hostBack)
        room.resumeIfPaused(now: now, out: &out)
    }

    func joinReply(_ cmd: String, _ room: Room, _ seat: Seat) -> OkReply {
        OkReply(cmd, [("room", .string(room.code)), ("token", .string(seat.token.text)), ("game", .string(room.race.kind)),
                      ("state", .string(room.stateName)), ("players", room.playersJSON()), ("name", .string(seat.name)),
                      ("score", .int(seat.score)), ("settings", room.settingsJSON)],
                say: { [code = room.code, kind = room.race.kind, players = room.players.count, name = seat.name, score = seat.score,
                        token = seat.token.text, running = room.isRunning, levels = room.race.roundNoun == "level"] l in
                    ([l(Say("text.join.in", ["room": .text(code), "name": .text(name), "game": .text(kind),
                                            "players": .say(Say("text.join.players", count: players))]))]
                    + (score > 0 ? [l(Say("text.join.welcome_back", ["score": .int(score)]))] : [])
                    + [l(Say(!running ? "text.join.wait" : levels ? "text.join.running_level" : "text.join.running_question"))]
                    // The token `/help rejoin` speaks of: a student at netcat has no other way to see it.
                    + [l(Say("text.join.rejoin", ["room": .text(code), "token": .text(token)]))]).joined(separator: "\n")
                })
    }

    func leave(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (session, now) = (call.session, call.now)
        if let watched = session.watching {
            watched.removeWatcher(session)
            out.send(OkReply("leave", [("room", .string(watched.code))], Say("text.leave.watching", ["room": .text(watched.code)])), to: session)
            session.lastHeard = now
            scheduleIdle(session)
            return
        }
        let (room, seat) = try inRoom(session, "leave")
        out.send(OkReply("leave", [("room", .string(room.code))], Say("text.leave.left", ["room": .text(room.code)])), to: session)
        room.remove(seat, reason: .left, now: now, out: &out)
        closeIfAbandoned(room, now: now, &out)
        scheduleIdle(session)
    }
}
