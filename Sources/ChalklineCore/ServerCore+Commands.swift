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
        case "create": try guessing("create", session, now) { () throws(ErrorReply) in try create(args, session, now, &out) }
        case "join": try guessing("join", session, now) { () throws(ErrorReply) in try join(args, session, now, &out) }
        case "rejoin": try guessing("rejoin", session, now) { () throws(ErrorReply) in try rejoin(args, session, now, &out) }
        case "claim": try guessing("claim", session, now) { () throws(ErrorReply) in try claim(args, session, now, &out) }
        case "leave":
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
            closeIfAbandoned(room, now: now)
            scheduleIdle(session)
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
            room.stop(out: &out)
        case "skip":
            let room = try hostRoom(session, "skip")
            guard case .open = room.phase else { throw ErrorReply("skip", .noQuestion, "There is no open question to skip.") }
            out.send(OkReply("skip", text: room.race.kind == "words" ? "Skipping this level." : "Skipping this question."), to: session)
            room.skip(now: now, out: &out)
        case "kick": try expel(args, ban: false, session, now, &out)
        case "ban": try expel(args, ban: true, session, now, &out)
        case "lock", "unlock":
            let room = try hostRoom(session, verb)
            room.locked = verb == "lock"
            out.send(OkReply(verb, [("room", .string(room.code)), ("locked", .bool(room.locked))],
                             text: room.locked ? "Room \(room.code) is locked: nobody new may join (players can still /rejoin)."
                                               : "Room \(room.code) is open to new players again."),
                     to: session)
        case "say": try say(rest, session, &out)
        case "set": try set(args, session, &out)
        case "watch": try watch(args, session, &out)
        case "answer":
            if let watched = session.watching {
                throw ErrorReply("answer", .notPlaying, "You are watching room \(watched.code); watchers cannot answer.")
            }
            let (room, seat) = try inRoom(session, "answer")
            guard seat.plays else { throw ErrorReply("answer", .notPlaying, "You are hosting this room, not playing in it.") }
            room.answer(rest, seat: seat, now: now, out: &out)
        case "scores":
            let room = try audienceRoom(session, "scores")
            let standings = room.standings()
            out.send(OkReply("scores", [("standings", .array(standings.map(\.json)))],
                             text: (["Standings in \(room.code):"] + TextFormat.standings(standings, limit: 50)).joined(separator: "\n")),
                     to: session)
        case "who":
            let room = try audienceRoom(session, "who")
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

    /// Commands that take a secret or a room code: after `maxFailedGuesses` wrong ones within
    /// `guessWindow`, the connection's further attempts are refused unchecked, so room codes,
    /// tokens, host keys and the create password cannot be found by trying them all.
    private func guessing(_ cmd: String, _ session: Session, _ now: Millis,
                          _ body: () throws(ErrorReply) -> Void) throws(ErrorReply) {
        if session.guessingLimited(now: now, limit: config.maxFailedGuesses, window: config.guessWindow) {
            throw ErrorReply(cmd, .rateLimited,
                             "Too many wrong room codes, tokens or passwords: wait a minute, then check the code with your host.")
        }
        do {
            try body()
        } catch {
            switch error.code {
            case .noRoom, .badToken, .badKey, .badPassword:
                session.recordFailedGuess(now: now, limit: config.maxFailedGuesses)
            default: break
            }
            throw error
        }
    }

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
        if let room = session.watching {
            throw ErrorReply(cmd, .alreadyInRoom, "You are watching room \(room.code). /leave it first.")
        }
    }

    /// The room a player sits in or a watcher watches: read-only commands work for both.
    private func audienceRoom(_ session: Session, _ cmd: String) throws(ErrorReply) -> Room {
        if let room = session.audienceRoom { return room }
        throw ErrorReply(cmd, .notInRoom, "You are not in a room. /join CODE first.")
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
        out.send(OkReply("name", [("name", .string(args[0]))], text: "Hello, \(args[0])! Now /join CODE, /create times or /create words."), to: session)
    }

    private func create(_ args: [String], _ session: Session, _ now: Millis, _ out: inout Outbox) throws(ErrorReply) {
        try outsideRoom(session, "create")
        guard let name = session.name else { throw ErrorReply("create", .noName, "Choose a name first: /name YOURNAME.") }
        // The password is the server's business, not the game's: it never reaches the settings echo.
        let isPassword = { (arg: String) in arg.lowercased().hasPrefix("password=") }
        let passwords = args.filter(isPassword).map { String($0.dropFirst("password=".count)) }
        let args = args.filter { !isPassword($0) }
        if let required = config.createPassword, !required.isEmpty {
            guard passwords.count == 1, Secrets.constantTimeEquals(passwords[0], required) else {
                throw ErrorReply("create", .badPassword,
                                 passwords.isEmpty ? "This server needs a password to open rooms: /create GAME password=... (ask your teacher)."
                                                   : "That is not the password for opening rooms on this server.")
            }
        }
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
                         text: "Room \(code) is ready (\(race.kind)). Players type: /join \(code) NAME\nYou are the host: /start when everyone is in."),
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
        if room.isBanned(session) || room.isBanned(name: name) {
            throw ErrorReply("join", .banned, "The host of room \(room.code) has banned you from it.")
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
        if room.isBanned(session) || room.isBanned(token: args[1]) {
            throw ErrorReply("rejoin", .banned, "The host of room \(room.code) has banned you from it.")
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
        room.resendOpenRound(to: seat, now: now, out: &out)
    }

    private func joinReply(_ cmd: String, _ room: Room, _ seat: Seat) -> OkReply {
        OkReply(cmd, [("room", .string(room.code)), ("token", .string(seat.token)), ("game", .string(room.race.kind)),
                      ("state", .string(room.stateName)), ("players", room.playersJSON()), ("name", .string(seat.name)),
                      ("score", .int(seat.score))],
                text: "You are in room \(room.code) as \(seat.name) (\(room.race.kind), \(TextFormat.count(room.players.count, "player"))).\n"
                    + (!room.isRunning ? "Wait for the host to start."
                       : room.race.kind == "words" ? "A game is running: you play from the next level."
                       : "A game is running: answer the next question!"))
    }

    /// `/kick NAME` and `/ban NAME`: both remove the player and their seat; a kicked name may not
    /// come back, a banned player (name, token and connection) may not come back at all.
    private func expel(_ args: [String], ban: Bool, _ session: Session, _ now: Millis, _ out: inout Outbox) throws(ErrorReply) {
        let cmd = ban ? "ban" : "kick"
        let room = try hostRoom(session, cmd)
        guard args.count == 1 else { throw ErrorReply(cmd, .badArgs, "Use /\(cmd) NAME.") }
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
    private func claim(_ args: [String], _ session: Session, _ now: Millis, _ out: inout Outbox) throws(ErrorReply) {
        try outsideRoom(session, "claim")
        guard args.count == 2 else { throw ErrorReply("claim", .badArgs, "Use /claim CODE HOST_KEY (the host_key came with /create).") }
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
            seat = room.seatNew(session, name: name, token: Secrets.token(random), plays: plays)
            announce = true
        }
        out.send(joinReply("claim", room, seat), to: session)
        if announce { room.announceJoin(of: seat, out: &out) }
        room.claim(seat, out: &out)
        room.resendOpenRound(to: seat, now: now, out: &out, evenIfNotInRound: true)
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
                     ("players", .int(room.players.count)), ("host", .optional(room.host?.name)), ("locked", .bool(room.locked))])
        })
        var lines = list.isEmpty ? ["No rooms are open. /create times or /create words opens one."] : ["Open rooms:"]
        for room in list {
            lines.append("  \(room.code)  \(TextFormat.pad(room.race.kind, 6))  \(TextFormat.pad(room.stateName, 8))  \(TextFormat.count(room.players.count, "player")), host \(room.host?.name ?? "none")"
                         + (room.locked ? " (locked)" : ""))
        }
        return OkReply("rooms", [("rooms", json)], text: lines.joined(separator: "\n"))
    }
}

