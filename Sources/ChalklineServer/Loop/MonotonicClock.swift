import ChalklineCore
import CLibUV

/// The server's only clock: milliseconds since the process started, from libuv's monotonic
/// high-resolution clock, so a wall-clock jump (NTP, a laptop waking) never changes a score.
struct MonotonicClock {
    private let origin = uv_hrtime()

    var now: Millis { Millis((uv_hrtime() - origin) / 1_000_000) }

    /// libuv's loop time (`uv_now`: the same clock in milliseconds, read when the loop last
    /// looked, e.g. when its poll returned) on this clock's scale.
    func millis(loopTime: UInt64) -> Millis { Millis(loopTime) - Millis(origin / 1_000_000) }
}
