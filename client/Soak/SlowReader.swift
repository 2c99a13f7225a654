import CEpoll
import Glibc

/// A watcher that asks for long replies (`/who` of a full room) within the rate limit and never
/// reads: its output piles up until the server cuts it off over `--max-queued-bytes`, without
/// slowing the room. A plain socket off the reactor, since a reactor would read it.
///
/// Owned by the reactor's thread.
package final class SlowReader {
    private let endpoint: Endpoint
    private let room: String
    private unowned let reactor: Reactor
    private let tally: SoakTally
    private var fd: Int32 = -1
    private var stopped = false

    package init(endpoint: Endpoint, room: String, reactor: Reactor, tally: SoakTally) {
        self.endpoint = endpoint
        self.room = room
        self.reactor = reactor
        self.tally = tally
    }

    package func start() {
        guard !stopped else { return }
        fd = Self.connect(endpoint)
        guard fd >= 0, write("/watch \(room)\n") else { return cutOff() }
        tick()
    }

    private func tick() {
        guard !stopped, fd >= 0 else { return }
        guard write(String(repeating: "/who\n", count: 18)) else { return cutOff() }
        reactor.after(1) { [unowned self] in tick() }
    }

    /// False when the server has closed the connection; a full send buffer is not an error.
    private func write(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
        return n >= 0 || errno == EAGAIN || errno == EWOULDBLOCK
    }

    private func cutOff() {
        if fd >= 0 { close(fd) }
        fd = -1
        guard !stopped else { return }
        tally.slowReadersCut += 1
        reactor.after(0.2) { [unowned self] in start() }
    }

    package func stop() {
        stopped = true
        if fd >= 0 { close(fd) }
        fd = -1
    }

    /// A blocking loopback connect with a 4 KiB receive buffer, from the soak's bad address.
    private static func connect(_ endpoint: Endpoint) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var size: Int32 = 4096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var local = sockaddr_in(), remote = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(SoakSettings.badHost)
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_addr.s_addr = inet_addr(endpoint.host)
        remote.sin_port = endpoint.port.bigEndian
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafePointer(to: &local) { l in
            withUnsafePointer(to: &remote) { r in
                l.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } == 0
                    && r.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, length) } == 0
            }
        }
        if !ok { close(fd); return -1 }
        return fd
    }
}
