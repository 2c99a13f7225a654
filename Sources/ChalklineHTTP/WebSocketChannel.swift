import CWslay

/// One connection's WebSocket after the upgrade: wslay reads the client's frames (unmasking,
/// fragments, pings, the closing handshake, UTF-8 and size checks) and queues the control
/// frames it answers with; the protocol's lines come out of `receive` for the core.
///
/// A wslay context holds a 4 KB read buffer, more than a whole seated TCP player costs, so it
/// exists only while there is something in it: made when bytes arrive and freed again once
/// every byte received so far belonged to a whole frame and nothing is owed back. A class of
/// mostly quiet browsers then costs about what a class on netcat does.
///
/// Pure (bytes in, lines and bytes out), so the fuzz target drives it as the shell does. Owned
/// by the loop thread and touched only there.
public final class WebSocketChannel {
    /// What `receive` found, in the order it came.
    public struct Received {
        /// The protocol lines to run, each ending in `\n` (a ping is an empty line, so that
        /// flood control counts it like any other message).
        public var lines: [UInt8] = []
        /// A close frame to send, then close: the client broke the protocol, or closed itself.
        public var closing = false
    }

    private var context: wslay_event_context_ptr?
    private let maxMessageBytes: Int
    /// Raw bytes for the socket (control frames), handed over as wslay produces them.
    private let write: ([UInt8]) -> Void

    /// The bytes `receive` is handing to wslay, and how far wslay has read into them.
    private var input: UnsafeRawBufferPointer?
    private var inputOffset = 0
    private var received = Received()
    /// Bytes fed to the current context, and bytes of the whole frames it has read; equal means
    /// nothing of a frame is left inside it.
    private var bytesFed: UInt64 = 0
    private var bytesFramed: UInt64 = 0
    private var framePayload: UInt64 = 0
    /// A fragmented message has begun and not finished.
    private var midMessage = false
    /// A close frame was queued or sent: the context is kept until the connection goes.
    public private(set) var closeStarted = false

    public init(maxMessageBytes: Int, write: @escaping ([UInt8]) -> Void) {
        self.maxMessageBytes = maxMessageBytes
        self.write = write
    }

    deinit { freeContext() }

    /// Reads `bytes` from the socket.
    public func receive(_ bytes: UnsafeRawBufferPointer) -> Received {
        let context = ensureContext()
        received = Received()
        input = bytes
        inputOffset = 0
        bytesFed += UInt64(bytes.count)
        let rc = wslay_event_recv(context)
        input = nil
        if rc != 0 {
            // A frame wslay cannot parse at all (a length with its top bit set, say): it queues a
            // close with no status, so the client is told 1002 here instead, and nothing else.
            write(WebSocketFrames.close(code: 1002, reason: "Malformed frame."))
            received.closing = true
        } else {
            if wslay_event_get_read_enabled(context) == 0 { received.closing = true }
            sendQueued()
        }
        let result = received
        received = Received()
        if result.closing { closeStarted = true }
        releaseIfIdle()
        return result
    }

    /// Starts the closing handshake from the server's side (a kick, a flood, shutdown):
    /// queues a close frame with `code` and `reason` and writes it.
    public func close(code: UInt16, reason: String) {
        guard !closeStarted else { return }
        closeStarted = true
        let context = ensureContext()
        var reasonBytes = Array(reason.utf8.prefix(123))
        _ = reasonBytes.withUnsafeMutableBufferPointer { wslay_event_queue_close(context, code, $0.baseAddress, $0.count) }
        sendQueued()
    }

    /// A message the protocol does not take (binary, or more than one line): close with why.
    private func refuse(code: UInt16, _ reason: String) {
        guard let context else { return }
        var reasonBytes = Array(reason.utf8)
        _ = reasonBytes.withUnsafeMutableBufferPointer { wslay_event_queue_close(context, code, $0.baseAddress, $0.count) }
        wslay_event_shutdown_read(context)
        received.closing = true
    }

