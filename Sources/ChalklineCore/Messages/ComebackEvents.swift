/// To the host: a student on another device asks for their seat back (`/comeback`); the host
/// checks the number on the student's screen and answers with `/letin NAME NUMBER` or
/// `/letin NAME NUMBER no`. With `waiting` false the request went away unanswered (its device
/// left or joined a room): the host drops it.
public struct ComebackEvent: Message {
    public var room: String
    public var name: String
    /// The request's check number, also on the asking device's screen.
    public var number: Int
    /// The seat's first device still holds it (a frozen tablet, or the student playing on it
    /// while a classmate asks); false when it lost its connection.
    public var connected: Bool
    public var waiting = true

    public var json: JSON {
        .object([EventType.comeback.field, ("room", .string(room)), ("name", .string(name)), ("number", .int(number)),
                 ("connected", .bool(connected)), ("waiting", .bool(waiting))])
    }
    public func text(in l: Language) -> String {
        // The check number is read off a screen and typed back: never grouped.
        guard waiting else { return l.text("text.comeback.gone", ["name": .text(name), "number": .text(String(number))]) }
        let seat = connected ? l.text("text.comeback.still_connected", ["name": .text(name)]) : l(Say("text.comeback.seat_lost"))
        return l.text("text.comeback.asks", ["name": .text(name), "number": .text(String(number)), "seat": .text(seat)])
    }
}

/// To the student who asked: the host's answer. Let in, it carries what `/join`'s reply does
/// (`token` is new: the old device's no longer holds the seat); refused, only `room` and `name`.
public struct LetInEvent: Message {
    /// Why a request was not granted: the host said no, or the room closed while it waited.
    public enum Reason: String, Sendable { case refused, closed }

    public var allowed: Bool
    public var room: String
    public var name: String
    /// `/join`'s reply fields when allowed.
    var joined: OkReply?
    var reason: Reason = .refused

    init(allowed: Bool, room: String, name: String, joined: OkReply? = nil, reason: Reason = .refused) {
        (self.allowed, self.room, self.name, self.joined, self.reason) = (allowed, room, name, joined, reason)
    }

    public var json: JSON {
        guard allowed, let joined else {
            return .object([EventType.letIn.field, ("allowed", .bool(false)), ("room", .string(room)), ("name", .string(name)),
                            ("reason", .string(reason.rawValue))])
        }
        return .object([EventType.letIn.field, ("allowed", .bool(true))] + joined.fields)
    }
    public func text(in l: Language) -> String {
        guard allowed, let joined else {
            if reason == .closed { return l.text("text.letin.closed", ["room": .text(room)]) }
            return l.text("text.letin.refused_you", ["room": .text(room), "name": .text(name)])
        }
        return l(Say("text.letin.allowed")) + "\n" + joined.text(in: l)
    }
}

/// To the device that held a seat when the host let its player back in elsewhere: it is out of
/// the room now (still connected), and should not try to take the seat back.
public struct SeatMovedEvent: Message {
    public var room: String
    public var name: String

    public var json: JSON { .object([EventType.seatMoved.field, ("room", .string(room)), ("name", .string(name))]) }
    public func text(in l: Language) -> String { l.text("text.letin.seat_moved", ["name": .text(name), "room": .text(room)]) }
}
