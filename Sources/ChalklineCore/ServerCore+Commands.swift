/// Command dispatch: each verb checks who may use it, replies exactly once, then lets the room
/// broadcast what the command caused.
extension ServerCore {
    func handle(_ line: ClientLine, from session: Session, now: Millis, out: inout Outbox) {
        guard case let .command(verb, args, rest) = line else { return }
        do {
            try run(verb, args: args, rest: rest, session: session, now: now, out: &out)
        } catch {
            out.send(error, to: session)
        }
    }

    private func run(_ verb: String, args: [String], rest: String, session: Session, now: Millis,
                     out: inout Outbox) throws(ErrorReply) {
        switch verb {
        case "format": try format(args, session, &out)
        case "name": try name(args, session, &out)
        case "create": try create(args, session, now, &out)
        case "join": try join(args, session, now, &out)
        case "rejoin": try rejoin(args, session, now, &out)
        case "leave":
            let (room, seat) = try inRoom(session, "leave")
            out.send(OkReply("leave", [("room", .string(room.code))], text: "You left room \(room.code)."), to: session)
            room.remove(seat, reason: .left, now: now, out: &out)
            closeIfAbandoned(room)
        case "start":
            let room = try hostRoom(session, "start")
            guard !room.isRunning else { throw ErrorReply("start", .wrongState, "A game is already running.") }
            guard room.players.contains(where: \.connected) else {
                throw ErrorReply("start", .wrongState, "Nobody is playing yet: wait for players to /join \(room.code).")
            }
            out.send(OkReply("start", text: "Starting the game."), to: session)
            gamesStarted += 1
            room.start(now: now, serial: gamesStarted, out: &out)
        case "stop":
            let room = try hostRoom(session, "stop")
            guard room.isRunning else { throw ErrorReply("stop", .wrongState, "No game is running.") }
            out.send(OkReply("stop", text: "Stopping the game."), to: session)
            room.stop(now: now, out: &out)
        case "skip":
            let room = try hostRoom(session, "skip")
            guard case .open = room.phase else { throw ErrorReply("skip", .noQuestion, "There is no open question to skip.") }
            out.send(OkReply("skip", text: "Skipping this question."), to: session)
            room.skip(now: now, out: &out)
        case "kick": try kick(args, session, now, &out)
        case "answer":
            let (room, seat) = try inRoom(session, "answer")
            guard seat.plays else { throw ErrorReply("answer", .notPlaying, "You are hosting this room, not playing in it.") }
            room.answer(rest, seat: seat, now: now, out: &out)
        case "scores":
            let (room, _) = try inRoom(session, "scores")
            let standings = room.standings()
            out.send(OkReply("scores", [("standings", .array(standings.map(\.json)))],
                             text: (["Standings in \(room.code):"] + TextFormat.standings(standings, limit: 50)).joined(separator: "\n")),
                     to: session)
        case "who":
            let (room, _) = try inRoom(session, "who")
            out.send(OkReply("who", [("players", room.playersJSON())], text: whoText(room)), to: session)
        case "rooms":
            out.send(roomsReply(), to: session)
        case "report":
            let room = try hostRoom(session, "report")
            guard !room.isRunning, let game = room.game else {
                throw ErrorReply("report", .wrongState, room.isRunning
                    ? "The report is ready once the game is over."
                    : "No game has been played in this room yet.")
            }
            // The shell reads the stored report off the loop and sends it as this command's reply.
            out.report(ReportRequest(to: session.id, format: session.format, game: game))
        case "ping":
            out.send(OkReply("ping", text: "pong"), to: session)
        case "help":
            let topic = args.first?.lowercased().trimmingPrefix("/")
            out.send(OkReply("help", [("text", .string(Help.text(topic.map(String.init))))], text: Help.text(topic.map(String.init))), to: session)
        case "quit":
            out.send(OkReply("quit", text: "Goodbye!"), to: session)
            session.closing = true
            out.close(session)
        default:
            throw ErrorReply(verb, .unknownCommand, "There is no command /\(verb). Type /help for the list.")
        }
    }

    // MARK: Checks shared by several commands

    private func inRoom(_ session: Session, _ cmd: String) throws(ErrorReply) -> (Room, Seat) {
        guard let seat = session.seat else { throw ErrorReply(cmd, .notInRoom, "You are not in a room. /join CODE first.") }
        return (seat.room, seat)
    }

    private func hostRoom(_ session: Session, _ cmd: String) throws(ErrorReply) -> Room {
        let (room, _) = try inRoom(session, cmd)
        guard room.isHost(session) else { throw ErrorReply(cmd, .notHost, "Only the host can /\(cmd).") }
        return room
    }

