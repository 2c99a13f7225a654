import ChalklineCore

/// When the storage queue starts its next write: kept apart from the queue (which owns libuv
/// handles and threads) so the rule is tested with plain numbers.
///
/// Plain records (answers, a round opening) wait for a batch (`batchMs`, `batchRecords`). A
/// ticket (a round's results waiting to go out, a report waiting to be read) starts a write at
/// once, unless one started less than `commitWindowMs` ago: then it waits for that window to
/// close, and whatever else asks meanwhile goes in the same transaction. At 200 rooms the
/// rounds closed 1,000 times a second and the writer committed as often as a commit could
/// finish, about every 5 ms; most of a commit's cost is its `fdatasync` and the index pages
/// every commit rewrites (14 of the 26 pages a commit wrote were the two indexes `answer` had
/// then, before v8 dropped one, whose open rounds spread over some 8 pages each), not its
/// answers. With the window, in the same bench: 0.0043 `fdatasync`s and 0.16 page writes an
/// answer instead of 0.019 and 0.48, and the writer's threads 7.8 µs of CPU an answer instead
/// of 10.6 (medians of five runs).
/// A round's results wait up to the window longer (they are still on disk before its
/// `round_end` leaves), which lengthens a round by a few milliseconds under that load.
struct WriteSchedule {
    /// Plain records wait for a round's commit, for `batchMs`, or until `batchRecords` have
    /// queued, whichever comes first; the promise is only that a round's results are on disk
    /// before its `round_end`. Written at once, every loop iteration with an answer in it was a
    /// transaction and an fsync of its own: at 380 answers a second the writer spent 0.4 ms of
    /// CPU an answer.
    static let batchMs: Millis = 200
    static let batchRecords = 512
    static let commitWindowMs = Limits.commitWindowMs

    /// When the write should start, or nil for no write: `lastStart` is when the previous one
    /// started (nil: none yet), `oldestDue` when the oldest plain record queued must be written
    /// (nil: none waits yet; it is then due `batchMs` from now).
    static func startAt(now: Millis, records: Int, tickets: Bool, stopping: Bool,
                        lastStart: Millis?, oldestDue: Millis?) -> Millis? {
        guard records > 0 || tickets else { return nil }
        if stopping || records >= batchRecords { return now }
        var at = oldestDue ?? now + batchMs
        if tickets { at = min(at, lastStart.map { max(now, $0 + commitWindowMs) } ?? now) }
        return at
    }
}
