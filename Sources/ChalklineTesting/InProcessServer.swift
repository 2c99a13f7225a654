import ChalklineCore

/// The core alone, driven as the libuv shell drives it but with a clock the test moves (as
/// NIOEmbedded's loop does): through the same `EffectRunner` and storage gate the server runs,
/// each send routed to its clients' inboxes, each record kept for the test to read, and
/// storage that settles its tickets (commits and reads) as soon as a call is done. No sockets,
/// no sleeps.
public final class InProcessServer: EffectTarget {
    public let core: ServerCore
    public private(set) var now: Millis = 0
    /// Every game record the core asked the shell to store, in order.
    public private(set) var records: [GameRecord] = []
    /// When each of `records` came, on this clock (the shell stamps them with the wall clock).
    public private(set) var recordTimes: [Millis] = []
    /// Every `/report` the core asked the shell's storage to answer (in-process nothing stores,
    /// so the read settles with no reply).
    public private(set) var reports: [ReportRequest] = []
    /// Connections the core closed, in order.
    public private(set) var closed: [ConnectionID] = []
    /// Weak, since each channel holds its server.
    private var channels: [ConnectionID: WeakChannel] = [:]
    private var lastID: UInt64 = 0
    /// The effects of the step under way, if one is.
    private var capture: [Effect]?
    private var runner: EffectRunner!
    /// Tickets handed out during the call under way, settled when it is done.
    private var tickets: [Int] = []
    private var lastTicket = 0
    /// Connections closed during the call under way: dropped, and the core told, once it is
    /// done, as the shell does once the close has flushed.
    private var closing: [ConnectionID] = []
    /// While true, questions are not written when the core opens their round (the shell holds
    /// a question behind a commit that is slow to come back): their rounds wait in
    /// `heldRoundStarts` until `releaseRoundStarts` writes them.
    public var holdRoundStarts = false
    public var heldRoundStarts: [RoundStart] { runner.unwrittenRounds }
    /// When set, the lines clients send are read now but arrived then: a shell whose loop was
    /// busy (or stopped) when they came in.
    public var arrival: Millis?

    public convenience init(config: ServerConfig = ServerConfig(), seed: UInt64 = 42) {
        var rng = SplitMix64(seed: seed)
        self.init(core: ServerCore(config: config, random: { rng.next() }))
    }

    /// A core built by the test itself (a random source of its own, say).
    public init(core: ServerCore) {
        self.core = core
        runner = EffectRunner(core: core, target: self, writes: .atTurnEnd)
    }

    /// A new connection from `peer` (by default an address of its own, 10.0.0.N); the welcome
    /// and anything else the core says to it wait in its inbox.
    func open(peer: String?, format: OutputFormat = .text) -> InProcessChannel {
        lastID += 1
        let id = ConnectionID(lastID)
        let channel = InProcessChannel(id: id, server: self)
        channels[id] = WeakChannel(channel: channel)
        call { runner.connect(id, peer: peer ?? "10.0.0.\(lastID)", format: format, now: now) }
        return channel
    }

    /// Moves the clock forward by `ms` and fires whatever fell due, as the shell's timer would.
    @discardableResult
    public func advance(by ms: Millis) -> Step { advance(to: now + ms) }

    @discardableResult
    public func advance(to ms: Millis) -> Step {
        recording {
            setTime(ms)
            call { runner.tick(now: ms) }
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
        call { bytes.withUnsafeBytes { runner.receive(id, $0, now: now, arrived: arrival) } }
    }

    /// The held questions are written now (see `holdRoundStarts`).
    public func releaseRoundStarts() {
        runner.endTurn { now }
    }

    func disconnect(_ id: ConnectionID) { call { runner.disconnect(id, now: now) } }

    /// One call into the core through the runner, then what the shell does after it: storage
    /// settles the call's tickets, the turn's output is written (starting its rounds), and
    /// connections it closed are dropped.
    private func call(_ body: () -> [Effect]) {
        let effects = body()
        capture?.append(contentsOf: effects)
        if !tickets.isEmpty {
            for ticket in tickets { runner.settle(ticket: ticket) }
            tickets = []
            runner.release(now: now)
        }
        if !holdRoundStarts { runner.endTurn { now } }
        let dropped = closing
        closing = []
        for id in dropped { disconnect(id) }
    }

    // MARK: EffectTarget

    public func send(_ payload: Payload, to id: ConnectionID, asked: Bool) {
        channels[id]?.channel?.deliver(payload.string)
    }

    public func close(_ id: ConnectionID) {
        closed.append(id)
        channels[id]?.channel?.serverClosed()
        closing.append(id)
    }

    public func store(_ record: GameRecord) -> Int? {
        records.append(record)
        recordTimes.append(now)
        return record.needsCommit ? ticket() : nil
    }

    public func read(_ request: ReportRequest) -> StorageRead {
        reports.append(request)
        return .ticket(ticket())
    }

    private func ticket() -> Int {
        lastTicket += 1
        tickets.append(lastTicket)
        return lastTicket
    }
}

private struct WeakChannel {
    weak var channel: InProcessChannel?
}
