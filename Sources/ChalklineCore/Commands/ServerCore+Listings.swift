/// What is there to see: `/scores`, `/who`, `/packs`, `/rooms`.
extension ServerCore {
    func scores(_ call: Command.Call, _ out: inout Outbox) {
        guard let room = call.session.audienceRoom else { return }
        let standings = room.standings()
        out.send(OkReply("scores", [("standings", .array(standings.map(\.json)))],
                         text: (["Standings in \(room.code):"] + TextFormat.standings(standings, limit: 50)).joined(separator: "\n")),
                 to: call.session)
    }

    func who(_ call: Command.Call, _ out: inout Outbox) throws(ErrorReply) {
        guard let room = call.session.audienceRoom else { return }
        let page = ListPage(total: room.seats.count, page: try ListPage.requested(call.args, "who"))
        let seats = room.seats[page.range]
        out.send(OkReply("who", [("players", room.playersJSON(seats))] + page.json, text: self.whoText(room, seats, page)), to: call.session)
    }

    func whoText(_ room: Room, _ seats: ArraySlice<Seat>, _ page: ListPage) -> String {
        var lines = ["Room \(room.code) (\(room.race.kind), \(room.stateName)):"]
        let width = seats.map(\.name.count).max() ?? 4
        for seat in seats {
            var notes: [String] = []
            if seat === room.host { notes.append("host") }
            if !seat.plays { notes.append("not playing") }
            if !seat.connected { notes.append("disconnected") }
            lines.append("  " + TextFormat.pad(seat.name, width) + "  " + TextFormat.padLeft(NumberText.thousands(seat.score), 7)
                         + (notes.isEmpty ? "" : "  (" + notes.joined(separator: ", ") + ")"))
        }
        if let note = page.note("who", noun: "people") { lines.append(note) }
        return lines.joined(separator: "\n")
    }

    /// `/packs`: every word pack, so a bot (or the teacher) need not learn them from an error.
    func packs(_ call: Command.Call, _ out: inout Outbox) {
        let packs = config.levelPacks
        let json = JSON.array(packs.map { .object([("name", .string($0.name)), ("levels", .int($0.levels.count)),
                                                   ("language", .string($0.language))]) })
        let lines = packs.isEmpty ? ["This server has no word packs."]
            : ["Word packs (/create words pack=NAME):"]
                + packs.map { "  \($0.name)  \(TextFormat.count($0.levels.count, "level")), in \($0.language)" }
        out.send(OkReply("packs", [("packs", json)], text: lines.joined(separator: "\n")), to: call.session)
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
        var lines = list.isEmpty ? ["No rooms are open. \(RaceCatalog.createHint) opens one."] : ["Open rooms:"]
        for room in list {
            lines.append("  \(room.code)  \(TextFormat.pad(room.race.kind, 6))  \(TextFormat.pad(room.stateName, 8))  \(TextFormat.count(room.players.count, "player")), host \(room.host?.name ?? "none")"
                         + (room.locked ? " (locked)" : ""))
        }
        if let note = page.note("rooms", noun: "rooms") { lines.append(note) }
        return OkReply("rooms", [("rooms", json)] + page.json, text: lines.joined(separator: "\n"))
    }
}
