/// A student whose device died asks, from another one, for their seat back (`/comeback`); only
/// the room's host can give it (`/letin`). No token is typed: the teacher, who can see who is
/// asking, is what keeps a classmate from taking someone else's seat.
///
/// Owned by the loop thread (through its room) and touched only there.
final class ComebackRequest {
    /// The seat's name as the room spells it, and as `Names.key` reads it.
    let name: String
    let key: String
    /// The connection that asked: it gets the seat, or the refusal.
    let session: Session

    init(name: String, session: Session) {
        self.name = name
        key = Names.key(name)
        self.session = session
    }
}

extension Room {
    /// Requests whose connection went away, joined something else, or whose seat is gone
    /// are forgotten: asked before each new request and each answer, so none needs a clock.
    func pruneComebacks(isWaiting: (Session) -> Bool) {
        comebacks.removeAll { request in !isWaiting(request.session) || seat(named: request.name) == nil }
    }

    func comeback(from session: Session) -> ComebackRequest? { comebacks.first { $0.session === session } }

    func comeback(named name: String) -> ComebackRequest? {
        let key = Names.key(name)
        return comebacks.first { $0.key == key }
    }

    /// The host let the seat's player back in on `session`: the seat (score, streak, team,
    /// its place in the open round) moves there with a fresh token; the device that held it, if
    /// still connected, is told and left outside the room, open.
    func moveSeat(_ seat: Seat, to session: Session, token: Token, now: Millis, out: inout Outbox) -> Session? {
        comebacks.removeAll { $0.key == seat.key || $0.session === session }
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
