import ChalklineProtocol
/// One line of plain text per event, for pipes, logs and NO_COLOR terminals: readable, and
/// stable enough to grep.
package enum PlainLines {
    package static func line(for m: ServerMessage, model: RoomModel) -> String? {
        let l = model.language
        func t(_ key: String, count: Int? = nil, _ args: KeyValuePairs<String, Say.Arg> = [:]) -> String { l.text(key, count: count, args) }
        switch m.event {
        case .welcome:
            return t("client.line.welcome", ["version": .text(m.string("version") ?? "?"), "protocol": .int(m.int("protocol") ?? 0)])
        case .ok:
            switch m.cmd {
            case "join", "rejoin":
                return t("client.line.in_room", count: model.playing.count, ["room": .text(m.string("room") ?? "?"), "name": .text(m.string("name") ?? "?"), "game": .text(m.string("game") ?? "?")])
            case "create":
                let code = m.string("room") ?? "?"
                return t("client.line.created", ["room": .text(code), "game": .text(m.string("game") ?? "?")])
            case "watch":
                return t("client.line.watching", count: model.playing.count, ["room": .text(m.string("room") ?? "?"), "game": .text(m.string("game") ?? "?")])
            case "answer": return model.verdict
            case "say", "format", "name", "ping": return nil
            case "leave": return t("client.line.left_room", ["room": .text(m.string("room") ?? "?")])
            default: return ReplyText.lines(for: m, language: l)?.joined(separator: "\n")
            }
        case .error:
            return "error \(m.string("code") ?? "?"): \(m.string("message") ?? "")"
        case .joined:
            return t("client.line.joined", count: m.int("players") ?? 0, ["name": .text(m.string("name") ?? "?")])
        case .left:
            let key = switch m.leaveReason {
            case .kicked: "client.line.left.kicked"
            case .banned: "client.line.left.banned"
            case .disconnected: "client.line.left.disconnected"
            case .left, nil: "client.line.left.left"
            }
            return t(key, count: m.int("players") ?? 0, ["name": .text(m.string("name") ?? "?")])
        case .host: return t("client.line.host", ["name": .text(m.string("name") ?? "?")])
        case .countdown: return t("client.line.countdown", ["seconds": .text(seconds(m.double("seconds") ?? 0, l))])
        case .question:
            return t("client.line.question", ["round": .int(m.int("round") ?? 0), "rounds": .int(m.int("rounds") ?? 0),
                                              "text": .text(m.string("message") ?? QuestionText.prompt(m.string("text") ?? "")),
                                              "seconds": .text(seconds(Double(m.int("time_ms") ?? 0) / 1000, l))])
        case .roundEnd:
            return t("client.line.round_end", ["answer": .text(m.string("answer_message") ?? m.answerText ?? "?"), "standings": .text(standings(model.standings, model: model))])
        case .board:
            let clues = model.board?.clues.map { "\($0.n). \($0.clue) (\($0.letters))" }.joined(separator: "; ") ?? ""
            return t("client.line.board", ["level": .int(m.int("level") ?? 0), "round": .int(m.int("round") ?? 1), "levels": .int(m.int("levels") ?? 0),
                                           "clues": .text(clues), "groups": .text(m.strings("groups").joined(separator: " "))])
        case .solved:
            return t("client.line.solved", ["name": .text(m.string("name") ?? "?"), "n": .int(m.int("n") ?? 0), "word": .text(m.string("word") ?? ""), "points": .int(m.int("points") ?? 0)])
        case .levelEnd:
            return t("client.line.level_end", ["level": .int(m.int("level") ?? 0), "standings": .text(standings(model.standings, model: model))])
        case .gameEnd:
            if let place = model.homeworkEnd {
                return t("client.line.homework_done", ["place": .text(place), "standings": .text(standings(model.standings, model: model, limit: 50))])
            }
            return t("client.line.game_over", ["standings": .text(standings(model.standings, model: model, limit: 50))])
        case .chat: return model.chat.last
        case .kicked, .moved: return model.notice
        case .comeback:
            guard let name = m.string("name") else { return nil }
            return RoomModel.comebackLine(name: name, number: m.int("number").map(String.init) ?? m.string("number"), language: l)
        case .hostAway: return t("client.host_away")
        case .shutdown, .bye: return model.farewell
        default: return nil
        }
    }

    /// The server's places and numbers grouped, as on the screens.
    package static func standings(_ rows: [StandingRow], model: RoomModel, limit: Int = 5) -> String {
        let l = model.language
        guard !rows.isEmpty else { return l.text("client.no_players") }
        let places = rows.map(\.rank)
        var parts = zip(places, rows).prefix(limit).map { "\($0). \($1.name) \(l.number($1.score))" }
        if let me = model.me, let i = rows.firstIndex(where: { $0.name == me }), i >= limit {
            parts.append("... \(places[i]). \(me) \(l.number(rows[i].score))")
        }
        if let players = model.rankedPlayers { parts.append(l.text("client.players_count", count: players)) }
        return parts.joined(separator: ", ")
    }

    /// `3`, `2.5` (`2,5` where the language writes a decimal comma).
    package static func seconds(_ s: Double, _ language: Language = Languages.english) -> String {
        guard s != s.rounded() else { return String(Int(s)) }
        let text = String(format: "%.1f", s)
        return language.decimalMark == "." ? text : text.replacingOccurrences(of: ".", with: String(language.decimalMark))
    }
}

import Foundation
