/// `/class list|add|remove|rename|codes|delete`: the teacher's classes, which the desk edits and
/// any script may. Every change is stored (`classSaved`, the whole class) before its reply, as a
/// saved set is, so a class the teacher was told about outlives a restart. Each reply names its
/// verb in `action`, and carries the class as it now is.
extension ServerCore {
    func classCommand(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        try requireTeacher(call.session, "class")
        let verb = call.args.first?.lowercased() ?? "list"
        let words = Array(call.args.dropFirst())
        switch verb {
        case "list": try listClasses(words, call, &out)
        case "add": try addStudents(words, call, &out)
        case "remove": try removeStudents(words, call, &out)
        case "rename": try rename(words, call, &out)
        case "codes": try setCodes(words, call, &out)
        case "delete": try deleteClass(words, call, &out)
        default: throw ErrorReply("class", .badArgs, "Use /class list|add|remove|rename|codes|delete (/help class says how).")
        }
    }

    /// The class whose name reads the same as `name` (`Names.folded`).
    func schoolClass(named name: String) -> SchoolClass? {
        let folded = Names.folded(name)
        return classes.first { $0.folded == folded }
    }

    func schoolClass(uid: String?) -> SchoolClass? {
        guard let uid else { return nil }
        return classes.first { $0.uid == uid }
    }

    /// `class=NAME` of `/create` or `/assign` names one of these, or else `no_class`.
    func existingClass(_ name: String, _ cmd: String) throws(ErrorReply) -> SchoolClass {
        guard let found = schoolClass(named: name) else {
            throw ErrorReply(cmd, .noClass, "There is no class \(Visible.shown(name)). /class list shows the classes; /class add \(Visible.shown(name)) NAME ... makes it.")
        }
        return found
    }

    /// The server starts again: the classes as they were last stored.
    public func restore(classes stored: [ClassRecord]) {
        for record in stored where schoolClass(uid: record.uid) == nil && classes.count < Limits.classes {
            classes.append(SchoolClass(record))
        }
    }

    // MARK: The verbs

    /// `/class list` (every class, a line each) or `/class list 4B` (its students and codes).
    private func listClasses(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard words.count <= 1 else { throw ErrorReply("class", .badArgs, "Use /class list or /class list CLASS.") }
        if let name = words.first {
            let found = try existingClass(name, "class")
            out.send(reply("list", [("class", found.json)], text: found.text), to: call.session)
            return
        }
        let sorted = classes.sorted { ($0.folded, $0.uid) < ($1.folded, $1.uid) }
        let lines = sorted.isEmpty ? ["There are no classes yet. /class add 4B Ana Bo Cy makes one."]
                                   : ["Classes (/class list CLASS shows one):"]
                                       + sorted.map { "  \($0.name)  \(TextFormat.count($0.students.count, "student"))\($0.codes ? ", picture codes" : "")" }
        out.send(reply("list", [("classes", .array(sorted.map(\.summaryJSON)))], text: lines.joined(separator: "\n")), to: call.session)
    }

    /// `/class add 4B Ana Bo Cy`: the class is made if it is new; names already in it are left
    /// as they are (a pasted list may repeat some), and said so in `already`. A name taken off
    /// the list before comes back as the same student (their uid, so their answers).
    private func addStudents(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard let className = words.first else { throw ErrorReply("class", .badArgs, "Use /class add CLASS NAME ... (the class is made if it is new).") }
        let existing = schoolClass(named: className)
        if existing == nil { try checkClassName(className) }
        let names = Array(words.dropFirst())
        try checkStudentNames(names)
        if existing == nil, classes.count >= Limits.classes {
            throw ErrorReply("class", .badArgs, "The server keeps \(Limits.classes) classes, as many as it takes: /class delete one first. Nothing was changed.")
        }
        let target = existing ?? SchoolClass(ClassRecord(uid: Secrets.token(random), name: className))
        var seen = Set(target.students.map { Names.folded($0.name) })
        var adding: [String] = [], already: [String] = []
        for name in names {
            if seen.insert(Names.folded(name)).inserted { adding.append(name) } else { already.append(name) }
        }
        guard target.students.count + adding.count <= Limits.classStudents else {
            throw ErrorReply("class", .badArgs, "A class holds at most \(Limits.classStudents) students; \(target.name) would have "
                                 + "\(target.students.count + adding.count). Nothing was changed.")
        }
        if existing == nil { classes.append(target) }
        for name in adding {
            var student = target.takeBackRemoved(named: name) ?? StudentRecord(uid: Secrets.token(random), name: name)
            if target.codes && student.code == nil { student.code = freeCode(in: target) }
            target.students.append(student)
        }
        let said = existing == nil ? "Class \(target.name) is made." : adding.isEmpty ? "Nobody was added to class \(target.name)."
                                   : "Added to class \(target.name): \(adding.joined(separator: ", "))."
        saved(target, "add", [("created", .bool(existing == nil)), ("already", .array(already.map(JSON.string)))],
              text: said + (already.isEmpty ? "" : " Already in it: \(already.joined(separator: ", "))."), call, &out)
    }

