import ChalklineCore
import ChalklineStore
import CLibUV
import Foundation
import GRDB
import Testing
@testable import ChalklineServer

/// The storage queue on a real libuv loop and a real database file. `uv_run` returns once
/// nothing is left to do, so each test waits for exactly the jobs it causes, without sleeping.
@Suite struct StorageQueueTests {
    final class Harness {
        let loop = UnsafeMutablePointer<uv_loop_t>.allocate(capacity: 1)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-queue-\(UUID().uuidString).sqlite").path
        let store: Store
        var queue: StorageQueue!
        var finished: [StorageQueue.Finished] = []
        let game = GameRef(serial: 1, room: "QXRM", number: 1)
        /// Called with each finished job before the queue looks at what is left.
        var onFinished: ((Int) -> Void)?

        /// The queue's store when a write is held or failed (`HeldStore`).
        var held: HeldStore?

        /// `jobs`: how many jobs the test causes; once they are done the queue stops, closing
        /// its timers so `uv_run` returns. `now`: the queue's clock (the real one by default).
        /// `holding`, `failing`: the store's write calls (counted from 1) held until the test
        /// lets them go, and failed (`HeldStore`).
        init(jobs: Int = 1, now: (() -> Millis)? = nil, holding: Int? = nil, failing: Set<Int> = []) throws {
            uv_loop_init(loop)
            store = Store(path: path)
            try store.open()
            let clock = MonotonicClock()
            held = holding != nil || !failing.isEmpty ? HeldStore(store, holding: holding, failing: failing) : nil
            let writer: any ResultsStore = held ?? store
            queue = StorageQueue(store: writer, loop: loop, now: now ?? { clock.now }) { [unowned self] done in
                finished.append(done)
                onFinished?(finished.count)
                if finished.count == jobs { queue.stop() }
            }
        }

        /// A started game with one open round, and `typed` answered in it.
        func recordAnswer(_ typed: String) {
            let at = Date()
            queue.append(StampedRecord(.gameStarted(game: game, kind: "times", settings: "{}", players: [PlayerRef(seat: 1, name: "ann")]), at: at))
            queue.append(StampedRecord(.roundOpened(game: game, round: 1, label: "7 x 8",
                                                    items: [RoundItem(n: 1, text: "7 x 8", answer: "56", detail: "7,8")]), at: at))
            queue.append(StampedRecord(.answer(game: game, round: 1, answer: AnswerRecord(
                player: PlayerRef(seat: 1, name: "ann"), typed: typed, correct: typed == "56", ms: 900, points: 955, streak: 1, item: 1)), at: at))
        }

        /// An answer and a commit for it, which starts the first write; then, while that is on
        /// disk, the round's close and a second commit (not yet flushed). Returns both tickets.
        func answerThenClose() -> (first: Int, second: Int) {
            recordAnswer("56")
            let first = queue.commit()
            queue.flush()
            queue.append(StampedRecord(.roundClosed(game: game, round: 1), at: Date()))
            return (first, queue.commit())
        }

        /// Lets the held write go when a timer armed now fires `ms` later: after any timer armed
        /// before it for the same moment, which libuv runs first.
        func releaseHeldWrite(after ms: Millis) {
            let timer = DeadlineTimer(loop: loop) { [unowned self] in
                held?.release.signal()
                releaser?.close()
                releaser = nil
            }
            releaser = timer
            timer.arm(at: ms, now: 0)
        }
        private var releaser: DeadlineTimer?

        func typedAnswers() throws -> [String] {
            try store.read { try String.fetchAll($0, sql: "SELECT typed FROM answer") }
        }

