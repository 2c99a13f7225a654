/// Question sets over the protocol: `/sets`, and `/set new|add|save|cancel|show|delete`, which
/// the teacher page's editor sends (and any script may). A set is sent as the lines of a set
/// file, parsed by the same `SetFile.read` as a file in a `--sets` folder, so the page, a
/// folder and `check-sets` can never disagree on what a set is.
extension ServerCore {
    /// The words after `/set` that are about sets; any other is the host's `/set chat=on|off`.
    static let setVerbs: Set = ["new", "add", "save", "cancel", "show", "delete"]

    /// `/set ...`: a set's verb, or else the room setting (`chat=`), which only the host may change.
    func setCommand(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let args = call.args
        guard let verb = args.first?.lowercased(), Self.setVerbs.contains(verb) else {
            _ = try hostRoom(call.session, "set")
            guard args.count == 1 else { throw ErrorReply("set", .badArgs, "Use /set chat=on or /set chat=off.") }
            return try set(call, &out)
        }
        let words = Array(args.dropFirst())
        switch verb {
        case "new": try guessing("set", call.session, call.now) { () throws(ErrorReply) in try newSet(words, call, &out) }
        case "add": try addToSet(call, &out)
        case "save": try saveSet(words, call, &out)
        case "cancel": cancelSet(words, call, &out)
        case "show": try guessing("set", call.session, call.now) { () throws(ErrorReply) in try showSet(words, call, &out) }
        default: try guessing("set", call.session, call.now) { () throws(ErrorReply) in try deleteSet(words, call, &out) }
        }
    }

    /// `/sets`: every set `/create quiz set=NAME` can play, and the files left out with why.
    func listSets(_ call: Command.Call, _ out: inout Outbox) {
        let entries = questionSets.entries
        let problems = questionSets.problems.sorted { $0.key < $1.key }
        let json: [(String, JSON)] = [
            ("sets", .array(entries.map { .object([("name", .string($0.set.name)), ("questions", .int($0.set.questions.count)),
                                                    ("source", .string($0.source.rawValue))]) })),
            ("problems", .array(problems.map { name, problem in
                .object([("set", .string(name)), ("file", .string(problem.file)), ("line", problem.line.map(JSON.int) ?? .null),
                         ("reason", .string(problem.reason))])
            })),
        ]
        var lines = entries.isEmpty ? ["This server has no question sets. /set new NAME starts one."]
                                    : ["Question sets (/create quiz set=NAME):"]
        let width = min(entries.map(\.set.name.count).max() ?? 0, 24)
        lines += entries.map { "  \(TextFormat.pad($0.set.name, width))  \(TextFormat.count($0.set.questions.count, "question"))  (\(Self.sourceWords($0)))" }
        if !problems.isEmpty { lines += ["Left out:"] + problems.map { "  \($0.value)" } }
        out.send(OkReply("sets", json, text: lines.joined(separator: "\n")), to: call.session)
    }

    // MARK: The draft

    /// `/set new NAME [password=...]`: a new draft on this connection, in place of any other.
    private func newSet(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        var words = words
        try checkCreatePassword(&words, "set", needing: "save question sets", usage: "/set new NAME")
        guard words.count == 1 else { throw ErrorReply("set", .badArgs, "Use /set new NAME, then /set add and /set save.") }
        let name = try savableName(words[0])
        call.session.setDraft = SetDraft(name: name)
        out.send(draftReply(call.session.setDraft!, text: "Set \(name) started: /set add its lines, then /set save."), to: call.session)
    }

