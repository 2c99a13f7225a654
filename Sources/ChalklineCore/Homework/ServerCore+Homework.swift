/// Homework: `/assign`, `/assignments`, and a student's `/join` of an assignment's code, which
/// begins or resumes their try in a room of its own.
extension ServerCore {
    /// `/assign KIND [options] due=YYYY-MM-DDTHH:MM [attempts=1|N|best]`.
    func assign(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let session = call.session
        guard let name = session.name else { throw ErrorReply("assign", .noName, Say("error.homework.no_name")) }
        if let watched = session.watching {
            throw ErrorReply("assign", .alreadyInRoom, Say("error.homework.watching", ["code": .text(watched.code)]))
        }
        // From a room, only its host: the room's players become the class the report names.
        var roster: [String] = []
        if let (room, _) = try? inRoom(session, "assign") {
            guard room.isHost(session), room.homework == nil else {
                throw ErrorReply("assign", .notHost, Say("error.homework.not_host"))
            }
            roster = room.players.filter { !$0.isBot && $0.session !== session }.map(\.name)
        }
        var args = call.args
        try checkCreatePassword(&args, "assign", teacher: session.isTeacher)
        // For a class: its students are the roster, and each try is theirs.
        let schoolClass = try classOption(&args, session, "assign")
        if let schoolClass { roster = schoolClass.students.map(\.name) }
        let (due, attempts) = try Self.homeworkOptions(&args)
        let adaptive = try AdaptivePractice.read(&args, forClass: schoolClass != nil)
        guard let kind = args.first?.lowercased() else {
            throw ErrorReply("assign", .badArgs, Say("error.homework.which_game", ["game": .text(RaceCatalog.names[0])]))
        }
        let dueAt = try dueTime(due, "assign", now: call.now)
        let rule = try attempts.map { text throws(ErrorReply) in
            guard let rule = AttemptRule(text) else {
                throw ErrorReply("assign", .badArgs, Say("error.homework.attempts", ["max": .int(AttemptRule.maxTries)]))
            }
            return rule
        } ?? .tries(1)
        let options = Array(args.dropFirst())
        if options.contains(where: { $0.lowercased().hasPrefix("teams=") }) {
            throw ErrorReply("assign", .badArgs, Say("error.homework.teams"))
        }
        let race = try makeRace(kind, options: CommandOptions(options), cmd: "assign")
        pruneAssignments(wall: call.now + wallOffsetMs)
        guard assignments.count < Limits.assignments else {
            throw ErrorReply("assign", .tooManyRooms, Say("error.homework.full", ["max": .int(Limits.assignments)]))
        }
        guard assignments.values.count(where: { $0.creatorAddress == session.address }) < Limits.assignmentsPerIP else {
            throw ErrorReply("assign", .tooManyRooms, Say("error.homework.full_address", ["max": .int(Limits.assignmentsPerIP)]))
        }
        let code = try freeCode("assign")
        // The seed is kept with the options, so every try (and every process) asks the same.
        let seeded = options.filter { !$0.lowercased().hasPrefix("seed=") } + ["seed=\(race.timing.seed)"]
            + (adaptive ? [AdaptivePractice.option] : [])
        let record = AssignmentRecord(uid: Secrets.token(random), code: code, kind: race.kind, options: seeded,
                                      settings: String(decoding: race.settingsJSON.encoded(), as: UTF8.self), due: dueAt,
                                      dueText: config.localTime.format(dueAt), attempts: rule.text, creator: name, roster: roster,
                                      classUID: schoolClass?.uid)
        let assignment = Assignment(record)
        assignment.creatorAddress = session.address
        assignment.questionSet = race.questionSet
        assignments[code] = assignment
        // Stored before the code is given out: the reply waits for the commit.
        out.record(.assignmentCreated(record))
        let joinURL = self.joinURL.map { $0 + "?room=" + code }
        let zone = config.localTime.zone
        out.send(OkReply("assign", assignmentFields(assignments[code]!) + [("settings", race.settingsJSON)]
                             + (joinURL.map { [("join_url", JSON.string($0))] } ?? []),
                         say: { [kind = race.kind, due = record.dueText] l in
                             let args: [(String, Say.Arg)] = [("code", .text(code)), ("kind", .text(kind)), ("due", .text(due)), ("zone", .text(zone)),
                                                              ("url", .text(joinURL ?? ""))]
                             return l(Say("text.homework.set", arguments: args)) + " " + l(rule.sentence()) + "\n"
                                 + l(Say(joinURL == nil ? "text.homework.set_join" : "text.homework.set_join_url", arguments: args)) + "\n"
                                 + l(Say("text.homework.set_alone", arguments: args))
                         }),
                 to: session)
        // As after `/create`: a teacher hears before the class starts that nothing will be kept.
        if let reason = storageUnwritable { out.send(StorageFailedEvent(reason: reason), to: session) }
    }

