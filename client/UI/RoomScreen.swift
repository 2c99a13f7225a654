import ChalklineProtocol
import Foundation

/// What the person is doing to the screen itself rather than the room: reading the reply log,
/// paging through a table. Kept apart from `RoomModel`, which holds only what the server said.
package struct ScreenView {
    /// The log line at the top of the reply reader; nil while it is closed.
    package var readerTop: Int?
    /// The page of the leaderboard shown (host and watcher: PgUp/PgDn), 0 for the first.
    package var tablePage = 0
}

/// Draws a `RoomModel` as one 80x24 (or larger) frame, for the player, the host or a watcher.
/// Pure: the same model, input and clock give the same frame.
package struct RoomScreen {
    package var model: RoomModel
    package var now: Double
    package var columns: Int
    package var rows: Int
    package var colour: Bool
    /// The bottom line: what the player is typing, or the host's keys.
    package var footer: [Styled]
    /// Shown in the lobby for the host: how students join.
    package var joinHint: String?
    package var view = ScreenView()

    package func frame() -> Frame {
        var f = Frame()
        f.add(header())
        f.blank()
        let bottom = bottomLines()
        let room = max(1, rows - 2 - bottom.count)
        if let top = view.readerTop {
            reader(from: top, &f, room: room)
        } else {
            body(&f, room: room)
        }
        let limit = rows - bottom.count
        if f.lines.count > limit { f.lines = Array(f.lines.prefix(limit)) }
        while f.lines.count < limit { f.blank() }
        for line in bottom { f.add(line) }
        if !colour { f.lines = f.lines.map { $0.map { Styled.plain($0.text) } } }
        return f
    }

    private func body(_ f: inout Frame, room: Int) {
        switch model.phase {
        case .outside:
            f.add(.plain(t("client.screen.outside")))
        case .lobby: lobby(&f, room: room)
        case .waiting:
            f.add(.bold(t("client.screen.running")))
            f.blank()
            leaderboard(&f, room: room - 2)
        case .countdown(let until):
            f.add(.bold(t("client.screen.get_ready")))
            f.blank()
            big(String(max(0, Int((until - now).rounded(.up)))), &f, style: Styled.yellow)
        case .question: question(&f)
        case .roundEnd: roundEnd(&f, room: room)
        case .board, .levelEnd: board(&f, room: room)
        case .gameEnd: gameEnd(&f, room: room)
        }
    }

    /// Chat, this state's replies, the notices, then the footer on the last row.
    private func bottomLines() -> [[Styled]] {
        var bottom: [[Styled]] = model.chat.suffix(3).map { [Styled.cyan($0)] }
        if view.readerTop == nil {
            let replies = model.currentReplies.flatMap { Wrap.lines($0, width: columns) }
            let fit = model.role == .host ? 4 : 2
            if replies.count > fit {
                bottom += replies.suffix(fit - 1).map { [Styled.yellow($0)] }
                bottom.append([.dim(model.language.text("client.screen.more_lines", count: replies.count - fit + 1))])
            } else {
                bottom += replies.map { [Styled.yellow($0)] }
            }
        }
        if model.hostAway { bottom.append([.yellow(t("client.host_away"))]) }
        for request in model.comebacks {
            bottom += Wrap.lines(RoomModel.comebackLine(name: request.name, number: request.number, language: model.language), width: columns).map { [Styled.yellow($0)] }
        }
        if let notice = model.notice { bottom.append([.yellow(notice)]) }
        if !model.connected { bottom.append([.red(t("client.screen.connection_lost"))]) }
        bottom.append(footer)
        return bottom
    }

    /// The reply log from line `top`, wrapped, in place of the room: `/help create` or a report
    /// is longer than any panel.
    private func reader(from top: Int, _ f: inout Frame, room: Int) {
        f.add(.bold(t("client.screen.replies")), .dim(t("client.screen.replies_keys")))
        let lines = model.log[min(top, model.log.count)...].flatMap { Wrap.lines($0.text, width: columns) }
        for line in lines.prefix(room - 1) { f.add(.plain(line)) }
    }

    /// A text of the catalog in the model's language.
    func t(_ key: String, _ args: KeyValuePairs<String, Say.Arg> = [:]) -> String { model.language.text(key, count: nil, args) }

    private func header() -> [Styled] {
        var parts = ["CHALKLINE"]
        if let room = model.room { parts.append(t("client.header.room", ["room": .text(room)])) }
        if let game = model.game { parts.append(game) }
        switch model.role {
        case .player:
            if let me = model.me { parts.append(me) }
            if let team = model.myTeam { parts.append(t("client.header.team", ["team": .text(team)])) }
            parts.append(t("client.header.score", ["score": .int(model.myScore)]))
        case .host: parts.append(t("client.header.host"))
        case .watcher: parts.append(t("client.header.watching"))
        }
        let text = " " + parts.joined(separator: "  ·  ") + " "
        return [.inverse(text + String(repeating: " ", count: max(0, columns - text.count)))]
    }

    private func question(_ f: inout Frame) {
        guard let q = model.question else { return }
        f.add(.bold(t("client.screen.question", ["round": .int(q.round), "rounds": .int(q.rounds)])))
        f.blank()
        big(QuestionText.prompt(q.text), &f, style: Styled.bold)
        f.blank()
        f.add(bar(openedAt: q.openedAt, timeMs: q.timeMs))
        f.blank()
        if model.role == .player {
            if let verdict = model.verdict {
                f.add(model.verdictRight ? .green(verdict) : .red(verdict))
            } else {
                f.add(.plain(t("client.screen.type_answer")))
            }
        } else if let n = model.answersIn {
            f.add(.bold(t("client.screen.answers_in", ["n": .int(n), "of": .int(model.playing.filter(\.connected).count)])))
        }
    }

    private func roundEnd(_ f: inout Frame, room: Int) {
        let start = f.lines.count
        if let q = model.question, let answer = model.roundAnswer {
            f.add(.bold(t("client.screen.question", ["round": .int(q.round), "rounds": .int(q.rounds)]) + ":  \(QuestionText.reveal(q.text)) "), .green(answer))
        } else {
            f.add(.bold(t("client.screen.round_over")))
        }
        if model.role == .player, let verdict = model.verdict {
            f.add(model.verdictRight ? .green(verdict) : .red(verdict))
        } else if model.role == .player, model.question != nil {
            f.add(.dim(t("client.screen.no_answer")))
        }
        if model.role == .player {
            let right = model.roundResults.filter(\.correct).count
            if !model.roundResults.isEmpty { f.add(.plain(t("client.screen.right_of", ["right": .int(right), "of": .int(model.roundResults.count)]))) }
        } else {
            roundResults(&f)
        }
        if let until = model.pauseUntil { f.add(.bold(pauseLine(until))) }
        f.blank()
        let teams = teamRows(room: room - (f.lines.count - start))
        leaderboard(&f, room: room - (f.lines.count - start) - teams)
        teamTable(&f, rows: teams)
    }

    /// Homework's pause after an answer: what comes, when, and the key that brings it now.
    private func pauseLine(_ until: Double) -> String {
        let seconds = max(0, Int((until - now).rounded(.up)))
        return t(model.pauseIsLast ? "client.screen.result_in" : "client.screen.next_in", ["seconds": .int(seconds)])
    }

    private func board(_ f: inout Frame, room: Int) {
        guard let b = model.board else { return }
        let start = f.lines.count
        let over: Bool = if case .levelEnd = model.phase { true } else { false }
        f.add(.bold(t("client.screen.level", ["level": .int(b.level), "round": .int(b.round), "levels": .int(b.levels)]) + (over ? t("client.screen.level_over") : "")))
        if !over { f.add(bar(openedAt: b.openedAt, timeMs: b.timeMs)) }
        for clue in b.clues {
            let head = "\(clue.n). \(clue.clue)"
            if let word = clue.word {
                f.add(.plain(pad(head, 50)), .green(word), .dim(clue.solvedBy.map { "  \($0)" } ?? ""))
            } else {
                f.add(.plain(pad(head, 50)), .yellow(model.language.text("client.screen.letters", count: clue.letters)))
            }
        }
        f.blank()
        for line in columnsOf(b.groups, width: 10, perRow: 5) { f.add(.bold(line)) }
        if model.role == .player, let verdict = model.verdict {
            f.add(model.verdictRight ? .green(verdict) : .red(verdict))
        }
        if over, let until = model.pauseUntil { f.add(.bold(pauseLine(until))) }
        if over {
            f.blank()
            let teams = teamRows(room: room - (f.lines.count - start))
            leaderboard(&f, room: room - (f.lines.count - start) - teams)
            teamTable(&f, rows: teams)
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
        let seconds = String(format: "  %4.1f s", left)
        return [filledPart, emptyPart, Styled.plain(model.language.decimalMark == "." ? seconds : String(seconds.map { $0 == "." ? model.language.decimalMark : $0 }))]
    }

    /// `text` in block letters, or, when a glyph is missing or it would not fit, as plain text
    /// wrapped at the screen's width: a question is never shown cut or with characters dropped.
    package func big(_ text: String, _ f: inout Frame, style: (String) -> Styled, width: Int? = nil) {
        let width = width ?? columns
        guard BigText.canDraw(text), BigText.width(text) <= width else {
            for line in Wrap.lines(text, width: width) { f.add(style(line)) }
            return
        }
        for row in BigText.rows(text) { f.add(style(row)) }
    }

    package func columnsOf(_ items: [String], width: Int, perRow: Int? = nil, within: Int? = nil) -> [String] {
        let per = perRow ?? max(1, (within ?? columns) / width)
        return stride(from: 0, to: items.count, by: per).map { start in
            items[start..<min(start + per, items.count)].map { pad($0, width) }.joined()
        }
    }
}
