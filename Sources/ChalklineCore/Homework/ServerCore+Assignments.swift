/// `/assignments`: the open homework, and closing or extending one.
extension ServerCore {
    /// `/assignments [close CODE | extend CODE due=YYYY-MM-DDTHH:MM]`.
    func assignmentsCommand(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard let verb = call.args.first?.lowercased() else { return try listAssignments(call, &out) }
        guard ["close", "extend"].contains(verb), call.args.count >= 2 else {
            throw ErrorReply("assignments", .badArgs, Say("error.assignments.usage"))
        }
        let assignment = try ownAssignment(call.args[1], call)
        if verb == "close" {
            guard call.args.count == 2 else { throw ErrorReply("assignments", .badArgs, Say("error.assignments.close_usage")) }
            let wall = call.now + wallOffsetMs
            setDue(assignment, wall, action: "close", call.session, &out,
                   Say("text.assignments.closed", ["code": .text(assignment.code), "due": .text(assignment.record.dueText)]))
        } else {
            let given = call.args.dropFirst(2)
            guard given.count == 1, let due = given.first, due.lowercased().hasPrefix("due=") else {
                throw ErrorReply("assignments", .badArgs, Say("error.assignments.extend_usage", ["code": .text(assignment.code), "zone": .text(config.localTime.zone)]))
            }
            let dueAt = try dueTime(String(due.dropFirst(4)), "assignments", now: call.now)
            setDue(assignment, dueAt, action: "extend", call.session, &out,
                   Say("text.assignments.extended", ["code": .text(assignment.code), "due": .text(config.localTime.format(dueAt)), "zone": .text(config.localTime.zone)]))
        }
    }

    /// `/assignments`: the open homework set under your name, soonest due first; after
    /// `/teacher`, every open homework on the server, whoever set it.
    private func listAssignments(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let teacher = call.session.isTeacher
        let name = call.session.name
        guard teacher || name != nil else { throw ErrorReply("assignments", .noName, Say("error.homework.no_name")) }
        let wall = call.now + wallOffsetMs
        let open = assignments.values
            .filter { (teacher || Names.folded($0.record.creator) == Names.folded(name ?? "")) && !$0.isPastDue(wall: wall) }
            .sorted { ($0.record.due, $0.code) < ($1.record.due, $1.code) }
        let zone = config.localTime.zone
        let head = open.isEmpty ? Say(teacher ? "text.assignments.none_open" : "text.assignments.none_yours")
                                : Say(teacher ? "text.assignments.open" : "text.assignments.yours", ["zone": .text(zone)])
        // Each line's pieces, taken now: the reply is written later, in each reader's language.
        let lines: [(say: Say, by: Say?)] = open.map { assignment in
            let record = assignment.record
            let args: [(String, Say.Arg)] = [("code", .text(assignment.code)), ("kind", .text(record.kind)), ("due", .text(record.dueText)),
                                             ("finished", .int(assignment.finished)), ("started", .int(assignment.started)),
                                             ("roster", .int(record.roster.count)), ("by", .text(record.creator)),
                                             ("class", .text(className(record.classUID) ?? ""))]
            let key = switch (record.adaptive, record.roster.isEmpty) {
            case (false, true): "text.assignments.line"
            case (false, false): "text.assignments.line_roster"
            case (true, true): "text.assignments.line_adaptive"
            case (true, false): "text.assignments.line_adaptive_roster"
            }
            let line = Say(key, arguments: args)
            let by = teacher ? Say(className(record.classUID) == nil ? "text.assignments.set_by" : "text.assignments.set_by_class", arguments: args) : nil
            return (line, by)
        }
        out.send(OkReply("assignments", [("assignments", .array(open.map { .object(assignmentFields($0)) }))],
                         say: { l in ([l(head)] + lines.map { "  " + l($0.say) + ($0.by.map { "  " + l($0) } ?? "") }).joined(separator: "\n") }),
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
            throw ErrorReply("assignments", .noRoom, Say("error.assignments.not_yours", ["code": .text(shown)]))
        }
        guard let assignment = found else {
            throw ErrorReply("assignments", .noRoom, Say("error.assignments.none", ["code": .text(shown)]))
        }
        guard !assignment.isPastDue(wall: call.now + wallOffsetMs) else {
            throw ErrorReply("assignments", .pastDue, Say("error.assignments.closed", ["code": .text(assignment.code), "due": .text(assignment.record.dueText), "zone": .text(config.localTime.zone)]))
        }
        return assignment
    }

    /// The homework is due at `due` from now: stored, and the reply sent after the commit.
    private func setDue(_ assignment: Assignment, _ due: Millis, action: String, _ session: Session, _ out: inout Outbox, _ say: Say) {
        assignment.setDue(due, text: config.localTime.format(due))
        out.record(.assignmentDue(uid: assignment.record.uid, due: due, dueText: assignment.record.dueText))
        out.send(OkReply("assignments", [("action", .string(action))] + assignmentFields(assignment), say), to: session)
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
