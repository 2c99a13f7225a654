import ChalklineProtocol

/// The bench's phases, in order: open rooms, fill them (a bounded number of connections
/// opening at once, so the server's accept queue never overflows into SYN retries that would
/// show up as seconds of "latency"), hold, say, play, stop.
///
/// Owned by the thread that calls `execute`.
package final class BenchRun {
    package let stats = BenchStats()
    package private(set) var failure: String?
    private let bench: BenchSettings
    private let reactor = Reactor()
    private var rooms: [BenchRoom] = []
    private var waiting: [BenchPlayer] = []
    private var inFlight = 0
    private var settled = 0
    private var finishedRooms = 0
    private var filled = false
    private var phase = "filling the rooms"

    package init(settings: BenchSettings) { bench = settings }

    /// Runs every phase; false if the deadline passed or the bench was interrupted first.
    package func execute() -> Bool {
        let deadline = Clock.nanoseconds() + UInt64(bench.timeout * 1e9)
        Signals.onInterrupt(reactor) { [unowned self] _ in
            failure = failure ?? "interrupted while \(phase)"
            reactor.stop()
        }
        for i in 1...bench.rooms {
            let room = BenchRoom(index: i, createLine: bench.createLine, spread: bench.spread, endpoint: bench.server,
                                 reactor: reactor, stats: stats)
            room.onCreated = { [unowned self] room in fill(room) }
            room.onFailure = { [unowned self] reason in fail(reason) }
            room.onFinished = { [unowned self] _ in
                finishedRooms += 1
                if finishedRooms == rooms.count { reactor.stop() }
            }
            rooms.append(room)
            room.open()
        }
        let stopped = reactor.run(until: deadline)
        if !stopped, failure == nil { failure = "timed out after \(bench.timeout) s while \(phase)" }
        for room in rooms { room.close() }
        return stopped && failure == nil
    }

    private func fail(_ reason: String) {
        if failure == nil { failure = reason }
        reactor.stop()
    }

    private func fill(_ room: BenchRoom) {
        for p in 1...bench.players {
            let player = BenchPlayer(name: "r\(room.index)p\(p)", room: room, endpoint: bench.server, reactor: reactor, stats: stats)
            player.onJoined = { [unowned self] in settle() }
            room.onPlayerFailed = { [unowned self] in
                if phase == "filling the rooms" { settle() }
            }
            room.players.append(player)
            waiting.append(player)
        }
        pump()
    }

    private func pump() {
        while inFlight < bench.connecting, let next = waiting.popLast() {
            inFlight += 1
            next.start()
        }
    }

    /// One player joined or gave up; when all have, the rooms are full.
    private func settle() {
        inFlight -= 1
        settled += 1
        pump()
        guard settled >= bench.rooms * bench.players, !filled else { return }
        filled = true
        stats.peakHeld = stats.opened - stats.dropped + rooms.count
        if bench.hold > 0 {
            phase = "holding"
            reactor.after(bench.hold) { [unowned self] in sayPhase() }
        } else {
            sayPhase()
        }
    }

    private func sayPhase() {
        guard bench.say > 0 else { return playPhase() }
        phase = "sending /say lines"
        stats.sayExpected = bench.say * stats.joined
        stats.sayStarted = Clock.nanoseconds()
        for room in rooms { room.say(bench.say) }
        waitForSay(until: Clock.nanoseconds() + 30_000_000_000)
    }

    private func waitForSay(until deadline: UInt64) {
        if stats.sayDelivered >= stats.sayExpected || Clock.nanoseconds() > deadline || stats.errors[ErrorCode.unknownCommand.rawValue] != nil {
            return playPhase()
        }
        reactor.after(0.001) { [unowned self] in waitForSay(until: deadline) }
    }

    private func playPhase() {
        stats.peakHeld = max(stats.peakHeld, stats.opened - stats.dropped + rooms.count)
        guard bench.questions > 0 else { return reactor.stop() }
        phase = "playing"
        for room in rooms { room.start() }
    }
}
