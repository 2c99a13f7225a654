import ChalklineCore
import CLibUV

/// Gives the heap's freed pages back to the system once connections stop coming and going.
///
/// glibc's `free` returns memory only from the top of the heap. A class joining (thousands of
/// welcome, `joined` and lobby lines, each rendered, queued and freed) leaves freed pages between
/// the seats that stay, and they go on counting in the server's RSS: about 0.3 KB a connection
/// after 10,000 joins (BENCHMARKS.md). jemalloc, which Redis uses, purges such pages by itself a
/// few seconds after they are freed; `malloc_trim(0)` does the same for glibc. It runs once
/// connections have been quiet for a second, and at least every `longestMs` while they keep
/// coming, so its cost (one walk of the free lists) is paid a few times a minute at most.
///
/// Owned by the loop thread.
final class MemoryTrim {
    static let quietMs: Millis = 1_000
    static let longestMs: Millis = 10_000

    private var timer: DeadlineTimer?
    /// The first connection or disconnection since the last trim.
    private var firstChurn: Millis?

    init(loop: UnsafeMutablePointer<uv_loop_t>) {
        timer = DeadlineTimer(loop: loop) { [unowned self] in trim() }
    }

    /// A connection opened or closed at `now`.
    func noteChurn(now: Millis) {
        let first = firstChurn ?? now
        firstChurn = first
        timer?.arm(at: min(now + Self.quietMs, first + Self.longestMs), now: now)
    }

    private func trim() {
        firstChurn = nil
        malloc_trim(0)
    }

    func close() {
        timer?.close()
        timer = nil
    }
}
