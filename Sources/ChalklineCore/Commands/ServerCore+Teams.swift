/// The team commands' handlers (`/team`, `/teams`); `CommandTable.swift` has already checked
/// who may use each and how many words it takes.
extension ServerCore {
    /// `/team NAME`: a player picks a team, in the lobby of a room with `teams=`.
    func team(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        if let watched = call.session.watching {
            throw ErrorReply("team", .notPlaying, "You are watching room \(watched.code); watchers are on no team.")
        }
        let (room, seat) = try inRoom(call.session, "team")
        let teams = try roomTeams(room, "team")
        guard seat.plays else { throw ErrorReply("team", .notPlaying, "You are hosting this room, not playing in it.") }
        guard !room.isRunning else {
            throw ErrorReply("team", .wrongState, "Teams are picked in the lobby: you are on \(seat.team.map { teams.names[$0] } ?? "no team") until this game ends.")
        }
        guard let index = teams.team(named: call.args[0]) else { throw Self.noTeam(call.args[0], teams, "team") }
        seat.team = index
        out.send(OkReply("team", [("team", .string(teams.names[index]))], text: "You are on team \(teams.names[index])."), to: call.session)
        room.announceTeams(.pick, out: &out)
    }

    /// `/teams`, `/teams balance`, `/teams rename OLD NEW`: the list for anyone in the room, the
    /// changes for its host.
    func teams(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let room = try audienceRoom(call.session, "teams")
        let teams = try roomTeams(room, "teams")
        let reply = { (text: String) in
            OkReply("teams", [("teams", TeamsEvent.teamsJSON(room.teamLists()))],
                    text: ([text] + TeamsEvent.listText(room.teamLists())).joined(separator: "\n"))
        }
        switch (call.args.first?.lowercased(), call.args.count) {
        case (nil, _):
            out.send(reply("Teams in room \(room.code):"), to: call.session)
        case ("balance", 1):
            _ = try hostRoom(call.session, "teams")
            guard !room.isRunning else { throw ErrorReply("teams", .wrongState, "Teams are balanced in the lobby, before /start.") }
            room.balanceTeams()
            out.send(reply("Teams balanced:"), to: call.session)
            room.announceTeams(.balance, out: &out)
        case ("rename", 3):
            _ = try hostRoom(call.session, "teams")
            guard let old = teams.team(named: call.args[1]) else { throw Self.noTeam(call.args[1], teams, "teams") }
            let name = call.args[2]
            guard Names.isValid(name) else { throw ErrorReply("teams", .badName, "A team's name follows the rules of a player's: \(Names.rule)") }
            if let other = teams.team(named: name), other != old, Names.folded(teams.names[other]) == Names.folded(name) {
                throw ErrorReply("teams", .nameTaken, "Another team is already called \(teams.names[other]).")
            }
            let oldName = teams.names[old]
            room.renameTeam(old, to: name)
            out.send(reply("Team \(oldName) is now \(name):"), to: call.session)
            room.announceTeams(.rename, out: &out)
        default:
            throw ErrorReply("teams", .badArgs, "Use /teams, /teams balance or /teams rename OLD NEW.")
        }
    }

    private func roomTeams(_ room: Room, _ cmd: String) throws(ErrorReply) -> Teams {
        guard let teams = room.teams else {
            throw ErrorReply(cmd, .badArgs, "Room \(room.code) has no teams (a room has them when created with teams=2 to \(Teams.maxTeams)).")
        }
        return teams
    }

    private static func noTeam(_ name: String, _ teams: Teams, _ cmd: String) -> ErrorReply {
        ErrorReply(cmd, .badArgs, "There is no team \(Visible.shown(name)). Teams: \(teams.names.joined(separator: ", ")).")
    }
}
