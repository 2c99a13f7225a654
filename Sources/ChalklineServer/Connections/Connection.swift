import ChalklineCore
import ChalklineHTTP
import CLibUV

/// One client socket: reads go to the core through the shell; writes are gathered for the
/// iteration and go out in order with `uv_try_write` first and `uv_write` for whatever the
/// kernel would not take at once.
///
/// Owned by the loop thread and touched only there. The `uv_tcp_t`'s `data` holds a retained
/// reference to this object from accept until the handle's close callback.
///
/// The properties every sent line touches are not checked for exclusive access at run time
/// (`@exclusivity(unchecked)`): they are only ever accessed here, on the loop thread, with no
/// call out of the access that could reach them again; the checks were a large part of an
/// answer's cost (BENCHMARKS.md, "Instructions per judged answer").
final class Connection {
    enum State { case open, flushing, closed }
    /// What the connection speaks. With the web on, a new connection is `sniffing` until its
    /// first line (or `Limits.silentWelcomeMs` of silence) tells; without it, `line` from the
    /// start. An `http` connection stays `http` between kept-alive requests.
    enum Transport { case sniffing, http, line, webSocket }

    let id: ConnectionID
    let handle: UnsafeMutablePointer<uv_tcp_t>
    unowned let shell: ServerShell
    private(set) var peer = "?"
    /// Bytes handed to `uv_write` and not yet confirmed written: the client is that far behind.
    @exclusivity(unchecked) private(set) var queuedBytes = 0
    /// Bytes of replies this client asked for (a report) still on their way: a reply asked for
    /// is never why a client is cut off, so they are added to its allowance until its output
    /// has drained.
    @exclusivity(unchecked) private var askedBytes = 0
    /// The shell's output cap, read once: `send` runs once per recipient of every event.
    private let maxQueuedBytes: Int
    // The one-byte fields sit together: Swift lays a class's fields out in the order written,
    // and each apart took a word (BENCHMARKS.md, bytes per seated connection).
    @exclusivity(unchecked) private(set) var state = State.open
    /// The client has finished sending (EOF, as `nc -N` does): its commands are answered, then
    /// the connection closes.
    private(set) var inputEnded = false
    var transport = Transport.line
    /// Counted in `UnannouncedConnections` (under its peer's address) until the core takes it.
    var unannounced = false
    /// Not read while its held requests wait for another turn (`HTTPBacklog`).
    private(set) var readPaused = false
    /// Bytes held while sniffing or reading an HTTP request head (empty otherwise).
    var pendingInput: [UInt8] = []
    /// When the connection became ready for its next HTTP request (accepted, or its last
    /// kept-alive answer sent: the idle limit counts from here), or when that request's first
    /// byte came (its head timeout counts from there).
    var waitingSince: Millis = 0
    /// The WebSocket after an upgrade.
    var webSocket: WebSocketChannel?

    init(id: ConnectionID, loop: UnsafeMutablePointer<uv_loop_t>, shell: ServerShell) {
        self.id = id
        self.shell = shell
        maxQueuedBytes = shell.options.maxQueuedBytes
        output = shell.output
        handle = .allocate(capacity: 1)
        uv_tcp_init(loop, handle)
        handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
    }

    /// Takes the pending connection from `server`; false if it was gone already.
    func accept(from server: UnsafeMutablePointer<uv_tcp_t>) -> Bool {
        guard uv_accept(asStream(server), asStream(handle)) == 0 else { return false }
        uv_tcp_nodelay(handle, 1)
        // Half-open connections (a laptop lid closed mid-game) are found by the kernel.
        uv_tcp_keepalive(handle, 1, 60)
        peer = SocketAddress.of(handle, peer: true)?.host ?? "?"
        return true
    }

    func pauseReading() {
        readPaused = true
        uv_read_stop(asStream(handle))
    }

    func resumeReading() {
        guard readPaused, state == .open else { return }
        readPaused = false
        startReading()
    }

