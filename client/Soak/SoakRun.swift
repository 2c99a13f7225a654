/// The soak's phases: start the server, open the rooms, set every misbehaving client on the
/// server once the rooms exist, play every room's game to its end and let the misbehaving
/// clients go on until every limit has acted (or the deadline), then stop them and the server.
///
/// Owned by the thread that calls `execute`.
package final class SoakRun {
    package let settings: SoakSettings
    package let tally = SoakTally()
    package private(set) var rooms: [SoakRoom] = []
    package private(set) var failure: String?
    package private(set) var peakRSSKiB: Int?
    package private(set) var seconds = 0.0
    private let reactor = Reactor()
    private var attackers: [Attacker] = []
    private var slowReaders: [SlowReader] = []
    private var created = 0
    private var finished = 0

    package init(settings: SoakSettings) { self.settings = settings }

    package func execute() throws {
        let server = try SoakServer(settings)
        let endpoint = Endpoint(host: "127.0.0.1", port: server.port)
        let started = Clock.nanoseconds()
        Signals.onInterrupt(reactor) { [unowned self] _ in
            failure = failure ?? "interrupted"
            reactor.stop()
        }
        for i in 0..<settings.rooms {
            let room = SoakRoom(index: i, settings: settings, endpoint: endpoint, reactor: reactor)
            room.onCreated = { [unowned self] _ in
                created += 1
                if created == settings.rooms { attack(endpoint) }
            }
            room.onFinished = { [unowned self] _ in
                finished += 1
                guard finished == settings.rooms else { return }
                // The games are over; the misbehaving clients go on until each limit has acted
                // (a flooder is cut off only after --flood-timeout), or the deadline.
                if tally.missing.isEmpty { reactor.stop() } else { tally.onAllSeen = { [unowned self] in reactor.stop() } }
            }
            room.onFailure = { [unowned self] reason in
                failure = failure ?? reason
                reactor.stop()
            }
            rooms.append(room)
            room.open()
        }
        if !reactor.run(until: started + UInt64(settings.deadline * 1e9)), finished < settings.rooms {
            failure = failure ?? "the games did not end within \(settings.deadline) s"
        }
        seconds = Double(Clock.nanoseconds() - started) / 1e9
        for attacker in attackers { attacker.stop() }
        for reader in slowReaders { reader.stop() }
        for room in rooms { room.close() }
        // Let the last lines leave before the server is measured and stopped.
        reactor.run(until: Clock.nanoseconds() + 500_000_000)
        peakRSSKiB = server.peakRSSKiB
        server.stop()
    }

    private func attack(_ endpoint: Endpoint) {
        let codes = rooms.compactMap(\.code)
        attackers = SoakAttacks.behaviours(rooms: codes).map { Attacker($0, endpoint: endpoint, reactor: reactor, tally: tally) }
        for attacker in attackers { attacker.start() }
        for code in [codes.first, codes.last].compactMap({ $0 }) {
            let reader = SlowReader(endpoint: endpoint, room: code, reactor: reactor, tally: tally)
            slowReaders.append(reader)
            reader.start()
        }
        // The hog opens its connections a few at a time, as a real one would.
        for i in 0..<SoakAttacks.hogConnections {
            let hog = Attacker(SoakAttacks.hog, endpoint: endpoint, reactor: reactor, tally: tally)
            attackers.append(hog)
            reactor.after(Double(i) * 0.002) { hog.start() }
        }
    }
}