    /// `/class remove 4B Cy [Bo ...]`: off the list; their stored answers stay theirs.
    private func removeStudents(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard words.count >= 2 else { throw ErrorReply("class", .badArgs, "Use /class remove CLASS NAME ...") }
        let target = try existingClass(words[0], "class")
        let names = Array(words.dropFirst())
        if let missing = names.first(where: { target.student(named: $0) == nil }) {
            throw ErrorReply("class", .notInClass, "\(Visible.shown(missing)) is not in class \(target.name). Nothing was changed.")
        }
        let gone = Set(names.map(Names.folded))
        let removed = target.students.filter { gone.contains(Names.folded($0.name)) }
        target.students.removeAll { gone.contains(Names.folded($0.name)) }
        target.removed.removeAll { gone.contains(Names.folded($0.name)) }
        target.removed += removed
        saved(target, "remove", [("removed", .array(removed.map { .string($0.name) }))],
              text: "Taken off class \(target.name): \(removed.map(\.name).joined(separator: ", ")). Their past answers stay theirs"
                  + " (added again, they are the same student).", call, &out)
    }

    /// `/class rename 4B Cy Cyrus` renames a student; `/class rename 4B 5B` the class. Either
    /// keeps its uid, so games and answers stay with it.
    private func rename(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard (2...3).contains(words.count) else {
            throw ErrorReply("class", .badArgs, "Use /class rename CLASS OLD NEW for a student, or /class rename CLASS NEW for the class.")
        }
        let target = try existingClass(words[0], "class")
        if words.count == 2 {
            let new = words[1]
            try checkClassName(new, besides: target)
            let old = target.name
            target.name = new
            saved(target, "rename", [("old", .string(old)), ("new", .string(new))], text: "Class \(old) is now \(new).", call, &out)
            return
        }
        let (oldName, new) = (words[1], words[2])
        guard let index = target.index(of: oldName) else {
            throw ErrorReply("class", .notInClass, "\(Visible.shown(oldName)) is not in class \(target.name).")
        }
        try checkStudentNames([new])
        if let other = target.index(of: new), other != index {
            throw ErrorReply("class", .nameTaken, "Class \(target.name) already has \(target.students[other].name).")
        }
        let old = target.students[index].name
        target.students[index].name = new
        saved(target, "rename", [("old", .string(old)), ("new", .string(new))], text: "In class \(target.name), \(old) is now \(new).", call, &out)
    }

    /// `/class codes 4B on|new|off`. `on` gives a code to each student without one; `new` gives
    /// everyone a new one (a card sheet went astray); `off` stops asking for them but keeps them,
    /// so the cards already printed work again after `on`.
    private func setCodes(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard words.count == 2, let how = Optional(words[1].lowercased()), ["on", "new", "off"].contains(how) else {
            throw ErrorReply("class", .badArgs, "Use /class codes CLASS on, /class codes CLASS new or /class codes CLASS off.")
        }
        let target = try existingClass(words[0], "class")
        target.codes = how != "off"
        if how == "new" {
            let old = Set(target.students.compactMap(\.code))
            for index in target.students.indices { target.students[index].code = nil }
            for index in target.students.indices { target.students[index].code = freeCode(in: target, besides: old) }
        } else if how == "on" {
            for index in target.students.indices where target.students[index].code == nil { target.students[index].code = freeCode(in: target) }
        }
        let said = switch how {
        case "off": "Class \(target.name) joins without picture codes now. Their codes are kept for /class codes \(target.name) on."
        case "new": "Everyone in class \(target.name) has a new picture code: print the new cards."
        default: "Class \(target.name) joins with picture codes now: print the cards from the teacher's desk."
        }
        saved(target, "codes", [], text: said, call, &out)
    }

