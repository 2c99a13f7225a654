import ChalklineCore
import Testing
@testable import ChalklineServer

/// When the storage queue writes, as plain numbers (`WriteSchedule`).
@Suite struct WriteScheduleTests {
    let window = WriteSchedule.commitWindowMs
    let batch = WriteSchedule.batchMs

    func at(records: Int = 0, tickets: Bool = false, stopping: Bool = false, lastStart: Millis? = nil, oldestDue: Millis? = nil) -> Millis? {
        WriteSchedule.startAt(now: 1_000, records: records, tickets: tickets, stopping: stopping, lastStart: lastStart, oldestDue: oldestDue)
    }

    @Test func nothingQueuedIsNoWrite() {
        #expect(at() == nil)
        #expect(at(stopping: true, lastStart: 995) == nil)
    }

    @Test func plainRecordsWaitForTheirBatch() {
        #expect(at(records: 3) == 1_000 + batch)
        #expect(at(records: 3, oldestDue: 1_150) == 1_150)
        #expect(at(records: 3, oldestDue: 990) == 990, "overdue: at once")
        #expect(at(records: WriteSchedule.batchRecords, oldestDue: 1_150) == 1_000, "a full batch goes at once")
    }

    @Test func aTicketGoesAtOnceOutsideTheWindow() {
        #expect(at(tickets: true) == 1_000, "no write yet")
        #expect(at(records: 3, tickets: true, lastStart: 1_000 - window) == 1_000)
        #expect(at(tickets: true, lastStart: 100) == 1_000)
    }

    @Test func aTicketInsideTheWindowWaitsForItsEnd() {
        #expect(at(tickets: true, lastStart: 996) == 996 + window)
        #expect(at(records: 3, tickets: true, lastStart: 1_000) == 1_000 + window)
        #expect(at(records: 3, tickets: true, lastStart: 996, oldestDue: 1_001) == 1_001, "an older batch due sooner goes sooner")
    }

    @Test func stoppingWritesAtOnce() {
        #expect(at(records: 1, stopping: true, lastStart: 1_000, oldestDue: 1_200) == 1_000)
        #expect(at(tickets: true, stopping: true, lastStart: 999) == 1_000)
    }
}