        deinit {
            uv_loop_close(loop)
            loop.deallocate()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    /// Answers of a round still open wait for a batch, not for the round to end: with no commit
    /// asked for, the batch timer alone writes them.
    @Test func answersAreWrittenWhileTheRoundIsStillOpen() throws {
        let h = try Harness()
        h.recordAnswer("56")
        h.queue.flush()
        #expect(try h.typedAnswers().isEmpty, "plain records wait for their batch")
        uv_run(h.loop, UV_RUN_DEFAULT)
        #expect(h.finished.count == 1)
        #expect(h.finished.first?.failure == nil)
        #expect(try h.typedAnswers() == ["56"])
    }

    /// A round closing asks for a commit: its ticket is answered with everything queued before it.
    @Test func aCommitTicketWritesWhatCameBeforeIt() throws {
        let h = try Harness()
        h.recordAnswer("54")
        h.queue.append(StampedRecord(.roundClosed(game: h.game, round: 1), at: Date()))
        let ticket = h.queue.commit()
        h.queue.flush()
        uv_run(h.loop, UV_RUN_DEFAULT)
        #expect(h.finished.map { $0.tickets.map(\.ticket) } == [[ticket]])
        #expect(try h.typedAnswers() == ["54"])
    }

    /// A store whose write call number `holding` waits until the test lets it go (`release`):
    /// a write still on disk when a timer fires, on any machine, without a sleep; and whose
    /// calls in `failing` fail, as a full disk's would. Writes run one at a time on the pool, so
    /// `calls` needs no lock.
    final class HeldStore: ResultsStore, @unchecked Sendable {
        struct DiskFull: Error {}
        let inner: Store
        let release = DispatchSemaphore(value: 0)
        let holding: Int?
        let failing: Set<Int>
        private var calls = 0
        init(_ inner: Store, holding: Int?, failing: Set<Int>) {
            self.inner = inner
            self.holding = holding
            self.failing = failing
        }
        var location: String { inner.location }
        func connect() throws { try inner.connect() }
        func connectExisting() throws { try inner.connectExisting() }
        func write(_ batch: [StampedRecord]) throws {
            calls += 1
            if calls == holding { release.wait() }
            if failing.contains(calls) { throw DiskFull() }
            try inner.write(batch)
        }
        func checkWritable() throws { try inner.checkWritable() }
        func gameID(of game: GameRef) -> Int64? { inner.gameID(of: game) }
        func report<T>(_ query: (any SQLDatabase) throws -> T) throws -> T { try inner.report(query) }
    }

    /// Two commits: the first written at 5,000 ms on the queue's clock, the second (with the
    /// round's close) asked while it is on disk; when the first finishes the clock reads
    /// 5,000 + `elapsed`. Returns when the second write was set to start then (nil: it started
    /// at once), each job's tickets against the two asked, and the rounds stored as closed.
    /// `holdFirstWrite`: the first write is let go only after the window's timer has fired (a
    /// timer armed after it for the same moment, which libuv runs after it).
    private func twoCommits(elapsed: Millis, holdFirstWrite: Bool = false) throws -> (nextWrite: Millis?, jobs: [[Int]], asked: [[Int]], closedRounds: Int?) {
        var now: Millis = 5_000
        let h = try Harness(jobs: 2, now: { now }, holding: holdFirstWrite ? 1 : nil)
        let (first, second) = h.answerThenClose()
        h.queue.flush()
        if holdFirstWrite { h.releaseHeldWrite(after: WriteSchedule.commitWindowMs) }
        var nextWrite: Millis? = -1
        h.onFinished = { jobs in
            guard jobs == 1 else { return }
            now += elapsed
            h.queue.flush()
            nextWrite = h.queue.nextWrite
        }
        uv_run(h.loop, UV_RUN_DEFAULT)
        h.onFinished = nil  // it holds the harness: let the loop and the file go
        #expect(h.finished.allSatisfy { $0.failure == nil })
        let closed = try h.store.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM round WHERE closed_at IS NOT NULL") }
        return (nextWrite, h.finished.map { $0.tickets.map(\.ticket) }, [[first], [second]], closed)
    }

    /// A round ending while the last write is still on disk waits for the commit window that
    /// write opened, not for the write alone, so the round ends close together share a commit;
    /// then it goes without anything else asking.
    @Test func aCommitAskedDuringAWriteWaitsForItsWindow() throws {
        let run = try twoCommits(elapsed: 4)
        #expect(run.nextWrite == 5_000 + WriteSchedule.commitWindowMs, "the second commit waits for the first one's window")
        #expect(run.jobs == run.asked)
        #expect(run.closedRounds == 1)
    }

    /// The same, with the window already closed when the first write finishes: the second goes at once.
    @Test func aCommitAfterTheWindowGoesAtOnce() throws {
        let run = try twoCommits(elapsed: WriteSchedule.commitWindowMs)
        #expect(run.nextWrite == nil, "no timer: the write started")
        #expect(run.jobs == run.asked)
        #expect(run.closedRounds == 1)
    }

    /// The window's timer fires while the first write is still on disk: that firing starts
    /// nothing, and when the write ends, early by the queue's clock, the timer is armed again
    /// for the window's end, not forgotten.
    @Test func aWindowTimerFiringDuringAWriteIsArmedAgain() throws {
        let run = try twoCommits(elapsed: 4, holdFirstWrite: true)
        #expect(run.nextWrite == 5_000 + WriteSchedule.commitWindowMs)
        #expect(run.jobs == run.asked, "the second commit went")
        #expect(run.closedRounds == 1)
    }

    /// Storage failed, so its retry waits `retryMs`; meanwhile a round's commit is answered by
    /// a job that writes nothing, and the retry's timer fires while that job is still out. The
    /// retry must still happen when the job is back, not wait for some later round's commit.
    @Test func aRetryFallingDueDuringATicketOnlyJobStillWrites() throws {
        // The queue's clock stands still, so the retry is due only when its timer fires,
        // however slowly this machine gets to the commit asked meanwhile.
        let h = try Harness(jobs: 3, now: { 5_000 }, holding: 2, failing: [1])
        h.recordAnswer("56")
        let first = h.queue.commit()
        h.queue.flush()
        var second = 0
        h.onFinished = { count in
            guard count == 1 else { return }
            second = h.queue.commit()
            // Armed after the retry's timer, for the same moment: libuv runs it second.
            h.releaseHeldWrite(after: StorageQueue.retryMs)
        }
        uv_run(h.loop, UV_RUN_DEFAULT)
        h.onFinished = nil  // it holds the harness: let the loop and the file go
        #expect(h.finished.map { $0.tickets.map(\.ticket) } == [[first], [second], []])
        #expect(h.finished.map { $0.failure != nil } == [true, false, false])
        #expect(h.finished.last?.recovered == true)
        #expect(try h.typedAnswers() == ["56"])
    }

    /// The server stops while a write is on disk, and that write fails: it was not the last
    /// attempt `stop` promises, so what it held and what queued meanwhile (a round's close and
    /// its commit) are tried once more, and the commit is answered.
    @Test func stoppingDuringAFailingWriteStillTriesOnceMore() throws {
        let h = try Harness(jobs: 0, holding: 1, failing: [1])
        let (first, second) = h.answerThenClose()
        h.queue.stop()
        h.held?.release.signal()
        uv_run(h.loop, UV_RUN_DEFAULT)
        #expect(h.finished.map { $0.tickets.map(\.ticket) } == [[first], [second]])
        #expect(h.finished.map { $0.failure != nil } == [true, false])
        #expect(try h.typedAnswers() == ["56"])
        let closed = try h.store.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM round WHERE closed_at IS NOT NULL") }
        #expect(closed == 1)
    }
}
