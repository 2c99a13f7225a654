/// `/report`: the host's report of their room's last game, and the teacher's reads of the
/// results database (`/report SUBJECT`). The core only reads the line; the shell runs the query
/// where storage runs and sends the reply (`Effect.report`).
extension ServerCore {
    static let reportUsage = "/report games|game ID|assignments|assignment CODE|class NAME|player NAME [csv]"

    func report(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        var words = call.args
        guard !words.isEmpty else { return try lastGameReport(call, &out) }
        try requireTeacher(call.session, "report")
        let csv = words.count > 1 && words.last?.lowercased() == "csv"
        if csv { words.removeLast() }
        let subject = try Self.reportSubject(words)
        out.report(ReportRequest(to: call.session.id, format: call.session.format, subject: subject, csv: csv))
    }

    /// The bare `/report`: the host's, as before the desk (no secret needed).
    private func lastGameReport(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let room = try hostRoom(call.session, "report")
        guard !room.isRunning, let game = room.game else {
            throw ErrorReply("report", .wrongState, room.isRunning
                ? "The report is ready once the game is over."
                : "No game has been played in this room yet.")
        }
        out.report(ReportRequest(to: call.session.id, format: call.session.format, subject: .lastGame(game)))
    }

    /// The words after `/report` (without `csv`): the subject, its one name where it takes one,
    /// then `key=value` options, each subject taking only its own.
    static func reportSubject(_ words: [String]) throws(ErrorReply) -> ReportSubject {
        let verb = words[0].lowercased()
        let named = ["game", "assignment", "class", "player"].contains(verb)
        let options = CommandOptions(words.dropFirst())
        let allowed: Set<String>
        switch verb {
        case "games": allowed = ["class", "from", "to", "limit"]
        case "assignments": allowed = ["class"]
        case "class": allowed = ["from", "to"]
        case "player": allowed = ["class", "from", "to"]
        case "game", "assignment": allowed = []
        default: throw ErrorReply("report", .badArgs, "There is no report \"\(Visible.shown(words[0]))\". Use \(reportUsage).")
        }
        guard options.positional.count == (named ? 1 : 0) else {
            throw ErrorReply("report", .badArgs, named ? "Use /report \(verb) \(verb == "game" ? "ID" : verb == "assignment" ? "CODE" : "NAME") [csv]."
                                                         : "Use /report \(verb) [key=value ...] [csv].")
        }
        var values: [String: String] = [:]
        for (key, value) in options.pairs {
            guard allowed.contains(key) else {
                let takes = allowed.sorted().map { $0 + "=" }.joined(separator: ", ")
                throw ErrorReply("report", .badArgs,
                                 "/report \(verb) takes no \(Visible.shown(key))=" + (allowed.isEmpty ? "." : " (it takes \(takes))."))
            }
            guard values[key] == nil else { throw ErrorReply("report", .badArgs, "\(key)= is given twice.") }
            guard !value.isEmpty else { throw ErrorReply("report", .badArgs, "\(key)= needs a value.") }
            values[key] = value
        }
        for key in ["from", "to"] {
            if let day = values[key], !ReportDays.isDay(day) {
                throw ErrorReply("report", .badArgs, "\(key)=\(Visible.shown(day)) is not a date: use YYYY-MM-DD.")
            }
        }
        if let from = values["from"], let to = values["to"], from > to {
            throw ErrorReply("report", .badArgs, "from=\(from) comes after to=\(to).")
        }
        let name = options.positional.first ?? ""
        switch verb {
        case "games":
            var limit = 20
            if let text = values["limit"] {
                guard let n = Int(text), (1...Limits.reportGames).contains(n) else {
                    throw ErrorReply("report", .badArgs, "limit= takes 1 to \(Limits.reportGames).")
                }
                limit = n
            }
            return .games(class: values["class"], from: values["from"], to: values["to"], limit: limit)
        case "game": return .game(name)
        case "assignments": return .assignments(class: values["class"])
        case "assignment": return .assignment(name)
        case "class": return .classProgress(class: name, from: values["from"], to: values["to"])
        default: return .player(name: name, class: values["class"], from: values["from"], to: values["to"])
        }
    }
}

/// `from=` and `to=` of a report: whole days of the server's time zone, both ends included. The
/// core only checks them (it has no calendar); the shell's `LocalDays` turns them into instants.
enum ReportDays {
    /// `YYYY-MM-DD`, a day that exists (no 2026-02-30).
    static func isDay(_ text: String) -> Bool {
        text.count == 10 && CivilTime(text: text + "T00:00") != nil
    }
}
