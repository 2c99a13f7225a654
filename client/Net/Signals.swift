import CEpoll
import Glibc

/// Ctrl-C and SIGTERM as ordinary loop events (a signalfd), so leaving cleanly — `/quit`,
/// terminal restored, summary printed — happens on the loop's thread like everything else.
package enum Signals {
    package static func onInterrupt(_ reactor: Reactor, _ action: @escaping (Int32) -> Void) {
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGINT)
        sigaddset(&mask, SIGTERM)
        sigprocmask(SIG_BLOCK, &mask, nil)
        let fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fd >= 0 else { return }
        // A write to a peer that has gone must be an error to handle, not a silent death.
        signal(SIGPIPE, SIG_IGN)
        reactor.watch(fd) { _, _, _ in
            var info = signalfd_siginfo()
            while read(fd, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
                action(Int32(info.ssi_signo))
            }
        }
    }

    /// Raises the open-file limit to its hard maximum: each held connection is a descriptor,
    /// and the default soft limit (1,024) is far below what a bench holds.
    @discardableResult
    package static func raiseFileLimit() -> Int {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = limit.rlim_max
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        return Int(limit.rlim_cur)
    }
}
