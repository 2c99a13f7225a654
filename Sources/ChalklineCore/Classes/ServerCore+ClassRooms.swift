/// Rooms and homework made for a class (`class=` on `/create` and `/assign`): only the class's
/// students join, each under the list's spelling and, where the class has codes, with their
/// picture code; `/names CODE` shows the list the join page draws as buttons.
extension ServerCore {
    /// `class=NAME` taken out of `args` (it is the room's, not the race's): the teacher's only.
    func classOption(_ args: inout [String], _ session: Session, _ cmd: String) throws(ErrorReply) -> SchoolClass? {
        let isClass = { (arg: String) in arg.lowercased().hasPrefix("class=") }
        let given = args.filter(isClass).map { String($0.dropFirst("class=".count)) }
        args.removeAll(where: isClass)
        guard let name = given.first else { return nil }
        guard given.count == 1 else { throw ErrorReply(cmd, .badArgs, Say("error.class.option_twice")) }
        try requireTeacher(session, cmd)
        return try existingClass(name, cmd)
    }

    /// Who joins a class's room or homework: `name` must be on the list (`not_in_class`), and
    /// where the class has codes `digits` must be the student's (`wrong_code`; a wrong code
    /// counts as a wrong guess, a missing one does not: a first try at netcat forgets it).
    /// Returns the student, whose spelling the seat takes.
    func classStudent(_ schoolClass: SchoolClass, code: String, name: String, digits: String?,
                      _ session: Session, now: Millis) throws(ErrorReply) -> StudentRecord {
        guard let student = schoolClass.student(named: name) else {
            throw ErrorReply("join", .notInClass, Say("error.class.join_not_in", ["name": .text(name), "class": .text(schoolClass.name), "code": .text(code)]))
        }
        guard schoolClass.codes else { return student }
        guard let digits else {
            throw ErrorReply("join", .wrongCode, Say("error.class.join_code", ["class": .text(schoolClass.name), "code": .text(code), "name": .text(student.name)]))
        }
        guard let own = student.code, Secrets.constantTimeEquals(digits, own) else {
            guesses.recordFailure(session.address, now: now)
            throw ErrorReply("join", .wrongCode, Say("error.class.join_wrong_code", ["name": .text(student.name)]))
        }
        return student
    }

    /// `/names CODE`: the class of a room or homework, for the join page's buttons. `free` is
    /// false for a student seated in a live room (by uid: renamed while seated, still taken); a
    /// homework's names are always free (each plays alone). A room without a class has
    /// `"class":null` and no names. `homework` lets the page say "Homework for class 4B" rather
    /// than "Class 4B".
    func names(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let code = call.args[0].uppercased()
        let room = rooms[code]
        let assignment = room == nil ? assignments[code] : nil
        guard room != nil || assignment != nil else {
            throw ErrorReply("names", .noRoom, Say("error.class.names_no_room", ["code": .text(code)]))
        }
        let schoolClass = room?.schoolClass ?? schoolClass(uid: assignment?.record.classUID)
        guard let schoolClass else {
            out.send(OkReply("names", [("room", .string(code)), ("homework", .bool(assignment != nil)), ("class", .null), ("codes", .bool(false)), ("names", .array([]))],
                             Say("text.class.names_any", ["code": .text(code)])),
                     to: call.session)
            return
        }
        let names = schoolClass.students.map { student in (student.name, room?.seat(of: student) == nil) }
        out.send(OkReply("names", [("room", .string(code)), ("homework", .bool(assignment != nil)), ("class", .string(schoolClass.name)), ("codes", .bool(schoolClass.codes)),
                                   ("names", .array(names.map { .object([("name", .string($0.0)), ("free", .bool($0.1))]) }))],
                         say: { [className = schoolClass.name, codes = schoolClass.codes] l in
                             let list = names.map { $0.1 ? $0.0 : l(Say("text.class.names_taken", ["name": .text($0.0)])) }.joined(separator: ", ")
                             return l(Say("text.class.names_of", ["code": .text(code), "class": .text(className)])) + " "
                                 + l(names.isEmpty ? Say("text.class.names_empty") : Say("text.class.names_list", ["names": .text(list)])) + "\n"
                                 + l(Say(codes ? "text.class.names_join_codes" : "text.class.names_join", ["code": .text(code)]))
                         }),
                 to: call.session)
    }
}

extension Room {
    /// The seat `student` holds: the one with their uid (a student renamed while seated keeps
    /// the seat's spelling), else one called by their name (a host's own seat, say).
    func seat(of student: StudentRecord) -> Seat? {
        if let number = students.first(where: { $0.value == student.uid })?.key, let seat = seats.first(where: { $0.number == number }) {
            return seat
        }
        return seat(named: student.name)
    }
}
