import ChalklineCore
import Testing
@testable import ChalklineServer

private final class Box {
    let id: ConnectionID
    init(_ id: ConnectionID) { self.id = id }
}

@Suite struct ConnectionTableTests {
    private func open(_ table: inout ConnectionTable<Box>) -> Box {
        let box = Box(table.makeID())
        table.insert(box, as: box.id)
        return box
    }

    @Test func findsWhatIsOpenAndNothingElse() {
        var table = ConnectionTable<Box>()
        let a = open(&table), b = open(&table), c = open(&table)
        #expect(table.count == 3)
        #expect(table[a.id] === a && table[b.id] === b && table[c.id] === c)
        table.remove(b.id)
        #expect(table[b.id] == nil)
        #expect(table.count == 2)
        table.remove(b.id)
        #expect(table.count == 2, "removing twice changes nothing")
    }

    /// A slot is reused, but the id of the connection that held it finds nothing.
    @Test func aReusedSlotDoesNotAnswerToTheOldID() {
        var table = ConnectionTable<Box>()
        let a = open(&table)
        table.remove(a.id)
        let b = open(&table)
        #expect(table[a.id] == nil)
        #expect(table[b.id] === b)
        #expect(a.id < b.id, "ids still sort in the order connections came")
        #expect(a.id != b.id)
    }

    @Test func anIDNeverInsertedLeavesTheTableAsItWas() {
        var table = ConnectionTable<Box>()
        let a = open(&table)
        let unused = table.makeID()  // an accept that failed
        let b = open(&table)
        #expect(table[unused] == nil, "b took the unused id's slot under a serial of its own")
        #expect(table[a.id] === a && table[b.id] === b)
        #expect(table.count == 2)
        #expect(Set(table.all.map(ObjectIdentifier.init)) == [ObjectIdentifier(a), ObjectIdentifier(b)])
    }

    @Test func manyComingAndGoing() {
        var table = ConnectionTable<Box>()
        var open: [Box] = []
        var random = SplitMix64(seed: 9)
        for _ in 0..<5_000 {
            if open.isEmpty || random.next() % 3 != 0 {
                open.append(self.open(&table))
            } else {
                let gone = open.remove(at: Int(random.next() % UInt64(open.count)))
                table.remove(gone.id)
                #expect(table[gone.id] == nil)
            }
        }
        #expect(table.count == open.count)
        for box in open { #expect(table[box.id] === box) }
    }
}
