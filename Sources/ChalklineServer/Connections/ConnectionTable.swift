import ChalklineCore

/// The shell's open connections, found by index instead of by hash.
///
/// The shell makes the ids: the low 32 bits are the connection's slot in this table, the high
/// bits a serial that never repeats, so an id whose connection is gone finds nothing even once
/// its slot is reused, and ids still sort in the order connections came. Every event is sent
/// by looking up each recipient's id; a dictionary's SipHash on each was a tenth of the loop in
/// a 1,000-player `/say`.
///
/// Owned by the loop thread. Generic only so a test can fill it without sockets.
struct ConnectionTable<Value: AnyObject> {
    /// A free slot holds nil: an optional reference takes no more room than the reference, where
    /// an optional (id, value) pair took a word more a slot (24 bytes, not 16).
    private var slots: [(id: ConnectionID, value: Value?)] = []
    private var free: [Int] = []
    private var serial: UInt64 = 0
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The id for the next connection; `insert` must follow before another id is made (a
    /// connection that fails to open is simply never inserted).
    mutating func makeID() -> ConnectionID {
        serial += 1
        return ConnectionID(serial << 32 | UInt64(free.last ?? slots.count))
    }

    mutating func insert(_ value: Value, as id: ConnectionID) {
        let slot = Self.slot(of: id)
        if slot == slots.count {
            slots.append((id, value))
        } else {
            precondition(free.last == slot && slots[slot].value == nil, "insert must follow its makeID")
            free.removeLast()
            slots[slot] = (id, value)
        }
        count += 1
    }

    mutating func remove(_ id: ConnectionID) {
        guard self[id] != nil else { return }
        slots[Self.slot(of: id)].value = nil
        free.append(Self.slot(of: id))
        count -= 1
    }

    subscript(id: ConnectionID) -> Value? {
        let slot = Self.slot(of: id)
        guard slot < slots.count, slots[slot].id == id else { return nil }
        return slots[slot].value
    }

    var all: [Value] { slots.compactMap(\.value) }

    private static func slot(of id: ConnectionID) -> Int { id.slot }
}
