import Glibc

/// The client's one clock: monotonic, so latency figures and countdown bars never jump when
/// the wall clock is adjusted.
package enum Clock {
    package static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    package static func seconds() -> Double { Double(nanoseconds()) / 1e9 }

    /// The wall clock, for comparing with the kernel's arrival stamps (which use it).
    package static func realtimeNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
}
