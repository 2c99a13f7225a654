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
        out.report(ReportRequest(to: call.session.id, format: call.session.format, subject: subject, csv: csv, language: call.session.language))
    }

    /// The bare `/report`: the host's, as before the desk (no secret needed).
    private func lastGameReport(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let room = try hostRoom(call.session, "report")
        guard !room.isRunning, let game = room.game else {
            throw ErrorReply("report", .wrongState, Say(room.isRunning ? "error.report.running" : "error.report.no_game"))
        }
        out.report(ReportRequest(to: call.session.id, format: call.session.format, subject: .lastGame(game), language: call.session.language))
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
        default: throw ErrorReply("report", .badArgs, Say("error.report.unknown", ["name": .text(Visible.shown(words[0])), "usage": .text(reportUsage)]))
        }
        guard options.positional.count == (named ? 1 : 0) else {
            let usage = named ? "/report \(verb) \(verb == "game" ? "ID" : verb == "assignment" ? "CODE" : "NAME") [csv]" : "/report \(verb) [key=value ...] [csv]"
            throw ErrorReply("report", .badArgs, Say("error.report.usage", ["usage": .text(usage)]))
        }
        var values: [String: String] = [:]
        for (key, value) in options.pairs {
            guard allowed.contains(key) else {
                let takes = allowed.sorted().map { $0 + "=" }.joined(separator: ", ")
                let args: [(String, Say.Arg)] = [("report", .text(verb)), ("key", .text(Visible.shown(key))), ("takes", .text(takes))]
                throw ErrorReply("report", .badArgs, Say(allowed.isEmpty ? "error.report.no_option" : "error.report.other_option", arguments: args))
            }
            guard values[key] == nil else { throw ErrorReply("report", .badArgs, Say("error.report.twice", ["key": .text(key)])) }
            guard !value.isEmpty else { throw ErrorReply("report", .badArgs, Say("error.report.no_value", ["key": .text(key)])) }
            values[key] = value
        }
        for key in ["from", "to"] {
            if let day = values[key], !ReportDays.isDay(day) {
                throw ErrorReply("report", .badArgs, Say("error.report.not_a_day", ["key": .text(key), "value": .text(Visible.shown(day))]))
            }
        }
        if let from = values["from"], let to = values["to"], from > to {
            throw ErrorReply("report", .badArgs, Say("error.report.from_after_to", ["from": .text(from), "to": .text(to)]))
        }
        let name = options.positional.first ?? ""
        switch verb {
        case "games":
            var limit = 20
            if let text = values["limit"] {
                guard let n = Int(text), (1...Limits.reportGames).contains(n) else {
                    throw ErrorReply("report", .badArgs, Say("error.report.limit", ["max": "\(Limits.reportGames)"]))
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
