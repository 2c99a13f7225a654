import ChalklineProtocol
import Foundation

/// Draws a `RoomModel` as one 80x24 (or larger) frame, for the player, the host or a watcher.
/// Pure: the same model, input and clock give the same frame.
struct RoomScreen {
    var model: RoomModel
    var now: Double
    var columns: Int
    var rows: Int
    var colour: Bool
    /// The bottom line: what the player is typing, or the host's keys.
    var footer: [Styled]
    /// Shown big in the lobby for the host: how students join.
    var joinHint: String?

    func frame() -> Frame {
        var f = Frame()
        f.add(header())
        f.blank()
        switch model.phase {
        case .outside:
            f.add(.plain("Not in a room. Type /join CODE NAME (or /watch CODE), then Enter."))
        case .lobby: lobby(&f)
        case .waiting:
            f.add(.bold("A game is running: the next question is on its way."))
            f.blank()
            leaderboard(&f, limit: 10)
        case .countdown(let until):
            f.add(.bold("Get ready!"))
            f.blank()
            big(String(max(0, Int((until - now).rounded(.up)))), &f, style: Styled.yellow)
        case .question: question(&f)
        case .roundEnd: roundEnd(&f)
        case .board, .levelEnd: board(&f)
        case .gameEnd: gameEnd(&f)
        }
        // The bottom of the screen: chat, a notice, then the footer on the last row.
        var bottom: [[Styled]] = model.chat.suffix(3).map { [Styled.cyan($0)] }
        if let notice = model.notice { bottom.append([.yellow(notice)]) }
        if !model.connected { bottom.append([.red("Connection lost: reconnecting...")]) }
        bottom.append(footer)
        let room = rows - bottom.count
        if f.lines.count > room { f.lines = Array(f.lines.prefix(room)) }
        while f.lines.count < room { f.blank() }
        for line in bottom { f.add(line) }
        if !colour { f.lines = f.lines.map { $0.map { Styled.plain($0.text) } } }
        return f
    }

    private func header() -> [Styled] {
        var parts = ["CHALKLINE"]
        if let room = model.room { parts.append("room \(room)") }
        if let game = model.game { parts.append(game) }
        switch model.role {
        case .player:
            if let me = model.me { parts.append(me) }
            parts.append("score \(NumberText.thousands(model.myScore))")
        case .host: parts.append("host")
        case .watcher: parts.append("watching")
        }
        let text = " " + parts.joined(separator: "  ·  ") + " "
        return [.inverse(text + String(repeating: " ", count: max(0, columns - text.count)))]
    }

    private func lobby(_ f: inout Frame) {
        if model.role == .host, let room = model.room {
            f.add(.bold("Room code"))
            big(room, &f, style: Styled.cyan)
            for line in (joinHint ?? "").split(separator: "\n") { f.add(.plain(String(line))) }
            f.blank()
        } else {
            f.add(.plain("Waiting for the host\(model.hostName.map { " (\($0))" } ?? "") to start."))
            f.blank()
        }
        let names = model.playing.map { $0.name + ($0.connected ? "" : " (away)") }
        f.add(.bold("\(names.count) \(names.count == 1 ? "player" : "players")"))
        for line in columnsOf(names, width: 19) { f.add(.plain(line)) }
    }

    private func question(_ f: inout Frame) {
        guard let q = model.question else { return }
        f.add(.bold("Question \(q.round)/\(q.rounds)"))
        f.blank()
        big(QuestionText.prompt(q.text), &f, style: Styled.bold)
        f.blank()
        f.add(bar(openedAt: q.openedAt, timeMs: q.timeMs))
        f.blank()
        if model.role == .player {
            if let verdict = model.verdict {
                f.add(verdict.hasPrefix("Right") ? .green(verdict) : .red(verdict))
            } else {
                f.add(.plain("Type your answer and press Enter."))
            }
        } else if let n = model.answersIn {
            f.add(.bold("Answers in: \(n) of \(model.playing.filter(\.connected).count)"))
        }
    }

