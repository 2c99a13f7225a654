/// Into a room and out of it: `/join`, `/rejoin`, `/leave`, and what a connection is called and speaks first.
extension ServerCore {
    func format(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let session = call.session
        guard let format = OutputFormat(rawValue: call.args[0].lowercased()) else {
            throw ErrorReply("format", .badArgs, "Use /format text or /format json.")
        }
        guard format == .json || !session.jsonOnly else {
            throw ErrorReply("format", .badArgs, "A WebSocket speaks json only: one JSON object a message.")
        }
        session.format = format
        out.send(OkReply("format", [("format", .string(format.rawValue))], text: "Output is now \(format.rawValue)."), to: session)
        // Every connection starts in text, so a bot met the welcome in words; it gets it again in json.
        if format == .json { out.send(WelcomeEvent(version: config.version), to: session) }
    }

    func name(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session) = (call.args, call.session)
        guard Names.isValid(args[0]) else { throw ErrorReply("name", .badName, Names.rule) }
        session.name = args[0]
        out.send(OkReply("name", [("name", .string(args[0]))], text: "Hello, \(args[0])! Now /join CODE, \(RaceCatalog.createHint)."), to: session)
    }

    func join(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session) = (call.args, call.session)
        var name = session.name
        // After CODE NAME: a class's picture code (digits), then `bot`, each if given.
        var more = Array(args.dropFirst(2))
        let bot = more.last?.lowercased() == "bot"
        if bot { more.removeLast() }
        guard more.count <= 1, more.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
            throw ErrorReply("join", .badArgs, "Use /join CODE NAME, /join CODE NAME DIGITS (a class's picture code), or add bot for a program.")
        }
        if args.count >= 2 {
            guard Names.isValid(args[1]) else { throw ErrorReply("join", .badName, Names.rule) }
            name = args[1]
        }
        guard var name else { throw ErrorReply("join", .noName, "Choose a name first: /join CODE NAME, or /name YOURNAME.") }
        if let assignment = assignments[args[0].uppercased()] {
            if let schoolClass = schoolClass(uid: assignment.record.classUID) {
                name = try classStudent(schoolClass, code: assignment.code, name: name, digits: more.first, session, now: call.now).name
            }
            try joinHomework(assignment, name: name, bot: bot, session, now: call.now, &out)
            return
        }
        guard let room = rooms[args[0].uppercased()] else {
            throw ErrorReply("join", .noRoom, "There is no room \(args[0].uppercased()). Check the code with your host.")
        }
        // Before the seat kept by name below: a classmate behind the same address must not take it.
        let student = try room.schoolClass.map { schoolClass throws(ErrorReply) in
            try classStudent(schoolClass, code: room.code, name: name, digits: more.first, session, now: call.now)
        }
        if let student { name = student.name }
        if room.isBanned(session) || room.isBanned(name: name) {
            throw ErrorReply("join", .banned, "The host of room \(room.code) has banned you from it.")
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
            throw ErrorReply("join", .roomLocked, "Room \(room.code) is locked: the host is not letting new players in.")
        }
        if room.isKickedName(name) {
            throw ErrorReply("join", .nameRefused, "The host removed \(name) from room \(room.code): join under another name.")
        }
        if room.isRunning && !room.race.timing.lateJoin {
            throw ErrorReply("join", .wrongState, "This room's game has started and it takes no late players. Wait for the next game.")
        }
        // Players, as protocol.md counts them: a host with play=no takes no player's place.
        guard room.players.count < config.maxPlayersPerRoom else {
            throw ErrorReply("join", .roomFull, "Room \(room.code) is full (\(config.maxPlayersPerRoom) players).")
        }
        guard held == nil else {
            throw ErrorReply("join", .nameTaken, "Someone in room \(room.code) is already called \(name). Pick another name;"
                             + " if it is you, on another device, /comeback \(room.code) \(name) asks your teacher to let you back in.")
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
            throw ErrorReply("rejoin", .noRoom, "There is no room \(args[0].uppercased()) any more.")
        }
        let token = Token(text: args[1])
        if room.isBanned(session) || room.isBanned(token: token) {
            throw ErrorReply("rejoin", .banned, "The host of room \(room.code) has banned you from it.")
        }
        // Every seat is compared, whatever matches, so the time taken says nothing about the tokens.
        var found: Seat?
        if let token { for seat in room.seats where seat.token.matches(token) { found = seat } }
        guard let seat = found else {
            throw ErrorReply("rejoin", .badToken, "That token does not hold a seat in room \(room.code).")
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
                text: "You are in room \(room.code) as \(seat.name) (\(room.race.kind), \(TextFormat.count(room.players.count, "player"))).\n"
                    + (seat.score > 0 ? "Welcome back: your score is \(NumberText.thousands(seat.score)).\n" : "")
                    + (!room.isRunning ? "Wait for the host to start."
                       : room.race.roundNoun == "level" ? "A game is running: you play from the next level."
                       : "A game is running: answer the next question!")
                    // The token `/help rejoin` speaks of: a student at netcat has no other way to see it.
                    + "\nIf your connection drops: /rejoin \(room.code) \(seat.token.text)")
    }

    func leave(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (session, now) = (call.session, call.now)
        if let watched = session.watching {
            watched.removeWatcher(session)
            out.send(OkReply("leave", [("room", .string(watched.code))], text: "You stopped watching room \(watched.code)."), to: session)
            session.lastHeard = now
            scheduleIdle(session)
            return
        }
        let (room, seat) = try inRoom(session, "leave")
        out.send(OkReply("leave", [("room", .string(room.code))], text: "You left room \(room.code)."), to: session)
        room.remove(seat, reason: .left, now: now, out: &out)
        closeIfAbandoned(room, now: now, &out)
        scheduleIdle(session)
    }
}