    func startReading() {
        let rc = uv_read_start(asStream(handle), { handle, suggested, buf in
            guard let handle, let buf, let connection = owner(of: handle.pointee.data, as: Connection.self) else { return }
            // One buffer serves every connection: libuv calls read right after alloc, on this thread.
            let shell = connection.shell
            buf.pointee = uv_buf_init(shell.readBuffer.assumingMemoryBound(to: CChar.self), UInt32(shell.readBufferSize))
        }, { stream, nread, buf in
            guard let stream, let connection = owner(of: stream.pointee.data, as: Connection.self) else { return }
            if nread > 0, let base = buf?.pointee.base {
                connection.shell.received(UnsafeRawBufferPointer(start: base, count: nread), on: connection)
            } else if nread == Int(UV_EOF.rawValue) {
                connection.inputEnded = true
                connection.shell.inputEnded(connection)
            } else if nread < 0 {
                connection.shell.drop(connection, reason: uvMessage(Int32(nread)))
            }
        })
        if rc < 0 { shell.drop(self, reason: uvMessage(rc)) }
    }

    /// Queues `payload` (shared with every other recipient of the same event) for the flush
    /// that runs once per loop iteration, just before libuv waits for I/O: all that one
    /// iteration produced for this client then leaves in one `writev`, however many events
    /// (Redis writes its clients' buffers in `beforeSleep` for the same reason).
    func send(_ payload: Payload, asked: Bool = false) {
        guard state == .open, payload.count > 0 else { return }
        if webSocket != nil {
            sendRaw(output.webSocketFrames(of: payload), asked: asked)
        } else {
            sendRaw(payload, asked: asked)
        }
    }

    /// Queues bytes exactly as they are (an HTTP response, a frame wslay wrote, a line).
    func sendRaw(_ payload: Payload, asked: Bool = false) {
        guard state == .open, payload.count > 0 else { return }
        if asked { askedBytes += payload.count }
        // A client that stops reading must not grow our memory without bound (Redis's output
        // buffer limit): past the cap it is cut off, and nobody else waits for it. It is judged
        // by what it has not taken after a write was tried: a burst gathered in one loop turn
        // is written out first, so a client reading as fast as it can is never cut off for it.
        let cap = maxQueuedBytes + askedBytes
        if queuedBytes + unflushedBytes + payload.count > cap {
            flush()
            guard state == .open else { return }
            if queuedBytes + payload.count > cap {
                shell.logger.warning("client too slow, disconnecting",
                                     metadata: ["id": "\(id)", "peer": "\(peer)",
                                                "queued-bytes": "\(queuedBytes + payload.count)"])
                shell.drop(self, reason: nil)
                return
            }
        }
        if unflushed.isEmpty { unflushed = output.start(self) }
        unflushed.append(payload)
        unflushedBytes += payload.count
    }

