// Teams (`teams=`): who is on which, and the team table.
extension Room {
    /// Each team's name and its players' names, in the teams' order (the lobby's view).
    func teamLists() -> [(name: String, members: [String])] {
        guard let teams else { return [] }
        return teams.names.indices.map { team in (teams.names[team], players.filter { $0.team == team }.map(\.name)) }
    }

    /// `/teams balance`: the players spread as evenly as their count allows (`Teams.balance`).
    func balanceTeams() {
        guard let teams else { return }
        let placed = Teams.balance(players.map { ($0.number, $0.team) }, teams: teams.names.count)
        for seat in players { seat.team = placed[seat.number] }
    }

    /// `/teams rename OLD NEW`.
    func renameTeam(_ team: Int, to name: String) {
        teams?.rename(team, to: name)
    }

    /// The teams changed (`/team`, `/teams balance`, `/teams rename`): the room hears them,
    /// after the command's reply.
    func announceTeams(_ reason: TeamsEvent.Reason, out: inout Outbox) {
        out.send(TeamsEvent(reason: reason, teams: teamLists()), to: audience)
    }

    /// Players who have not picked a team go, one by one in the order they joined, to the team
    /// with fewest players; the room hears who went where.
    func placeWithoutTeam(out: inout Outbox) {
        guard let teams else { return }
        var placed: [String] = []
        for seat in players where seat.team == nil {
            let sizes = teams.names.indices.map { team in players.count { $0.team == team } }
            seat.team = Teams.smallest(sizes)
            placed.append(seat.name)
        }
        if !placed.isEmpty { out.send(TeamsEvent(reason: .placed, teams: teamLists(), placed: placed), to: audience) }
    }

    func recordTeamMember(_ seat: Seat) {
        guard let team = seat.team else { return }
        teams?.record(seat: seat.number, team: team, name: seat.name, score: seat.score)
    }

    /// The team table now: members still seated at their current points, those who left at the
    /// points they left with. Nil in a room without teams.
    func teamStandings() -> [TeamStanding]? {
        guard let teams else { return nil }
        for seat in players where teams.members[seat.number] != nil { recordTeamMember(seat) }
        return self.teams?.standings()
    }
}
