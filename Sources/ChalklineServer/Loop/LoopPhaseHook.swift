import CLibUV

/// A callback at a fixed place in every loop iteration, where libuv's three phase handles put
/// it (they are one C shape: a handle, a start with a callback, a stop):
/// - `beforePoll` (`uv_prepare_t`): right before libuv waits for I/O; the shell writes what the
///   iteration produced there and arms the deadline timer once, not after every event.
/// - `afterPoll` (`uv_check_t`): right after the iteration's reads; the shell fires deadlines
///   there, so a round never closes before the answers that came in before it are read.
/// - `noWait` (`uv_idle_t`): while started, libuv polls without waiting; the shell starts it
///   when a deadline is due, so the reads come at once and the deadline fires right after them.
/// Unreferenced, so it never keeps the loop alive by itself.
///
/// Owned by the loop thread; `data` on its handle retains it until the close callback.
final class LoopPhaseHook {
    enum Phase { case beforePoll, afterPoll, noWait }

    private let phase: Phase
    private let handle: UnsafeMutableRawPointer
    private let body: () -> Void
    private(set) var isActive = false

    init(loop: UnsafeMutablePointer<uv_loop_t>, phase: Phase, start: Bool = true, body: @escaping () -> Void) {
        self.phase = phase
        self.body = body
        handle = .allocate(byteCount: uv_handle_size(Self.type(phase)), alignment: 16)
        switch phase {
        case .beforePoll: uv_prepare_init(loop, handle.assumingMemoryBound(to: uv_prepare_t.self))
        case .afterPoll: uv_check_init(loop, handle.assumingMemoryBound(to: uv_check_t.self))
        case .noWait: uv_idle_init(loop, handle.assumingMemoryBound(to: uv_idle_t.self))
        }
        let h = handle.assumingMemoryBound(to: uv_handle_t.self)
        h.pointee.data = Unmanaged.passRetained(self).toOpaque()
        uv_unref(h)
        if start { self.start() }
    }

    private static func type(_ phase: Phase) -> uv_handle_type {
        switch phase {
        case .beforePoll: UV_PREPARE
        case .afterPoll: UV_CHECK
        case .noWait: UV_IDLE
        }
    }

    func start() {
        guard !isActive else { return }
        isActive = true
        switch phase {
        case .beforePoll: uv_prepare_start(handle.assumingMemoryBound(to: uv_prepare_t.self)) { LoopPhaseHook.run($0?.pointee.data) }
        case .afterPoll: uv_check_start(handle.assumingMemoryBound(to: uv_check_t.self)) { LoopPhaseHook.run($0?.pointee.data) }
        case .noWait: uv_idle_start(handle.assumingMemoryBound(to: uv_idle_t.self)) { LoopPhaseHook.run($0?.pointee.data) }
        }
    }

    func stop() {
        guard isActive else { return }
        isActive = false
        switch phase {
        case .beforePoll: uv_prepare_stop(handle.assumingMemoryBound(to: uv_prepare_t.self))
        case .afterPoll: uv_check_stop(handle.assumingMemoryBound(to: uv_check_t.self))
        case .noWait: uv_idle_stop(handle.assumingMemoryBound(to: uv_idle_t.self))
        }
    }

    fileprivate static func run(_ data: UnsafeMutableRawPointer?) {
        owner(of: data, as: LoopPhaseHook.self)?.body()
    }

    func close() { closeOwnedHandle(handle.assumingMemoryBound(to: uv_handle_t.self)) }
}
