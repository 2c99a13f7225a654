/// Question sets over the protocol: `/sets` lists them, and `/sets show|new|add|save|cancel|delete`,
/// which the teacher page's editor sends (and any script may), do the rest: one command word for
/// sets, so `/set` stays the host's room setting alone. A set is sent as the lines of a set
/// file, parsed by the same `SetFile.read` as a file in a `--sets` folder, so the page, a
/// folder and `check-sets` can never disagree on what a set is.
extension ServerCore {
    /// `/sets` alone, or `/sets VERB ...`. Each reply names its verb in `action`, so a program
    /// sending several steps knows which one was answered.
    func setsCommand(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard let verb = call.args.first?.lowercased() else { return listSets(call, &out) }
        let words = Array(call.args.dropFirst())
        switch verb {
        case "new": try guessing("sets", call.session, call.now) { () throws(ErrorReply) in try newSet(words, call, &out) }
        case "add": try addToSet(call, &out)
        case "save": try saveSet(words, call, &out)
        case "cancel": cancelSet(words, call, &out)
        case "show": try guessing("sets", call.session, call.now) { () throws(ErrorReply) in try showSet(words, call, &out) }
        case "delete": try guessing("sets", call.session, call.now) { () throws(ErrorReply) in try deleteSet(words, call, &out) }
        default:
            throw ErrorReply("sets", .badArgs, Say("error.sets.usage"))
        }
    }

    /// `/sets`: every set `/create quiz set=NAME` can play, and the files left out with why.
    func listSets(_ call: Command.Call, _ out: inout Outbox) {
        let problems = questionSets.problems.sorted { $0.key < $1.key }.map { (name: $0.key, problem: $0.value) }
        out.send(SetsListReply(entries: questionSets.entries, problems: problems), to: call.session)
    }

    // MARK: The draft

    /// `/sets new NAME [password=...]`: a new draft on this connection, in place of any other.
    private func newSet(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        var words = words
        try checkCreatePassword(&words, "sets", needing: "save question sets", usage: "/sets new NAME")
        guard words.count == 1 else { throw ErrorReply("sets", .badArgs, Say("error.sets.new_usage")) }
        let name = try savableName(words[0])
        call.session.setDraft = SetDraft(name: name)
        out.send(draftReply("new", call.session.setDraft!, Say("text.sets.started", ["name": .text(name)])), to: call.session)
    }

    /// `/sets add ["line",...]` (a JSON array of strings), or `/sets add LINE` for one line typed
    /// at netcat: lines of a set file, added to the draft.
    private func addToSet(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let draft = try self.draft(call.session)
        let text = Self.afterFirstWord(call.rest)
        let lines: [String]
        if text.hasPrefix("[") {
            guard case .array(let items)? = JSON.parse(text), let strings = Optional(items.compactMap(\.stringValue)),
                  strings.count == items.count else {
                throw ErrorReply("sets", .badArgs, Say("error.sets.add_json"))
            }
            lines = strings
        } else {
            guard !text.isEmpty else { throw ErrorReply("sets", .badArgs, Say("error.sets.add_usage")) }
            lines = [text]
        }
        guard draft.add(lines) else {
            call.session.setDraft = nil
            throw ErrorReply("sets", .badArgs, Say("error.sets.too_big", ["lines": .int(Limits.setDraftLines), "kb": .int(Limits.setDraftBytes / 1024),
                                                                "name": .text(draft.name)]))
        }
        out.send(draftReply("add", draft, Say("text.sets.lines", count: draft.lineCount, ["name": .text(draft.name)])), to: call.session)
    }

    /// `/sets save`: the draft read as the file `NAME.csv` would be (which holds it to
    /// `SetLimits`' questions and characters), stored, then playable. The draft is gone whatever
    /// happens: a refused one is sent again, corrected.
    private func saveSet(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard words.isEmpty else { throw ErrorReply("sets", .badArgs, Say("error.sets.save_usage")) }
        let draft = try self.draft(call.session)
        call.session.setDraft = nil
        _ = try savableName(draft.name)
        let set: QuestionSet
        switch SetFile.read(draft.text, name: draft.name, file: "\(draft.name).csv") {
        case .success(let read): set = read
        case .failure(let problem):
            // "line 12: the answer is empty. Nothing was saved.", numbered as the lines were sent,
            // in the teacher's language; the json's `reason` is the bare reason, so the page puts
            // its own number (the question's) before it, whatever the language.
            let reason = problem.say ?? Say("error.setfile.unreadable_file")
            let said = problem.line.map { Say("error.sets.unread_line", ["line": .int($0), "reason": .say(reason)]) }
                ?? Say("error.sets.unread", ["reason": .say(reason)])
            var refusal = ErrorReply("sets", .badArgs, said, extra: problem.line.map { [("line", .int($0))] } ?? [])
            refusal.spokenExtra = [("reason", reason)]
            throw refusal
        }
        let replacing = questionSets.entry(named: set.name) != nil
        if replacing, let use = setInUse(set.name, call) {
            throw ErrorReply("sets", .badArgs, Say("error.sets.in_use_save", ["name": .text(set.name), "use": .say(use)]))
        }
        guard replacing || questionSets.entries.count < SetLimits.sets else {
            throw ErrorReply("sets", .badArgs, Say("error.sets.full", ["max": .int(SetLimits.sets)]))
        }
        // Stored before the reply: a teacher told "saved" finds it after a restart.
        out.record(.setSaved(SavedSetRecord(name: set.name, body: SetFile.csv(set), questions: set.questions.count)))
        questionSets.put(SetLibrary.Entry(set: set, source: .saved))
        out.send(setsReply("save", [("name", .string(set.name)), ("questions", .int(set.questions.count)), ("replaced", .bool(replacing))],
                         Say(replacing ? "text.sets.saved_replacing" : "text.sets.saved",
                             ["name": .text(set.name), "questions": .say(Say("text.sets.questions", count: set.questions.count))])),
                 to: call.session)
        if let reason = storageUnwritable { out.send(StorageFailedEvent(reason: reason), to: call.session) }
    }

