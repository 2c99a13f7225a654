import ChalklineCore

/// Connections the core has not heard of yet: a page loading, an HTTP head still arriving, a
/// socket that has sent nothing, a kept-alive connection waiting for its next request. The
/// core's limits (`--max-per-ip`, `--max-connections`) count only connections that speak the
/// protocol, so without this one address could open thousands of unfinished requests and take
/// every descriptor, and the class would be turned away with nothing. These have caps of their
/// own: one address holds at most `perAddress` (a multiple of `--max-per-ip`, as a browser holds
/// several sockets per page, `Limits.unannouncedPerIPMultiple`), the server at most `overall`.
///
/// At its address's cap a new connection first takes the place of that address's oldest idle
/// kept-alive connection (one answered and waiting for nothing in particular): it is the
/// cheapest to give up (a browser just opens another), and a class behind one NAT loading the
/// page at once must not be refused for the sockets its own browsers keep open.
///
/// Owned by the loop thread and touched only there.
final class UnannouncedConnections {
    let perAddress: Int
    let overall: Int
    private var byAddress: [String: [Connection]] = [:]
    private(set) var count = 0

    init(perAddress: Int, overall: Int) {
        self.perAddress = perAddress
        self.overall = overall
    }

    /// Counts `connection` in, or returns false when the server is at its cap, or its address is
    /// and holds no idle kept-alive connection to `evict` (which must count it out).
    func add(_ connection: Connection, evict: (Connection) -> Void) -> Bool {
        let address = PeerAddress.key(connection.peer)
        guard count < overall else { return false }
        if let held = byAddress[address], held.count >= perAddress {
            let idle = held.filter { $0.state == .open && $0.transport == .http && $0.pendingInput.isEmpty && !$0.hasPendingOutput }
            guard let oldest = idle.min(by: { $0.waitingSince < $1.waitingSince }) else { return false }
            evict(oldest)
            remove(oldest)
        }
        byAddress[address, default: []].append(connection)
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
        byAddress[address]?.removeAll { $0 === connection }
        if byAddress[address]?.isEmpty == true { byAddress[address] = nil }
    }

    /// How many `address` holds now (the tests ask).
    func held(by address: String) -> Int { byAddress[PeerAddress.key(address)]?.count ?? 0 }
}
