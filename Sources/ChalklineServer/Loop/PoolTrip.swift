import CLibUV

/// One trip off the loop and back: `run` on one of libuv's pool threads (`uv_queue_work`), so
/// the loop never waits on disk or a database, then `back` on the loop thread, where the loop's
/// own state may be touched again. The storage queue's writes and the read line's reports both
/// travel this way; spelled once, the request's memory and the trip's retain count are handled in
/// one place.
///
/// Made on the loop thread; `run` alone executes on a pool thread and `back` on the loop thread
/// after it, ordered by libuv, so the two closures never run at once and need not be `Sendable`
/// (`back` captures loop-thread objects). Hence `@unchecked Sendable`.
final class PoolTrip: @unchecked Sendable {
    private let run: () -> Void
    private let back: () -> Void

    private init(run: @escaping () -> Void, back: @escaping () -> Void) {
        self.run = run
        self.back = back
    }

    /// Sends `run` to the pool; `back` follows on the loop thread. Called on the loop thread.
    /// The request holds the trip's one retain until the after-callback takes it back.
    static func start(on loop: UnsafeMutablePointer<uv_loop_t>, run: @escaping () -> Void, back: @escaping () -> Void) {
        let trip = PoolTrip(run: run, back: back)
        let request = UnsafeMutablePointer<uv_work_t>.allocate(capacity: 1)
        request.pointee.data = Unmanaged.passRetained(trip).toOpaque()
        let status = uv_queue_work(loop, request, { request in
            guard let request, let trip = owner(of: request.pointee.data, as: PoolTrip.self) else { return }
            trip.run()
        }, { request, _ in
            guard let request, let data = request.pointee.data else { return }
            let trip = Unmanaged<PoolTrip>.fromOpaque(data).takeRetainedValue()
            request.deallocate()
            trip.back()
        })
        if status != 0 {
            // Cannot happen with a live loop; run it here rather than lose the work (records unwritten,
            // a report never answered).
            Unmanaged<PoolTrip>.fromOpaque(request.pointee.data!).release()
            request.deallocate()
            trip.run()
            trip.back()
        }
    }
}
