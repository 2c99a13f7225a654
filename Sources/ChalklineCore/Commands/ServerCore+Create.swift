/// `/create`: a room, its code within the server's caps, its race; the password both it and `/assign` need.
extension ServerCore {
    func create(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let session = call.session
        var args = call.args
        guard let name = session.name else { throw ErrorReply("create", .noName, Say("error.create.no_name")) }
        try checkCreatePassword(&args, "create", teacher: session.isTeacher)
        let classGiven = args.contains { $0.lowercased().hasPrefix("class=") }
        var schoolClass = try classOption(&args, session, "create")
        guard let kind = args.first?.lowercased() else {
            let names = RaceCatalog.names
            throw ErrorReply("create", .badArgs, Say("error.create.which_game", ["first": .text("/create \(names[0])"),
                                                                               "others": RaceCatalog.orList(names.dropFirst().map { "/create \($0)" })]))
        }
        let race = try makeRace(kind, options: CommandOptions(args.dropFirst()))
        // The host of a class room opening the next one: the class goes along (`moveClass`).
        let moving = session.room.flatMap { $0.homework == nil && $0.isHost(session) ? $0 : nil }
        if let moving, !classGiven { schoolClass = try classKept(from: moving, session) }
        let code = try freeRoomCode(for: session, replacing: moving)
        if let moving { moveClass(from: moving, to: code, host: session, now: call.now, &out) }
        let room = Room(code: code, hostKey: Secrets.token(random), race: race, creatorAddress: session.address,
                        chatLinesPerSecond: config.roomChatLinesPerSecond, now: call.now)
        room.schoolClass = schoolClass
        room.practice = roomPractice(race)
        rooms[code] = room
        roomsPerAddress[session.address, default: 0] += 1
        let token = Token(random)
        let seat = room.seatNew(session, name: name, token: token, plays: race.timing.hostPlays)
        room.makeCreatorHost(seat)
        let joinURL = self.joinURL.map { $0 + "?room=" + code }
        out.send(OkReply("create", [("room", .string(code)), ("host_key", .string(room.hostKey)), ("token", .string(token.text)),
                                    ("game", .string(race.kind)), ("settings", room.settingsJSON)]
                             + (joinURL.map { [("join_url", JSON.string($0))] } ?? []),
                         say: { [kind = race.kind] l in
                             ([l(Say("text.create.ready", ["room": .text(code), "game": .text(kind)]))]
                              + (joinURL.map { [l(Say("text.create.url", ["url": .text($0)]))] } ?? [])
                              + [l(Say("text.create.host"))]).joined(separator: "\n")
                         }),
                 to: session)
        if let reason = storageUnwritable {
            room.storageWarned = true
            out.send(StorageFailedEvent(reason: reason), to: session)
        }
    }

    /// `/create` from a class's room without `class=` opens the class's next room: its students
    /// follow, so the game stays theirs (`class_uid`, each seat's `student_uid`) unless the line
    /// names another class. Only a class's maker may carry it on: the teacher, or the room's
    /// creator (a class room was made with the secret) back on another connection; a host who
    /// took the room over with its host key is asked for the secret.
    private func classKept(from room: Room, _ session: Session) throws(ErrorReply) -> SchoolClass? {
        guard let schoolClass = room.schoolClass else { return nil }
        let maker = session.seat.map { $0 === room.creatorSeat } == true && room.creatorAddress == session.address
        guard session.isTeacher || maker else {
            throw ErrorReply("create", .notTeacher, Say("error.create.class_room", ["room": .text(room.code), "class": .text(schoolClass.name)]))
        }
        return schoolClass
    }

    /// The password is the server's business, not the game's: taken out of `args`, so it never
    /// reaches the settings echo. `/create` and `/assign` need it when the server has one, and so
    /// do `/sets new|show|delete` (what saving a set does is the teacher's, as opening a room is).
    /// A connection that gave the teacher's secret (`teacher`) has shown more than the password.
    func checkCreatePassword(_ args: inout [String], _ cmd: String, needing: String,
                             usage: String? = nil, teacher: Bool = false) throws(ErrorReply) {
        try checkCreatePassword(&args, cmd, needing: .text(needing), usage: usage, teacher: teacher)
    }

    /// `needing` ends "This server needs a password to ...", in the reader's language.
    func checkCreatePassword(_ args: inout [String], _ cmd: String, needing: Say.Arg = .say(Say("text.password.open_rooms")),
                             usage: String? = nil, teacher: Bool = false) throws(ErrorReply) {
        let isPassword = { (arg: String) in arg.lowercased().hasPrefix("password=") }
        let passwords = args.filter(isPassword).map { String($0.dropFirst("password=".count)) }
        args = args.filter { !isPassword($0) }
        if !teacher, let required = config.createPassword, !required.isEmpty {
            guard passwords.count == 1, Secrets.constantTimeEquals(passwords[0], required) else {
                throw ErrorReply(cmd, .badPassword,
                                 passwords.isEmpty ? Say("error.password.needed", ["needing": needing, "usage": .text(usage ?? "/\(cmd) GAME")])
                                                   : Say("error.password.wrong"))
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
            throw ErrorReply("create", .tooManyRooms, Say("error.create.server_full", ["max": .int(config.maxRooms)]))
        }
        guard roomsPerAddress[session.address, default: 0] - ownClosing < config.maxRoomsPerIP else {
            throw ErrorReply("create", .tooManyRooms, Say("error.create.address_full", ["max": .int(config.maxRoomsPerIP)]))
        }
        return try freeCode("create")
    }

    /// A code neither an open room nor an assignment has: students type both with `/join`.
    func freeCode(_ cmd: String) throws(ErrorReply) -> String {
        for _ in 0..<Limits.roomCodeDraws {
            let code = Secrets.roomCode(random)
            if rooms[code] == nil && assignments[code] == nil { return code }
        }
        throw ErrorReply(cmd, .tooManyRooms, Say("error.create.no_code"))
    }

    /// `sets`: where `set=` is looked up, the server's sets unless given (homework's own copy);
    /// `practice`: a student's boxes, for a try of adaptive homework.
    func makeRace(_ kind: String, options: CommandOptions, cmd: String = "create", sets: SetLibrary? = nil,
                  practice: LeitnerBoxes? = nil) throws(ErrorReply) -> Race {
        guard let entry = RaceCatalog.kind(named: kind) else {
            throw ErrorReply(cmd, .unknownGame, Say("error.create.unknown_game", ["game": .text(kind), "create": RaceCatalog.createHintSay]))
        }
        do {
            return try entry.make(options, RaceContext(random: random, levelPacks: config.levelPacks, questionSets: sets ?? questionSets,
                                                  practice: practice))
        } catch {
            // The option's own refusal, in the reader's language once its maker says it in keys.
            var refusal = error
            refusal.cmd = cmd
            throw refusal
        }
    }
}