    /// `/sets cancel`: the draft goes; nothing to cancel is not an error (a page closing its
    /// editor cancels whatever it had).
    private func cancelSet(_ words: [String], _ call: Command.Call, _ out: inout Outbox) {
        let dropped = call.session.setDraft
        call.session.setDraft = nil
        out.send(setsReply("cancel", [("dropped", .bool(dropped != nil))],
                         dropped.map { Say("text.sets.dropped", ["name": .text($0.name)]) } ?? Say("text.sets.nothing_dropped")),
                 to: call.session)
    }

    // MARK: Sets already there

    /// `/sets show NAME [password=...]`: the set's questions and answers (so it needs what
    /// saving needs, and a set being played is shown only to the host playing it: a student
    /// must not read the answers of the game they play, even on a server with no password).
    private func showSet(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let entry = try namedSet(words, needing: "see a set's answers", usage: "/sets show NAME")
        if let use = setInUse(entry.set.name, call, hostMayRead: true) {
            throw ErrorReply("sets", .wrongState, Say("error.sets.in_use_show", ["name": .text(entry.set.name), "use": .say(use)]))
        }
        let questions = JSON.array(entry.set.questions.map { row in
            .object([("question", .string(row.text)), ("answers", .array(row.answers.map(JSON.string))),
                     ("choices", .array(row.choices.map(JSON.string))), ("time", row.timeSeconds.map(JSON.double) ?? .null)])
        })
        out.send(setsReply("show", [("name", .string(entry.set.name)), ("source", .string(entry.source.rawValue)), ("questions", questions)],
                         say: { [set = entry.set] _ in String(SetFile.csv(set).reversed().drop { $0 == "\n" }.reversed()) }),
                 to: call.session)
    }

    /// `/sets delete NAME [password=...]`: a saved set only; a folder's goes with its file.
    private func deleteSet(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let entry = try namedSet(words, needing: "delete question sets", usage: "/sets delete NAME")
        guard entry.source == .saved else {
            throw ErrorReply("sets", .badArgs, Say(entry.source == .folder ? "error.sets.delete_folder" : "error.sets.delete_builtin",
                                                   ["name": .text(entry.set.name), "source": .say(Self.sourceWords(entry))]))
        }
        if let use = setInUse(entry.set.name, call) {
            throw ErrorReply("sets", .badArgs, Say("error.sets.in_use_delete", ["name": .text(entry.set.name), "use": .say(use)]))
        }
        out.record(.setDeleted(name: entry.set.name))
        questionSets.remove(named: entry.set.name)
        out.send(setsReply("delete", [("name", .string(entry.set.name)), ("deleted", .bool(true))], Say("text.sets.deleted", ["name": .text(entry.set.name)])),
                 to: call.session)
    }

    // MARK: At start

    /// The sets saved on earlier runs, as the database kept them (oldest first), read as a
    /// folder's files are; before anyone connects. Returns what was left out, for the log: a set
    /// that no longer reads (it is listed by `/sets` with why), one whose name a shipped or folder
    /// set now has (that one wins), one past `SetLimits.sets`.
    public func restore(savedSets stored: [SavedSetRecord]) -> [SetProblem] {
        var leftOut: [SetProblem] = []
        for record in stored {
            let file = "saved set \(record.name)"
            let existing = questionSets.entry(named: record.name)
            if let existing, existing.source != .saved {
                leftOut.append(SetProblem(file: file, Say("error.setfile.saved_shadowed", ["name": .text(existing.set.name), "source": .say(Self.sourceWords(existing))])))
                continue
            }
            guard existing != nil || questionSets.entries.count < SetLimits.sets else {
                leftOut.append(SetProblem(file: file, Say("error.setfile.server_full", ["max": .int(SetLimits.sets)])))
                continue
            }
            switch SetFile.read(record.body, name: record.name, file: file) {
            case .success(let set):
                questionSets.put(SetLibrary.Entry(set: set, source: .saved))
            case .failure(let problem):
                questionSets.leftOut(problem, name: record.name)
                leftOut.append(problem)
            }
        }
        return leftOut
    }

