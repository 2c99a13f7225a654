import CLibUV

/// Runs once per loop iteration, right before libuv computes its poll timeout and waits for
/// I/O: the place to write what the iteration produced and to re-arm the deadline timer once,
/// instead of after every event. Unreferenced, so it never keeps the loop alive by itself.
///
/// Owned by the loop thread; `data` on its handle retains it until the close callback.
final class BeforePollHook {
    let handle: UnsafeMutablePointer<uv_prepare_t>
    private let body: () -> Void

    init(loop: UnsafeMutablePointer<uv_loop_t>, body: @escaping () -> Void) {
        self.body = body
        handle = .allocate(capacity: 1)
        uv_prepare_init(loop, handle)
        handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
        uv_prepare_start(handle) { handle in
            guard let handle, let me = owner(of: handle.pointee.data, as: BeforePollHook.self) else { return }
            me.body()
        }
        uv_unref(asHandle(handle))
    }

    func close() { closeOwnedHandle(handle) }
}
