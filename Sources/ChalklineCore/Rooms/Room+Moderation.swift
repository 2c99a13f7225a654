// The host's hand on the door: kicks, bans (the lock is `Room.locked`).
extension Room {
    func isKickedName(_ name: String) -> Bool { kickedNames.contains(Names.folded(name)) }

    func isBanned(name: String) -> Bool { bannedNames.contains(Names.folded(name)) }

    func isBanned(_ session: Session) -> Bool { bannedConnections.contains(session.id) }

    /// Every banned token is compared, whatever matches, as `/rejoin` compares seats.
    func isBanned(token: Token?) -> Bool {
        guard let token else { return false }
        var found = false
        for banned in bannedTokens where banned.matches(token) { found = true }
        return found
    }

    /// `/kick` and `/ban`: the seat is given up for good and its name (and, for a ban, its token
    /// and connection) remembered.
    func expel(_ seat: Seat, ban: Bool, now: Millis, out: inout Outbox) {
        if ban {
            bannedNames.insert(seat.foldedName)
            bannedTokens.append(seat.token)
            if let session = seat.session { bannedConnections.insert(session.id) }
        } else {
            kickedNames.insert(seat.foldedName)
        }
        if let victim = seat.session { out.send(KickedEvent(room: code, banned: ban), to: victim) }
        remove(seat, reason: ban ? .banned : .kicked, now: now, out: &out)
    }
}