    private func outsideRoom(_ session: Session, _ cmd: String) throws(ErrorReply) {
        if let room = session.room {
            throw ErrorReply(cmd, .alreadyInRoom, "You are in room \(room.code). /leave it first.")
        }
    }

    // MARK: Commands with arguments

    private func format(_ args: [String], _ session: Session, _ out: inout Outbox) throws(ErrorReply) {
        guard args.count == 1, let format = OutputFormat(rawValue: args[0].lowercased()) else {
            throw ErrorReply("format", .badArgs, "Use /format text or /format json.")
        }
        session.format = format
        out.send(OkReply("format", [("format", .string(format.rawValue))], text: "Output is now \(format.rawValue)."), to: session)
        // Every connection starts in text, so a bot met the welcome in words; it gets it again in json.
        if format == .json { out.send(WelcomeEvent(version: config.version), to: session) }
    }

    private func name(_ args: [String], _ session: Session, _ out: inout Outbox) throws(ErrorReply) {
        try outsideRoom(session, "name")
        guard args.count == 1, Names.isValid(args[0]) else { throw ErrorReply("name", .badName, Names.rule) }
        session.name = args[0]
        out.send(OkReply("name", [("name", .string(args[0]))], text: "Hello, \(args[0])! Now /join CODE or /create times."), to: session)
    }

    private func create(_ args: [String], _ session: Session, _ now: Millis, _ out: inout Outbox) throws(ErrorReply) {
        try outsideRoom(session, "create")
        guard let name = session.name else { throw ErrorReply("create", .noName, "Choose a name first: /name YOURNAME.") }
        guard let kind = args.first?.lowercased() else {
            throw ErrorReply("create", .badArgs, "Say which game: /create times (or /create words).")
        }
        let race = try makeRace(kind, options: CommandOptions(args.dropFirst()))
        var code = Secrets.roomCode(random)
        while rooms[code] != nil { code = Secrets.roomCode(random) }
        let room = Room(code: code, hostKey: Secrets.token(random), race: race)
        rooms[code] = room
        let token = Secrets.token(random)
        let seat = room.seatNew(session, name: name, token: token, plays: race.timing.hostPlays)
        room.makeCreatorHost(seat)
        out.send(OkReply("create", [("room", .string(code)), ("host_key", .string(room.hostKey)), ("token", .string(token)),
                                    ("game", .string(race.kind)), ("settings", race.settingsJSON)],
                         text: "Room \(code) is ready (\(race.kind)). Players type: /join \(code) NAME. You are the host: /start when everyone is in."),
                 to: session)
    }

    func makeRace(_ kind: String, options: CommandOptions) throws(ErrorReply) -> Race {
        do {
            switch kind {
            case "times": return TimesRace(settings: try TimesSettings.parse(options, random: random))
            case "words": return WordsRace(settings: try wordsSettings(options))
            default: throw ErrorReply("create", .unknownGame, "There is no game \"\(kind)\". Try /create times or /create words.")
            }
        } catch let error as OptionError {
            throw ErrorReply("create", .badArgs, error.message)
        } catch let error as ErrorReply {
            throw error
        } catch {
            throw ErrorReply("create", .badArgs, "\(error)")
        }
    }

    private func wordsSettings(_ options: CommandOptions) throws(ErrorReply) -> WordsSettings {
        do {
            return try WordsSettings.parse(options, packs: config.levelPacks, random: random)
        } catch {
            switch error {
            case .option(let error):
                throw ErrorReply("create", .badArgs, error.message)
            case .noPack(let name, let available):
                let choice = available.isEmpty ? "This server has no word packs." : "Packs here: \(available.joined(separator: ", "))."
                throw ErrorReply("create", .noPack, "There is no word pack \"\(name)\". \(choice)")
            }
        }
    }

    private func join(_ args: [String], _ session: Session, _ now: Millis, _ out: inout Outbox) throws(ErrorReply) {
        try outsideRoom(session, "join")
        guard (1...2).contains(args.count) else { throw ErrorReply("join", .badArgs, "Use /join CODE or /join CODE NAME.") }
        var name = session.name
        if args.count == 2 {
            guard Names.isValid(args[1]) else { throw ErrorReply("join", .badName, Names.rule) }
            name = args[1]
        }
        guard let name else { throw ErrorReply("join", .noName, "Choose a name first: /join CODE NAME, or /name YOURNAME.") }
        guard let room = rooms[args[0].uppercased()] else {
            throw ErrorReply("join", .noRoom, "There is no room \(args[0].uppercased()). Check the code with your host.")
        }
        if room.isRunning && !room.race.timing.lateJoin {
            throw ErrorReply("join", .wrongState, "This room's game has started and it takes no late players. Wait for the next game.")
        }
        // Players, as protocol.md counts them: a host with play=no takes no player's place.
        guard room.players.count < config.maxPlayersPerRoom else {
            throw ErrorReply("join", .roomFull, "Room \(room.code) is full (\(config.maxPlayersPerRoom) players).")
        }
        guard room.seat(named: name) == nil else {
            throw ErrorReply("join", .nameTaken, "Someone in room \(room.code) is already called \(name). Pick another name.")
        }
        session.name = name
        let seat = room.seatNew(session, name: name, token: Secrets.token(random), plays: true)
        out.send(joinReply("join", room, seat), to: session)
        room.announceJoin(of: seat, out: &out)
    }