    private func roundEnd(_ f: inout Frame) {
        if let q = model.question, let answer = model.roundAnswer {
            f.add(.bold("Question \(q.round)/\(q.rounds):  \(QuestionText.reveal(q.text)) "), .green(answer))
        } else {
            f.add(.bold("Round over"))
        }
        if model.role == .player, let verdict = model.verdict {
            f.add(verdict.hasPrefix("Right") ? .green(verdict) : .red(verdict))
        } else if model.role == .player, model.question != nil {
            f.add(.dim("No answer this round."))
        }
        let right = model.roundResults.filter(\.correct).count
        if !model.roundResults.isEmpty { f.add(.plain("\(right) of \(model.roundResults.count) right")) }
        f.blank()
        leaderboard(&f, limit: 10)
    }

    private func board(_ f: inout Frame) {
        guard let b = model.board else { return }
        let over: Bool = if case .levelEnd = model.phase { true } else { false }
        f.add(.bold("Level \(b.level)/\(b.levels)" + (over ? "  (over)" : "")))
        if !over { f.add(bar(openedAt: b.openedAt, timeMs: b.timeMs)) }
        for clue in b.clues {
            let head = "\(clue.n). \(clue.clue)"
            if let word = clue.word {
                f.add(.plain(pad(head, 50)), .green(word), .dim(clue.solvedBy.map { "  \($0)" } ?? ""))
            } else {
                f.add(.plain(pad(head, 50)), .yellow("\(clue.letters) letters"))
            }
        }
        f.blank()
        for line in columnsOf(b.groups, width: 10, perRow: 5) { f.add(.bold(line)) }
        if model.role == .player, let verdict = model.verdict {
            f.add(verdict.hasPrefix("Right") ? .green(verdict) : .red(verdict))
        }
        if over { f.blank(); leaderboard(&f, limit: 5) }
    }

    private func gameEnd(_ f: inout Frame) {
        f.add(.bold("Game over!"))
        f.blank()
        let top = model.standings.prefix(3)
        let medals = ["1st", "2nd", "3rd"]
        for (i, row) in top.enumerated() {
            f.add(.yellow(pad(medals[i], 5)), .bold(pad(row.name, 18)), .plain(padLeft(NumberText.thousands(row.score), 9)))
        }
        f.blank()
        leaderboard(&f, limit: 12, from: 3)
    }

    private func leaderboard(_ f: inout Frame, limit: Int, from start: Int = 0) {
        let rows = model.standings.dropFirst(start)
        guard !rows.isEmpty else { return }
        if start == 0 { f.add(.bold("Leaderboard")) }
        var shown = Array(rows.prefix(limit))
        if let me = model.me, let mine = rows.first(where: { $0.name == me }), !shown.contains(mine) {
            shown.append(mine)
        }
        for row in shown {
            let text = padLeft("\(row.rank).", 5) + " " + pad(row.name, 18) + padLeft(NumberText.thousands(row.score), 9)
            let you = model.rankedPlayers.map { "  ◀ you, of \(NumberText.thousands($0))" } ?? "  ◀ you"
            f.add(row.name == model.me ? .inverse(text + you) : .plain(text))
        }
    }

    /// A bar that empties as the time runs out, with the seconds left.
    private func bar(openedAt: Double, timeMs: Int) -> [Styled] {
        let total = max(Double(timeMs) / 1000, 0.001)
        let left = max(0, total - (now - openedAt))
        let width = min(50, columns - 12)
        let filled = Int((Double(width) * left / total).rounded())
        let full = String(repeating: "█", count: filled)
        let filledPart = left / total < 0.25 ? Styled.red(full) : Styled.green(full)
        let emptyPart = Styled.dim(String(repeating: "░", count: max(0, width - filled)))
        return [filledPart, emptyPart, Styled.plain(String(format: "  %4.1f s", left))]
    }

    /// `text` in block letters, or, when a glyph is missing or it would not fit, as plain text
    /// wrapped at the screen's width: a question is never shown cut or with characters dropped.
    private func big(_ text: String, _ f: inout Frame, style: (String) -> Styled) {
        guard BigText.canDraw(text), BigText.width(text) <= columns else {
            for line in Wrap.lines(text, width: columns) { f.add(style(line)) }
            return
        }
        for row in BigText.rows(text) { f.add(style(row)) }
    }

    private func columnsOf(_ items: [String], width: Int, perRow: Int? = nil) -> [String] {
        let per = perRow ?? max(1, columns / width)
        return stride(from: 0, to: items.count, by: per).map { start in
            items[start..<min(start + per, items.count)].map { pad($0, width) }.joined()
        }
    }
}
