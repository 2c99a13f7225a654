import Foundation
import Testing

/// One player over real TCP: sends lines, and waits (with a deadline) for the line it expects.
final class TestClient: JSONTestClient {
    let fd: Int32
    private let reader: LineReader
    /// Every line received, in order, for assertions about order.
    private(set) var received: [String] = []

    /// Connects over IPv4 or IPv6 (a host with a colon); `receiveBuffer` shrinks the socket's
    /// receive buffer, for tests of clients that read slowly.
    init(port: UInt16, host: String = "127.0.0.1", receiveBuffer: Int32? = nil) throws {
        let ipv6 = host.contains(":")
        let fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket failed") }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
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
        reader = LineReader(fd: fd)
    }

    /// `connect(2)` to a `sockaddr_in` or `sockaddr_in6`, passed with its own size.
    private static func connect<Address>(_ fd: Int32, to address: Address) -> Int32 {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
    }

    deinit { close(fd) }

    func send(_ line: String) throws {
        try sendRaw(Array((line + "\n").utf8))
    }

    /// Closes the sending side only, as `nc -N` does after its last line: replies still arrive.
    func finishSending() { shutdown(fd, Int32(SHUT_WR)) }

    func sendRaw(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw TestFailure("send failed: \(errno)") }
            sent += n
        }
    }

    /// Half-closes nothing: drops the connection the way a closed laptop lid does.
    func disconnect() { shutdown(fd, Int32(SHUT_RDWR)) }

    func line(timeout: Double = 5) throws -> String {
        guard let line = try reader.readLine(deadline: Date().addingTimeInterval(timeout)) else {
            throw TestFailure("connection closed; received so far: \(received.suffix(5))")
        }
        received.append(line)
        return line
    }

    /// The next JSON line, whatever it is.
    func json(timeout: Double = 5) throws -> [String: Any] {
        let text = try line(timeout: timeout)
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw TestFailure("not a JSON object: \(text)")
        }
        // Every json line a test reads is held to the contract.
        ProtocolSchema.check(object, line: text)
        return object
    }

    /// Skips text lines until one contains `fragment`.
    func expectText(_ fragment: String, timeout: Double = 5) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let text = try line(timeout: max(0.01, deadline.timeIntervalSinceNow))
            if text.contains(fragment) { return text }
        }
    }

    /// The text-mode welcome (every connection starts in text) ends with the line pointing to /help.
    func skipWelcome() throws {
        _ = try expectText("/help")
    }

    /// True when the server has closed the connection (EOF) before the deadline.
    func waitForClose(timeout: Double = 5) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            guard let line = try reader.readLine(deadline: deadline) else { return true }
            received.append(line)
        }
    }
}