    private func rejoin(_ args: [String], _ session: Session, _ now: Millis, _ out: inout Outbox) throws(ErrorReply) {
        try outsideRoom(session, "rejoin")
        guard args.count == 2 else { throw ErrorReply("rejoin", .badArgs, "Use /rejoin CODE TOKEN (the token came with your join).") }
        guard let room = rooms[args[0].uppercased()] else {
            throw ErrorReply("rejoin", .noRoom, "There is no room \(args[0].uppercased()) any more.")
        }
        // Every seat is compared, whatever matches, so the time taken says nothing about the tokens.
        var found: Seat?
        for seat in room.seats where Secrets.constantTimeEquals(seat.token, args[1]) { found = seat }
        guard let seat = found else {
            throw ErrorReply("rejoin", .badToken, "That token does not hold a seat in room \(room.code).")
        }
        let wasConnected = seat.connected
        room.reattach(session, to: seat, out: &out)
        out.send(joinReply("rejoin", room, seat), to: session)
        if !wasConnected { room.announceJoin(of: seat, out: &out) }
    }

    private func joinReply(_ cmd: String, _ room: Room, _ seat: Seat) -> OkReply {
        OkReply(cmd, [("room", .string(room.code)), ("token", .string(seat.token)), ("game", .string(room.race.kind)),
                      ("state", .string(room.stateName)), ("players", room.playersJSON()), ("name", .string(seat.name)),
                      ("score", .int(seat.score))],
                text: "You are in room \(room.code) as \(seat.name) (\(room.race.kind), \(room.players.count) players). "
                    + (room.isRunning ? "A game is running: answer the next question!" : "Wait for the host to start."))
    }

    private func kick(_ args: [String], _ session: Session, _ now: Millis, _ out: inout Outbox) throws(ErrorReply) {
        let room = try hostRoom(session, "kick")
        guard args.count == 1 else { throw ErrorReply("kick", .badArgs, "Use /kick NAME.") }
        guard let target = room.seat(named: args[0]) else {
            throw ErrorReply("kick", .noSuchPlayer, "Nobody in room \(room.code) is called \(args[0]).")
        }
        guard target.session !== session else { throw ErrorReply("kick", .badArgs, "You cannot kick yourself; /leave instead.") }
        out.send(OkReply("kick", [("name", .string(target.name))], text: "\(target.name) was removed from the room."), to: session)
        if let victim = target.session { out.send(KickedEvent(room: room.code), to: victim) }
        room.remove(target, reason: .kicked, now: now, out: &out)
    }

    // MARK: Listings

    private func whoText(_ room: Room) -> String {
        var lines = ["Room \(room.code) (\(room.race.kind), \(room.stateName)):"]
        let width = room.seats.map(\.name.count).max() ?? 4
        for seat in room.seats {
            var notes: [String] = []
            if seat === room.host { notes.append("host") }
            if !seat.plays { notes.append("not playing") }
            if !seat.connected { notes.append("disconnected") }
            lines.append("  " + TextFormat.pad(seat.name, width) + "  " + TextFormat.padLeft(TextFormat.thousands(seat.score), 7)
                         + (notes.isEmpty ? "" : "  (" + notes.joined(separator: ", ") + ")"))
        }
        return lines.joined(separator: "\n")
    }

    private func roomsReply() -> OkReply {
        let list = rooms.values.sorted { $0.code < $1.code }
        let json = JSON.array(list.map { room in
            .object([("code", .string(room.code)), ("game", .string(room.race.kind)), ("state", .string(room.stateName)),
                     ("players", .int(room.players.count)), ("host", .optional(room.host?.name))])
        })
        var lines = list.isEmpty ? ["No rooms are open. /create times to open one."] : ["Open rooms:"]
        for room in list {
            lines.append("  \(room.code)  \(TextFormat.pad(room.race.kind, 6))  \(TextFormat.pad(room.stateName, 8))  \(room.players.count) players, host \(room.host?.name ?? "none")")
        }
        return OkReply("rooms", [("rooms", json)], text: lines.joined(separator: "\n"))
    }
}