    /// `due=` of `/assign` or `/assignments extend`: a time in the server's zone, still to come,
    /// at most `Limits.homeworkDueDays` ahead.
    func dueTime(_ due: String?, _ cmd: String, now: Millis) throws(ErrorReply) -> Millis {
        guard let dueText = due else {
            throw ErrorReply(cmd, .badArgs, Say("error.homework.no_due", ["zone": .text(config.localTime.zone)]))
        }
        guard let dueAt = config.localTime.parse(dueText) else {
            throw ErrorReply(cmd, .badArgs, Say("error.homework.bad_due", ["zone": .text(config.localTime.zone)]))
        }
        guard dueAt > now + wallOffsetMs else {
            throw ErrorReply(cmd, .badArgs, Say("error.homework.due_passed", ["due": .text(dueText), "zone": .text(config.localTime.zone)]))
        }
        guard dueAt <= now + wallOffsetMs + Millis(Limits.homeworkDueDays) * 86_400_000 else {
            throw ErrorReply(cmd, .badArgs, Say("error.homework.due_far", ["max": .int(Limits.homeworkDueDays)]))
        }
        return dueAt
    }

    /// `due=` and `attempts=` are the assignment's, not the race's: taken out of `args`.
    static func homeworkOptions(_ args: inout [String]) throws(ErrorReply) -> (due: String?, attempts: String?) {
        var found: [String: String] = [:]
        for key in ["due", "attempts"] {
            let given = args.filter { $0.lowercased().hasPrefix(key + "=") }
            if given.count > 1 { throw ErrorReply("assign", .badArgs, Say("error.homework.option_twice", ["key": .text(key)])) }
            found[key] = given.first.map { String($0.dropFirst(key.count + 1)) }
            args.removeAll { $0.lowercased().hasPrefix(key + "=") }
        }
        return (found["due"], found["attempts"])
    }

    /// Past-due assignments with no try running are forgotten (their results stay stored).
    private func pruneAssignments(wall: Millis) {
        let running = Set(rooms.values.compactMap { $0.homework?.code })
        for (code, assignment) in assignments where assignment.isPastDue(wall: wall) && !running.contains(code) {
            assignments[code] = nil
        }
    }

    /// `/join CODE NAME` of an assignment: the student's try begins, or resumes where it was left.
    func joinHomework(_ assignment: Assignment, name: String, bot: Bool, _ session: Session, now: Millis,
                      _ out: inout Outbox, cmd: String = "join", token: Token? = nil) throws(ErrorReply) {
        let code = assignment.code
        if assignment.isPastDue(wall: now + wallOffsetMs) {
            throw ErrorReply(cmd, .pastDue, Say("error.homework.closed", ["code": .text(code), "due": .text(assignment.record.dueText), "zone": .text(config.localTime.zone)]))
        }
        let slot = code + " " + Names.folded(name)
        if rooms[slot] != nil {
            throw ErrorReply(cmd, .nameTaken, Say("error.homework.elsewhere", ["name": .text(name), "code": .text(code)]))
        }
        var race = try makeRace(assignment.record.kind, options: CommandOptions(assignment.record.raceOptions), cmd: cmd, sets: assignment.ownSets)
        // After a restart the first try reads the set by name (safe: `/sets` kept it while open).
        if assignment.questionSet == nil { assignment.questionSet = race.questionSet }
        var resumed = assignment.unfinished(of: name)
        if let done = resumed, done.roundsDone >= race.rounds {
            endDoneTry(done, of: assignment, &out)
            resumed = nil
        }
        if resumed == nil, assignment.triesLeft(for: name) == 0 {
            throw ErrorReply(cmd, .noAttemptsLeft, Say("error.homework.no_tries", ["code": .text(code), "rule": .say(assignment.rule.sentence(inside: true))]))
        }
        guard homeworkRooms < Limits.homeworkTries else {
            throw ErrorReply(cmd, .tooManyRooms, Say("error.homework.busy", ["max": "\(Limits.homeworkTries)"]))
        }
        // Homework of a class: the try is the student's (`PlayerRef.student`), on every resume too.
        let student = schoolClass(uid: assignment.record.classUID)?.student(named: name)?.uid
        let ordinal = resumed.map { going in assignment.attempts(of: name).count { $0.number <= going.number } } ?? assignment.attempts(of: name).count + 1
        if let own = try adaptiveRace(assignment, student: student, ordinal: ordinal, cmd: cmd) { race = own }
        let room = Room(code: code, slot: slot, hostKey: "", race: race, now: now, mode: HomeworkTry(homework: assignment, desk: desk))
        room.practice = roomPractice(race)
        rooms[slot] = room
        homeworkRooms += 1
        session.name = name
        let seat = room.seatNew(session, name: name, token: token ?? Token(random), plays: true)
        assignment.tokens[Names.folded(name)] = seat.token
        seat.isBot = bot
        if let student { room.students[seat.number] = student }
        let attempt = resumed ?? assignment.begin(name: name, bot: bot)
        let left = assignment.triesLeft(for: name)
        out.send(OkReply(cmd, [("room", .string(code)), ("token", .string(seat.token.text)), ("game", .string(race.kind)),
                                  ("state", .string("running")), ("players", room.playersJSON()), ("name", .string(name)),
                                  ("score", .int(attempt.score)), ("settings", race.settingsJSON),
                                  ("homework", .object([("due", .string(assignment.record.dueText)), ("zone", .string(config.localTime.zone)),
                                                        ("attempt", .int(assignment.attempts(of: name).count)),
                                                        ("tries_left", left.map(JSON.int) ?? .null),
                                                        ("resumed", .bool(resumed != nil)),
                                                        ("round", .int(attempt.roundsDone + 1)), ("rounds", .int(race.rounds))]))],
                         say: { [kind = race.kind, due = assignment.record.dueText, level = race.roundNoun == "level", rounds = race.rounds,
                                 done = attempt.roundsDone, score = attempt.score, back = resumed != nil] l in
                             let args: [(String, Say.Arg)] = [("code", .text(code)), ("kind", .text(kind)), ("due", .text(due)), ("name", .text(name)),
                                                              ("round", .int(done + 1)), ("rounds", .int(rounds))]
                             let middle = back ? Say(level ? "text.homework.back_level" : "text.homework.back", count: score, arguments: args)
                                               : Say(level ? "text.homework.first_level" : "text.homework.first", arguments: args)
                             return [Say("text.homework.begin", arguments: args), middle, Say("text.homework.stop", arguments: args)]
                                 .map { l($0) }.joined(separator: "\n")
                         }),
                 to: session)
        if resumed == nil { desk.countsMoved(assignment, out: &out) }
        gamesStarted += 1
        room.playHomework(attempt, serial: gamesStarted, isNew: resumed == nil, now: now, out: &out)
    }

