import ChalklineCore
import CLibUV

/// The two deadlines of a new connection on the web-enabled port: the end of its sniff window
/// (silent so far: it is a person at netcat, welcome it) and of its HTTP head (a browser that
/// has not finished its request by then is closed). Every connection gets the same two delays,
/// so each list is in deadline order as it is appended to and one timer serves them both.
///
/// Owned by the loop thread and touched only there.
final class WebDeadlines {
    private var sniff = FIFO()
    private var head = FIFO()
    private let timer: DeadlineTimer
    private let sniffMs: Millis
    private let headMs: Millis

    /// `sniffEnded` and `headTimedOut` are called with each connection whose deadline passed;
    /// they check whether it still applies (the connection may have been decided or gone since).
    init(loop: UnsafeMutablePointer<uv_loop_t>, sniffMs: Millis, headMs: Millis,
         now: @escaping () -> Millis, sniffEnded: @escaping (ConnectionID) -> Void, headTimedOut: @escaping (ConnectionID) -> Void) {
        self.sniffMs = sniffMs
        self.headMs = headMs
        var fire: () -> Void = {}
        timer = DeadlineTimer(loop: loop) { fire() }
        fire = { [unowned self] in
            let time = now()
            while let id = sniff.popDue(time) { sniffEnded(id) }
            while let id = head.popDue(time) { headTimedOut(id) }
            arm(now: time)
        }
    }

    /// A connection was accepted at `now`.
    func add(_ id: ConnectionID, now: Millis) {
        sniff.append(id, at: now + sniffMs)
        head.append(id, at: now + headMs)
        // The new sniff deadline may come before the head deadline the timer waits for.
        if armedAt.map({ now + sniffMs < $0 }) ?? true { arm(now: now) }
    }

    /// When the timer fires next, or nil when it is idle.
    private var armedAt: Millis?

    private func arm(now: Millis) {
        armedAt = [sniff.firstDeadline, head.firstDeadline].compactMap { $0 }.min()
        timer.arm(at: armedAt, now: now)
    }

    func close() { timer.close() }

    /// Entries in the order appended; the consumed front is dropped in bulk now and then.
    private struct FIFO {
        private var entries: [(id: ConnectionID, at: Millis)] = []
        private var start = 0

        var isEmpty: Bool { start == entries.count }
        var firstDeadline: Millis? { isEmpty ? nil : entries[start].at }

        mutating func append(_ id: ConnectionID, at: Millis) { entries.append((id, at)) }

        mutating func popDue(_ now: Millis) -> ConnectionID? {
            guard !isEmpty, entries[start].at <= now else { return nil }
            let id = entries[start].id
            start += 1
            if start == entries.count {
                entries.removeAll(keepingCapacity: entries.count < 4096)
                start = 0
            } else if start > 1024 && start * 2 > entries.count {
                entries.removeFirst(start)
                start = 0
            }
            return id
        }
    }
}
