/// The commands' handlers. `CommandTable.swift` has already checked who may use each and how
/// many words it takes.
extension ServerCore {
    // MARK: Commands without arguments

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

    func start(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let room = try hostRoom(call.session, "start")
        guard !room.isRunning else { throw ErrorReply("start", .wrongState, "A game is already running.") }
        guard room.players.contains(where: \.connected) else {
            throw ErrorReply("start", .wrongState, "Nobody is playing yet: wait for players to /join \(room.code).")
        }
        out.send(OkReply("start", text: "Starting the game."), to: call.session)
        gamesStarted += 1
        room.start(now: call.now, serial: gamesStarted, freshSeed: random(), out: &out)
    }

    func stop(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let room = try hostRoom(call.session, "stop")
        guard room.isRunning else { throw ErrorReply("stop", .wrongState, "No game is running.") }
        out.send(OkReply("stop", text: "Stopping the game."), to: call.session)
        room.stop(out: &out)
    }

    func skip(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let room = try hostRoom(call.session, "skip")
        guard case .open = room.phase else { throw ErrorReply("skip", .noQuestion, "There is no open question to skip.") }
        out.send(OkReply("skip", text: "Skipping this \(room.race.roundNoun)."), to: call.session)
        room.skip(now: call.now, out: &out)
    }

    func lock(_ call: Command.Call, _ locked: Bool, _ out: inout Outbox) {
        guard let room = call.session.room else { return }
        room.locked = locked
        out.send(OkReply(locked ? "lock" : "unlock", [("room", .string(room.code)), ("locked", .bool(room.locked))],
                         text: room.locked ? "Room \(room.code) is locked: nobody new may join (players can still /rejoin)."
                                           : "Room \(room.code) is open to new players again."),
                 to: call.session)
    }

    func answer(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        if let watched = call.session.watching {
            throw ErrorReply("answer", .notPlaying, "You are watching room \(watched.code); watchers cannot answer.")
        }
        let (room, seat) = try inRoom(call.session, "answer")
        guard seat.plays else { throw ErrorReply("answer", .notPlaying, "You are hosting this room, not playing in it.") }
        let line = try AnswerLine(call.rest)
        room.answer(line.text, question: line.question, seat: seat, now: call.now, arrived: call.arrived, out: &out)
    }

    func scores(_ call: Command.Call, _ out: inout Outbox) {
        guard let room = call.session.audienceRoom else { return }
        let standings = room.standings()
        out.send(OkReply("scores", [("standings", .array(standings.map(\.json)))],
                         text: (["Standings in \(room.code):"] + TextFormat.standings(standings, limit: 50)).joined(separator: "\n")),
                 to: call.session)
    }

    func who(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard let room = call.session.audienceRoom else { return }
        let page = ListPage(total: room.seats.count, page: try ListPage.requested(call.args, "who"))
        let seats = room.seats[page.range]
        out.send(OkReply("who", [("players", room.playersJSON(seats))] + page.json, text: self.whoText(room, seats, page)), to: call.session)
    }

    /// `/packs`: every word pack, so a bot (or the teacher) need not learn them from an error.
    func packs(_ call: Command.Call, _ out: inout Outbox) {
        let packs = config.levelPacks
        let json = JSON.array(packs.map { .object([("name", .string($0.name)), ("levels", .int($0.levels.count))]) })
        let lines = packs.isEmpty ? ["This server has no word packs."]
            : ["Word packs (/create words pack=NAME):"] + packs.map { "  \($0.name)  \(TextFormat.count($0.levels.count, "level"))" }
        out.send(OkReply("packs", [("packs", json)], text: lines.joined(separator: "\n")), to: call.session)
    }

    func report(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let room = try hostRoom(call.session, "report")
        guard !room.isRunning, let game = room.game else {
            throw ErrorReply("report", .wrongState, room.isRunning
                ? "The report is ready once the game is over."
                : "No game has been played in this room yet.")
        }
        // The shell reads the stored report off the loop and sends it as this command's reply.
        out.report(ReportRequest(to: call.session.id, format: call.session.format, game: game))
    }

    // MARK: Commands with arguments

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

