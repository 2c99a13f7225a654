import ChalklineProtocol

/// One bench room: a host that creates it (`play=no`, so it only runs the game) and starts
/// the game when the bench says so, and the room's players.
///
/// Owned by the reactor's thread.
package final class BenchRoom {
    package let index: Int
    package let spread: Double
    package private(set) var code: String?
    private let host: LineConnection
    private let stats: BenchStats
    private let createLine: String
    /// Kernel arrival times of each question still being collected, by question id.
    private var arrivals: [Int: [UInt64]] = [:]
    /// The same, for each question's `round_end`.
    private var endArrivals: [Int: [UInt64]] = [:]
    package private(set) var finished = false
    package var players: [BenchPlayer] = []
    /// Draws the room's players' answer delays.
    package var random = SplitMix64(seed: UInt64.random(in: .min ... .max))
    package var onCreated: (BenchRoom) -> Void = { _ in }
    package var onFinished: (BenchRoom) -> Void = { _ in }
    package var onFailure: (String) -> Void = { _ in }
    /// Called once per player that could not join or lost its connection.
    package var onPlayerFailed: () -> Void = {}

    package init(index: Int, createLine: String, spread: Double, endpoint: Endpoint, reactor: Reactor, stats: BenchStats) {
        self.index = index
        self.createLine = createLine
        self.spread = spread
        self.stats = stats
        host = LineConnection(to: endpoint, reactor: reactor)
    }

    func open() {
        host.onBytes = { [unowned self] line in receive(line) }
        host.onClose = { [unowned self] reason in onFailure("room \(index): the host's connection closed \(reason ?? "")") }
        host.connect(sendingJSON: ["/name benchhost\(index)", createLine]) { onFailure($0.description) }
    }

    package func start() { host.send("/start") }

    package func say(_ count: Int) {
        for i in 1...count { host.send("/say line \(i) of \(count) from the bench") }
    }

    package func close() {
        scoreFanOut()
        host.close()
        for player in players { player.close() }
    }

    package func playerFailed() { onPlayerFailed() }

    /// Notes when question `id` reached one player. Fan-out is each arrival minus the room's
    /// earliest (the server's own send time is not visible from the client); the earliest is
    /// only known once every player has it, so a question is scored when the next one comes
    /// or the run ends.
    package func noteArrival(of id: Int, at time: UInt64) {
        note(id, time, in: &arrivals, into: \.fanOut)
    }

    /// `round_end` of question `id` reached one player: scored as questions are.
    package func noteRoundEnd(of id: Int, at time: UInt64) {
        note(id, time, in: &endArrivals, into: \.roundEndFanOut)
    }

    private func note(_ id: Int, _ time: UInt64, in arrivals: inout [Int: [UInt64]],
                      into recorder: ReferenceWritableKeyPath<BenchStats, LatencyRecorder>) {
        if arrivals[id] == nil {
            for done in arrivals.keys where done < id { score(done, in: &arrivals, into: recorder) }
        }
        arrivals[id, default: []].append(time)
    }

    /// Scores every question still being collected (at the end of the run).
    package func scoreFanOut() {
        for id in arrivals.keys { score(id, in: &arrivals, into: \.fanOut) }
        for id in endArrivals.keys { score(id, in: &endArrivals, into: \.roundEndFanOut) }
    }

    private func score(_ id: Int, in arrivals: inout [Int: [UInt64]],
                       into recorder: ReferenceWritableKeyPath<BenchStats, LatencyRecorder>) {
        guard let times = arrivals.removeValue(forKey: id), let first = times.min() else { return }
        for time in times { stats[keyPath: recorder].record(nanoseconds: time - first) }
    }

    /// The host's lines: every `progress` of the room comes here, so only replies and the
    /// game's end are parsed.
    private func receive(_ line: LineBytes) {
        if line.isType(.ok) {
            guard let reply = ServerMessage(line: line.string) else { return }
            if reply.cmd == "create" {
                code = reply.string("room")
                onCreated(self)
            } else if reply.cmd == "start" {
                if stats.gameStarted == nil { stats.gameStarted = Clock.nanoseconds() }
            }
        } else if line.isType(.error) {
            let reply = ServerMessage(line: line.string)
            let code = reply?.string("code") ?? EventType.error.rawValue
            stats.error(code)
            if reply?.cmd == "say" { return }
            onFailure("room \(index): /\(reply?.cmd ?? "?") refused: \(code): \(reply?.string("message") ?? "")")
        } else if line.isType(.gameEnd) {
            finished = true
            stats.gameEnded = Clock.nanoseconds()
            onFinished(self)
        }
    }
}
