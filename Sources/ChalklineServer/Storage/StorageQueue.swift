import ChalklineCore
import ChalklineStore
import CLibUV
import Foundation

/// Carries the core's records to the database without the loop ever waiting on disk: records
/// queue here, and one job at a time runs on libuv's thread pool (a `PoolTrip`), writing
/// everything queued so far in one transaction. libuv calls the job's after-callback back on the
/// loop thread, where waiting tickets are settled. Report reads wait for the records queued before
/// them, then go to their own line (`ReadLine`), so a slow report never holds back a commit; only
/// an in-memory database (one connection, nothing to read beside) runs them in the writer's job.
///
/// One job at a time keeps writes in order (the pool has several threads) and lets the `Store`
/// go without locks. A failed write keeps its records, in order, at the head of the queue: the
/// next job (a round closing, or the retry timer) tries them again.
///
/// Owned by the loop thread and touched only there; only `Job.run` executes on a pool thread. Its hottest properties are not
/// checked for exclusive access at run time (`@exclusivity(unchecked)`, as `Connection`'s).
final class StorageQueue {
    /// What a finished job tells the shell.
    struct Finished {
        /// Tickets settled by this job, oldest first, with the reply payload a read produced.
        var tickets: [(ticket: Int, reply: Payload?)]
        /// Why the write failed, or nil when everything queued is committed.
        var failure: String?
        /// Rooms whose records could not be written (their hosts are told).
        var failedRooms: Set<String>
        /// The write succeeded after earlier ones had failed.
        var recovered: Bool
        /// Unsaved records dropped since the last job, by room, because the backlog was full.
        var dropped: [String: Int] = [:]
    }

    let store: any ResultsStore
    private let loop: UnsafeMutablePointer<uv_loop_t>
    private let now: () -> Millis
    private let finished: (Finished) -> Void
    @exclusivity(unchecked) private var records: [StampedRecord] = []
    /// Tickets waiting for the records queued before them to be committed.
    @exclusivity(unchecked) private var commits: [Int] = []
    /// Reads waiting for the next job (the records queued before them).
    @exclusivity(unchecked) private var reads: [(ticket: Int, prepare: Prepare, unreadable: ReadLine.Unreadable)] = []
    /// Where reads run once the records before them are written; nil: in the writer's job.
    private let readLine: ReadLine?
    private var lastTicket = 0
    @exclusivity(unchecked) private var inFlight = false
    @exclusivity(unchecked) private var failing = false
    private var retryTimer: DeadlineTimer?
    @exclusivity(unchecked) private var stopped = false
    /// The job `stop` promised (what is queued, tried once more) has started.
    @exclusivity(unchecked) private var lastAttemptStarted = false
    /// A failing database is retried after `retryMs`, then twice as long each time it fails
    /// again, up to `maxRetryMs`: a broken disk is not hammered with the whole backlog on
    /// every round's commit. While waiting, commits are settled without a write.
    static let retryMs = Limits.storageRetryMs
    static let maxRetryMs = Limits.storageRetryMaxMs
    private var retryDelay = StorageQueue.retryMs
    private var retryAt: Millis = 0
    /// The most records held unsaved (`--max-unsaved`): past it the oldest answers go first
    /// (a game's start, rounds and end are kept while any answer is left to drop).
    let maxUnsaved: Int
    /// Records dropped since the last job finished, by room, and in all.
    private var droppedByRoom: [String: Int] = [:]
    private(set) var droppedTotal = 0
    /// When a write starts is `WriteSchedule`'s rule; this timer starts it.
    private var batchTimer: DeadlineTimer?
    /// When the oldest record still queued must be written by, or nil when none waits.
    @exclusivity(unchecked) private var batchDeadline: Millis?
    /// When the batch timer is armed for: nil when it is not (once it has fired, though a write
    /// may still wait for a job in flight).
    @exclusivity(unchecked) private(set) var nextWrite: Millis?
    /// When the last job started, writing or only settling tickets (`WriteSchedule.commitWindowMs` counts from it).
    @exclusivity(unchecked) private var lastStart: Millis?

