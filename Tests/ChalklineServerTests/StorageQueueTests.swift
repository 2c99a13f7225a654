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

        init() throws {
            uv_loop_init(loop)
            store = Store(path: path)
            try store.open()
            let clock = MonotonicClock()
            queue = StorageQueue(store: store, loop: loop, now: { clock.now }) { [unowned self] done in
                finished.append(done)
                // Nothing more is coming: closing the timers lets `uv_run` return.
                queue.stop()
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
}