    // MARK: Shared checks

    /// Why the set `name` must stay as it is and keep its answers to itself, or nil: a room's
    /// game plays it, or homework not yet due does (its tries play the copy `/assign` took, but
    /// after a restart the set is read by name again). With `hostMayRead`, the host of a room
    /// playing it is let through (the teacher page's editor). A room's or homework's code is
    /// named only to the address that made it: the set's name must not hand out codes.
    private func setInUse(_ name: String, _ call: Command.Call, hostMayRead: Bool = false) -> Say? {
        let key = name.lowercased()
        let playing = rooms.values.filter { $0.homework == nil && $0.race.questionSet?.name.lowercased() == key }
        if hostMayRead, playing.contains(where: { $0.isHost(call.session) }) { return nil }
        if let room = playing.first(where: \.isRunning) {
            return room.creatorAddress == call.session.address ? Say("text.sets.in_use.room_code", ["code": .text(room.code)])
                                                               : Say("text.sets.in_use.room")
        }
        let wall = call.now + wallOffsetMs
        let homework = assignments.values.filter { !$0.isPastDue(wall: wall) && $0.setName?.lowercased() == key }
        if let last = homework.max(by: { $0.record.due < $1.record.due }) {
            let args: [(String, Say.Arg)] = [("code", .text(last.code)), ("due", .text(last.record.dueText)), ("zone", .text(config.localTime.zone))]
            return Say(last.creatorAddress == call.session.address ? "text.sets.in_use.homework_code" : "text.sets.in_use.homework", arguments: args)
        }
        return nil
    }

    /// `name` if a set may be saved under it: a good name, not a shipped or folder set's.
    private func savableName(_ name: String) throws(ErrorReply) -> String {
        // The rule a folder's file names are held to: one word after set=.
        guard SetFile.nameProblem(name) == nil else {
            throw ErrorReply("sets", .badArgs, Say("error.sets.bad_name", ["max": .int(SetLimits.nameCharacters), "name": .text(Visible.shown(name))]))
        }
        if let entry = questionSets.entry(named: name), entry.source != .saved {
            throw ErrorReply("sets", .badArgs, Say("error.sets.name_taken", ["name": .text(entry.set.name), "source": .say(Self.sourceWords(entry))]))
        }
        return name
    }

    /// The set `/sets show|delete NAME [password=...]` names, once the password is right.
    private func namedSet(_ words: [String], needing: String, usage: String) throws(ErrorReply) -> SetLibrary.Entry {
        var words = words
        try checkCreatePassword(&words, "sets", needing: needing, usage: usage)
        guard words.count == 1 else { throw ErrorReply("sets", .badArgs, Say("error.sets.named_usage", ["usage": .text(usage)])) }
        return try existingSet(words[0])
    }

    /// The set `name` names, or `/create quiz set=NAME`'s refusal for it.
    private func existingSet(_ name: String) throws(ErrorReply) -> SetLibrary.Entry {
        guard let entry = questionSets.entry(named: name) else { throw ErrorReply("sets", .badArgs, SetQuiz.missing(name, in: questionSets)) }
        return entry
    }

    private func draft(_ session: Session) throws(ErrorReply) -> SetDraft {
        guard let draft = session.setDraft else {
            throw ErrorReply("sets", .badArgs, Say("error.sets.no_draft"))
        }
        return draft
    }

    private func draftReply(_ action: String, _ draft: SetDraft, _ say: Say) -> OkReply {
        setsReply(action, [("name", .string(draft.name)), ("lines", .int(draft.lineCount))], say)
    }

    private func setsReply(_ action: String, _ fields: [(String, JSON)], _ say: Say) -> OkReply {
        OkReply("sets", [("action", .string(action))] + fields, say)
    }

    private func setsReply(_ action: String, _ fields: [(String, JSON)], say: @escaping (Language) -> String) -> OkReply {
        OkReply("sets", [("action", .string(action))] + fields, say: say)
    }

    /// Where a set comes from, as a teacher reads it after "Set NAME ...".
    static func sourceWords(_ entry: SetLibrary.Entry) -> Say {
        switch entry.source {
        case .builtin: Say("text.sets.source.builtin")
        case .folder: entry.file.map { Say("text.sets.source.folder_file", ["file": .text($0)]) } ?? Say("text.sets.source.folder")
        case .saved: Say("text.sets.source.saved")
        }
    }

    /// The text after the first word and its blanks (`/sets add ...`: what follows `add`).
    private static func afterFirstWord(_ rest: String) -> String {
        let word = rest.drop { !$0.isBlank }
        return String(word.drop { $0.isBlank })
    }
}
