import CLibUV
#if canImport(Glibc)
import Glibc
#endif

/// Process-wide settings a network server needs before it opens its first socket.
enum ProcessSetup {
    /// A peer that vanished mid-write must cost an error code, not the process.
    static func ignoreSIGPIPE() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// A parent may start us with SIGINT/SIGTERM blocked (the mask is inherited across exec, and
    /// test runners and some process launchers leave signals blocked); then Ctrl-C would never arrive.
    static func unblockShutdownSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The soft limit on open files is often 1024, far below what a school full of clients
    /// needs; the hard limit is ours to take (as Redis does). Returns the limit now in force.
    @discardableResult
    static func raiseOpenFileLimit() -> UInt64 {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { return UInt64(raised.rlim_cur) }
        }
        return UInt64(limit.rlim_cur)
    }
}
