import Foundation

/// A TCP relay between a client and the test server that a test can cut, the way a Wi-Fi
/// drop cuts a student's connection while the server stays up.
final class CuttableProxy: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let target: UInt16
    private let lock = NSLock()
    private var pairs: [(Int32, Int32)] = []
    private var stopped = false

    init(to target: UInt16) throws {
        self.target = target
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p in
                bind(fd, p, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, p, &length) == 0
            }
        }
        guard bound else { close(fd); throw TestFailure("proxy could not listen") }
        listener = fd
        port = UInt16(bigEndian: addr.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Drops every relayed connection at once; new ones are still accepted.
    func cut() {
        // Under the lock: a pump that ends meanwhile closes its descriptors only after this.
        lock.lock()
        defer { lock.unlock() }
        for (a, b) in pairs {
            shutdown(a, Int32(SHUT_RDWR))
            shutdown(b, Int32(SHUT_RDWR))
        }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 { return }
            let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = target.bigEndian
            inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr)
            let rc = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard rc == 0 else { close(client); close(upstream); continue }
            lock.lock()
            pairs.append((client, upstream))
            lock.unlock()
            Thread.detachNewThread { [self] in
                Self.pump(client, upstream)
                // Forget the pair before its descriptors are closed: a later cut() must not shut
                // down numbers the process has since reused for other sockets (a test's client).
                lock.lock()
                pairs.removeAll { $0 == (client, upstream) }
                lock.unlock()
                close(client)
                close(upstream)
            }
        }
    }

    /// Copies both ways until either side ends (the caller closes both).
    private static func pump(_ a: Int32, _ b: Int32) {
        var fds = [pollfd(fd: a, events: Int16(POLLIN), revents: 0), pollfd(fd: b, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65536)
        loop: while true {
            guard poll(&fds, 2, 1000) >= 0 else { break }
            for (i, pfd) in fds.enumerated() where pfd.revents != 0 {
                let n = read(pfd.fd, &buffer, buffer.count)
                if n <= 0 { break loop }
                let other = i == 0 ? b : a
                var sent = 0
                while sent < n {
                    let m = buffer[sent..<n].withUnsafeBytes { send(other, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    if m <= 0 { break loop }
                    sent += m
                }
            }
        }
    }

    deinit {
        cut()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
