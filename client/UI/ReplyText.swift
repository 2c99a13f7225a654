import ChalklineProtocol
import Foundation

/// What a reply to one of the person's own commands says, as lines of text: the same lines for
/// the plain mode and for the host screen's reply log, so neither swallows a reply. Every host
/// action gets a line confirming it (a kick, a lock, chat switched off), because on a projector
/// nothing else shows that it happened.
package enum ReplyText {
    package static func lines(for m: ServerMessage) -> [String]? {
        if m.event == .error {
            return [m.string("message") ?? m.string("code") ?? EventType.error.rawValue]
        }
        guard m.event == .ok else { return nil }
        switch m.cmd {
        case "help": return (m.string("text") ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case "who": return who(m)
        case "report": return report(m)
        case "kick": return ["\(m.string("name") ?? "?") was removed (they may come back under another name)."]
        case "ban": return ["\(m.string("name") ?? "?") was banned from room \(m.string("room") ?? "") for good."]
        case "lock", "unlock":
            return [m.bool("locked") == true ? "Room locked: nobody new can join." : "Room unlocked: new players can join."]
        case "set": return [m.bool("chat") == true ? "Chat is on." : "Chat is off."]
        case "start": return ["Game started."]
        case "comeback" where m.int("number") != nil:
            return ["Your teacher has been asked to let you back in as \(m.string("name") ?? "?"). Show your teacher this number: \(m.int("number") ?? 0)."]
        case "stop": return ["Game stopped."]
        case "skip": return ["Closed the open question."]
        case "letin":
            let name = m.string("name") ?? "?"
            return [m.bool("allowed") == true ? "\(name) is back, on their new device." : "\(name) was not let back in."]
        case "scores":
            let rows = StandingRow.list(m.list("standings"))
            return ["Standings:"] + zip(rows.map(\.rank), rows).map { "\($0). \($1.name) \(NumberText.thousands($1.score))" }
        default: return nil
        }
    }

    private static func who(_ m: ServerMessage) -> [String] {
        let players = m.list("players")
        let names = players.map { p -> String in
            var name = p["name"]?.stringValue ?? "?"
            if p["host"]?.boolValue == true { name += " (host)" }
            if p["connected"]?.boolValue == false { name += " (away)" }
            return name
        }
        var head = "In the room (\(NumberText.thousands(m.int("total") ?? players.count))):"
        if let page = m.int("page"), let pages = m.int("pages"), pages > 1 { head += " page \(page) of \(pages) (/who N for more)" }
        return [head, names.joined(separator: ", ")]
    }

    /// `/report` as a short table: the game, then each player's line (place, score, right
    /// answers, median time), then each question's line.
    private static func report(_ m: ServerMessage) -> [String] {
        let game = m.fields["game"]
        let rounds = game?["rounds"]?.intValue ?? 0
        var lines = ["Report of \(game?["game"]?.stringValue ?? "the last game") (\(game?["kind"]?.stringValue ?? "?"), "
            + "\(game?["state"]?.stringValue ?? "?"), \(rounds) \(rounds == 1 ? "round" : "rounds"))"]
        let standings = m.list("standings")
        let rows = StandingRow.list(standings)
        lines.append("Place  Name              Score  Right  Median")
        for (place, row) in zip(rows.map(\.rank), standings) {
            let correct = row["correct"]?.intValue ?? 0, answers = row["answers"]?.intValue ?? 0
            let median = row["median_ms"]?.intValue.map { NumberText.seconds(Int64($0)) } ?? "-"
            lines.append(pad("\(place).", 7) + pad(row["name"]?.stringValue ?? "?", 16)
                + padLeft(NumberText.thousands(row["score"]?.intValue ?? 0), 7) + padLeft("\(correct)/\(answers)", 7) + padLeft(median, 8))
        }
        for q in m.list("questions") {
            if let clue = q["clue"]?.stringValue {
                let who = q["solved_by"]?.stringValue.map { "solved by \($0)" } ?? "not solved"
                lines.append("\(q["level"]?.stringValue ?? "") \(q["n"]?.intValue ?? 0). \(clue): \(q["answer"]?.stringValue ?? "?") (\(who))")
            } else {
                let fastest = q["fastest"]?.stringValue.map { ", fastest \($0)" } ?? ""
                lines.append("Q\(q["round"]?.intValue ?? 0) \(q["question"]?.stringValue ?? "") = \(q["answer"]?.stringValue ?? "?"): "
                    + "\(q["right"]?.intValue ?? 0) of \(q["of"]?.intValue ?? 0) right\(fastest)")
            }
        }
        return lines
    }
}