    /// The server starts again: the assignments still open, with their tries as stored.
    public func restore(_ stored: [StoredAssignment]) {
        for item in stored where assignments[item.record.code] == nil && rooms[item.record.code] == nil {
            assignments[item.record.code] = Assignment(item.record, attempts: item.attempts)
        }
    }

    /// `/rejoin CODE TOKEN` of homework: the student whose seat had that token gets their try back.
    func rejoinHomework(_ assignment: Assignment, token: Token?, _ session: Session, now: Millis,
                        _ out: inout Outbox) throws(ErrorReply) {
        // Every token is compared, whatever matches, as a room's seats are.
        var found: String?
        if let token { for (key, held) in assignment.tokens where held.matches(token) { found = key } }
        guard let key = found, let attempt = assignment.attempts.last(where: { Names.folded($0.name) == key }) else {
            throw ErrorReply("rejoin", .badToken, Say("error.homework.bad_token", ["code": .text(assignment.code)]))
        }
        // The try still runs on a connection the server has not seen drop: it moves here, as a
        // room's seat does.
        if let room = rooms[assignment.code + " " + key], let seat = room.seats.first {
            seatBack(seat, in: room, session, "rejoin", now: now, &out)
            return
        }
        // A reconnecting page or client must not begin a new try by itself: that takes `/join`.
        guard assignment.unfinished(of: attempt.name) != nil else {
            throw ErrorReply("rejoin", .wrongState, Say("error.homework.try_finished", ["code": .text(assignment.code), "name": .text(attempt.name)]))
        }
        try joinHomework(assignment, name: attempt.name, bot: attempt.bot, session, now: now, &out, cmd: "rejoin", token: token)
    }

    /// A stored try whose rounds all closed but which never ended (stored before a try ended
    /// with its last round, or the server stopped between the two records) ends now, as it
    /// would have then, so the standings, the report and the tries left agree. It is never
    /// resumed: there is no round left to ask.
    private func endDoneTry(_ attempt: AttemptProgress, of assignment: Assignment, _ out: inout Outbox) {
        gamesStarted += 1
        let game = GameRef(serial: gamesStarted, room: assignment.code, number: attempt.number, assignment: assignment.record.uid)
        // Nothing is asked again: the record only finds the try's game for the next one.
        out.record(.gameResumed(game: game, fromRound: attempt.roundsDone + 1))
        // A try's room has one seat, its first (`Room.seatNew`), as when the try was stored.
        let standings = Standing.rank([(seat: 1, name: attempt.name, score: attempt.score, correctMs: attempt.correctMs)])
        out.record(.gameEnded(game: game, standings: standings, stopped: false))
        assignment.update(attempt.number) { $0.finished = true }
        desk.countsMoved(assignment, out: &out)
    }
}