    /// Bytes have arrived that libuv has not read yet (a peek, which takes nothing).
    var hasUnreadInput: Bool {
        var fd: uv_os_fd_t = -1
        guard uv_fileno(asHandle(handle), &fd) == 0 else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) > 0
    }

    /// Output not yet taken by the kernel: this iteration's, or an earlier write's.
    var hasPendingOutput: Bool { !unflushed.isEmpty || queuedBytes > 0 }

    /// Payloads sent this iteration and not yet handed to the kernel, in an array lent by `output`.
    @exclusivity(unchecked) private var unflushed: [Payload] = []
    private let output: OutputQueue
    @exclusivity(unchecked) private var unflushedBytes = 0

    /// Writes what this iteration produced: `uv_try_write` with every payload at once, and
    /// `uv_write` (which keeps the order behind earlier queued writes) for what the kernel did
    /// not take. The write request retains the payloads until libuv is done with their bytes.
    func flush() {
        guard state != .closed, !unflushed.isEmpty else { return }
        unflushedBytes = 0
        output.buffers.removeAll(keepingCapacity: true)
        for payload in unflushed {
            output.buffers.append(uv_buf_init(payload.pointer.assumingMemoryBound(to: CChar.self), UInt32(payload.count)))
        }
        var first = 0
        if queuedBytes == 0 {
            let count = UInt32(output.buffers.count)
            let written = output.buffers.withUnsafeBufferPointer { uv_try_write(asStream(handle), $0.baseAddress, count) }
            if written < 0 && written != UV_EAGAIN.rawValue {
                output.recycle(&unflushed)
                shell.drop(self, reason: uvMessage(written))
                return
            }
            var left = Int(max(written, 0))
            while first < output.buffers.count && left >= Int(output.buffers[first].len) {
                left -= Int(output.buffers[first].len)
                first += 1
            }
            if first == output.buffers.count {
                output.recycle(&unflushed)
                askedBytes = 0
                return
            }
            output.buffers[first].base += left
            output.buffers[first].len -= left
        }
        let bufs = Array(output.buffers[first...])
        let remainder = bufs.reduce(0) { $0 + Int($1.len) }
        let pending = PendingWrite(payloads: Array(unflushed[first...]), count: remainder)
        output.recycle(&unflushed)
        let request = UnsafeMutablePointer<uv_write_t>.allocate(capacity: 1)
        request.pointee.data = Unmanaged.passRetained(pending).toOpaque()
        queuedBytes += remainder
        let rc = bufs.withUnsafeBufferPointer { rest in
            uv_write(request, asStream(handle), rest.baseAddress, UInt32(rest.count)) { request, status in
                guard let request else { return }
                let pending = Unmanaged<PendingWrite>.fromOpaque(request.pointee.data).takeRetainedValue()
                let stream = request.pointee.handle
                request.deallocate()
                guard let connection = owner(of: stream?.pointee.data, as: Connection.self) else { return }
                connection.queuedBytes -= pending.count
                if connection.queuedBytes == 0 { connection.askedBytes = 0 }
                if status < 0 && status != UV_ECANCELED.rawValue {
                    connection.shell.drop(connection, reason: uvMessage(status))
                }
            }
        }
        if rc < 0 {
            queuedBytes -= remainder
            Unmanaged<PendingWrite>.fromOpaque(request.pointee.data).release()
            request.deallocate()
            shell.drop(self, reason: uvMessage(rc))
        }
    }

    /// Stops reading, lets queued output drain (`uv_shutdown` waits for it), then closes. A
    /// WebSocket first sends its close frame with `code` and `reason` (RFC 6455 section 7.4).
    func closeAfterFlush(code: UInt16 = 1000, reason: String = "") {
        guard state == .open else { return }
        webSocket?.close(code: code, reason: reason)
        flush()
        guard state == .open else { return }
        state = .flushing
        uv_read_stop(asStream(handle))
        let request = UnsafeMutablePointer<uv_shutdown_t>.allocate(capacity: 1)
        let rc = uv_shutdown(request, asStream(handle)) { request, _ in
            guard let request else { return }
            let stream = request.pointee.handle
            request.deallocate()
            if let connection = owner(of: stream?.pointee.data, as: Connection.self) {
                connection.shell.drop(connection, reason: nil)
            }
        }
        if rc < 0 {
            request.deallocate()
            shell.drop(self, reason: nil)
        }
    }

    /// Closes the handle now; pending writes are cancelled and their payloads released.
    func close() {
        guard state != .closed else { return }
        state = .closed
        unflushed = []
        unflushedBytes = 0
        closeOwnedHandle(handle)
    }
}

/// What one `uv_write` still owes a connection's socket: the payloads stay alive until its callback.
private final class PendingWrite {
    let payloads: [Payload]
    let count: Int
    init(payloads: [Payload], count: Int) {
        self.payloads = payloads
        self.count = count
    }
}
