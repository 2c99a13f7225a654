import CDiscovery
import Foundation

/// Chalkline servers on the LAN, found with DNS-SD (`_chalkline._tcp`) through Avahi, as
/// printers and shared music are found.
package struct FoundServer: Equatable {
    package var name: String
    /// `laptop.local`
    package var host: String
    package var address: String
    package var port: Int
    package var txt: String

    package var endpoint: Endpoint { Endpoint(host: address, port: UInt16(port)) }

    /// The TXT record's `protocol=N`: Avahi hands the record over as quoted strings
    /// (`"protocol=1"`), which is no way to show it to a teacher.
    package var protocolVersion: String? {
        for item in txt.split(separator: " ") {
            let pair = item.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            if pair.hasPrefix("protocol=") { return String(pair.dropFirst("protocol=".count)) }
        }
        return nil
    }

    /// `chalkline servers`' line for this server.
    package var line: String {
        "\(name)  \(host)  \(address):\(port)" + (protocolVersion.map { "  (protocol \($0))" } ?? "")
    }
}

package enum Discovery {
    /// Collects what the C browser reports; lives on the caller's stack for one browse.
    private final class Results {
        var servers: [FoundServer] = []
    }

    /// Browses for `seconds`; `.failure` says why when no Avahi daemon can be reached.
    package static func browse(seconds: Double = 1.5) -> Result<[FoundServer], DiscoveryError> {
        let results = Results()
        var error = [CChar](repeating: 0, count: 256)
        let status = withExtendedLifetime(results) {
            cl_browse(Int32(seconds * 1000), { context, name, host, address, port, txt in
                guard let context, let name, let host, let address else { return }
                let results = Unmanaged<Results>.fromOpaque(context).takeUnretainedValue()
                let server = FoundServer(name: String(cString: name), host: String(cString: host), address: String(cString: address),
                                         port: Int(port), txt: txt.map { String(cString: $0) } ?? "")
                if !results.servers.contains(server) { results.servers.append(server) }
            }, Unmanaged.passUnretained(results).toOpaque(), &error, Int32(error.count))
        }
        if status < 0 { return .failure(DiscoveryError(reason: String(cString: error))) }
        return .success(results.servers.sorted { ($0.name, $0.port) < ($1.name, $1.port) })
    }
}

package struct DiscoveryError: Error, CustomStringConvertible {
    package var reason: String
    package var description: String { "cannot look for servers on the network (\(reason)): is avahi-daemon running?" }
}
