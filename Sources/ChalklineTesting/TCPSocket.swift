import Foundation

/// A blocking TCP socket to the live server, closed when released; reading is `LineReader`'s.
public final class TCPSocket {
    public let fd: Int32

    /// Connects over IPv4 or IPv6 (a host with a colon); `receiveBuffer` shrinks the socket's
    /// receive buffer, for tests of clients that read slowly. `source` (IPv4) is the address to
    /// connect from: every 127.x.y.z is this machine, so one test can be two clients' addresses.
    public init(port: UInt16, host: String = "127.0.0.1", receiveBuffer: Int32? = nil, source: String? = nil) throws {
        let ipv6 = host.contains(":")
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket failed") }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source, !ipv6 {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, source, &local.sin_addr)
            let bound = withUnsafePointer(to: local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { close(fd); throw TestFailure("bind to \(source) failed: \(errno)") }
        }
        let rc: Int32
        if ipv6 {
            var addr = sockaddr_in6()
            addr.sin6_family = sa_family_t(AF_INET6)
            addr.sin6_port = port.bigEndian
            inet_pton(AF_INET6, host, &addr.sin6_addr)
            rc = Self.connect(fd, to: addr)
        } else {
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = port.bigEndian
            inet_pton(AF_INET, host, &addr.sin_addr)
            rc = Self.connect(fd, to: addr)
        }
        guard rc == 0 else { close(fd); throw TestFailure("connect failed: \(errno)") }
        self.fd = fd
    }

    /// `connect(2)` to a `sockaddr_in` or `sockaddr_in6`, passed with its own size.
    private static func connect<Address>(_ fd: Int32, to address: Address) -> Int32 {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
    }

    deinit { close(fd) }

    public func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw TestFailure("send failed: \(errno)") }
            sent += n
        }
    }

    /// Closes the sending side only, as `nc -N` does after its last line: replies still arrive.
    public func finishSending() { shutdown(fd, Int32(SHUT_WR)) }

    /// Drops the connection the way a closed laptop lid does.
    public func disconnect() { shutdown(fd, Int32(SHUT_RDWR)) }
}
