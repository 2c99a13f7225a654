import ChalklineCore
import ChalklineStore
import CLibUV
import Foundation

/// The desk's reports (`/report games|game|class|player|assignment...`) read on their own
/// connection, one job at a time on libuv's pool, beside `StorageQueue`'s writes rather than in
/// its line. A class's progress can take a while; in the writer's one-job line it held back every
/// room's commits, so players' `round_end` and homework answers waited behind a teacher browsing
/// past games. SQLite in WAL mode lets this reader and the writer work at once, and PostgreSQL
/// gives a second connection. Writes never wait for reads here; a read still starts only after
/// the records queued before it were written (`StorageQueue.read`), so it sees them.
///
/// Owned by the loop thread and touched only there; only `Job.run` executes on a pool thread.
final class ReadLine {
    typealias Work = @Sendable (any ResultsStore) -> Payload
    /// A read the connection could not be made for: the reply it gets instead (retried next time).
    typealias Unreadable = @Sendable (String) -> Payload

    /// Its own `ResultsStore` (not the writer's): connected at its first job, again after a failure.
    let store: any ResultsStore
    private let loop: UnsafeMutablePointer<uv_loop_t>
    private let settled: ([(ticket: Int, reply: Payload)]) -> Void
    private var waiting: [(ticket: Int, work: Work, unreadable: Unreadable)] = []
    private var inFlight = false
    /// Test only: a FIFO each read job waits on (open, then read to EOF) before it reads, so an
    /// integration test can hold a report in progress without sleeping (`CHALKLINE_TEST_HOLD_READS`).
    static let holdPath = ProcessInfo.processInfo.environment["CHALKLINE_TEST_HOLD_READS"]

    /// Called on a pool thread by a job with reads, wherever it runs.
    static func holdForTest() {
        guard let holdPath, let hold = FileHandle(forReadingAtPath: holdPath) else { return }
        _ = hold.readDataToEndOfFile()
        try? hold.close()
    }

    init(store: any ResultsStore, loop: UnsafeMutablePointer<uv_loop_t>, settled: @escaping ([(ticket: Int, reply: Payload)]) -> Void) {
        self.store = store
        self.loop = loop
        self.settled = settled
    }

    /// `work` runs on this line's connection; `unreadable` replies when it cannot be connected.
    func read(ticket: Int, _ work: @escaping Work, unreadable: @escaping Unreadable) {
        waiting.append((ticket, work, unreadable))
        submit()
    }

    var isIdle: Bool { !inFlight && waiting.isEmpty }

    private func submit() {
        guard !inFlight, !waiting.isEmpty else { return }
        inFlight = true
        let batch = waiting
        waiting = []
        let job = Job(store: store, reads: batch.map { ($0.work, $0.unreadable) })
        PoolTrip.start(on: loop, run: job.run) { [unowned self] in
            inFlight = false
            settled(Array(zip(batch.map(\.ticket), job.replies)).map { (ticket: $0.0, reply: $0.1) })
            submit()
        }
    }

    /// What one `PoolTrip` carries, as `StorageQueue.Job`: made and read on the loop thread,
    /// `run` alone on a pool thread, ordered by libuv. Hence `@unchecked Sendable`.
    final class Job: @unchecked Sendable {
        let store: any ResultsStore
        let reads: [(work: Work, unreadable: Unreadable)]
        var replies: [Payload] = []

        init(store: any ResultsStore, reads: [(work: Work, unreadable: Unreadable)]) {
            self.store = store
            self.reads = reads
        }

        func run() {
            ReadLine.holdForTest()
            do {
                // The writer made (and migrated) the database; this connection never creates one.
                try store.connectExisting()
            } catch {
                replies = reads.map { $0.unreadable("\(error)") }
                return
            }
            replies = reads.map { $0.work(store) }
        }
    }
}
