/// One misbehaving client: connects from `from`, sends `opening`, then one of `payloads` every
/// `every` seconds in turn; closes its side after `closeAfter`; and when the connection ends,
/// connects again after `retry` seconds (nil: it stays gone). Everything it reads is tallied.
///
/// Owned by the reactor's thread.
package final class Attacker {
    package struct Behaviour {
        var from: String
        var opening: [UInt8] = []
        var payloads: [[UInt8]] = []
        var every = 1.0
        var closeAfter: Double?
        var retry: Double?
    }

    private let behaviour: Behaviour
    private let endpoint: Endpoint
    private unowned let reactor: Reactor
    private let tally: SoakTally
    private var connection: LineConnection?
    private var next = 0
    private var stopped = false

    package init(_ behaviour: Behaviour, endpoint: Endpoint, reactor: Reactor, tally: SoakTally) {
        self.behaviour = behaviour
        self.endpoint = endpoint
        self.reactor = reactor
        self.tally = tally
    }

    package func start() {
        guard !stopped else { return }
        let connection = LineConnection(to: endpoint, reactor: reactor)
        self.connection = connection
        connection.localHost = behaviour.from
        connection.onLine = { [unowned self] line in tally.note(line) }
        connection.onClose = { [unowned self] _ in ended() }
        connection.send(bytes: behaviour.opening)
        do { try connection.connect() } catch { return ended() }
        if !behaviour.payloads.isEmpty { tick(connection) }
        if let closeAfter = behaviour.closeAfter {
            reactor.after(closeAfter) { [unowned self] in
                guard self.connection === connection, connection.state != .closed else { return }
                connection.close()
                ended()
            }
        }
    }

    private func tick(_ connection: LineConnection) {
        guard !stopped, self.connection === connection, connection.state != .closed else { return }
        // A reader that is cut off for not keeping up is not this attacker's point: keep the
        // backlog to one round of payloads.
        if connection.pendingOutput < 1 << 20 { connection.send(bytes: behaviour.payloads[next % behaviour.payloads.count]) }
        next += 1
        reactor.after(behaviour.every) { [unowned self] in tick(connection) }
    }

    private func ended() {
        connection = nil
        guard !stopped, let retry = behaviour.retry else { return }
        reactor.after(retry) { [unowned self] in start() }
    }

    package func stop() {
        stopped = true
        connection?.close()
        connection = nil
    }
}
