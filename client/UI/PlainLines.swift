import ChalklineProtocol
/// One line of plain text per event, for pipes, logs and NO_COLOR terminals: readable, and
/// stable enough to grep.
package enum PlainLines {
    package static func line(for m: ServerMessage, model: RoomModel) -> String? {
        switch m.event {
        case .welcome:
            return "Connected to Chalkline \(m.string("version") ?? "?") (protocol \(m.int("protocol") ?? 0))."
        case .ok:
            switch m.cmd {
            case "join", "rejoin":
                return "You are in room \(m.string("room") ?? "?") as \(m.string("name") ?? "?") (\(m.string("game") ?? "?"), \(model.playing.count) players)."
            case "create":
                let code = m.string("room") ?? "?"
                return "Room \(code) is ready (\(m.string("game") ?? "?")). Players type: /join \(code) NAME"
            case "watch":
                return "Watching room \(m.string("room") ?? "?") (\(m.string("game") ?? "?"), \(model.playing.count) players)."
            case "answer": return model.verdict
            case "say", "format", "name", "ping": return nil
            case "leave": return "You left room \(m.string("room") ?? "?")."
            default: return ReplyText.lines(for: m)?.joined(separator: "\n")
            }
        case .error:
            return "error \(m.string("code") ?? "?"): \(m.string("message") ?? "")"
        case .joined:
            return "\(m.string("name") ?? "?") joined (\(m.int("players") ?? 0) players)."
        case .left:
            let why = switch m.leaveReason {
            case .kicked: "was removed by the host"
            case .banned: "was banned by the host"
            case .disconnected: "lost their connection"
            // Leaving of one's own accord reads as the reason's own word.
            case .left, nil: LeaveReason.left.rawValue
            }
            return "\(m.string("name") ?? "?") \(why) (\(m.int("players") ?? 0) players)."
        case .host: return "\(m.string("name") ?? "?") is now the host."
        case .countdown: return "Get ready: the race starts in \(seconds(m.double("seconds") ?? 0)) s."
        case .question:
            return "Question \(m.int("round") ?? 0)/\(m.int("rounds") ?? 0): \(QuestionText.prompt(m.string("text") ?? ""))  (\(seconds(Double(m.int("time_ms") ?? 0) / 1000)) s)"
        case .roundEnd:
            return "Time! The answer was \(m.answerText ?? "?"). Standings: " + standings(model.standings, model: model)
        case .board:
            let clues = model.board?.clues.map { "\($0.n). \($0.clue) (\($0.letters))" }.joined(separator: "; ") ?? ""
            return "Level \(m.int("level") ?? 0) (\(m.int("round") ?? 1) of \(m.int("levels") ?? 0)): \(clues). Groups: \(m.strings("groups").joined(separator: " "))"
        case .solved:
            return "\(m.string("name") ?? "?") solved \(m.int("n") ?? 0): \(m.string("word") ?? "") (+\(m.int("points") ?? 0))."
        case .levelEnd:
            return "Level \(m.int("level") ?? 0) over. Standings: " + standings(model.standings, model: model)
        case .gameEnd:
            if let place = model.homeworkEnd {
                return "Homework done! \(place) Everyone who has finished: " + standings(model.standings, model: model, limit: 50)
            }
            return "Game over! Final standings: " + standings(model.standings, model: model, limit: 50)
        case .chat: return model.chat.last
        case .kicked, .moved: return model.notice
        case .comeback:
            guard let name = m.string("name") else { return nil }
            return RoomModel.comebackLine(name: name, number: m.int("number").map(String.init) ?? m.string("number"))
        case .hostAway: return "The teacher left; waiting for them."
        case .shutdown, .bye: return model.farewell
        default: return nil
        }
    }

    /// The server's places and numbers grouped, as on the screens.
    package static func standings(_ rows: [StandingRow], model: RoomModel, limit: Int = 5) -> String {
        guard !rows.isEmpty else { return "(no players)" }
        let places = rows.map(\.rank)
        var parts = zip(places, rows).prefix(limit).map { "\($0). \($1.name) \(NumberText.thousands($1.score))" }
        if let me = model.me, let i = rows.firstIndex(where: { $0.name == me }), i >= limit {
            parts.append("... \(places[i]). \(me) \(NumberText.thousands(rows[i].score))")
        }
        if let players = model.rankedPlayers { parts.append("(\(NumberText.thousands(players)) players)") }
        return parts.joined(separator: ", ")
    }

    package static func seconds(_ s: Double) -> String {
        s == s.rounded() ? String(Int(s)) : String(format: "%.1f", s)
    }
}

import Foundation
