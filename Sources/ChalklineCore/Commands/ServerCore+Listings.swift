/// What is there to see: `/scores`, `/who`, `/packs`, `/rooms`.
extension ServerCore {
    func scores(_ call: Command.Call, _ out: inout Outbox) {
        guard let room = call.session.audienceRoom else { return }
        let standings = room.standings()
        out.send(OkReply("scores", [("standings", .array(standings.map(\.json)))],
                         say: { [code = room.code] l in
                             ([l(Say("text.scores.heading", ["room": .text(code)]))] + TextFormat.standings(standings, limit: 50)).joined(separator: "\n")
                         }),
                 to: call.session)
    }

    func who(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard let room = call.session.audienceRoom else { return }
        let page = ListPage(total: room.seats.count, page: try ListPage.requested(call.args, "who"))
        let seats = room.seats[page.range]
        out.send(OkReply("who", [("players", room.playersJSON(seats))] + page.json, say: { self.whoText(room, seats, page, in: $0) }), to: call.session)
    }

    func whoText(_ room: Room, _ seats: ArraySlice<Seat>, _ page: ListPage, in l: Language) -> String {
        var lines = [l(Say("text.who.heading", ["room": .text(room.code), "game": .text(room.race.kind), "state": .say(Self.stateSay(room.isRunning))]))]
        let width = seats.map(\.name.count).max() ?? 4
        for seat in seats {
            var notes: [String] = []
            if seat === room.host { notes.append(l(Say("text.who.host"))) }
            if !seat.plays { notes.append(l(Say("text.who.not_playing"))) }
            if !seat.connected { notes.append(l(Say("text.who.disconnected"))) }
            lines.append("  " + TextFormat.pad(seat.name, width) + "  " + TextFormat.padLeft(l.number(seat.score), 7)
                         + (notes.isEmpty ? "" : "  (" + notes.joined(separator: ", ") + ")"))
        }
        if let note = page.note("who", in: l) { lines.append(note) }
        return lines.joined(separator: "\n")
    }

    /// A room's state in words (json keeps `lobby` / `running`).
    static func stateSay(_ running: Bool) -> Say { Say(running ? "text.state.running" : "text.state.lobby") }

    /// `/packs`: every word pack, so a bot (or the teacher) need not learn them from an error.
    func packs(_ call: Command.Call, _ out: inout Outbox) {
        let packs = config.levelPacks
        let json = JSON.array(packs.map { .object([("name", .string($0.name)), ("levels", .int($0.levels.count)),
                                                   ("language", .string($0.language))]) })
        out.send(OkReply("packs", [("packs", json)], say: { l in
            (packs.isEmpty ? [l(Say("text.packs.none"))]
                : [l(Say("text.packs.heading"))] + packs.map { "  \($0.name)  " + l(Say("text.packs.levels", count: $0.levels.count, ["language": .text($0.language)])) })
                .joined(separator: "\n")
        }), to: call.session)
    }

    /// A class's room is listed to teacher connections only: its code leads (`/names`) to the
    /// class's whole list of names, which is the teacher's; its students have the code already.
    func roomsReply(page requested: Int, teacher: Bool) -> OkReply {
        let sorted = rooms.values.filter { $0.homework == nil && (teacher || $0.schoolClass == nil) }.sorted { $0.code < $1.code }
        let page = ListPage(total: sorted.count, page: requested)
        let list = sorted[page.range]
        let json = JSON.array(list.map { room in
            .object([("code", .string(room.code)), ("game", .string(room.race.kind)), ("state", .string(room.stateName)),
                     ("players", .int(room.players.count)), ("host", .optional(room.host?.name)), ("locked", .bool(room.locked))])
        })
        let rows = list.map { room in
            (code: room.code, kind: room.race.kind, running: room.isRunning, players: room.players.count, host: room.host?.name, locked: room.locked)
        }
        return OkReply("rooms", [("rooms", json)] + page.json, say: { l in
            var lines = rows.isEmpty ? [l(Say("text.rooms.none", ["create": RaceCatalog.createHintSay]))] : [l(Say("text.rooms.heading"))]
            for row in rows {
                let host: Say.Arg = row.host.map { .text($0) } ?? .say(Say("text.rooms.no_host"))
                lines.append("  \(row.code)  \(TextFormat.pad(row.kind, 6))  \(TextFormat.pad(l(Self.stateSay(row.running)), 8))  "
                             + l(Say("text.rooms.row", ["players": .say(Say("text.join.players", count: row.players)), "host": host]))
                             + (row.locked ? " " + l(Say("text.rooms.locked")) : ""))
            }
            if let note = page.note("rooms", in: l) { lines.append(note) }
            return lines.joined(separator: "\n")
        })
    }
}
