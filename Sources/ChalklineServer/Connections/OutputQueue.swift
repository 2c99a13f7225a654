import ChalklineCore
import ChalklineHTTP
import CLibUV

/// The connections with output this loop iteration, and the arrays they gather it in.
///
/// Each connection collects an iteration's payloads in an array of its own, so its writes read
/// one contiguous list. Those arrays were allocated and freed every iteration a connection got
/// anything: one array per recipient of every broadcast. A flushed connection now hands its
/// emptied array back here and the next connection with output takes it, capacity and all. The
/// pool is bounded (`keptArrays` of at most `keptCapacity` payloads), so 10,000 idle connections
/// hold no arrays and a `/say` storm's big arrays are let go.
///
/// Owned by the loop thread. Its properties are not checked for exclusive access at run time
/// (`@exclusivity(unchecked)`), as `Connection`'s are not: nothing here calls out while holding one.
final class OutputQueue {
    static let keptArrays = 256
    static let keptCapacity = 32

    /// Connections with output this iteration, in the order of their first.
    @exclusivity(unchecked) private var pending: [Connection] = []
    @exclusivity(unchecked) private var flushing: [Connection] = []
    @exclusivity(unchecked) private var isFlushing = false
    @exclusivity(unchecked) private var spare: [[Payload]] = []
    /// A connection's buffers while it is written (libuv copies them into a write request).
    @exclusivity(unchecked) var buffers: [uv_buf_t] = []

    /// The last payload framed for a WebSocket, and its frames: an event goes to its recipients
    /// one after another, so the first browser among them frames it and every other shares
    /// those bytes (one event is framed once, however many browsers hear it). Let go at the
    /// end of the iteration.
    @exclusivity(unchecked) private var lastFramed: (payload: Payload, frames: Payload)?

    /// `payload` as WebSocket text frames.
    func webSocketFrames(of payload: Payload) -> Payload {
        if let lastFramed, lastFramed.payload === payload { return lastFramed.frames }
        let frames = Payload(WebSocketFrames.textFrames(UnsafeRawBufferPointer(start: payload.pointer, count: payload.count)))
        lastFramed = (payload, frames)
        return frames
    }

    /// An empty array to gather `connection`'s output in, which is now pending.
    func start(_ connection: Connection) -> [Payload] {
        pending.append(connection)
        return spare.popLast() ?? []
    }

    /// Takes back a flushed connection's array (releasing its payloads), leaving it empty.
    func recycle(_ array: inout [Payload]) {
        array.removeAll(keepingCapacity: true)
        if spare.count < Self.keptArrays && array.capacity <= Self.keptCapacity {
            spare.append(array)
        }
        array = []
    }

    /// Writes every pending connection's output (a write that fails can drop a connection and
    /// make others pending: they are written too).
    func flushAll() {
        // The last drop of a shutdown flushes again: that inner call leaves the work to this one.
        guard !isFlushing else { return }
        lastFramed = nil
        isFlushing = true
        defer { isFlushing = false }
        while !pending.isEmpty {
            swap(&pending, &flushing)
            for connection in flushing { connection.flush() }
            flushing.removeAll(keepingCapacity: true)
        }
    }
}
