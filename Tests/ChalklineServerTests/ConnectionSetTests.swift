import ChalklineCore
import Testing
@testable import ChalklineServer

/// The storage gate's set of held connections, by slot: exact ids, the newest id of a slot, and
/// emptied for the next drain.
@Suite struct ConnectionSetTests {
    private func id(serial: UInt64, slot: UInt64) -> ConnectionID { ConnectionID(serial << 32 | slot) }

    @Test func holdsExactlyTheIdsPutInIt() {
        var set = ConnectionSet()
        #expect(set.isEmpty && !set.contains(ConnectionID(0)))
        set.formUnion([id(serial: 1, slot: 0), id(serial: 2, slot: 7)])
        #expect(set.contains(id(serial: 1, slot: 0)) && set.contains(id(serial: 2, slot: 7)))
        // Another connection in a slot (its serial differs) is not in the set; nor is a slot never filled.
        #expect(!set.contains(id(serial: 3, slot: 7)) && !set.contains(id(serial: 1, slot: 3)) && !set.contains(id(serial: 9, slot: 500)))
        set.removeAll()
        #expect(set.isEmpty && !set.contains(id(serial: 1, slot: 0)) && !set.contains(id(serial: 2, slot: 7)))
        set.insert(id(serial: 4, slot: 7))
        #expect(set.contains(id(serial: 4, slot: 7)) && !set.isEmpty)
    }

    /// A slot keeps its newest id: the older one belongs to a connection that is gone.
    @Test func aSlotKeepsItsNewestConnection() {
        var set = ConnectionSet()
        set.insert(id(serial: 5, slot: 2))
        set.insert(id(serial: 3, slot: 2))
        #expect(set.contains(id(serial: 5, slot: 2)) && !set.contains(id(serial: 3, slot: 2)))
    }
}
