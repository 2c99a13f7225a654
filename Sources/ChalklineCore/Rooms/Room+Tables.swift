// Results tables to the room, cut to measure for a big one.
extension Room {
    /// A results event to the room: whole to everyone in a small room; in a big one, whole to
    /// the host and the watchers (the projector shows the table) and cut to each player's
    /// measure (`PersonalTable`), so a player's event does not grow with the room. `board=`
    /// cuts round and level tables (never the podium) for everyone, each player keeping their
    /// own row; `names=hidden` takes the names off the projector's copy.
    func sendTable(_ event: any PersonalTable, out: inout Outbox) {
        var table = event
        if let standings = teamStandings() { table.teams = standings }
        let rows = table.followsBoard ? race.timing.board.rows : nil
        let hideNames = race.timing.names == .hidden
        let cutsPlayers = rows != nil || playerCount > Limits.fullTablePlayers
        guard cutsPlayers || hideNames else {
            out.send(table, to: audience)
            return
        }
        // Rows encoded once for the cuts to share (`round_end` writes its whole line once in its
        // cutter instead); a projector-only copy (hidden names in a room nobody's table is cut
        // for) re-encodes its rows anyway.
        let encoded = cutsPlayers ? table.withEncodedRows() : table
        let cut = cutsPlayers ? encoded.cutter(top: min(rows ?? Limits.tableTop, Limits.tableTop)) : nil
        // The projector's copy: cut or nameless, or else the whole event, whose line a cutter
        // that wrote it (`round_end`) hands over as it is.
        let projected: any Message
        if rows != nil || hideNames {
            projected = encoded.projected(rows: rows, hideNames: hideNames)
        } else if let line = cut?.whole?.line {
            projected = Prerendered(message: encoded, line: line)
        } else {
            projected = encoded
        }
        var projector = watchers, uncut: [Session] = []
        for seat in seats {
            guard let session = seat.session else { continue }
            if seat === host || !seat.plays {
                projector.append(session)
            } else if let cut {
                out.send(cut.rendered(seat: seat.number, name: seat.name, session.format, in: session.language), to: session)
            } else {
                uncut.append(session)
            }
        }
        if !uncut.isEmpty { out.send(encoded, to: uncut) }
        out.send(projected, to: projector)
    }

    /// Seats that play (`players.count`, without making the list).
    var playerCount: Int {
        var count = 0
        for seat in seats where seat.plays { count += 1 }
        return count
    }

    /// The last game, once it is over (not homework): its id as `game_end` gave it, and its team
    /// standings in a room with teams, for a second screen that starts watching after the end.
    var lastGameEnded: (game: String, teams: JSON?)? {
        guard !isRunning, mode.showsLastGame, let game else { return nil }
        return ("\(code)-\(game.number)", teamStandings().map { .array($0.map(\.json)) })
    }
}
