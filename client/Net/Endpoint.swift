import ChalklineProtocol

/// `HOST[:PORT]` as people type it: `192.168.1.20`, `laptop.local:7500`, `[::1]:7420`, or
/// `:7500` for the local machine on another port.
package struct Endpoint: Equatable, CustomStringConvertible {
    package static let defaultHost = "127.0.0.1"
    package static let defaultPort = UInt16(WellKnown.port)

    package var host: String
    package var port: UInt16

    package init(host: String = Endpoint.defaultHost, port: UInt16 = Endpoint.defaultPort) {
        self.host = host
        self.port = port
    }

    package static func parse(_ text: String) -> Endpoint? {
        var hostPart = Substring(text)
        var portPart: Substring?
        if text.hasPrefix("[") {
            // IPv6 in brackets, so its colons are not mistaken for the port's.
            guard let close = text.firstIndex(of: "]") else { return nil }
            hostPart = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { return nil }
                portPart = after.dropFirst()
            }
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
        }
        // Several colons and no brackets: a bare IPv6 address, default port.
        var endpoint = Endpoint(host: hostPart.isEmpty ? defaultHost : String(hostPart))
        if let portPart {
            guard let port = UInt16(portPart), port > 0 else { return nil }
            endpoint.port = port
        }
        return endpoint
    }

    package var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
