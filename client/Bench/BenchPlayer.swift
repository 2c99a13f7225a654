import ChalklineProtocol

/// A bench player: joins, answers each question at a random moment within the spread of the
/// question's time, and stamps when lines arrive. Lighter than `BotPlayer` because thousands
/// run in one process and every microsecond it spends shows up in the figures.
///
/// Owned by the reactor's thread.
package final class BenchPlayer {
    private let connection: LineConnection
    private unowned let room: BenchRoom
    private unowned let reactor: Reactor
    private let stats: BenchStats
    private let name: String
    private var answerSent: UInt64?
    /// The answer waiting for its moment; a round that closes first takes it off the schedule,
    /// so no answer ever lands on the next question.
    private var pendingAnswer: TimerID?
    package var onJoined: () -> Void = {}
    package private(set) var isOpen = false

    package init(name: String, room: BenchRoom, endpoint: Endpoint, reactor: Reactor, stats: BenchStats) {
        self.name = name
        self.room = room
        self.reactor = reactor
        self.stats = stats
        connection = LineConnection(to: endpoint, reactor: reactor)
        // Fan-out is judged on the kernel's arrival stamps: reading a thousand sockets one
        // after another on one thread would otherwise add the bench's own delay to the spread.
        connection.wantsArrivalTimes = true
    }

    package func start() {
        connection.onOpen = { [unowned self] in
            isOpen = true
            stats.opened += 1
        }
        connection.onBytes = { [unowned self] line in receive(line) }
        connection.onClose = { [unowned self] _ in
            if isOpen { stats.dropped += 1 }
            isOpen = false
            room.playerFailed()
        }
        connection.connect(sendingJSON: ["/join \(room.code!) \(name)"]) { _ in
            stats.error("connect")
            room.playerFailed()
        }
    }

    package func close() {
        isOpen = false
        connection.close()
    }

    private func receive(_ line: LineBytes) {
        if line.isType(.question) {
            // Read in place: a full JSON parse per player would be the bench's own fan-out delay.
            guard let id = line.int(#""id":"#), let answer = line.timesProduct(), let timeMs = line.int(#""time_ms":"#) else { return }
            room.noteArrival(of: id, at: connection.arrivalTime ?? Clock.realtimeNanoseconds())
            let limit = Double(timeMs) / 1000
            let delay = Double.random(in: 0...max(0, limit * room.spread), using: &room.random)
            if let pendingAnswer { reactor.cancel(pendingAnswer) }
            pendingAnswer = reactor.after(delay) { [unowned self] in
                pendingAnswer = nil
                guard isOpen else { return }
                answerSent = Clock.nanoseconds()
                connection.send("/answer id=\(id) \(answer)")
            }
        } else if line.isType(.roundEnd) || line.isType(.gameEnd) {
            if line.isType(.roundEnd), let id = line.int(#""id":"#) {
                room.noteRoundEnd(of: id, at: connection.arrivalTime ?? Clock.realtimeNanoseconds())
            }
            if let pendingAnswer { reactor.cancel(pendingAnswer) }
            pendingAnswer = nil
        } else if line.isType(.chat) {
            stats.sayDelivered += 1
            stats.sayLastDelivery = Clock.nanoseconds()
        } else if line.isType(.ok) || line.isType(.error) {
            let ok = line.isType(.ok)
            if let sent = answerSent {
                answerSent = nil
                stats.answerReply.record(nanoseconds: Clock.nanoseconds() - sent)
                if ok {
                    stats.answers += 1
                    if line.contains(#""correct":true"#) { stats.correct += 1 }
                } else {
                    stats.error(line.string(#""code":""#) ?? EventType.error.rawValue)
                }
            } else if ok, line.contains(#""cmd":"join""#) {
                stats.joined += 1
                onJoined()
            } else if !ok {
                stats.error(line.string(#""code":""#) ?? EventType.error.rawValue)
                room.playerFailed()
            }
        }
    }
}
