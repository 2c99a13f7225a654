import Glibc

/// This machine's address on the school network, for the join line on the projector: students
/// cannot reach 127.0.0.1 on the teacher's laptop.
package enum LocalAddress {
    /// This machine's name on the LAN (`laptop.local`), as DNS-SD announces it.
    package static var mdnsName: String {
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, name.count)
        return String(cString: name) + ".local"
    }

    package static func lan() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var cursor = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let ok = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { sin in
                var addr = sin.pointee.sin_addr
                return inet_ntop(AF_INET, &addr, &text, socklen_t(text.count)) != nil
            }
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if ok && !name.hasPrefix("127.") { return name }
        }
        return nil
    }
}
