import ChalklineProtocol
import Foundation

/// What a reply to one of the person's own commands says, as lines of text: the same lines for
/// the plain mode and for the host screen's reply log, so neither swallows a reply. Every host
/// action gets a line confirming it (a kick, a lock, chat switched off), because on a projector
/// nothing else shows that it happened.
package enum ReplyText {
    package static func lines(for m: ServerMessage, language l: Language = Languages.english) -> [String]? {
        func t(_ key: String, _ args: KeyValuePairs<String, Say.Arg> = [:]) -> String { l.text(key, count: nil, args) }
        if m.event == .error {
            return [m.string("message") ?? m.string("code") ?? EventType.error.rawValue]
        }
        guard m.event == .ok else { return nil }
        switch m.cmd {
        // `message` is the help in the connection's language; `text` stays English for bots
        // (and is all a server older than `message` sends).
        case "help": return (m.string("message") ?? m.string("text") ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case "who": return who(m, l)
        case "report": return report(m, l)
        case "kick": return [t("client.reply.kick", ["name": .text(m.string("name") ?? "?")])]
        case "ban": return [t("client.reply.ban", ["name": .text(m.string("name") ?? "?"), "room": .text(m.string("room") ?? "")])]
        case "lock", "unlock":
            return [t(m.bool("locked") == true ? "client.reply.locked" : "client.reply.unlocked")]
        case "set": return [t(m.bool("chat") == true ? "client.reply.chat_on" : "client.reply.chat_off")]
        case "start": return [t("client.reply.started")]
        case "comeback" where m.int("number") != nil:
            // The number is a check number, read out as digits: never grouped.
            return [t("client.reply.comeback", ["name": .text(m.string("name") ?? "?"), "number": .text(String(m.int("number") ?? 0))])]
        case "stop": return [t("client.reply.stopped")]
        case "skip": return [t("client.reply.skipped")]
        case "letin":
            let name = m.string("name") ?? "?"
            return [t(m.bool("allowed") == true ? "client.reply.let_in" : "client.reply.not_let_in", ["name": .text(name)])]
        case "scores":
            let rows = StandingRow.list(m.list("standings"))
            return [t("client.reply.standings")] + zip(rows.map(\.rank), rows).map { "\($0). \($1.name) \(l.number($1.score))" }
        default: return nil
        }
    }

    private static func who(_ m: ServerMessage, _ l: Language) -> [String] {
        let players = m.list("players")
        let names = players.map { p -> String in
            var name = p["name"]?.stringValue ?? "?"
            if p["host"]?.boolValue == true { name += l.text("client.who.host") }
            if p["connected"]?.boolValue == false { name += l.text("client.who.away") }
            return name
        }
        var head = l.text("client.who.head", ["count": .int(m.int("total") ?? players.count)])
        if let page = m.int("page"), let pages = m.int("pages"), pages > 1 { head += l.text("client.who.page", ["page": .int(page), "pages": .int(pages)]) }
        return [head, names.joined(separator: ", ")]
    }

    /// `/report` as a short table: the game, then each player's line (place, score, right
    /// answers, median time), then each question's line.
    private static func report(_ m: ServerMessage, _ l: Language) -> [String] {
        let game = m.fields["game"]
        let rounds = game?["rounds"]?.intValue ?? 0
        var lines = [l.text("client.report.head", count: rounds, ["game": .text(game?["game"]?.stringValue ?? l.text("client.report.last_game")),
                                                                "kind": .text(game?["kind"]?.stringValue ?? "?"), "state": .text(game?["state"]?.stringValue ?? "?")])]
        let standings = m.list("standings")
        let rows = StandingRow.list(standings)
        lines.append(l.text("client.report.columns"))
        for (place, row) in zip(rows.map(\.rank), standings) {
            let correct = row["correct"]?.intValue ?? 0, answers = row["answers"]?.intValue ?? 0
            let median = row["median_ms"]?.intValue.map { Places.seconds(ms: Int64($0), l) } ?? "-"
            lines.append(pad("\(place).", 7) + pad(row["name"]?.stringValue ?? "?", 16)
                + padLeft(l.number(row["score"]?.intValue ?? 0), 7) + padLeft("\(correct)/\(answers)", 7) + padLeft(median, 8))
        }
        for q in m.list("questions") {
            if let clue = q["clue"]?.stringValue {
                let who = q["solved_by"]?.stringValue.map { l.text("client.report.solved_by", ["name": .text($0)]) } ?? l.text("client.report.not_solved")
                lines.append("\(q["level"]?.stringValue ?? "") \(q["n"]?.intValue ?? 0). \(clue): \(q["answer"]?.stringValue ?? "?") (\(who))")
            } else {
                let fastest = q["fastest"]?.stringValue.map { l.text("client.report.fastest", ["name": .text($0)]) } ?? ""
                lines.append(l.text("client.report.question", ["round": .int(q["round"]?.intValue ?? 0), "question": .text(q["question"]?.stringValue ?? ""),
                                                               "answer": .text(q["answer"]?.stringValue ?? "?"), "right": .int(q["right"]?.intValue ?? 0),
                                                               "of": .int(q["of"]?.intValue ?? 0), "fastest": .text(fastest)]))
            }
        }
        return lines
    }
}
