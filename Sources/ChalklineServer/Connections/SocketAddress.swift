import CLibUV
#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address with a port, as libuv passes them around (`sockaddr_storage`).
struct SocketAddress {
    var storage = sockaddr_storage()

    /// `0.0.0.0`, `127.0.0.1`, `::`, `::1`, ... (a literal address: the server does not resolve names).
    init(host: String, port: Int) throws(UVError) {
        let rc: Int32 = withUnsafeMutablePointer(to: &storage) { p in
            if host.contains(":") {
                return p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { uv_ip6_addr(host, Int32(port), $0) }
            }
            return p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { uv_ip4_addr(host, Int32(port), $0) }
        }
        try check(rc, "the address \(host)")
    }

    init() {}

    var isIPv6: Bool { Int32(storage.ss_family) == AF_INET6 }

    var port: Int {
        withUnsafePointer(to: storage) { p in
            if isIPv6 { return p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) } }
            return p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }

    /// The address alone, as people write it. An IPv4 client reaching an IPv6 listener shows
    /// as plain IPv4, so per-address limits see one classroom NAT as one address either way.
    var host: String {
        var buffer = [CChar](repeating: 0, count: 64)
        withUnsafePointer(to: storage) { p in
            if isIPv6 {
                _ = p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { uv_ip6_name($0, &buffer, buffer.count) }
            } else {
                _ = p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { uv_ip4_name($0, &buffer, buffer.count) }
            }
        }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.hasPrefix("::ffff:") && text.contains(".") ? String(text.dropFirst(7)) : text
    }

    /// `127.0.0.1:7420` or `[::1]:7420`.
    var description: String { isIPv6 && host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>) -> R) -> R {
        withUnsafePointer(to: storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }

    /// Reads a TCP handle's own or peer address.
    static func of(_ tcp: UnsafeMutablePointer<uv_tcp_t>, peer: Bool) -> SocketAddress? {
        var address = SocketAddress()
        var length = Int32(MemoryLayout<sockaddr_storage>.size)
        let rc = withUnsafeMutablePointer(to: &address.storage) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                peer ? uv_tcp_getpeername(tcp, $0, &length) : uv_tcp_getsockname(tcp, $0, &length)
            }
        }
        return rc == 0 ? address : nil
    }
}
