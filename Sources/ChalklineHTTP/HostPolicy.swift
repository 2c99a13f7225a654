/// Which requests come from this server's own pages, so that a page from another web site, open
/// in a student's browser on the school network, cannot reach the class.
///
/// Two checks, both needed:
/// - `Host` must name this server: an IP address (a rebinding attack needs a name it controls, so
///   an address literal is always this server's reach), `localhost`, this machine's host name
///   (and its `.local` name, which Avahi answers), or the host of `--public-url`. A name of the
///   attacker's that DNS rebinding points at the laptop is refused.
/// - A WebSocket upgrade that carries `Origin` (every browser sends one) must come from a page of
///   this server: the origin's host and port are those the request was sent to (`Host`), or the
///   origin is `--public-url`'s host (a proxy in front may rewrite `Host`). A request without
///   `Origin` is not from a browser page, and no other site can make a browser leave it out.
public struct HostPolicy: Equatable, Sendable {
    /// Lowercased host names (no port) besides address literals.
    public private(set) var names: Set<String>
    /// `--public-url`'s host, lowercased, when one was given.
    public let publicHost: String?

    /// `hostName` is `gethostname`'s; `publicURL` is `--public-url`; `bind` is `--bind` (a name given there is ours too).
    public init(hostName: String, publicURL: String?, bind: String = "") {
        var names: Set<String> = ["localhost"]
        let host = hostName.lowercased()
        if !host.isEmpty {
            names.insert(host)
            // "laptop" is also "laptop.local" over mDNS; "laptop.school.lan" is also "laptop".
            if let short = host.split(separator: ".").first, short.count < host.count { names.insert(String(short)) }
            names.insert((host.split(separator: ".").first.map(String.init) ?? host) + ".local")
        }
        publicHost = publicURL.flatMap { Self.authority(ofURL: $0) }.map { Self.split($0).host }
        if let publicHost { names.insert(publicHost) }
        let bound = bind.lowercased()
        if !bound.isEmpty, !Self.isAddressLiteral(bound) { names.insert(bound) }
        self.names = names
    }

    /// Whether a request with this `Host` field may be served. A request without one is not from
    /// a browser (every browser sends it), so it is served.
    public func allowsHost(_ field: String?) -> Bool {
        guard let field else { return true }
        let host = Self.split(field.lowercased()).host
        guard !host.isEmpty else { return false }
        return Self.isAddressLiteral(host) || names.contains(host) || names.contains(Self.withoutTrailingDot(host))
    }

    /// Whether a WebSocket upgrade with this `Origin` may open, sent to `Host` `host`.
    public func allowsOrigin(_ origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        let value = origin.lowercased()
        // "null": a sandboxed frame, a file:// page or a redirect across sites: never ours.
        guard let scheme = Self.scheme(of: value), scheme == "http" || scheme == "https",
              let authority = Self.authority(ofURL: value) else { return false }
        let from = Self.split(authority, defaultPort: scheme == "https" ? 443 : 80)
        if let publicHost, from.host == publicHost { return true }
        guard let host else { return false }
        // The page's own address (Host's scheme is the origin's: the page and its socket share it).
        let to = Self.split(host.lowercased(), defaultPort: scheme == "https" ? 443 : 80)
        return from == to && allowsHost(host)
    }

    /// `host:port` after `scheme://`, up to the path; nil when there is none.
    static func authority(ofURL url: String) -> String? {
        guard let scheme = scheme(of: url) else { return nil }
        let rest = url.dropFirst(scheme.count + 3)
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<end].lowercased()
        // user:password@ before the host is never part of an origin; drop it from a --public-url.
        let host = authority.split(separator: "@").last.map(String.init) ?? authority
        return host.isEmpty ? nil : host
    }

    /// What comes before `://`, or nil when there is no `://`.
    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return nil }
        return String(url[..<colon])
    }

    /// `host[:port]` or `[v6][:port]`, into the host (brackets off) and the port.
    static func split(_ authority: String, defaultPort: Int = 80) -> (host: String, port: Int) {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let host = String(authority[authority.index(after: authority.startIndex)..<close])
            let rest = authority[authority.index(after: close)...]
            let port = rest.hasPrefix(":") ? Int(rest.dropFirst()) ?? -1 : defaultPort
            return (host, port)
        }
        if let colon = authority.lastIndex(of: ":"), authority.filter({ $0 == ":" }).count == 1 {
            return (String(authority[..<colon]), Int(authority[authority.index(after: colon)...]) ?? -1)
        }
        return (authority, defaultPort)
    }

    private static func withoutTrailingDot(_ host: String) -> String {
        host.hasSuffix(".") ? String(host.dropLast()) : host
    }

    /// An IPv4 dotted quad or an IPv6 address (as `split` leaves it, brackets off).
    static func isAddressLiteral(_ host: String) -> Bool {
        if host.contains(":") { return host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." } }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && Int(part)! <= 255
        }
    }
}
