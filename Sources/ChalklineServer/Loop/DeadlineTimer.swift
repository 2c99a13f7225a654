import ChalklineCore
import CLibUV

/// The one timer the server needs: the core says when it next has work (`nextDeadline`), and
/// this fires then. Re-armed after every call into the core, so rooms need no timers of their own.
///
/// Owned by the loop thread; `data` on its handle retains it until the close callback.
final class DeadlineTimer {
    let handle: UnsafeMutablePointer<uv_timer_t>
    private let fire: () -> Void

    init(loop: UnsafeMutablePointer<uv_loop_t>, fire: @escaping () -> Void) {
        self.fire = fire
        handle = .allocate(capacity: 1)
        uv_timer_init(loop, handle)
        handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
    }

    /// Fires at `deadline` (or at once if it has passed); nil disarms.
    func arm(at deadline: Millis?, now: Millis) {
        guard let deadline else {
            uv_timer_stop(handle)
            return
        }
        let delay = UInt64(max(0, deadline - now))
        uv_timer_start(handle, { timer in
            guard let timer, let me = owner(of: timer.pointee.data, as: DeadlineTimer.self) else { return }
            me.fire()
        }, delay, 0)
    }

    func close() { closeOwnedHandle(handle) }
}
