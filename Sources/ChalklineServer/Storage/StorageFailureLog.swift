import ChalklineCore

/// A failing database is logged at most once every `everyMs`, with how many writes failed
/// since the last line: a read-only disk printed thousands of identical lines a minute.
///
/// Owned by the loop thread and touched only there.
final class StorageFailureLog {
    static let everyMs: Millis = 10_000
    private var lastLogged: Millis?
    private var unlogged = 0

    /// Counts a failure; `log` runs (with the failures it covers) when a line is due.
    func failed(now: Millis, _ log: (Int) -> Void) {
        unlogged += 1
        if let last = lastLogged, now < last + Self.everyMs { return }
        log(unlogged)
        lastLogged = now
        unlogged = 0
    }

    /// The database works again: the next failure is news and is logged at once.
    func recovered() {
        lastLogged = nil
        unlogged = 0
    }
}
