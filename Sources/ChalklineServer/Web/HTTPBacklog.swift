import ChalklineCore
import CLibUV

/// Kept-alive connections holding more whole pipelined requests than one turn answers
/// (`Limits.httpRequestsPerTurn`): each gets another turn once per loop iteration, after the
/// others' reads and the game's timers had theirs, so one connection's 64 KB of requests cannot
/// hold the loop (Redis gives each client a budget per event for the same reason). A connection
/// here is not read until its backlog is answered, so what it holds stays bounded.
///
/// Owned by the loop thread and touched only there.
final class HTTPBacklog {
    private var waiting: [ConnectionID] = []
    private var hook: LoopPhaseHook?

    /// `serve` answers one more turn of a connection's held requests (and calls `add` again if
    /// some are still left).
    init(loop: UnsafeMutablePointer<uv_loop_t>, serve: @escaping (ConnectionID) -> Void) {
        // An idle handle: while one is waiting, libuv polls without waiting, so the next turn
        // comes in the next iteration, not after the next unrelated event.
        hook = LoopPhaseHook(loop: loop, phase: .noWait, start: false) { [unowned self] in
            let turn = waiting
            waiting = []
            for id in turn { serve(id) }
            if waiting.isEmpty { hook?.stop() }
        }
    }

    func add(_ id: ConnectionID) {
        waiting.append(id)
        hook?.start()
    }

    func close() {
        hook?.close()
        hook = nil
    }
}
