import ChalklineCore
import CLibUV

/// The deadlines of a connection on the web-enabled port that has not become the line protocol
/// or a WebSocket: its welcome after a long silence (a person at netcat who has not typed yet),
/// its HTTP head (a request begun and not finished within its time of its first byte is
/// closed), and, between kept-alive requests, its idle limit. Every entry of one list has the same delay, so each list is in
/// deadline order as it is appended to and one timer serves them all.
///
/// An entry only says "look at this connection then": the shell checks whether it still
/// applies (the connection may have been decided, answered or gone since), so a kept-alive
/// connection simply gets a new entry for each request it waits for.
///
/// Owned by the loop thread and touched only there.
final class WebDeadlines {
    private var silence = FIFO()
    private var head = FIFO()
    private var idle = FIFO()
    private let timer: DeadlineTimer
    let silenceMs: Millis
    let headMs: Millis
    let idleMs: Millis

    /// `silenceEnded`, `headTimedOut` and `idleEnded` are called with each connection whose
    /// deadline of that kind passed.
    init(loop: UnsafeMutablePointer<uv_loop_t>, silenceMs: Millis, headMs: Millis, idleMs: Millis,
         now: @escaping () -> Millis, silenceEnded: @escaping (ConnectionID) -> Void,
         headTimedOut: @escaping (ConnectionID) -> Void, idleEnded: @escaping (ConnectionID) -> Void) {
        self.silenceMs = silenceMs
        self.headMs = headMs
        self.idleMs = idleMs
        var fire: () -> Void = {}
        timer = DeadlineTimer(loop: loop) { fire() }
        fire = { [unowned self] in
            let time = now()
            armedAt = nil
            while let id = silence.popDue(time) { silenceEnded(id) }
            while let id = head.popDue(time) { headTimedOut(id) }
            while let id = idle.popDue(time) { idleEnded(id) }
            arm(now: time)
        }
    }

    /// A connection was accepted at `now`: its silence is timed from here. Its first head is
    /// timed from its first byte (`headBegun`): a head can only time out once bytes came.
    func add(_ id: ConnectionID, now: Millis) {
        silence.append(id, at: now + silenceMs)
        armIfSooner(now + silenceMs, now: now)
    }

    /// A kept-alive connection answered its last request at `now` and waits for the next.
    func waiting(_ id: ConnectionID, now: Millis) {
        head.append(id, at: now + headMs)
        idle.append(id, at: now + idleMs)
        armIfSooner(now + min(headMs, idleMs), now: now)
    }

    /// The first bytes of a request (or of a first line) arrived at `now`: its head is timed from here.
    func headBegun(_ id: ConnectionID, now: Millis) {
        head.append(id, at: now + headMs)
        armIfSooner(now + headMs, now: now)
    }

    /// When the timer fires next, or nil when it is idle.
    private var armedAt: Millis?

    private func armIfSooner(_ deadline: Millis, now: Millis) {
        if armedAt.map({ deadline < $0 }) ?? true { arm(now: now) }
    }

    private func arm(now: Millis) {
        armedAt = [silence.firstDeadline, head.firstDeadline, idle.firstDeadline].compactMap { $0 }.min()
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
