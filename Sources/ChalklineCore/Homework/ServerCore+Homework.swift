/// Homework: `/assign`, `/assignments`, and a student's `/join` of an assignment's code, which
/// begins or resumes their try in a room of its own.
extension ServerCore {
    /// `/assign KIND [options] due=YYYY-MM-DDTHH:MM [attempts=1|N|best]`.
    func assign(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let session = call.session
        guard let name = session.name else { throw ErrorReply("assign", .noName, "Choose a name first: /name YOURNAME.") }
        if let watched = session.watching {
            throw ErrorReply("assign", .alreadyInRoom, "You are watching room \(watched.code). /leave it first.")
        }
        // From a room, only its host: the room's players become the class the report names.
        var roster: [String] = []
        if let (room, _) = try? inRoom(session, "assign") {
            guard room.isHost(session), room.homework == nil else {
                throw ErrorReply("assign", .notHost, "Only a room's host can set homework from it; /leave to set it on your own.")
            }
            roster = room.players.filter { !$0.isBot && $0.session !== session }.map(\.name)
        }
        var args = call.args
        try checkCreatePassword(&args, "assign", teacher: session.isTeacher)
        // For a class: its students are the roster, and each try is theirs.
        let schoolClass = try classOption(&args, session, "assign")
        if let schoolClass { roster = schoolClass.students.map(\.name) }
        let (due, attempts) = try Self.homeworkOptions(&args)
        guard let kind = args.first?.lowercased() else {
            throw ErrorReply("assign", .badArgs, "Say which game: /assign \(RaceCatalog.names[0]) due=YYYY-MM-DDTHH:MM.")
        }
        guard let dueText = due else {
            throw ErrorReply("assign", .badArgs, "Say when it is due: due=YYYY-MM-DDTHH:MM, in the server's time (\(config.localTime.zone)).")
        }
        guard let dueAt = config.localTime.parse(dueText) else {
            throw ErrorReply("assign", .badArgs, "due= takes a date and time as YYYY-MM-DDTHH:MM, e.g. due=2026-12-01T18:00 (\(config.localTime.zone)).")
        }
        guard dueAt > call.now + wallOffsetMs else {
            throw ErrorReply("assign", .badArgs, "That due time (\(dueText) \(config.localTime.zone)) has passed.")
        }
        guard dueAt <= call.now + wallOffsetMs + Millis(Limits.homeworkDueDays) * 86_400_000 else {
            throw ErrorReply("assign", .badArgs, "Homework may be due at most \(Limits.homeworkDueDays) days ahead.")
        }
        let rule = try attempts.map { text throws(ErrorReply) in
            guard let rule = AttemptRule(text) else {
                throw ErrorReply("assign", .badArgs, "attempts= takes a number of tries from 1 to \(AttemptRule.maxTries), or best.")
            }
            return rule
        } ?? .tries(1)
        let options = Array(args.dropFirst())
        if options.contains(where: { $0.lowercased().hasPrefix("teams=") }) {
            throw ErrorReply("assign", .badArgs, "Homework is played alone: teams= is for a live room.")
        }
        let race = try makeRace(kind, options: CommandOptions(options), cmd: "assign")
        pruneAssignments(wall: call.now + wallOffsetMs)
        guard assignments.count < Limits.assignments else {
            throw ErrorReply("assign", .tooManyRooms, "The server holds \(Limits.assignments) open assignments, as many as it takes.")
        }
        guard assignments.values.count(where: { $0.creatorAddress == session.address }) < Limits.assignmentsPerIP else {
            throw ErrorReply("assign", .tooManyRooms, "Your address has \(Limits.assignmentsPerIP) open assignments, as many as one address may set.")
        }
        let code = try freeCode("assign")
        // The seed is kept with the options, so every try (and every process) asks the same.
        let seeded = options.filter { !$0.lowercased().hasPrefix("seed=") } + ["seed=\(race.timing.seed)"]
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
                         text: "Homework \(code) is set: \(race.kind), due \(record.dueText) (\(zone)). \(rule.sentence)\n"
                             + "Students type /join \(code) NAME before then" + (joinURL.map { ", or open \($0)" } ?? "") + ".\n"
                             + "Each plays alone, at their own pace. /assignments lists your open homework; "
                             + "chalkline-server report assignment \(code) tells who has done it."),
                 to: session)
        // As after `/create`: a teacher hears before the class starts that nothing will be kept.
        if let reason = storageUnwritable { out.send(StorageFailedEvent(reason: reason), to: session) }
    }

    /// `/assignments`: the open homework set under your name, soonest due first.
    func listAssignments(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard let name = call.session.name else { throw ErrorReply("assignments", .noName, "Choose a name first: /name YOURNAME.") }
        let wall = call.now + wallOffsetMs
        let mine = assignments.values
            .filter { Names.folded($0.record.creator) == Names.folded(name) && !$0.isPastDue(wall: wall) }
            .sorted { ($0.record.due, $0.code) < ($1.record.due, $1.code) }
        var lines = mine.isEmpty ? ["You have no open homework. /assign GAME due=YYYY-MM-DDTHH:MM sets some."]
                                 : ["Your open homework (\(config.localTime.zone)):"]
        for assignment in mine {
            let roster = assignment.record.roster.isEmpty ? "" : " of \(assignment.record.roster.count)"
            lines.append("  \(assignment.code)  \(assignment.record.kind)  due \(assignment.record.dueText)  "
                         + "\(assignment.finished)\(roster) finished, \(assignment.started) started")
        }
        out.send(OkReply("assignments", [("assignments", .array(mine.map { .object(assignmentFields($0)) }))],
                         text: lines.joined(separator: "\n")),
                 to: call.session)
    }

    private func assignmentFields(_ assignment: Assignment) -> [(String, JSON)] {
        let record = assignment.record
        return [("code", .string(record.code)), ("game", .string(record.kind)), ("due", .string(record.dueText)),
                ("zone", .string(config.localTime.zone)), ("attempts", .string(record.attempts)),
                ("roster", .int(record.roster.count)), ("started", .int(assignment.started)), ("finished", .int(assignment.finished))]
    }

    /// `due=` and `attempts=` are the assignment's, not the race's: taken out of `args`.
    static func homeworkOptions(_ args: inout [String]) throws(ErrorReply) -> (due: String?, attempts: String?) {
        var found: [String: String] = [:]
        for key in ["due", "attempts"] {
            let given = args.filter { $0.lowercased().hasPrefix(key + "=") }
            if given.count > 1 { throw ErrorReply("assign", .badArgs, "The option \(key)= is given twice.") }
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
            throw ErrorReply(cmd, .pastDue, "Homework \(code) was due \(assignment.record.dueText) (\(config.localTime.zone)): it is closed.")
        }
        let slot = code + " " + Names.folded(name)
        if rooms[slot] != nil {
            throw ErrorReply(cmd, .nameTaken, "\(name) is doing homework \(code) on another connection right now.")
        }
        let race = try makeRace(assignment.record.kind, options: CommandOptions(assignment.record.options), cmd: cmd, sets: assignment.ownSets)
        // After a restart the first try reads the set by name (safe: `/sets` kept it while open).
        if assignment.questionSet == nil { assignment.questionSet = race.questionSet }
        var resumed = assignment.unfinished(of: name)
        if let done = resumed, done.roundsDone >= race.rounds {
            endDoneTry(done, of: assignment, &out)
            resumed = nil
        }
        if resumed == nil, assignment.triesLeft(for: name) == 0 {
            throw ErrorReply(cmd, .noAttemptsLeft, "You have used all your tries at homework \(code) (\(assignment.rule.sentence.lowercased().dropLast()))."
                             + " chalkline shows your result in the standings of those who finished.")
        }
        guard homeworkRooms < Limits.homeworkTries else {
            throw ErrorReply(cmd, .tooManyRooms, "The server is as busy as it can be (\(Limits.homeworkTries) homework tries at once). Try again in a minute.")
        }
        let room = Room(code: code, slot: slot, hostKey: "", race: race, now: now, mode: HomeworkTry(homework: assignment))
        rooms[slot] = room
        homeworkRooms += 1
        session.name = name
        let seat = room.seatNew(session, name: name, token: token ?? Token(random), plays: true)
        assignment.tokens[Names.folded(name)] = seat.token
        seat.isBot = bot
        // Homework of a class: the try is the student's (`PlayerRef.student`), on every resume too.
        if let uid = schoolClass(uid: assignment.record.classUID)?.student(named: name)?.uid { room.students[seat.number] = uid }
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
                         text: "Homework \(code) (\(race.kind)), due \(assignment.record.dueText): you play alone, at your own pace.\n"
                             + (resumed != nil ? "Welcome back: you go on from \(race.roundNoun) \(attempt.roundsDone + 1) of \(race.rounds) with \(NumberText.thousands(attempt.score)) points.\n"
                                               : "After each answer you see the right answer; then the next \(race.roundNoun) (/next for it at once). Each has its time limit.\n")
                             + "If you stop, /join \(code) \(name) again later to go on."),
                 to: session)
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
            throw ErrorReply("rejoin", .badToken, "That token does not hold a try at homework \(assignment.code): /join \(assignment.code) NAME instead.")
        }
        // The try still runs on a connection the server has not seen drop: it moves here, as a
        // room's seat does.
        if let room = rooms[assignment.code + " " + key], let seat = room.seats.first {
            seatBack(seat, in: room, session, "rejoin", now: now, &out)
            return
        }
        // A reconnecting page or client must not begin a new try by itself: that takes `/join`.
        guard assignment.unfinished(of: attempt.name) != nil else {
            throw ErrorReply("rejoin", .wrongState, "Your try at homework \(assignment.code) is finished. /join \(assignment.code) \(attempt.name) for another, if you have one left.")
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
    }
}