    func create(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let session = call.session
        var args = call.args
        guard let name = session.name else { throw ErrorReply("create", .noName, "Choose a name first: /name YOURNAME.") }
        try checkCreatePassword(&args, "create")
        guard let kind = args.first?.lowercased() else {
            let names = RaceCatalog.names
            throw ErrorReply("create", .badArgs,
                             "Say which game: /create \(names[0]) (or \(RaceCatalog.orList(names.dropFirst().map { "/create \($0)" }))).")
        }
        let race = try makeRace(kind, options: CommandOptions(args.dropFirst()))
        // The host of a class room opening the next one: the class goes along (`moveClass`).
        let moving = session.room.flatMap { $0.homework == nil && $0.isHost(session) ? $0 : nil }
        let code = try freeRoomCode(for: session, replacing: moving)
        if let moving { moveClass(from: moving, to: code, host: session, now: call.now, &out) }
        let room = Room(code: code, hostKey: Secrets.token(random), race: race, creatorAddress: session.address,
                        chatLinesPerSecond: config.roomChatLinesPerSecond, now: call.now)
        rooms[code] = room
        roomsPerAddress[session.address, default: 0] += 1
        let token = Token(random)
        let seat = room.seatNew(session, name: name, token: token, plays: race.timing.hostPlays)
        room.makeCreatorHost(seat)
        let joinURL = self.joinURL.map { $0 + "?room=" + code }
        out.send(OkReply("create", [("room", .string(code)), ("host_key", .string(room.hostKey)), ("token", .string(token.text)),
                                    ("game", .string(race.kind)), ("settings", race.settingsJSON)]
                             + (joinURL.map { [("join_url", JSON.string($0))] } ?? []),
                         text: "Room \(code) is ready (\(race.kind)). Players type: /join \(code) NAME"
                             + (joinURL.map { "\nOr open \($0) in a browser." } ?? "")
                             + "\nYou are the host: /start when everyone is in."),
                 to: session)
        if let reason = storageUnwritable {
            room.storageWarned = true
            out.send(StorageFailedEvent(reason: reason), to: session)
        }
    }

    /// The password is the server's business, not the game's: taken out of `args`, so it never
    /// reaches the settings echo. `/create` and `/assign` need it when the server has one.
    func checkCreatePassword(_ args: inout [String], _ cmd: String) throws(ErrorReply) {
        let isPassword = { (arg: String) in arg.lowercased().hasPrefix("password=") }
        let passwords = args.filter(isPassword).map { String($0.dropFirst("password=".count)) }
        args = args.filter { !isPassword($0) }
        if let required = config.createPassword, !required.isEmpty {
            guard passwords.count == 1, Secrets.constantTimeEquals(passwords[0], required) else {
                throw ErrorReply(cmd, .badPassword,
                                 passwords.isEmpty ? "This server needs a password to open rooms: /\(cmd) GAME password=... (ask your teacher)."
                                                   : "That is not the password for opening rooms on this server.")
            }
        }
    }

    /// A code no open room has, within the room caps. Drawing is bounded: however full the
    /// server, `/create` answers at once.
    private func freeRoomCode(for session: Session, replacing old: Room? = nil) throws(ErrorReply) -> String {
        // A room about to close for this one does not count against the caps.
        let closing = old == nil ? 0 : 1
        let ownClosing = old?.creatorAddress == session.address ? 1 : 0
        guard classRooms - closing < config.maxRooms else {
            throw ErrorReply("create", .tooManyRooms, "The server has as many rooms open as it takes (\(config.maxRooms)). Try again when a class has finished.")
        }
        guard roomsPerAddress[session.address, default: 0] - ownClosing < config.maxRoomsPerIP else {
            throw ErrorReply("create", .tooManyRooms,
                             "Your address already has \(config.maxRoomsPerIP) rooms open. Close one (/leave it) before opening another.")
        }
        return try freeCode("create")
    }

    /// A code neither an open room nor an assignment has: students type both with `/join`.
    func freeCode(_ cmd: String) throws(ErrorReply) -> String {
        for _ in 0..<Limits.roomCodeDraws {
            let code = Secrets.roomCode(random)
            if rooms[code] == nil && assignments[code] == nil { return code }
        }
        throw ErrorReply(cmd, .tooManyRooms, "No free room code was found. Try again in a minute.")
    }

    func makeRace(_ kind: String, options: CommandOptions, cmd: String = "create") throws(ErrorReply) -> Race {
        guard let entry = RaceCatalog.kind(named: kind) else {
            throw ErrorReply(cmd, .unknownGame, "There is no game \"\(kind)\". Try \(RaceCatalog.createHint).")
        }
        do {
            return try entry.make(options, RaceContext(random: random, levelPacks: config.levelPacks))
        } catch {
            throw ErrorReply(cmd, error.code, error.message, extra: error.extra)
        }
    }