    init(store: any ResultsStore, readLine: ReadLine? = nil, loop: UnsafeMutablePointer<uv_loop_t>, now: @escaping () -> Millis,
         maxUnsaved: Int = Limits.unsavedRecords, finished: @escaping (Finished) -> Void) {
        self.store = store
        self.readLine = readLine
        self.maxUnsaved = max(1, maxUnsaved)
        self.loop = loop
        self.now = now
        self.finished = finished
        // When it fires the retry is due, whatever the clock's rounding says.
        retryTimer = DeadlineTimer(loop: loop) { [unowned self] in
            retryAt = 0
            submit()
        }
        // When it fires the batch is due, whatever the clock's rounding says: write it.
        batchTimer = DeadlineTimer(loop: loop) { [unowned self] in
            nextWrite = nil
            if mayWrite { submit() }
        }
    }

    /// Queues a record for the next write (`flush` starts it).
    func append(_ record: StampedRecord) {
        records.append(record)
        if records.count > maxUnsaved { dropOldest() }
    }

    /// Makes room in a full backlog: a tenth of it at once (so a failing disk costs one pass
    /// now and then, not one per answer), oldest answers first, then the oldest of anything.
    private func dropOldest() {
        var excess = max(1, maxUnsaved / 10)
        var kept: [StampedRecord] = []
        kept.reserveCapacity(records.count)
        for stamped in records {
            if excess > 0, case .answer = stamped.record {
                excess -= 1
                noteDropped(stamped)
            } else {
                kept.append(stamped)
            }
        }
        if excess > 0 {
            for stamped in kept.prefix(excess) { noteDropped(stamped) }
            kept.removeFirst(min(excess, kept.count))
        }
        records = kept
    }

    private func noteDropped(_ stamped: StampedRecord) {
        droppedByRoom[stamped.record.game.room, default: 0] += 1
        droppedTotal += 1
    }

    /// A ticket settled once every record queued so far is committed (or the write failed).
    func commit() -> Int {
        lastTicket += 1
        commits.append(lastTicket)
        return lastTicket
    }

    /// What a read runs, made on the loop thread from the writer once the records queued before
    /// the read are written (or tried), while no write job runs: what only the writer knows (a
    /// game's database id, `gameID(of:)`) is read then, safely.
    typealias Prepare = (any ResultsStore) -> ReadLine.Work

    /// A ticket settled with the read's payload, run on the pool after the records queued so far
    /// are written; `unreadable` is the reply when the read line cannot connect.
    func read(_ prepare: @escaping Prepare, unreadable: @escaping ReadLine.Unreadable) -> Int {
        lastTicket += 1
        if let readLine, !inFlight, records.isEmpty {
            // Nothing queued before it: it reads at once.
            readLine.read(ticket: lastTicket, prepare(store), unreadable: unreadable)
        } else {
            reads.append((lastTicket, prepare, unreadable))
        }
        return lastTicket
    }

    /// Starts a job for what was queued, at the end of each loop iteration, so one batch is
    /// one transaction: for a ticket (someone is waiting) at once, or when the commit window
    /// of the last write closes; else when the batch is due (see `WriteSchedule`). While storage
    /// is failing, plain records wait for the retry timer rather than hammer a broken disk.
    func flush() {
        guard mayWrite else { return }
        let now = now()
        guard let at = WriteSchedule.startAt(now: now, records: records.count, tickets: hasTickets, stopping: stopped,
                                             lastStart: lastStart, oldestDue: batchDeadline) else { return }
        if at <= now {
            submit()
            return
        }
        if !records.isEmpty && batchDeadline == nil { batchDeadline = now + WriteSchedule.batchMs }
        // Armed once for a time: the loop calls this every iteration.
        if nextWrite != at {
            nextWrite = at
            batchTimer?.arm(at: at, now: now)
        }
    }

    /// Someone is waiting for a ticket: a commit or a read.
    private var hasTickets: Bool { !commits.isEmpty || !reads.isEmpty }
    /// Plain records go while storage works, or once its retry is due (its timer may have fired
    /// while a job was out, which it then could not start); tickets go whatever (while the
    /// database is failing and its retry is not due, without the records).
    private var mayWrite: Bool { writeDue || hasTickets }
    /// A write is tried: storage works, or its retry is due, or the server is stopping.
    private var writeDue: Bool { !failing || stopped || now() >= retryAt }

