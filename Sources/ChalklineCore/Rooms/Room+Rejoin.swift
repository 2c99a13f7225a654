/// A student whose device died asks, from another one, for their seat back (`/comeback`); only
/// the room's host can give it (`/letin`). No token is typed: the teacher, who can see who is
/// asking, is what keeps a classmate from taking someone else's seat. The check number, shown
/// on the asking device and beside the teacher's row, ties the teacher's answer to the device
/// the teacher looked at: a name alone could be asked for by anyone.
///
/// Owned by the loop thread (through its room) and touched only there.
final class ComebackRequest {
    /// The seat's name as the room spells it, and as `Names.folded` reads it.
    let name: String
    let foldedName: String
    /// The connection that asked: it gets the seat, or the refusal.
    let session: Session
    /// 100...999, unique among the room's waiting requests: `/letin NAME NUMBER` answers this one.
    let number: Int

    init(name: String, session: Session, number: Int) {
        self.name = name
        foldedName = Names.folded(name)
        self.session = session
        self.number = number
    }
}

extension Room {
    /// Requests whose connection went away, joined something else, or whose seat is gone
    /// are forgotten: asked before each new request and each answer, so none needs a clock.
    /// Returns the ones forgotten, for the host to be told.
    @discardableResult
    func pruneComebacks(isWaiting: (Session) -> Bool) -> [ComebackRequest] {
        let lapsed = comebacks.filter { request in !isWaiting(request.session) || seat(named: request.name) == nil }
        if !lapsed.isEmpty { comebacks.removeAll { request in lapsed.contains { $0 === request } } }
        return lapsed
    }

    func comeback(from session: Session) -> ComebackRequest? { comebacks.first { $0.session === session } }

    func comeback(named name: String, number: Int) -> ComebackRequest? {
        let folded = Names.folded(name)
        return comebacks.first { $0.foldedName == folded && $0.number == number }
    }

    /// A check number no waiting request has: drawn at random, so the next one cannot be
    /// foretold by a classmate, and stepped on past a clash (few requests wait at once).
    func freeComebackNumber(_ random: () -> UInt64) -> Int {
        var number = 100 + Int(random() % 900)
        while comebacks.contains(where: { $0.number == number }) { number = number == 999 ? 100 : number + 1 }
        return number
    }

    /// The host let the seat's player back in on `session`: the seat (score, streak, team,
    /// its place in the open round) moves there with a fresh token; the device that held it, if
    /// still connected, is told and left outside the room, open.
    func moveSeat(_ seat: Seat, to session: Session, token: Token, now: Millis, out: inout Outbox) -> Session? {
        // Other requests under the name stay: each is answered by its own number.
        comebacks.removeAll { $0.session === session }
        let old = seat.session
        if let old {
            old.seat = nil
            old.lastHeard = now
            out.send(SeatMovedEvent(room: code, name: seat.name), to: old)
        }
        seat.token = token
        attach(session, to: seat)
        return old
    }
}