    func join(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session) = (call.args, call.session)
        var name = session.name
        if args.count == 3 && args[2].lowercased() != "bot" {
            throw ErrorReply("join", .badArgs, "Use /join CODE NAME, or /join CODE NAME bot for a program.")
        }
        if args.count >= 2 {
            guard Names.isValid(args[1]) else { throw ErrorReply("join", .badName, Names.rule) }
            name = args[1]
        }
        guard let name else { throw ErrorReply("join", .noName, "Choose a name first: /join CODE NAME, or /name YOURNAME.") }
        if let assignment = assignments[args[0].uppercased()] {
            try joinHomework(assignment, name: name, bot: args.count == 3, session, now: call.now, &out)
            return
        }
        guard let room = rooms[args[0].uppercased()] else {
            throw ErrorReply("join", .noRoom, "There is no room \(args[0].uppercased()). Check the code with your host.")
        }
        if room.isBanned(session) || room.isBanned(name: name) {
            throw ErrorReply("join", .banned, "The host of room \(room.code) has banned you from it.")
        }
        // A player who dropped, back from the same address within the grace: their own seat,
        // as `/rejoin` would give it, whatever the lock or `late=no` say.
        if let seat = room.seat(named: name), room.mayRetakeByName(seat, from: session, now: call.now) {
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
        guard room.seat(named: name) == nil else {
            throw ErrorReply("join", .nameTaken, "Someone in room \(room.code) is already called \(name). Pick another name;"
                             + " if it is you, on another device, /comeback \(room.code) \(name) asks your teacher to let you back in.")
        }
        session.name = name
        let seat = room.seatNew(session, name: name, token: Token(random), plays: true)
        seat.isBot = args.count == 3
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
                      ("score", .int(seat.score)), ("settings", room.race.settingsJSON)],
                text: "You are in room \(room.code) as \(seat.name) (\(room.race.kind), \(TextFormat.count(room.players.count, "player"))).\n"
                    + (seat.score > 0 ? "Welcome back: your score is \(NumberText.thousands(seat.score)).\n" : "")
                    + (!room.isRunning ? "Wait for the host to start."
                       : room.race.roundNoun == "level" ? "A game is running: you play from the next level."
                       : "A game is running: answer the next question!")
                    // The token `/help rejoin` speaks of: a student at netcat has no other way to see it.
                    + "\nIf your connection drops: /rejoin \(room.code) \(seat.token.text)")
    }

    /// `/kick NAME` and `/ban NAME`: both remove the player and their seat; a kicked name may not
    /// come back, a banned player (name, token and connection) may not come back at all.
    func expel(_ call: Command.Call, ban: Bool, _ out: inout Outbox) throws(ErrorReply) {
        let (args, session, now) = (call.args, call.session, call.now)
        let cmd = ban ? "ban" : "kick"
        let room = try hostRoom(session, cmd)
        guard let target = room.seat(named: args[0]) else {
            throw ErrorReply(cmd, .noSuchPlayer, "Nobody in room \(room.code) is called \(args[0]).")
        }
        guard target.session !== session else { throw ErrorReply(cmd, .badArgs, "You cannot \(cmd) yourself; /leave instead.") }
        out.send(OkReply(cmd, [("name", .string(target.name))],
                         text: ban ? "\(target.name) is banned from the room." : "\(target.name) was removed from the room."),
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
            throw ErrorReply("claim", .noRoom, "There is no room \(args[0].uppercased()) any more.")
        }
        guard Secrets.constantTimeEquals(room.hostKey, args[1]) else {
            throw ErrorReply("claim", .badKey, "That is not the host key of room \(room.code).")
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
                throw ErrorReply("claim", .nameTaken, "Someone in room \(room.code) is already called \(name): /name another first.")
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

    // MARK: Listings

    func whoText(_ room: Room, _ seats: ArraySlice<Seat>, _ page: ListPage) -> String {
        var lines = ["Room \(room.code) (\(room.race.kind), \(room.stateName)):"]
        let width = seats.map(\.name.count).max() ?? 4
        for seat in seats {
            var notes: [String] = []
            if seat === room.host { notes.append("host") }
            if !seat.plays { notes.append("not playing") }
            if !seat.connected { notes.append("disconnected") }
            lines.append("  " + TextFormat.pad(seat.name, width) + "  " + TextFormat.padLeft(NumberText.thousands(seat.score), 7)
                         + (notes.isEmpty ? "" : "  (" + notes.joined(separator: ", ") + ")"))
        }
        if let note = page.note("who", noun: "people") { lines.append(note) }
        return lines.joined(separator: "\n")
    }

    func roomsReply(page requested: Int) -> OkReply {
        let sorted = rooms.values.filter { $0.homework == nil }.sorted { $0.code < $1.code }
        let page = ListPage(total: sorted.count, page: requested)
        let list = sorted[page.range]
        let json = JSON.array(list.map { room in
            .object([("code", .string(room.code)), ("game", .string(room.race.kind)), ("state", .string(room.stateName)),
                     ("players", .int(room.players.count)), ("host", .optional(room.host?.name)), ("locked", .bool(room.locked))])
        })
        var lines = list.isEmpty ? ["No rooms are open. \(RaceCatalog.createHint) opens one."] : ["Open rooms:"]
        for room in list {
            lines.append("  \(room.code)  \(TextFormat.pad(room.race.kind, 6))  \(TextFormat.pad(room.stateName, 8))  \(TextFormat.count(room.players.count, "player")), host \(room.host?.name ?? "none")"
                         + (room.locked ? " (locked)" : ""))
        }
        if let note = page.note("rooms", noun: "rooms") { lines.append(note) }
        return OkReply("rooms", [("rooms", json)] + page.json, text: lines.joined(separator: "\n"))
    }
}