    /// The server is stopping: one last attempt for what is queued, then no more retries.
    func stop() {
        stopped = true
        retryTimer?.close()
        retryTimer = nil
        batchTimer?.close()
        batchTimer = nil
        submit()
    }

    private func submit() {
        guard !inFlight, !records.isEmpty || hasTickets else { return }
        let writing = writeDue
        // A job that only settles tickets leaves the pending retry where it is.
        if writing { retryTimer?.arm(at: nil, now: 0) }
        batchTimer?.arm(at: nil, now: 0)
        nextWrite = nil
        batchDeadline = nil
        lastStart = now()
        inFlight = true
        if stopped { lastAttemptStarted = true }
        let ownReads = readLine == nil ? reads : []
        let job = Job(store: store, records: writing ? records : [], reads: ownReads.map { $0.prepare(store) })
        let tickets = (commits + ownReads.map(\.ticket)).sorted()
        let readTickets = ownReads.map(\.ticket)
        let released = readLine == nil ? [] : reads
        if writing { records = [] }
        commits = []
        reads = []
        PoolTrip.start(on: loop, run: job.run) { [unowned self] in
            complete(job, tickets: tickets, readTickets: readTickets, wrote: writing, released: released)
        }
    }

    private func complete(_ job: Job, tickets: [Int], readTickets: [Int], wrote: Bool,
                          released: [(ticket: Int, prepare: Prepare, unreadable: ReadLine.Unreadable)]) {
        inFlight = false
        // The records before these reads are written (or tried, as a read in the job always was).
        for read in released { readLine?.read(ticket: read.ticket, read.prepare(store), unreadable: read.unreadable) }
        let wasFailing = failing
        var failedRooms: Set<String> = []
        if job.failure != nil {
            failing = true
            // Put the records back in front of anything queued meanwhile: order is kept for the retry.
            records = job.records + records
            if records.count > maxUnsaved { dropOldest() }
            failedRooms = Set(job.records.map(\.record.game.room))
            retryAt = now() + retryDelay
            retryDelay = min(retryDelay * 2, Self.maxRetryMs)
            if !stopped { retryTimer?.arm(at: retryAt, now: now()) }
        } else if wrote {
            failing = false
            retryDelay = Self.retryMs
        }
        let replies = Dictionary(uniqueKeysWithValues: zip(readTickets, job.replies))
        let dropped = droppedByRoom
        droppedByRoom = [:]
        finished(Finished(tickets: tickets.map { ($0, replies[$0]) }, failure: job.failure, failedRooms: failedRooms,
                          recovered: wasFailing && wrote && job.failure == nil, dropped: dropped))
        if !stopped {
            flush()
        } else if job.failure == nil || !lastAttemptStarted {
            // Stopping with a job in flight (that one was not the last attempt, even if it
            // failed): what queued meanwhile gets its one last attempt too.
            submit()
        }
    }

    var isIdle: Bool { !inFlight && records.isEmpty && !hasTickets && readLine?.isIdle != false }

    /// The database could not be written when the server started: its first successful write
    /// is a recovery (`Finished.recovered`), which is what clears the hosts' warning.
    func startFailing() { failing = true }
    var pendingRecords: Int { records.count }

    /// What one `PoolTrip` carries. Created and read on the loop thread; `run` alone executes on
    /// a pool thread, and libuv orders it between the two. Hence `@unchecked Sendable`.
    final class Job: @unchecked Sendable {
        let store: any ResultsStore
        let records: [StampedRecord]
        let reads: [ReadLine.Work]
        var failure: String?
        var replies: [Payload] = []

        init(store: any ResultsStore, records: [StampedRecord], reads: [ReadLine.Work]) {
            self.store = store
            self.records = records
            self.reads = reads
        }

        func run() {
            do {
                try store.write(records)
            } catch {
                failure = "\(error)"
            }
            if !reads.isEmpty { ReadLine.holdForTest() }
            replies = reads.map { $0(store) }
        }
    }
}
