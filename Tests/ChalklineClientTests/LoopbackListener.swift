import Glibc
import Testing
@testable import ChalklineClient

/// A listening socket on 127.0.0.1 that stands in for the server: tests connect the client's
/// own code to it and write what the server would.
final class LoopbackListener {
    private let fd: Int32
    let endpoint: Endpoint

    init() throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let fd = fd
        let ok = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        try #require(ok, "cannot listen on loopback")
        endpoint = Endpoint(host: "127.0.0.1", port: UInt16(bigEndian: address.sin_port))
    }

    deinit { close(fd) }

    /// The next connection, as a descriptor the test writes the server's bytes to and closes.
    func accept() throws -> Int32 {
        let peer = Glibc.accept(fd, nil, nil)
        try #require(peer >= 0)
        return peer
    }
}
