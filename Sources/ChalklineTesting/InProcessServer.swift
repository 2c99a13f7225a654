import ChalklineCore

/// The core alone, driven as the libuv shell drives it but with a clock the test moves (as
/// NIOEmbedded's loop does): lines in, effects out, each `.send` routed to its clients' inboxes,
/// `.record` kept for the test to read. No sockets, no sleeps.
public final class InProcessServer {
    public let core: ServerCore
    public private(set) var now: Millis = 0
    /// Every game record the core asked the shell to store, in order.
    public private(set) var records: [GameRecord] = []
    /// When each of `records` came, on this clock (the shell stamps them with the wall clock).
    public private(set) var recordTimes: [Millis] = []
    /// Every `/report` the core asked the shell's storage to answer (in-process nothing stores).
    public private(set) var reports: [ReportRequest] = []
    /// Connections the core closed, in order.
    public private(set) var closed: [ConnectionID] = []
    /// Weak, since each channel holds its server.
    private var channels: [ConnectionID: WeakChannel] = [:]
    private var lastID: UInt64 = 0
    /// The effects of the step under way, if one is.
    private var capture: [Effect]?
    /// While true, questions do not leave when the core opens their round: their
    /// `roundStarted` waits in `heldRoundStarts` until `releaseRoundStarts`, as the shell holds
    /// a question behind a commit that is slow to come back.
    public var holdRoundStarts = false
    public private(set) var heldRoundStarts: [RoundStart] = []
    /// When set, the lines clients send are read now but arrived then: a shell whose loop was
    /// busy (or stopped) when they came in.
    public var arrival: Millis?

    public convenience init(config: ServerConfig = ServerConfig(), seed: UInt64 = 42) {
        var rng = SplitMix64(seed: seed)
        self.init(core: ServerCore(config: config, random: { rng.next() }))
    }

    /// A core built by the test itself (a random source of its own, say).
    public init(core: ServerCore) { self.core = core }

    /// A new connection from `peer` (by default an address of its own, 10.0.0.N); the welcome
    /// and anything else the core says to it wait in its inbox.
    func open(peer: String?, format: OutputFormat = .text) -> InProcessChannel {
        lastID += 1
        let id = ConnectionID(lastID)
        let channel = InProcessChannel(id: id, server: self)
        channels[id] = WeakChannel(channel: channel)
        run(core.connect(id, peer: peer ?? "10.0.0.\(lastID)", format: format, now: now))
        return channel
    }

    /// Moves the clock forward by `ms` and fires whatever fell due, as the shell's timer would.
    @discardableResult
    public func advance(by ms: Millis) -> Step { advance(to: now + ms) }

    @discardableResult
    public func advance(to ms: Millis) -> Step {
        recording {
            setTime(ms)
            run(core.tick(now: ms))
        }
    }

    /// Moves the clock without firing what falls due: a line that arrives in the same loop
    /// iteration as the timer, before the shell has run it.
    public func setTime(_ ms: Millis) {
        precondition(ms >= now, "the clock only moves forward (now \(now), asked \(ms))")
        now = ms
    }

    /// Runs `body` and returns every effect the core returned meanwhile. What it sent is taken
    /// out of the clients' inboxes: the step is how the test reads it.
    public func step(_ body: () throws -> Void) rethrows -> Step {
        let step = try recording(body)
        for weak in channels.values { weak.channel?.dropInbox() }
        return step
    }

    /// The effects the core returned while `body` ran; what they sent stays in the inboxes too.
    private func recording(_ body: () throws -> Void) rethrows -> Step {
        let outer = capture
        capture = []
        defer { capture = outer.map { $0 + (capture ?? []) } }
        try body()
        return Step(effects: capture ?? [])
    }

    /// Moves the clock to the core's next deadline if it comes by `limit`; false when nothing
    /// is due by then, so a wait that nothing can satisfy ends instead of spinning.
    func advanceToNextDeadline(notAfter limit: Millis) -> Bool {
        guard let next = core.nextDeadline(), next <= limit else { return false }
        advance(to: max(next, now))
        return true
    }

    /// The connections the core closed while `body` ran.
    public func closes(during body: () throws -> Void) rethrows -> [ConnectionID] {
        let before = closed.count
        try body()
        return Array(closed[before...])
    }

    func receive(_ id: ConnectionID, _ bytes: [UInt8]) {
        run(bytes.withUnsafeBytes { core.receive(id, $0, now: now, arrived: arrival) })
    }

    /// The held questions leave now (see `holdRoundStarts`).
    public func releaseRoundStarts() {
        let held = heldRoundStarts
        heldRoundStarts = []
        for start in held { core.roundStarted(start, now: now) }
    }

    func disconnect(_ id: ConnectionID) { run(core.disconnect(id, now: now)) }

    /// Carries out effects in order, as the shell does; a closed connection is then dropped and
    /// the core told, as the shell does once the close has flushed.
    func run(_ effects: [Effect]) {
        capture?.append(contentsOf: effects)
        var closing: [ConnectionID] = []
        for effect in effects {
            switch effect {
            case .send(let ids, let payload):
                let text = payload.string
                for id in ids { channels[id]?.channel?.deliver(text) }
            case .close(let id):
                closed.append(id)
                channels[id]?.channel?.serverClosed()
                closing.append(id)
            case .record(let record):
                records.append(record)
                recordTimes.append(now)
            case .report(let request):
                reports.append(request)
            case .roundStarted(let start):
                if holdRoundStarts { heldRoundStarts.append(start) } else { core.roundStarted(start, now: now) }
            }
        }
        for id in closing { disconnect(id) }
    }
}

private struct WeakChannel {
    weak var channel: InProcessChannel?
}