    /// `/class delete 4B`: the class and its list go; games and answers already stored stay.
    /// Not while an open room or open homework is made for it (`wrong_state`, as a set in use is
    /// not deleted): homework looks its class up at every `/join`, and without it anyone would
    /// join under any name and no answer would be a student's.
    private func deleteClass(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard words.count == 1 else { throw ErrorReply("class", .badArgs, "Use /class delete CLASS.") }
        let target = try existingClass(words[0], "class")
        if let use = classInUse(target, now: call.now) {
            throw ErrorReply("class", .wrongState, "Class \(target.name) is in use: \(use). Nothing was changed.")
        }
        classes.removeAll { $0 === target }
        out.record(.classDeleted(uid: target.uid, name: target.name))
        out.send(reply("delete", [("name", .string(target.name))],
                       text: "Class \(target.name) is deleted. Games and homework played keep their answers."),
                 to: call.session)
        if let reason = storageUnwritable { out.send(StorageFailedEvent(reason: reason), to: call.session) }
    }

    // MARK: Helpers

    /// What keeps `target` from being deleted: an open room made for it, or its open homework.
    private func classInUse(_ target: SchoolClass, now: Millis) -> String? {
        if let room = rooms.values.filter({ $0.schoolClass === target }).map(\.code).min() {
            return "room \(room) is made for it (close the room first)"
        }
        let wall = now + wallOffsetMs
        let homework = assignments.values.filter { $0.record.classUID == target.uid && !$0.isPastDue(wall: wall) }
        if let last = homework.max(by: { $0.record.due < $1.record.due }) {
            return "homework \(last.code) is set for it until \(last.record.dueText) (\(config.localTime.zone)); /assignments close \(last.code) closes it"
        }
        return nil
    }

    /// Stored before the reply: a teacher told "saved" finds the class after a restart.
    private func saved(_ target: SchoolClass, _ action: String, _ fields: [(String, JSON)], text: String,
                       _ call: Command.Call, _ out: inout Outbox) {
        out.record(.classSaved(target.record))
        out.send(reply(action, fields + [("class", target.json)], text: text + "\n" + target.text), to: call.session)
        if let reason = storageUnwritable { out.send(StorageFailedEvent(reason: reason), to: call.session) }
    }

    private func reply(_ action: String, _ fields: [(String, JSON)], text: String) -> OkReply {
        OkReply("class", [("action", .string(action))] + fields, text: text)
    }

    /// A code no other student of the class has (nor any of `besides`, where there are enough).
    private func freeCode(in target: SchoolClass, besides: Set<String> = []) -> String {
        let taken = Set(target.students.compactMap(\.code))
        let avoiding = taken.union(besides)
        return PictureCode.draw(avoiding: avoiding.count < PictureCode.all.count ? avoiding : taken, random)
    }

    private func checkClassName(_ name: String, besides: SchoolClass? = nil) throws(ErrorReply) {
        guard Names.isValid(name) else {
            throw ErrorReply("class", .badName, "A class's name follows the rules of names: \(Names.rule) Nothing was changed.")
        }
        if let other = schoolClass(named: name), other !== besides {
            throw ErrorReply("class", .nameTaken, "There is already a class \(other.name). Nothing was changed.")
        }
    }

    private func checkStudentNames(_ names: [String]) throws(ErrorReply) {
        if let bad = names.first(where: { !Names.isValid($0) }) {
            throw ErrorReply("class", .badName, "\(Visible.shown(bad)): \(Names.rule) Nothing was changed.")
        }
    }
}