    private func sendQueued() {
        guard let context else { return }
        _ = wslay_event_send(context)
    }

    private func ensureContext() -> wslay_event_context_ptr {
        if let context { return context }
        var callbacks = wslay_event_callbacks(
            recv_callback: { _, buffer, length, _, user in
                let me = Unmanaged<WebSocketChannel>.fromOpaque(user!).takeUnretainedValue()
                return me.read(into: buffer!, length)
            },
            send_callback: { _, data, length, _, user in
                let me = Unmanaged<WebSocketChannel>.fromOpaque(user!).takeUnretainedValue()
                me.write(Array(UnsafeBufferPointer(start: data, count: length)))
                return length
            },
            genmask_callback: nil,
            on_frame_recv_start_callback: { _, arg, user in
                let me = Unmanaged<WebSocketChannel>.fromOpaque(user!).takeUnretainedValue()
                me.framePayload = arg!.pointee.payload_length
                if arg!.pointee.opcode == 0x1 || arg!.pointee.opcode == 0x2 || arg!.pointee.opcode == 0x0 {
                    me.midMessage = arg!.pointee.fin == 0
                }
            },
            on_frame_recv_chunk_callback: nil,
            on_frame_recv_end_callback: { _, user in
                let me = Unmanaged<WebSocketChannel>.fromOpaque(user!).takeUnretainedValue()
                me.bytesFramed += WebSocketFrames.clientFrameSize(payload: me.framePayload)
            },
            on_msg_recv_callback: { _, arg, user in
                let me = Unmanaged<WebSocketChannel>.fromOpaque(user!).takeUnretainedValue()
                me.message(arg!.pointee)
            })
        var made: wslay_event_context_ptr?
        wslay_event_context_server_init(&made, &callbacks, Unmanaged.passUnretained(self).toOpaque())
        guard let made else { fatalError("wslay: out of memory") }
        // A line and its terminator; longer is refused with 1009 by wslay itself.
        wslay_event_config_set_max_recv_msg_length(made, UInt64(maxMessageBytes))
        context = made
        bytesFed = 0
        bytesFramed = 0
        return made
    }

    private func releaseIfIdle() {
        guard let context, !closeStarted, !midMessage, bytesFed == bytesFramed,
              wslay_event_want_write(context) == 0 else { return }
        freeContext()
    }

    private func freeContext() {
        if let context { wslay_event_context_free(context) }
        context = nil
    }

    private func read(into buffer: UnsafeMutablePointer<UInt8>, _ length: Int) -> Int {
        guard let input, inputOffset < input.count else {
            if let context { wslay_event_set_error(context, WSLAY_ERR_WOULDBLOCK.rawValue) }
            return -1
        }
        let count = min(length, input.count - inputOffset)
        UnsafeMutableRawPointer(buffer).copyMemory(from: input.baseAddress! + inputOffset, byteCount: count)
        inputOffset += count
        return count
    }

    private func message(_ arg: wslay_event_on_msg_recv_arg) {
        switch arg.opcode {
        case 0x1:
            var bytes = UnsafeBufferPointer(start: arg.msg, count: arg.msg_length)
            // One trailing newline (a bot that writes lines as it would to a socket) is forgiven.
            if bytes.last == UInt8(ascii: "\n") { bytes = UnsafeBufferPointer(rebasing: bytes.dropLast()) }
            if bytes.last == UInt8(ascii: "\r") { bytes = UnsafeBufferPointer(rebasing: bytes.dropLast()) }
            if bytes.contains(UInt8(ascii: "\n")) || bytes.contains(UInt8(ascii: "\r")) {
                refuse(code: 1007, "One protocol line a message.")
                return
            }
            received.lines.append(contentsOf: bytes)
            received.lines.append(UInt8(ascii: "\n"))
        case 0x2:
            refuse(code: 1003, "Text messages only: one protocol line each.")
        case 0x9:
            received.lines.append(UInt8(ascii: "\n"))
        default:
            break  // close is answered by wslay; a pong needs nothing
        }
    }
}
