/// A set of connection ids found by index, as `ConnectionTable` finds connections: the storage
/// gate asks it about every recipient of every send while any output is held, which a
/// `Set<ConnectionID>` answered with a SipHash each.
///
/// An id's low 32 bits are its connection's slot, reused once the connection is gone; the high
/// bits never repeat. A slot remembers the newest id put in it: an older one there is a closed
/// connection's, whose output goes nowhere, so it may be forgotten. Emptying it touches only
/// the slots it filled.
///
/// Touched on one thread only, like the gate that holds it.
public struct ConnectionSet {
    private var slots: [ConnectionID?] = []
    private var filled: [Int] = []

    public init() {}

    public var isEmpty: Bool { filled.isEmpty }

    public func contains(_ id: ConnectionID) -> Bool {
        let slot = id.slot
        return slot < slots.count && slots[slot] == id
    }

    public mutating func insert(_ id: ConnectionID) {
        let slot = id.slot
        if slot >= slots.count { slots += repeatElement(nil, count: slot + 1 - slots.count) }
        guard let there = slots[slot] else {
            filled.append(slot)
            slots[slot] = id
            return
        }
        slots[slot] = max(there, id)
    }

    public mutating func formUnion(_ ids: [ConnectionID]) {
        for id in ids { insert(id) }
    }

    public mutating func removeAll() {
        for slot in filled { slots[slot] = nil }
        filled.removeAll(keepingCapacity: true)
    }
}

extension ConnectionID {
    /// The connection's slot in the shell's `ConnectionTable` (the id's low 32 bits), reused once
    /// the connection is gone.
    public var slot: Int { Int(truncatingIfNeeded: raw & 0xFFFF_FFFF) }
}
