import CEpoll
import ChalklineProtocol
import Glibc

/// One TCP connection to a Chalkline server, speaking lines: the protocol is LF-terminated
/// UTF-8 both ways, so that is the only unit the rest of the client deals in.
///
/// Non-blocking on a `Reactor`: a bench opening thousands of connections must never stall on one.
/// Owned by the reactor's thread.
package final class LineConnection {
    package enum State { case connecting, open, closed }

    package let endpoint: Endpoint
    private unowned let reactor: Reactor
    private var fd: Int32 = -1
    package private(set) var state = State.connecting
    /// The shared framer: a line past its limit closes the connection instead of growing this
    /// process without bound.
    private var framer: LineFramer
    /// The default limit, far above the server's longest lines: the largest measured, a
    /// `/report` of 101 players over 150 rounds, is 2.02 MB (BENCHMARKS.md, issue 17).
    package static let maxLineBytes = 16 << 20
    private var output: [UInt8] = []
    private var outputStart = 0
    private var wantsWritable = false

    /// The TCP handshake finished: lines sent before this were queued and go out now.
    package var onOpen: () -> Void = {}
    /// Ask the kernel to stamp each arrival (SO_TIMESTAMPNS), so a measurement of when a line
    /// reached this machine does not include how long this process took to get round to it.
    package var wantsArrivalTimes = false
    /// The local address to connect from (`127.0.0.10`), or nil for the kernel's choice: the
    /// soak seats each room behind an address of its own, as a class behind its own NAT.
    package var localHost: String?
    /// The kernel's arrival time of the data just read (CLOCK_REALTIME, nanoseconds), or nil.
    package private(set) var arrivalTime: UInt64?
    /// One line from the server, without its LF.
    package var onLine: (String) -> Void = { _ in }
    /// One line as the bytes read, instead of `onLine`, for the bench's hot path (see `LineBytes`).
    package var onBytes: ((LineBytes) -> Void)?
    /// The connection ended; `reason` is nil when the server closed it cleanly.
    package var onClose: (_ reason: String?) -> Void = { _ in }

    package init(to endpoint: Endpoint, reactor: Reactor, maxLineBytes: Int = LineConnection.maxLineBytes) {
        self.endpoint = endpoint
        self.reactor = reactor
        framer = LineFramer(maxBytes: maxLineBytes)
    }

    /// Starts connecting. Errors that are known at once (no such host) are thrown; the rest
    /// arrive through `onClose`.
    package func connect() throws(ClientError) {
        let address = try Self.resolve(endpoint)
        fd = socket(Int32(address.family), Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ClientError("cannot open a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        if wantsArrivalTimes { setsockopt(fd, SOL_SOCKET, Self.soTimestampNS, &one, socklen_t(MemoryLayout<Int32>.size)) }
        if let localHost {
            let local = try Self.resolve(Endpoint(host: localHost, port: 0))
            let bound = local.storage.withUnsafeBytes { raw in
                bind(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), local.length)
            }
            if bound != 0 {
                let message = String(cString: strerror(errno))
                Glibc.close(fd)
                fd = -1
                throw ClientError("cannot connect from \(localHost): \(message)")
            }
        }
        let rc = address.storage.withUnsafeBytes { raw in
            Glibc.connect(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), address.length)
        }
        if rc != 0 && errno != EINPROGRESS {
            let message = String(cString: strerror(errno))
            Glibc.close(fd)
            fd = -1
            throw ClientError("cannot connect to \(endpoint): \(message)")
        }
        reactor.watch(fd, writable: true) { [unowned self] readable, writable, hangup in
            self.ready(readable: readable, writable: writable, hangup: hangup)
        }
        wantsWritable = true
    }

    /// Asks for JSON replies, queues `lines` behind that, and starts connecting: every part of
    /// the client speaks JSON and sends its opening lines before the handshake, so they go out
    /// the moment it finishes. An error known at once goes to `failed`; the rest, to `onClose`.
    package func connect(sendingJSON lines: [String], failed: (ClientError) -> Void) {
        send("/format json")
        for line in lines { send(line) }
        do { try connect() } catch { failed(error) }
    }

    package func send(_ line: String) {
        guard state != .closed else { return }
        output.append(contentsOf: line.utf8)
        output.append(0x0A)
        if state == .open && !wantsWritable { flush() }
    }

    /// Bytes as they are, line ends and all: the soak's misbehaving clients send what no
    /// well-behaved client would (bad UTF-8, telnet commands, endless lines).
    package func send(bytes: some Collection<UInt8>) {
        guard state != .closed else { return }
        output.append(contentsOf: bytes)
        if state == .open && !wantsWritable { flush() }
    }

    /// Closes from our side; `onClose` is not called for a close we asked for.
    package func close() {
        guard state != .closed else { return }
        state = .closed
        if fd >= 0 {
            reactor.unwatch(fd)
            Glibc.close(fd)
            fd = -1
        }
    }

    package var pendingOutput: Int { output.count - outputStart }

    private func ready(readable: Bool, writable: Bool, hangup: Bool) {
        if state == .connecting {
            guard writable || hangup else { return }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            if error != 0 { return fail("cannot connect to \(endpoint): \(String(cString: strerror(error)))") }
            state = .open
            onOpen()
            guard state == .open else { return }
            flush()
            if state == .open && pendingOutput == 0 { setWritable(false) }
        } else if writable && state == .open {
            flush()
        }
        if readable || hangup, state == .open { readAvailable() }
    }

    private func readAvailable() {
        while state == .open {
            let n = wantsArrivalTimes ? receiveStamped() : recv(fd, reactor.readBuffer, Reactor.readBufferSize, 0)
            if n > 0 {
                deliver(UnsafeRawBufferPointer(start: reactor.readBuffer, count: n))
                if n < Reactor.readBufferSize { return }
            } else if n == 0 {
                return fail(nil)
            } else {
                if errno == EAGAIN || errno == EWOULDBLOCK { return }
                if errno == EINTR { continue }
                return fail(String(cString: strerror(errno)))
            }
        }
    }

    /// SO_TIMESTAMPNS and SCM_TIMESTAMPNS on Linux (Glibc's macros do not reach Swift).
    private static let soTimestampNS: Int32 = 35

    /// `recv` through `recvmsg`, keeping the kernel's arrival stamp of the data read.
    private func receiveStamped() -> Int {
        var iov = iovec(iov_base: reactor.readBuffer, iov_len: Reactor.readBufferSize)
        return withUnsafeMutablePointer(to: &iov) { iovp in
            var message = msghdr()
            message.msg_iov = iovp
            message.msg_iovlen = 1
            message.msg_control = reactor.controlBuffer
            message.msg_controllen = 128
            let n = recvmsg(fd, &message, 0)
            arrivalTime = nil
            // One control message is all we ask for: {size_t len; int level; int type; timespec}.
            if n > 0, message.msg_controllen >= 32 {
                let level = reactor.controlBuffer.load(fromByteOffset: 8, as: Int32.self)
                let type = reactor.controlBuffer.load(fromByteOffset: 12, as: Int32.self)
                if level == SOL_SOCKET && type == Self.soTimestampNS {
                    let seconds = reactor.controlBuffer.load(fromByteOffset: 16, as: Int.self)
                    let nanoseconds = reactor.controlBuffer.load(fromByteOffset: 24, as: Int.self)
                    arrivalTime = UInt64(seconds) * 1_000_000_000 + UInt64(nanoseconds)
                }
            }
            return n
        }
    }

    private func deliver(_ bytes: UnsafeRawBufferPointer) {
        let maxLineBytes = framer.maxBytes
        framer.push(bytes) { line in
            guard state == .open else { return }
            switch line {
            case .bytes(let bytes): hand(bytes)
            case .tooLong: fail("the server sent a line over \(maxLineBytes) bytes")
            }
        }
    }

    /// One complete line, without its LF (and CR), to `onBytes` if set, else to `onLine`.
    private func hand(_ line: UnsafeRawBufferPointer) {
        if let onBytes {
            onBytes(LineBytes(bytes: line))
        } else {
            onLine(String(decoding: line, as: UTF8.self))
        }
    }

    private func flush() {
        while outputStart < output.count {
            let n = output.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress! + outputStart, output.count - outputStart, Int32(MSG_NOSIGNAL))
            }
            if n > 0 {
                outputStart += n
            } else if n < 0 && errno == EINTR {
                continue
            } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                setWritable(true)
                return
            } else {
                return fail(String(cString: strerror(errno)))
            }
        }
        output.removeAll(keepingCapacity: true)
        outputStart = 0
        setWritable(false)
    }

    private func setWritable(_ on: Bool) {
        guard on != wantsWritable, fd >= 0 else { return }
        wantsWritable = on
        reactor.setWritable(fd, on)
    }

    private func fail(_ reason: String?) {
        guard state != .closed else { return }
        close()
        onClose(reason)
    }

    private struct ResolvedAddress {
        var family: Int32
        var storage: [UInt8]
        var length: socklen_t
    }

    private static func resolve(_ endpoint: Endpoint) throws(ClientError) -> ResolvedAddress {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var result: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &result)
        guard rc == 0, let first = result else {
            throw ClientError("cannot find the server \(endpoint.host): \(String(cString: gai_strerror(rc)))")
        }
        defer { freeaddrinfo(result) }
        let bytes = Array(UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(first.pointee.ai_addrlen)))
        return ResolvedAddress(family: first.pointee.ai_family, storage: bytes, length: first.pointee.ai_addrlen)
    }

    /// True when the endpoint resolves to this machine only (127.0.0.0/8 or ::1): the bench
    /// refuses anything else, since a load generator must never be pointed at someone's network.
    package static func isLoopback(_ endpoint: Endpoint) -> Bool {
        guard let address = try? resolve(endpoint) else { return false }
        if address.family == AF_INET {
            return address.storage[4] == 127
        }
        if address.family == AF_INET6 {
            let ip = address.storage[8..<24]
            return ip.dropLast().allSatisfy { $0 == 0 } && ip.last == 1
        }
        return false
    }
}

package struct ClientError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
