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
        default: throw ErrorReply("class", .badArgs, Say("error.class.usage"))
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
            throw ErrorReply(cmd, .noClass, Say("error.class.none", ["name": .text(Visible.shown(name))]))
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
        guard words.count <= 1 else { throw ErrorReply("class", .badArgs, Say("error.class.list_usage")) }
        if let name = words.first {
            let found = try existingClass(name, "class")
            out.send(reply("list", [("class", found.json)], say: { [text = found.text] l in text(l) }), to: call.session)
            return
        }
        let sorted = classes.sorted { ($0.folded, $0.uid) < ($1.folded, $1.uid) }
        let shown = sorted.map { (name: $0.name, students: $0.students.count, codes: $0.codes) }
        out.send(reply("list", [("classes", .array(sorted.map(\.summaryJSON)))], say: { l in
            let lines = shown.isEmpty ? [l(Say("text.class.none"))]
                : [l(Say("text.class.list"))] + shown.map { one in
                    let students = Say("text.class.students", count: one.students)
                    return "  \(one.name)  " + l(one.codes ? Say("text.class.line_codes", ["students": .say(students)]) : students)
                }
            return lines.joined(separator: "\n")
        }), to: call.session)
    }

    /// `/class add 4B Ana Bo Cy`: the class is made if it is new; names already in it are left
    /// as they are (a pasted list may repeat some), and said so in `already`. A name taken off
    /// the list before comes back as the same student (their uid, so their answers).
    private func addStudents(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard let className = words.first else { throw ErrorReply("class", .badArgs, Say("error.class.add_usage")) }
        let existing = schoolClass(named: className)
        if existing == nil { try checkClassName(className) }
        let names = Array(words.dropFirst())
        try checkStudentNames(names)
        if existing == nil, classes.count >= Limits.classes {
            throw ErrorReply("class", .badArgs, Say("error.class.full", ["max": .int(Limits.classes)]))
        }
        let target = existing ?? SchoolClass(ClassRecord(uid: Secrets.token(random), name: className))
        var seen = Set(target.students.map { Names.folded($0.name) })
        var adding: [String] = [], already: [String] = []
        for name in names {
            if seen.insert(Names.folded(name)).inserted { adding.append(name) } else { already.append(name) }
        }
        guard target.students.count + adding.count <= Limits.classStudents else {
            throw ErrorReply("class", .badArgs, Say("error.class.too_many", ["max": .int(Limits.classStudents), "name": .text(target.name),
                                                                            "would": .int(target.students.count + adding.count)]))
        }
        if existing == nil { classes.append(target) }
        for name in adding {
            var student = target.takeBackRemoved(named: name) ?? StudentRecord(uid: Secrets.token(random), name: name)
            if target.codes && student.code == nil { student.code = freeCode(in: target) }
            target.students.append(student)
        }
        let name: Say.Arg = .text(target.name)
        let said = existing == nil ? Say("text.class.made", ["name": name]) : adding.isEmpty ? Say("text.class.nobody_added", ["name": name])
                                   : Say("text.class.added", ["name": name, "names": .text(adding.joined(separator: ", "))])
        let also = already.isEmpty ? nil : Say("text.class.already", ["names": .text(already.joined(separator: ", "))])
        saved(target, "add", [("created", .bool(existing == nil)), ("already", .array(already.map(JSON.string)))],
              said: { l in l(said) + (also.map { " " + l($0) } ?? "") }, call, &out)
    }

    /// `/class remove 4B Cy [Bo ...]`: off the list; their stored answers stay theirs.
    private func removeStudents(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard words.count >= 2 else { throw ErrorReply("class", .badArgs, Say("error.class.remove_usage")) }
        let target = try existingClass(words[0], "class")
        let names = Array(words.dropFirst())
        if let missing = names.first(where: { target.student(named: $0) == nil }) {
            throw ErrorReply("class", .notInClass, Say("error.class.remove_missing", ["name": .text(Visible.shown(missing)), "class": .text(target.name)]))
        }
        let gone = Set(names.map(Names.folded))
        let removed = target.students.filter { gone.contains(Names.folded($0.name)) }
        target.students.removeAll { gone.contains(Names.folded($0.name)) }
        target.removed.removeAll { gone.contains(Names.folded($0.name)) }
        target.removed += removed
        saved(target, "remove", [("removed", .array(removed.map { .string($0.name) }))],
              Say("text.class.removed", ["name": .text(target.name), "names": .text(removed.map(\.name).joined(separator: ", "))]), call, &out)
    }

    /// `/class rename 4B Cy Cyrus` renames a student; `/class rename 4B 5B` the class. Either
    /// keeps its uid, so games and answers stay with it.
    private func rename(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard (2...3).contains(words.count) else {
            throw ErrorReply("class", .badArgs, Say("error.class.rename_usage"))
        }
        let target = try existingClass(words[0], "class")
        if words.count == 2 {
            let new = words[1]
            try checkClassName(new, besides: target)
            let old = target.name
            target.name = new
            saved(target, "rename", [("old", .string(old)), ("new", .string(new))], Say("text.class.renamed", ["old": .text(old), "new": .text(new)]), call, &out)
            return
        }
        let (oldName, new) = (words[1], words[2])
        guard let index = target.index(of: oldName) else {
            throw ErrorReply("class", .notInClass, Say("error.class.not_in", ["name": .text(Visible.shown(oldName)), "class": .text(target.name)]))
        }
        try checkStudentNames([new])
        if let other = target.index(of: new), other != index {
            throw ErrorReply("class", .nameTaken, Say("error.class.has_name", ["class": .text(target.name), "name": .text(target.students[other].name)]))
        }
        let old = target.students[index].name
        target.students[index].name = new
        saved(target, "rename", [("old", .string(old)), ("new", .string(new))],
              Say("text.class.student_renamed", ["class": .text(target.name), "old": .text(old), "new": .text(new)]), call, &out)
    }

    /// `/class codes 4B on|new|off`. `on` gives a code to each student without one; `new` gives
    /// everyone a new one (a card sheet went astray); `off` stops asking for them but keeps them,
    /// so the cards already printed work again after `on`.
    private func setCodes(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard words.count == 2, let how = Optional(words[1].lowercased()), ["on", "new", "off"].contains(how) else {
            throw ErrorReply("class", .badArgs, Say("error.class.codes_usage"))
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
        case "off": "text.class.codes_off"
        case "new": "text.class.codes_new"
        default: "text.class.codes_on"
        }
        saved(target, "codes", [], Say(said, ["name": .text(target.name)]), call, &out)
    }

    /// `/class delete 4B`: the class and its list go; games and answers already stored stay.
    /// Not while an open room or open homework is made for it (`wrong_state`, as a set in use is
    /// not deleted): homework looks its class up at every `/join`, and without it anyone would
    /// join under any name and no answer would be a student's.
    private func deleteClass(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard words.count == 1 else { throw ErrorReply("class", .badArgs, Say("error.class.delete_usage")) }
        let target = try existingClass(words[0], "class")
        if let use = classInUse(target, now: call.now) {
            throw ErrorReply("class", .wrongState, Say("error.class.in_use", ["name": .text(target.name), "use": .say(use)]))
        }
        classes.removeAll { $0 === target }
        out.record(.classDeleted(uid: target.uid, name: target.name))
        out.send(reply("delete", [("name", .string(target.name))],
                       say: { $0(Say("text.class.deleted", ["name": .text(target.name)])) }),
                 to: call.session)
        if let reason = storageUnwritable { out.send(StorageFailedEvent(reason: reason), to: call.session) }
    }

    // MARK: Helpers

    /// What keeps `target` from being deleted: an open room made for it, or its open homework.
    private func classInUse(_ target: SchoolClass, now: Millis) -> Say? {
        if let room = rooms.values.filter({ $0.schoolClass === target }).map(\.code).min() {
            return Say("text.class.in_use.room", ["code": .text(room)])
        }
        let wall = now + wallOffsetMs
        let homework = assignments.values.filter { $0.record.classUID == target.uid && !$0.isPastDue(wall: wall) }
        if let last = homework.max(by: { $0.record.due < $1.record.due }) {
            return Say("text.class.in_use.homework", ["code": .text(last.code), "due": .text(last.record.dueText), "zone": .text(config.localTime.zone)])
        }
        return nil
    }

    /// Stored before the reply: a teacher told "saved" finds the class after a restart.
    private func saved(_ target: SchoolClass, _ action: String, _ fields: [(String, JSON)], _ say: Say,
                       _ call: Command.Call, _ out: inout Outbox) {
        saved(target, action, fields, said: { $0(say) }, call, &out)
    }

    /// The change's sentence in the reader's language, then the class as it now is.
    private func saved(_ target: SchoolClass, _ action: String, _ fields: [(String, JSON)], said: @escaping (Language) -> String,
                       _ call: Command.Call, _ out: inout Outbox) {
        out.record(.classSaved(target.record))
        let list = target.text
        out.send(reply(action, fields + [("class", target.json)], say: { l in said(l) + "\n" + list(l) }), to: call.session)
        if let reason = storageUnwritable { out.send(StorageFailedEvent(reason: reason), to: call.session) }
    }

    private func reply(_ action: String, _ fields: [(String, JSON)], say: @escaping (Language) -> String) -> OkReply {
        OkReply("class", [("action", .string(action))] + fields, say: say)
    }

    /// A code no other student of the class has (nor any of `besides`, where there are enough).
    private func freeCode(in target: SchoolClass, besides: Set<String> = []) -> String {
        let taken = Set(target.students.compactMap(\.code))
        let avoiding = taken.union(besides)
        return PictureCode.draw(avoiding: avoiding.count < PictureCode.all.count ? avoiding : taken, random)
    }

    private func checkClassName(_ name: String, besides: SchoolClass? = nil) throws(ErrorReply) {
        guard Names.isValid(name) else {
            throw ErrorReply("class", .badName, Say("error.class.bad_name", ["rule": .text(Names.rule)]))
        }
        if let other = schoolClass(named: name), other !== besides {
            throw ErrorReply("class", .nameTaken, Say("error.class.taken", ["name": .text(other.name)]))
        }
    }

    private func checkStudentNames(_ names: [String]) throws(ErrorReply) {
        if let bad = names.first(where: { !Names.isValid($0) }) {
            throw ErrorReply("class", .badName, Say("error.class.bad_student", ["name": .text(Visible.shown(bad)), "rule": .text(Names.rule)]))
        }
    }
}
