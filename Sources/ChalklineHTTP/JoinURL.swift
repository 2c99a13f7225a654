/// The address students type or scan: `http://ADDRESS:PORT/`, with the address another device on
/// the school network can reach (never 127.0.0.1 when the server listens on every interface).
public enum JoinURL {
    /// One address of one network interface, as `getifaddrs` lists them.
    public struct Interface: Equatable, Sendable {
        public var name: String
        public var address: String
        public var ipv6: Bool
        public init(name: String, address: String, ipv6: Bool) {
            self.name = name
            self.address = address
            self.ipv6 = ipv6
        }
    }

    /// `publicURL` (`--public-url`) wins; then an address the server was bound to; then the best
    /// of `interfaces`: IPv4 before IPv6 (typed more easily, and every school network has it),
    /// a private LAN address (10/8, 172.16/12, 192.168/16) before others, a wired or wireless
    /// interface before virtual ones (containers, VPNs, bridges are what a laptop often also has).
    public static func choose(publicURL: String?, bind: String, port: Int, interfaces: [Interface]) -> String {
        if let publicURL, !publicURL.isEmpty {
            return publicURL.hasSuffix("/") ? publicURL : publicURL + "/"
        }
        let wildcard = bind == "0.0.0.0" || bind == "::" || bind.isEmpty
        let host: String
        if !wildcard {
            host = bind
        } else {
            let usable = interfaces.filter { !isLoopback($0.address) && !isLinkLocal($0.address) && !isVirtual($0.name) }
            let best = usable.min { rank($0) < rank($1) }
            host = best?.address ?? "127.0.0.1"
        }
        return "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
    }

    /// The page for room `code`, as the QR code and the teacher's screen give it.
    public static func forRoom(_ base: String, code: String) -> String { base + "?room=" + code }

    private static func rank(_ interface: Interface) -> (Int, Int, Int, String) {
        let name = interface.name
        let physical = ["en", "eth", "wl", "wlan", "wlp"].contains { name.hasPrefix($0) } ? 0 : 1
        return (interface.ipv6 ? 1 : 0, isPrivate(interface.address) ? 0 : 1, physical, name)
    }

    static func isLoopback(_ address: String) -> Bool { address.hasPrefix("127.") || address == "::1" }
    static func isLinkLocal(_ address: String) -> Bool { address.hasPrefix("169.254.") || address.lowercased().hasPrefix("fe80:") }

    static func isPrivate(_ address: String) -> Bool {
        let parts = address.split(separator: ".").compactMap { Int($0) }
        guard parts.count == 4 else { return address.lowercased().hasPrefix("fd") }
        return parts[0] == 10 || (parts[0] == 172 && (16...31).contains(parts[1])) || (parts[0] == 192 && parts[1] == 168)
    }

    static func isVirtual(_ name: String) -> Bool {
        ["lo", "docker", "veth", "br-", "virbr", "vmnet", "vboxnet", "tun", "tap", "wg", "zt", "tailscale"].contains { name.hasPrefix($0) }
    }
}
