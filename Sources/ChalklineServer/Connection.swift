import ChalklineCore
import CLibUV

/// One client socket: reads go to the core through the shell, writes go out in order with
/// `uv_try_write` first and `uv_write` for whatever the kernel would not take at once.
///
/// Owned by the loop thread and touched only there. The `uv_tcp_t`'s `data` holds a retained
/// reference to this object from accept until the handle's close callback.
final class Connection {
    enum State { case open, flushing, closed }

    let id: ConnectionID
    let handle: UnsafeMutablePointer<uv_tcp_t>
    unowned let shell: ServerShell
    private(set) var peer = "?"
    private(set) var state = State.open
    /// Bytes handed to `uv_write` and not yet confirmed written: the client is that far behind.
    private(set) var queuedBytes = 0

    init(id: ConnectionID, loop: UnsafeMutablePointer<uv_loop_t>, shell: ServerShell) {
        self.id = id
        self.shell = shell
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
            } else if nread < 0 {
                connection.shell.drop(connection, reason: nread == Int(UV_EOF.rawValue) ? nil : uvMessage(Int32(nread)))
            }
        })
        if rc < 0 { shell.drop(self, reason: uvMessage(rc)) }
    }

    /// Sends `payload`, sharing its bytes with every other recipient of the same event.
    func send(_ payload: Payload) {
        guard state == .open, payload.count > 0 else { return }
        var offset = 0
        if queuedBytes == 0 {
            var buf = uv_buf_init(payload.pointer.assumingMemoryBound(to: CChar.self), UInt32(payload.count))
            let written = uv_try_write(asStream(handle), &buf, 1)
            if written == Int32(payload.count) { return }
            if written > 0 {
                offset = Int(written)
            } else if written != UV_EAGAIN.rawValue {
                shell.drop(self, reason: uvMessage(written))
                return
            }
        }
        queue(payload, from: offset)
    }

    /// The rest goes through `uv_write`, which keeps the order; the request holds the payload
    /// alive until libuv is done with its bytes.
    private func queue(_ payload: Payload, from offset: Int) {
        let remainder = payload.count - offset
        // A client that stops reading must not grow our memory without bound (Redis's output
        // buffer limit): past the cap it is cut off, and nobody else waits for it.
        if queuedBytes + remainder > shell.options.maxQueuedBytes {
            shell.logger.warning("client too slow, disconnecting",
                                 metadata: ["id": "\(id)", "peer": "\(peer)", "queued-bytes": "\(queuedBytes + remainder)"])
            shell.drop(self, reason: nil)
            return
        }
        let pending = PendingWrite(payload: payload, count: remainder)
        let request = UnsafeMutablePointer<uv_write_t>.allocate(capacity: 1)
        request.pointee.data = Unmanaged.passRetained(pending).toOpaque()
        var buf = uv_buf_init((payload.pointer + offset).assumingMemoryBound(to: CChar.self), UInt32(remainder))
        queuedBytes += remainder
        let rc = uv_write(request, asStream(handle), &buf, 1) { request, status in
            guard let request else { return }
            let pending = Unmanaged<PendingWrite>.fromOpaque(request.pointee.data).takeRetainedValue()
            let stream = request.pointee.handle
            request.deallocate()
            guard let connection = owner(of: stream?.pointee.data, as: Connection.self) else { return }
            connection.queuedBytes -= pending.count
            if status < 0 && status != UV_ECANCELED.rawValue {
                connection.shell.drop(connection, reason: uvMessage(status))
            }
        }
        if rc < 0 {
            queuedBytes -= remainder
            Unmanaged<PendingWrite>.fromOpaque(request.pointee.data).release()
            request.deallocate()
            shell.drop(self, reason: uvMessage(rc))
        }
    }

    /// Stops reading, lets queued output drain (`uv_shutdown` waits for it), then closes.
    func closeAfterFlush() {
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
        closeOwnedHandle(handle)
    }
}

/// The part of a payload still owed to one connection's socket.
private final class PendingWrite {
    let payload: Payload
    let count: Int
    init(payload: Payload, count: Int) {
        self.payload = payload
        self.count = count
    }
}