    /// `/set add ["line",...]` (a JSON array of strings), or `/set add LINE` for one line typed
    /// at netcat: lines of a set file, added to the draft.
    private func addToSet(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let draft = try self.draft(call.session)
        let text = Self.afterFirstWord(call.rest)
        let lines: [String]
        if text.hasPrefix("[") {
            guard case .array(let items)? = JSON.parse(text), let strings = Optional(items.compactMap(\.stringValue)),
                  strings.count == items.count else {
                throw ErrorReply("set", .badArgs, #"Use /set add ["line 1","line 2",...]: a JSON array of strings, the lines of a set file."#)
            }
            lines = strings
        } else {
            guard !text.isEmpty else { throw ErrorReply("set", .badArgs, #"Use /set add ["line 1","line 2",...] or /set add LINE."#) }
            lines = [text]
        }
        guard draft.add(lines) else {
            call.session.setDraft = nil
            throw ErrorReply("set", .badArgs, "A set sent this way is at most \(Limits.setDraftLines) lines and \(Limits.setDraftBytes / 1024) KB: "
                                 + "set \(draft.name) is dropped. Put it in a file in the server's --sets folder instead.")
        }
        out.send(draftReply(draft, text: "Set \(draft.name): \(TextFormat.count(draft.lineCount, "line")) so far."), to: call.session)
    }

    /// `/set save`: the draft read as the file `NAME.csv` would be, stored, then playable. The
    /// draft is gone whatever happens: a refused one is sent again, corrected.
    private func saveSet(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard words.isEmpty else { throw ErrorReply("set", .badArgs, "Use /set save (the name was given to /set new).") }
        let draft = try self.draft(call.session)
        call.session.setDraft = nil
        _ = try savableName(draft.name)
        let set: QuestionSet
        switch SetFile.read(draft.text, name: draft.name, file: "\(draft.name).csv") {
        case .success(let read): set = read
        case .failure(let problem):
            // "line 12: the answer is empty.", numbered as the lines were sent.
            let said = problem.line.map { "line \($0): \(problem.reason)" } ?? problem.reason.prefix(1).uppercased() + problem.reason.dropFirst()
            throw ErrorReply("set", .badArgs, (said.hasSuffix(".") ? said : said + ".") + " Nothing was saved.",
                             extra: problem.line.map { [("line", .int($0))] } ?? [])
        }
        guard set.questions.count <= SetLimits.questions else {
            throw ErrorReply("set", .badArgs, "A set has at most \(SetLimits.questions) questions; this one has \(set.questions.count). Nothing was saved.")
        }
        let replacing = questionSets.entry(named: set.name) != nil
        guard replacing || questionSets.entries.count < SetLimits.sets else {
            throw ErrorReply("set", .badArgs, "The server holds \(SetLimits.sets) question sets, as many as it takes: /set delete one first. Nothing was saved.")
        }
        // Stored before the reply: a teacher told "saved" finds it after a restart.
        out.record(.setSaved(SavedSetRecord(name: set.name, body: SetFile.csv(set), questions: set.questions.count)))
        questionSets.put(SetLibrary.Entry(set: set, source: .saved))
        out.send(OkReply("set", [("name", .string(set.name)), ("questions", .int(set.questions.count)), ("replaced", .bool(replacing))],
                         text: "Set \(set.name) is saved (\(TextFormat.count(set.questions.count, "question"))\(replacing ? ", in place of the old one" : "")). "
                             + "/create quiz set=\(set.name) plays it."),
                 to: call.session)
        if let reason = storageUnwritable { out.send(StorageFailedEvent(reason: reason), to: call.session) }
    }

    /// `/set cancel`: the draft goes; nothing to cancel is not an error (a page closing its
    /// editor cancels whatever it had).
    private func cancelSet(_ words: [String], _ call: Command.Call, _ out: inout Outbox) {
        let dropped = call.session.setDraft
        call.session.setDraft = nil
        out.send(OkReply("set", [("dropped", .bool(dropped != nil))],
                         text: dropped.map { "Set \($0.name) is dropped; nothing was saved." } ?? "No set was being made."),
                 to: call.session)
    }

    // MARK: Sets already there

    /// `/set show NAME [password=...]`: the set's questions and answers (so it needs what
    /// saving needs: a student must not read the answers of the game they play).
    private func showSet(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        var words = words
        try checkCreatePassword(&words, "set", needing: "see a set's answers", usage: "/set show NAME")
        guard words.count == 1 else { throw ErrorReply("set", .badArgs, "Use /set show NAME (/sets lists them).") }
        let entry = try existingSet(words[0])
        let questions = JSON.array(entry.set.questions.map { row in
            .object([("question", .string(row.text)), ("answers", .array(row.answers.map(JSON.string))),
                     ("choices", .array(row.choices.map(JSON.string))), ("time", row.timeSeconds.map(JSON.double) ?? .null)])
        })
        out.send(OkReply("set", [("name", .string(entry.set.name)), ("source", .string(entry.source.rawValue)), ("questions", questions)],
                         text: String(SetFile.csv(entry.set).reversed().drop { $0 == "\n" }.reversed())),
                 to: call.session)
    }

    /// `/set delete NAME [password=...]`: a saved set only; a folder's goes with its file.
    private func deleteSet(_ words: [String], _ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        var words = words
        try checkCreatePassword(&words, "set", needing: "delete question sets", usage: "/set delete NAME")
        guard words.count == 1 else { throw ErrorReply("set", .badArgs, "Use /set delete NAME.") }
        let entry = try existingSet(words[0])
        guard entry.source == .saved else {
            throw ErrorReply("set", .badArgs, "Set \(entry.set.name) \(Self.sourceWords(entry)), not saved from the page: "
                                 + (entry.source == .folder ? "remove the file to remove it." : "it cannot be deleted."))
        }
        out.record(.setDeleted(name: entry.set.name))
        questionSets.remove(named: entry.set.name)
        out.send(OkReply("set", [("name", .string(entry.set.name)), ("deleted", .bool(true))], text: "Set \(entry.set.name) is deleted."),
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
                leftOut.append(SetProblem(file: file, reason: "set \(existing.set.name) \(Self.sourceWords(existing)); the saved one is not used"))
                continue
            }
            guard existing != nil || questionSets.entries.count < SetLimits.sets else {
                leftOut.append(SetProblem(file: file, reason: "the server holds \(SetLimits.sets) sets already"))
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

    /// Letters and digits of the English alphabet, `-` and `_`, as a file's name would be: the
    /// set can be written out as `NAME.csv` on any computer, and typed after `set=`.
    static func isSetName(_ name: String) -> Bool {
        (1...32).contains(name.utf8.count)
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-" || $0 == "_") }
    }

    /// `name` if a set may be saved under it: a good name, not a shipped or folder set's.
    private func savableName(_ name: String) throws(ErrorReply) -> String {
        guard Self.isSetName(name) else {
            throw ErrorReply("set", .badArgs, "A set's name is 1 to 32 letters (a to z), digits, - or _, as a file's would be: \(Visible.shown(name)) is not one.")
        }
        if let entry = questionSets.entry(named: name), entry.source != .saved {
            throw ErrorReply("set", .badArgs, "Set \(entry.set.name) \(Self.sourceWords(entry)): choose another name for yours.")
        }
        return name
    }

    /// The set `name` names, or `/create quiz set=NAME`'s refusal for it.
    private func existingSet(_ name: String) throws(ErrorReply) -> SetLibrary.Entry {
        do {
            let set = try SetQuiz.find(name, in: questionSets)
            return questionSets.entry(named: set.name)!
        } catch {
            throw ErrorReply("set", .badArgs, error.message)
        }
    }

    private func draft(_ session: Session) throws(ErrorReply) -> SetDraft {
        guard let draft = session.setDraft else {
            throw ErrorReply("set", .badArgs, "No set is being made on this connection: /set new NAME starts one.")
        }
        return draft
    }

    private func draftReply(_ draft: SetDraft, text: String) -> OkReply {
        OkReply("set", [("name", .string(draft.name)), ("lines", .int(draft.lineCount))], text: text)
    }

    private static func sourceWords(_ entry: SetLibrary.Entry) -> String {
        switch entry.source {
        case .builtin: "ships with the server"
        case .folder: "comes from a file on the server" + (entry.file.map { " (\($0))" } ?? "")
        case .saved: "was saved from the teacher page"
        }
    }

    /// The text after the first word and its blanks (`/set add ...`: what follows `add`).
    private static func afterFirstWord(_ rest: String) -> String {
        let word = rest.drop { !$0.isBlank }
        return String(word.drop { $0.isBlank })
    }
}