// MARK: Chat and watching

extension ServerCore {
    /// `/say TEXT`: one line to everyone in the room. The host always gets through, so a
    /// teacher can mute the class and still make announcements.
    fileprivate func say(_ rest: String, _ session: Session, _ out: inout Outbox) throws(ErrorReply) {
        if session.watching != nil {
            throw ErrorReply("say", .notPlaying, "You are watching this room; watchers cannot chat.")
        }
        guard let seat = session.seat else { throw ErrorReply("say", .notInRoom, "You are not in a room. /join CODE first.") }
        let room = seat.room
        let isHost = room.isHost(session)
        guard room.chatOn || isHost else { throw ErrorReply("say", .chatOff, "The host has turned chat off in this room.") }
        let text = ChatText.clean(rest)
        guard !text.isEmpty else { throw ErrorReply("say", .badArgs, "Use /say TEXT.") }
        out.send(OkReply("say", text: "(sent)"), to: session)
        out.send(ChatEvent(name: seat.name, said: text, host: isHost), to: room.connectedSessions)
    }

    /// `/set key=value` in the lobby: today only `chat=on|off`.
    fileprivate func set(_ args: [String], _ session: Session, _ out: inout Outbox) throws(ErrorReply) {
        let room = try hostRoom(session, "set")
        let options = CommandOptions(args)
        guard !options.pairs.isEmpty, options.positional.isEmpty, options.pairs.allSatisfy({ $0.key == "chat" }) else {
            throw ErrorReply("set", .badArgs, "Use /set chat=on or /set chat=off.")
        }
        guard !room.isRunning else { throw ErrorReply("set", .wrongState, "Settings change in the lobby, between games.") }
        var reader = try wrapOption { () throws(OptionError) in try OptionReader(options) }
        let chat = try wrapOption { () throws(OptionError) in try reader.flag("chat", default: room.chatOn) }
        room.chatOn = chat
        out.send(OkReply("set", [("chat", .bool(chat))], text: chat ? "Chat is on: everyone can /say." : "Chat is off: only the host can /say."),
                 to: session)
    }

