import ChalklineCore

/// Connections the core has not heard of yet: a page loading, an HTTP head still arriving, a
/// socket that has sent nothing. The core's limits (`--max-per-ip`, `--max-connections`) count
/// only connections that speak the protocol, so without this one address could open thousands of
/// unfinished requests and take every descriptor, and the class would be turned away with nothing.
/// These have caps of their own, of the same sizes: one address holds at most `perAddress`, the
/// server at most `overall`.
///
/// Owned by the loop thread and touched only there.
final class UnannouncedConnections {
    let perAddress: Int
    let overall: Int
    private var byAddress: [String: Int] = [:]
    private(set) var count = 0

    init(perAddress: Int, overall: Int) {
        self.perAddress = perAddress
        self.overall = overall
    }

    /// Counts `connection` in, or returns false when its address or the server is at its cap.
    func add(_ connection: Connection) -> Bool {
        let address = PeerAddress.key(connection.peer)
        guard count < overall, byAddress[address, default: 0] < perAddress else { return false }
        byAddress[address, default: 0] += 1
        count += 1
        connection.unannounced = true
        return true
    }

    /// Counts `connection` out (it now speaks the protocol, or is gone); nothing if it was not in.
    func remove(_ connection: Connection) {
        guard connection.unannounced else { return }
        connection.unannounced = false
        let address = PeerAddress.key(connection.peer)
        count -= 1
        if let held = byAddress[address], held > 1 { byAddress[address] = held - 1 } else { byAddress[address] = nil }
    }

    /// How many `address` holds now (the tests ask).
    func held(by address: String) -> Int { byAddress[PeerAddress.key(address)] ?? 0 }
}
