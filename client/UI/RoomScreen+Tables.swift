import ChalklineProtocol

/// The tables: the leaderboard, the host's round results, the podium. Each uses the rows the
/// terminal has (a tall one shows more than 15), shows the server's places as they are (a tie it
/// ranks equal shares its place), and writes every number grouped (1,687).
extension RoomScreen {
    /// The standings in the `room` rows left: a page of them (the host pages with PgUp/PgDn),
    /// then the player's own row if it is not on the page.
    package func leaderboard(_ f: inout Frame, room: Int, from skip: Int = 0, title: String? = nil, page: Int? = nil) {
        let all = model.standings
        let places = all.map(\.rank)
        guard all.count > skip, room >= 2 else { return }
        let perPage = max(1, room - 2)
        let pages = (all.count - skip + perPage - 1) / perPage
        let page = min(max(0, page ?? view.tablePage), pages - 1)
        let start = skip + page * perPage
        let shown = Array(start..<min(all.count, start + perPage))
        var head = title ?? t("client.table.leaderboard")
        if pages > 1 {
            head += t("client.table.range", ["from": .int(start + 1), "to": .int(shown.last! + 1), "of": .int(all.count)])
            if model.role != .player { head += "  (PgUp/PgDn)" }
        }
        f.add(.bold(head))
        var indices = shown
        if let me = model.me, let mine = all.firstIndex(where: { $0.name == me }), mine >= skip, !indices.contains(mine) {
            indices.append(mine)
        }
        for i in indices { f.add(row(all[i], place: places[i])) }
    }

    private func row(_ row: StandingRow, place: Int) -> Styled {
        let text = padLeft("\(model.language.number(place)).", 6) + " " + pad(row.name, 18) + padLeft(model.language.number(row.score), 9)
        guard row.name == model.me else { return .plain(text) }
        return .inverse(text + (model.rankedPlayers.map { t("client.table.you_of", ["of": .int($0)]) } ?? t("client.table.you")))
    }

    /// Who got the round right (fastest first), wrong, or gave no answer: the teacher sees
    /// names, not just "3 of 4 right". A big room shows the counts and as many names as fit on
    /// a line each.
    package func roundResults(_ f: inout Frame) {
        let results = model.roundResults
        guard !results.isEmpty else { return }
        let right = results.filter(\.correct).sorted { ($0.ms ?? .max) < ($1.ms ?? .max) }
        let wrong = results.filter { !$0.correct && $0.ms != nil }
        let none = results.filter { !$0.correct && $0.ms == nil }
        f.add(.bold(t("client.screen.right_of", ["right": .int(right.count), "of": .int(results.count)])))
        names(t("client.table.right"), right.map { $0.name + ($0.ms.map { " \(Places.seconds(ms: Int64($0), model.language))" } ?? "") }, style: Styled.green, &f)
        names(t("client.table.wrong"), wrong.map(\.name), style: Styled.red, &f)
        names(t("client.table.no_answer"), none.map(\.name), style: Styled.dim, &f)
    }

    /// `label (count): a, b, c` on one line, ending "and N more" when the names do not fit.
    private func names(_ label: String, _ names: [String], style: (String) -> Styled, _ f: inout Frame) {
        guard !names.isEmpty else { return }
        let head = "\(label) (\(model.language.number(names.count))): "
        var line = head
        for (i, name) in names.enumerated() {
            let more = names.count - i - 1
            let tail = more > 0 ? " " + t("client.table.and_more", ["count": .int(more)]) : ""
            let next = (line == head ? "" : ", ") + name
            if line.count + next.count + tail.count > columns - 1 {
                line += (line == head ? "" : " ") + t("client.table.and_more", ["count": .int(names.count - i)])
                break
            }
            line += next
        }
        f.add(style(line))
    }

    /// The podium: every row on the first three places (a tie shares its step), then the rest
    /// of the table, paged.
    package func gameEnd(_ f: inout Frame, room: Int) {
        let start = f.lines.count
        f.add(.bold(t(model.homeworkEnd == nil ? "client.table.game_over" : "client.table.homework_done")))
        for line in model.homeworkEnd.map({ Wrap.lines($0, width: columns - 1) }) ?? [] { f.add(.plain(line)) }
        f.blank()
        let places = model.standings.map(\.rank)
        let podium = zip(places, model.standings).prefix { $0.0 <= 3 }.prefix(6)
        if view.tablePage == 0 {
            for (place, row) in podium {
                f.add(.yellow(pad(Places.ordinal(place, model.language), 6)), .bold(pad(row.name, 18)), .plain(padLeft(model.language.number(row.score), 9)))
            }
            f.blank()
        }
        let left = room - (f.lines.count - start)
        let teams = teamRows(room: left)
        if view.tablePage == 0 {
            leaderboard(&f, room: left - teams, from: podium.count, title: t("client.table.standings"), page: 0)
        } else {
            leaderboard(&f, room: left - teams, title: t("client.table.final"), page: view.tablePage - 1)
        }
        teamTable(&f, rows: teams, final: true)
    }

    /// The rows the team table takes under a table (a blank, its title, a line a team), or 0
    /// in a room without teams; leaving the players' table its title and three rows.
    package func teamRows(room: Int) -> Int {
        model.teamStandings.isEmpty ? 0 : min(model.teamStandings.count + 2, max(0, room - 4))
    }

    /// The team standings, as the server ranked them: mean points a member; the player's own
    /// team marked, and at the podium the winning team(s) in yellow.
    package func teamTable(_ f: inout Frame, rows: Int, final: Bool = false) {
        let teams = model.teamStandings.prefix(max(0, rows - 2))
        guard !teams.isEmpty else { return }
        if f.lines.last?.isEmpty == false { f.blank() }      // after the podium's own blank: one is enough
        f.add(.bold(t("client.table.teams")), .dim(t("client.table.teams_note")))
        for team in teams {
            let members = model.language.text("client.lobby.players", count: team.members)
            let won = final && team.rank == 1
            let text = padLeft("\(model.language.number(team.rank)).", 6) + " " + pad(team.name, 18)
                + padLeft(model.language.number(team.score), 9) + "  (" + members + ")" + (won ? t("client.table.winners") : "")
            if team.name == model.myTeam, model.role == .player {
                f.add(.inverse(text + t("client.table.your_team")))
            } else if won {
                f.add(.yellow(text))
            } else {
                f.add(.plain(text))
            }
        }
    }
}
