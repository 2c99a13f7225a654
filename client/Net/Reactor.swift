import CEpoll
import Glibc

/// A single-threaded epoll loop with timers: one bench process holds thousands of connections,
/// and a thread per connection would cost more than the server it measures.
///
/// Owned by the thread that runs it; nothing here is shared across threads.
package final class Reactor {
    package typealias Handler = (_ readable: Bool, _ writable: Bool, _ hangup: Bool) -> Void

    private let epfd: Int32
    private var handlers: [Handler?] = []
    private var timers = TimerHeap()
    private var stopped = false
    /// Every read of this reactor's connections lands here, and control messages (arrival
    /// stamps) in `controlBuffer`: one per reactor, as a reactor runs on one thread. (One for
    /// the whole process was shared by reactors on other threads: two tests in parallel read
    /// each other's bytes.)
    package static let readBufferSize = 65536
    package let readBuffer = UnsafeMutableRawPointer.allocate(byteCount: Reactor.readBufferSize, alignment: 16)
    package let controlBuffer = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 16)

    package init() {
        epfd = epoll_create1(Int32(EPOLL_CLOEXEC))
        precondition(epfd >= 0, "epoll_create1 failed: \(errno)")
    }

    deinit {
        close(epfd)
        readBuffer.deallocate()
        controlBuffer.deallocate()
    }

    package func watch(_ fd: Int32, writable: Bool = false, _ handler: @escaping Handler) {
        if Int(fd) >= handlers.count { handlers += Array(repeating: nil, count: Int(fd) + 1 - handlers.count) }
        handlers[Int(fd)] = handler
        var event = epoll_event()
        event.events = Self.mask(writable: writable)
        event.data.fd = fd
        epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event)
    }

    /// Asks for (or stops asking for) writability, which a connection needs only while its
    /// output is backed up.
    package func setWritable(_ fd: Int32, _ writable: Bool) {
        var event = epoll_event()
        event.events = Self.mask(writable: writable)
        event.data.fd = fd
        epoll_ctl(epfd, EPOLL_CTL_MOD, fd, &event)
    }

    package func unwatch(_ fd: Int32) {
        epoll_ctl(epfd, EPOLL_CTL_DEL, fd, nil)
        if Int(fd) < handlers.count { handlers[Int(fd)] = nil }
    }

    private static func mask(writable: Bool) -> UInt32 {
        EPOLLIN.rawValue | EPOLLRDHUP.rawValue | (writable ? EPOLLOUT.rawValue : 0)
    }

    @discardableResult
    package func after(_ seconds: Double, _ action: @escaping () -> Void) -> TimerID {
        at(Clock.nanoseconds() + UInt64(max(0, seconds) * 1e9), action)
    }

    @discardableResult
    package func at(_ deadline: UInt64, _ action: @escaping () -> Void) -> TimerID {
        timers.push(deadline: deadline, action: action)
    }

    package func cancel(_ id: TimerID) { timers.cancel(id) }

    package func stop() { stopped = true }

    /// Runs until `stop()`, or until `deadline` (monotonic ns) passes. Returns true if stopped.
    @discardableResult
    package func run(until deadline: UInt64? = nil) -> Bool {
        stopped = false
        var events = [epoll_event](repeating: epoll_event(), count: 1024)
        while !stopped {
            let now = Clock.nanoseconds()
            if let deadline, now >= deadline { return false }
            // Taken out first and run after: an action may schedule or cancel timers.
            for action in timers.takeDue(upTo: now) {
                action()
                if stopped { break }
            }
            if stopped { break }
            var wait = timers.nextDeadline.map { $0 > now ? $0 - now : 0 } ?? 1_000_000_000
            if let deadline { wait = min(wait, deadline - now) }
            let timeoutMs = Int32(min(1000, (wait + 999_999) / 1_000_000))
            let n = epoll_wait(epfd, &events, Int32(events.count), timeoutMs)
            if n < 0 {
                if errno == EINTR { continue }
                fatalError("epoll_wait failed: \(errno)")
            }
            for i in 0..<Int(n) {
                let fd = Int(events[i].data.fd)
                guard fd < handlers.count, let handler = handlers[fd] else { continue }
                let e = events[i].events
                handler(e & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue) != 0,
                        e & EPOLLOUT.rawValue != 0,
                        e & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0)
                if stopped { break }
            }
        }
        return true
    }
}

package struct TimerID: Hashable { let raw: UInt64 }

/// Deadlines in a binary heap; cancelled ones are skipped when they come up.
private struct TimerHeap {
    private var heap: [(deadline: UInt64, id: UInt64)] = []
    private var actions: [UInt64: () -> Void] = [:]
    private var nextID: UInt64 = 0

    mutating func push(deadline: UInt64, action: @escaping () -> Void) -> TimerID {
        nextID += 1
        actions[nextID] = action
        heap.append((deadline, nextID))
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if Self.before(heap[parent], heap[i]) { break }
            heap.swapAt(i, parent)
            i = parent
        }
        return TimerID(raw: nextID)
    }

    mutating func cancel(_ id: TimerID) { actions[id.raw] = nil }

    var nextDeadline: UInt64? {
        heap.first?.deadline
    }

    mutating func takeDue(upTo now: UInt64) -> [() -> Void] {
        var due: [() -> Void] = []
        while let top = heap.first, top.deadline <= now {
            pop()
            if let action = actions.removeValue(forKey: top.id) { due.append(action) }
        }
        return due
    }

    private static func before(_ a: (deadline: UInt64, id: UInt64), _ b: (deadline: UInt64, id: UInt64)) -> Bool {
        a.deadline != b.deadline ? a.deadline < b.deadline : a.id < b.id
    }

    private mutating func pop() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < heap.count && Self.before(heap[l], heap[m]) { m = l }
            if r < heap.count && Self.before(heap[r], heap[m]) { m = r }
            if m == i { return }
            heap.swapAt(i, m)
            i = m
        }
    }
}
