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
    public var text: String {
        guard waiting else { return "\(name)'s request to come back (number \(number)) went away: that device left." }
        return "\(name) asks to come back on another device, number \(number) ("
            + (connected ? "their first device is still connected and playing: check with \(name) before letting this one in" : "their seat lost its connection")
            + "). /letin \(name) \(number) gives them their seat and score; /letin \(name) \(number) no refuses."
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
    public var text: String {
        guard allowed, let joined else {
            if reason == .closed { return "Room \(room) closed before your teacher answered. Ask your teacher for the code of the next room." }
            return "The host of room \(room) did not let you back in as \(name). Join under another name, or ask your teacher."
        }
        return "Your teacher let you back in.\n" + joined.text
    }
}

/// To the device that held a seat when the host let its player back in elsewhere: it is out of
/// the room now (still connected), and should not try to take the seat back.
public struct SeatMovedEvent: Message {
    public var room: String
    public var name: String

    public var json: JSON { .object([EventType.seatMoved.field, ("room", .string(room)), ("name", .string(name))]) }
    public var text: String {
        "\(name)'s seat in room \(room) moved to another device: the host let \(name) back in there. You are no longer in the room."
    }
}
