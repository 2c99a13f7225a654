/// The team commands' handlers (`/team`, `/teams`); `CommandTable.swift` has already checked
/// who may use each and how many words it takes.
extension ServerCore {
    /// `/team NAME`: a player picks a team, in the lobby of a room with `teams=`.
    func team(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        if let watched = call.session.watching {
            throw ErrorReply("team", .notPlaying, Say("error.team.watcher", ["room": .text(watched.code)]))
        }
        let (room, seat) = try inRoom(call.session, "team")
        let teams = try roomTeams(room, "team")
        guard seat.plays else { throw ErrorReply("team", .notPlaying, Say("error.game.hosting")) }
        guard !room.isRunning else {
            throw ErrorReply("team", .wrongState, seat.team.map { Say("error.team.running", ["team": .text(teams.names[$0])]) } ?? Say("error.team.running_none"))
        }
        guard let index = teams.team(named: call.args[0]) else { throw Self.noTeam(call.args[0], teams, "team") }
        seat.team = index
        out.send(OkReply("team", [("team", .string(teams.names[index]))], Say("text.team.on", ["team": .text(teams.names[index])])), to: call.session)
        room.announceTeams(.pick, out: &out)
    }

    /// `/teams`, `/teams balance`, `/teams rename OLD NEW`: the list for anyone in the room, the
    /// changes for its host.
    func teams(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        let room = try audienceRoom(call.session, "teams")
        let teams = try roomTeams(room, "teams")
        let reply = { (heading: Say) in
            OkReply("teams", [("teams", TeamsEvent.teamsJSON(room.teamLists()))],
                    say: { [lists = room.teamLists()] l in ([l(heading)] + TeamsEvent.listText(lists)).joined(separator: "\n") })
        }
        switch (call.args.first?.lowercased(), call.args.count) {
        case (nil, _):
            out.send(reply(Say("text.teams.list", ["room": .text(room.code)])), to: call.session)
        case ("balance", 1):
            _ = try hostRoom(call.session, "teams")
            guard !room.isRunning else { throw ErrorReply("teams", .wrongState, Say("error.teams.running")) }
            room.balanceTeams()
            out.send(reply(Say("text.teams.balanced")), to: call.session)
            room.announceTeams(.balance, out: &out)
        case ("rename", 3):
            _ = try hostRoom(call.session, "teams")
            guard let old = teams.team(named: call.args[1]) else { throw Self.noTeam(call.args[1], teams, "teams") }
            let name = call.args[2]
            guard Names.isValid(name) else { throw ErrorReply("teams", .badName, Say("error.teams.bad_name", ["rule": .say(Names.ruleSay)])) }
            if let other = teams.team(named: name), other != old, Names.folded(teams.names[other]) == Names.folded(name) {
                throw ErrorReply("teams", .nameTaken, Say("error.teams.name_taken", ["team": .text(teams.names[other])]))
            }
            let oldName = teams.names[old]
            room.renameTeam(old, to: name)
            out.send(reply(Say("text.teams.renamed", ["old": .text(oldName), "new": .text(name)])), to: call.session)
            room.announceTeams(.rename, out: &out)
        default:
            throw ErrorReply("teams", .badArgs, Say("error.teams.use"))
        }
    }

    private func roomTeams(_ room: Room, _ cmd: String) throws(ErrorReply) -> Teams {
        guard let teams = room.teams else {
            throw ErrorReply(cmd, .badArgs, Say("error.teams.none", ["room": .text(room.code), "max": .int(Teams.maxTeams)]))
        }
        return teams
    }

    private static func noTeam(_ name: String, _ teams: Teams, _ cmd: String) -> ErrorReply {
        ErrorReply(cmd, .badArgs, Say("error.team.unknown", ["team": .text(Visible.shown(name)), "teams": .text(teams.names.joined(separator: ", "))]))
    }
}
