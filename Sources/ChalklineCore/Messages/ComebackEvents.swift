/// To the host: a student on another device asks for their seat back (`/comeback`); the host
/// answers with `/letin NAME` or `/letin NAME no`.
public struct ComebackEvent: Message {
    public var room: String
    public var name: String
    /// The seat's first device still holds it (a frozen tablet); false when it lost its connection.
    public var connected: Bool

    public var json: JSON {
        .object([EventType.comeback.field, ("room", .string(room)), ("name", .string(name)), ("connected", .bool(connected))])
    }
    public var text: String {
        "\(name) asks to come back on another device (" + (connected ? "their seat is still connected somewhere" : "their seat lost its connection")
            + "). /letin \(name) gives them their seat and score; /letin \(name) no refuses."
    }
}

/// To the student who asked: the host's answer. Let in, it carries what `/join`'s reply does
/// (`token` is new: the old device's no longer holds the seat); refused, only `room` and `name`.
public struct LetInEvent: Message {
    public var allowed: Bool
    public var room: String
    public var name: String
    /// `/join`'s reply fields when allowed.
    var joined: OkReply?

    public var json: JSON {
        guard allowed, let joined else {
            return .object([EventType.letIn.field, ("allowed", .bool(false)), ("room", .string(room)), ("name", .string(name))])
        }
        return .object([EventType.letIn.field, ("allowed", .bool(true))] + joined.fields)
    }
    public var text: String {
        guard allowed, let joined else {
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
