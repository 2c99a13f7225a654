import CLibUV

/// SIGINT and SIGTERM arrive as ordinary loop callbacks (libuv turns them into events), so a
/// shutdown runs on the loop thread like everything else.
///
/// Owned by the loop thread; `data` on its handle retains it until the close callback.
final class SignalWatcher {
    let handle: UnsafeMutablePointer<uv_signal_t>
    private let onSignal: (Int32) -> Void

    init(loop: UnsafeMutablePointer<uv_loop_t>, signal: Int32, onSignal: @escaping (Int32) -> Void) {
        self.onSignal = onSignal
        handle = .allocate(capacity: 1)
        uv_signal_init(loop, handle)
        handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
        uv_signal_start(handle, { handle, signum in
            guard let handle, let me = owner(of: handle.pointee.data, as: SignalWatcher.self) else { return }
            me.onSignal(signum)
        }, signal)
    }

    func close() { closeOwnedHandle(handle) }
}