    private func wrapOption<T>(_ body: () throws(OptionError) -> T) throws(ErrorReply) -> T {
        do { return try body() } catch { throw ErrorReply("set", .badArgs, error.message) }
    }

    /// `/watch CODE`: a second screen for the room. It hears every event but holds no seat.
    fileprivate func watch(_ args: [String], _ session: Session, _ out: inout Outbox) throws(ErrorReply) {
        if let room = session.audienceRoom {
            throw ErrorReply("watch", .alreadyInRoom, "You are already in room \(room.code). /leave it first.")
        }
        guard args.count == 1 else { throw ErrorReply("watch", .badArgs, "Use /watch CODE.") }
        guard let room = rooms[args[0].uppercased()] else {
            throw ErrorReply("watch", .noRoom, "There is no room \(args[0].uppercased()). Check the code with your host.")
        }
        guard room.watchers.count < Room.maxWatchers else {
            throw ErrorReply("watch", .roomFull, "Room \(room.code) already has \(Room.maxWatchers) watchers.")
        }
        room.addWatcher(session)
        out.send(OkReply("watch", [("room", .string(room.code)), ("game", .string(room.race.kind)), ("state", .string(room.stateName)),
                                   ("players", room.playersJSON()), ("standings", .array(room.standings().map(\.json)))],
                         text: "You are watching room \(room.code) (\(room.race.kind), \(TextFormat.count(room.players.count, "player"))). /leave to stop."),
                 to: session)
    }
}

/// Chat lines go to every screen in the room, so nothing in them may move a cursor, change
/// colours or reorder text: control and format characters (escape sequences, bidi overrides)
/// are dropped, as names never contain them.
enum ChatText {
    static let maxLength = 300

    static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                if scalar == "\t" { scalars.append(" ") }
            default: scalars.append(scalar)
            }
        }
        let cleaned = String(scalars).trimmingBlanks()
        return cleaned.count > maxLength ? String(cleaned.prefix(maxLength)) : cleaned
    }
}
