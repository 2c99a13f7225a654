/// `/assignments`: the open homework, and closing or extending one.
extension ServerCore {
    /// `/assignments [close CODE | extend CODE due=YYYY-MM-DDTHH:MM]`.
    func assignmentsCommand(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard let verb = call.args.first?.lowercased() else { return try listAssignments(call, &out) }
        guard ["close", "extend"].contains(verb), call.args.count >= 2 else {
            throw ErrorReply("assignments", .badArgs, "Say /assignments, /assignments close CODE or /assignments extend CODE due=YYYY-MM-DDTHH:MM.")
        }
        let assignment = try ownAssignment(call.args[1], call)
        if verb == "close" {
            guard call.args.count == 2 else { throw ErrorReply("assignments", .badArgs, "Say /assignments close CODE, nothing after it.") }
            let wall = call.now + wallOffsetMs
            setDue(assignment, wall, action: "close", call.session, &out,
                   text: "Homework \(assignment.code) is closed: it takes no new tries (a try under way may finish). It was due \(assignment.record.dueText).")
        } else {
            let given = call.args.dropFirst(2)
            guard given.count == 1, let due = given.first, due.lowercased().hasPrefix("due=") else {
                throw ErrorReply("assignments", .badArgs, "Say the new due time: /assignments extend \(assignment.code) due=YYYY-MM-DDTHH:MM (\(config.localTime.zone)).")
            }
            let dueAt = try dueTime(String(due.dropFirst(4)), "assignments", now: call.now)
            setDue(assignment, dueAt, action: "extend", call.session, &out,
                   text: "Homework \(assignment.code) is now due \(config.localTime.format(dueAt)) (\(config.localTime.zone)).")
        }
    }

    /// `/assignments`: the open homework set under your name, soonest due first; after
    /// `/teacher`, every open homework on the server, whoever set it.
    private func listAssignments(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let teacher = call.session.isTeacher
        let name = call.session.name
        guard teacher || name != nil else { throw ErrorReply("assignments", .noName, "Choose a name first: /name YOURNAME.") }
        let wall = call.now + wallOffsetMs
        let open = assignments.values
            .filter { (teacher || Names.folded($0.record.creator) == Names.folded(name ?? "")) && !$0.isPastDue(wall: wall) }
            .sorted { ($0.record.due, $0.code) < ($1.record.due, $1.code) }
        let zone = config.localTime.zone
        var lines = open.isEmpty ? [(teacher ? "No homework is open." : "You have no open homework.") + " /assign GAME due=YYYY-MM-DDTHH:MM sets some."]
                                 : [teacher ? "Open homework on this server (\(zone)):" : "Your open homework (\(zone)):"]
        for assignment in open {
            let record = assignment.record
            let roster = record.roster.isEmpty ? "" : " of \(record.roster.count)"
            let set = teacher ? "  set by \(record.creator)" + (className(record.classUID).map { " for \($0)" } ?? "") : ""
            lines.append("  \(assignment.code)  \(record.kind)\(record.adaptive ? " (adaptive)" : "")  due \(record.dueText)  "
                         + "\(assignment.finished)\(roster) finished, \(assignment.started) started\(set)")
        }
        out.send(OkReply("assignments", [("assignments", .array(open.map { .object(assignmentFields($0)) }))],
                         text: lines.joined(separator: "\n")),
                 to: call.session)
    }

    /// The homework `code` names, open, and the caller's to change: the teacher's, or whoever
    /// set it, under the name and from the address they set it from (this process only: after a
    /// restart, or from another device, it takes `/teacher`). Anyone else gets `no_room` for a
    /// code that exists as for one that does not, counted as a wrong guess (`takesSecret`), so
    /// close and extend cannot be tried over every code to find open homework.
    private func ownAssignment(_ code: String, _ call: Command.Call) throws(ErrorReply) -> Assignment {
        let session = call.session
        let shown = Visible.shown(code.uppercased())
        let found = assignments[code.uppercased()]
        let setter = found.map { assignment in
            session.name.map { Names.folded($0) == Names.folded(assignment.record.creator) } == true
                && !assignment.creatorAddress.isEmpty && assignment.creatorAddress == session.address
        } == true
        guard session.isTeacher || setter else {
            throw ErrorReply("assignments", .noRoom,
                             "You have no open homework \(shown). /assignments lists yours; homework someone else set takes the teacher (/teacher SECRET).")
        }
        guard let assignment = found else {
            throw ErrorReply("assignments", .noRoom, "There is no open homework \(shown). /assignments lists it.")
        }
        guard !assignment.isPastDue(wall: call.now + wallOffsetMs) else {
            throw ErrorReply("assignments", .pastDue, "Homework \(assignment.code) was due \(assignment.record.dueText) (\(config.localTime.zone)): it is closed already.")
        }
        return assignment
    }

    /// The homework is due at `due` from now: stored, and the reply sent after the commit.
    private func setDue(_ assignment: Assignment, _ due: Millis, action: String, _ session: Session, _ out: inout Outbox, text: String) {
        assignment.setDue(due, text: config.localTime.format(due))
        out.record(.assignmentDue(uid: assignment.record.uid, due: due, dueText: assignment.record.dueText))
        out.send(OkReply("assignments", [("action", .string(action))] + assignmentFields(assignment), text: text), to: session)
    }

    /// An assignment as `/assign`, `/assignments` and their replies give it.
    func assignmentFields(_ assignment: Assignment) -> [(String, JSON)] {
        let record = assignment.record
        return [("code", .string(record.code)), ("game", .string(record.kind)), ("due", .string(record.dueText)),
                ("zone", .string(config.localTime.zone)), ("attempts", .string(record.attempts)),
                ("roster", .int(record.roster.count)), ("started", .int(assignment.started)), ("finished", .int(assignment.finished)),
                ("class", className(record.classUID).map(JSON.string) ?? .null), ("adaptive", .bool(record.adaptive))]
    }

    /// The class's name as it is now (a class renamed since keeps its uid); nil without one.
    private func className(_ uid: String?) -> String? {
        schoolClass(uid: uid)?.name
    }
}
