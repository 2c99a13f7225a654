/// The seam between the core and whatever drives it: the one place the core's effects are
/// carried out, for the libuv shell, `InProcessServer`, the fuzzer and the benchmarks alike.
/// Drivers call the core through it (`receive`, `tick`...), so none of them can skip a step.
///
/// An effect goes at once unless `StorageGate` holds it: what comes after a commit or a report
/// read in the same call, and later output to the same connections. While nothing is held, a
/// send is one check of the gate and one call to the target.
///
/// The round's start is one step here: a `.roundStarted` carried out marks its question as
/// sent, and the round's time counts from when that send is written. With `.asSent` (a driver
/// whose sends are delivered when made) that is at once; with `.atTurnEnd` (the shell, which
/// writes once an iteration) it is `endTurn`, the step that writes, so no driver can write a
/// question without starting its round, or start it before the write.
///
/// Touched on one thread only (the shell's loop thread), like the core it drives.
public final class EffectRunner {
    /// When the target's sends are written.
    public enum Writes {
        /// When `send` is called (in-memory drivers).
        case asSent
        /// In `endTurn`, once a loop iteration (the shell).
        case atTurnEnd
    }

    public let core: ServerCore
    private unowned let target: any EffectTarget
    private let writes: Writes
    public let gate: StorageGate
    /// Rounds whose question was carried out and not yet written (`.atTurnEnd`).
    @exclusivity(unchecked) public private(set) var unwrittenRounds: [RoundStart] = []
    /// The `now` of the call being carried out: an `.asSent` round starts then.
    @exclusivity(unchecked) private var now: Millis = 0

    public init(core: ServerCore, target: any EffectTarget, writes: Writes) {
        self.core = core
        self.target = target
        self.writes = writes
        gate = StorageGate { _ in }
        gate.perform = { [unowned self] in carryOut($0) }
        gate.deliverReply = { [unowned target] id, reply in target.send(reply, to: id, asked: true) }
    }

    // MARK: The core's inputs, their effects carried out

    @discardableResult
    public func connect(_ id: ConnectionID, peer: String, format: OutputFormat = .text, oneLineMessages: Bool = false,
                        now: Millis) -> [Effect] {
        run(core.connect(id, peer: peer, format: format, oneLineMessages: oneLineMessages, now: now), now: now)
    }

    @discardableResult
    public func receive(_ id: ConnectionID, _ bytes: UnsafeRawBufferPointer, now: Millis, arrived: Millis? = nil) -> [Effect] {
        run(core.receive(id, bytes, now: now, arrived: arrived), now: now)
    }

    @discardableResult
    public func disconnect(_ id: ConnectionID, now: Millis) -> [Effect] {
        run(core.disconnect(id, now: now), now: now)
    }

    @discardableResult
    public func tick(now: Millis) -> [Effect] {
        run(core.tick(now: now), now: now)
    }

    @discardableResult
    public func shutdown(message: String? = nil, now: Millis) -> [Effect] {
        run(core.shutdown(message: message), now: now)
    }

    // MARK: Carrying out

    /// Carries out `effects` in order (the effects of one call into the core): records are
    /// kept at once; everything after the first record or read that must wait for storage is
    /// handed to the gate with its ticket, as is a lone effect to a connection it holds.
    @discardableResult
    public func run(_ effects: [Effect], now: Millis) -> [Effect] {
        self.now = now
        var waiting: [StorageGate.Item]?
        for effect in effects {
            switch effect {
            case .record(let record):
                if let ticket = target.store(record) { hold(.wait(ticket: ticket, replyTo: nil), in: &waiting, effects.count) }
            case .report(let request):
                switch target.read(request) {
                case .ticket(let ticket): hold(.wait(ticket: ticket, replyTo: request.to), in: &waiting, effects.count)
                case .reply(let reply): pass(.send([request.to], reply), waiting: &waiting)
                }
            case .send, .close, .roundStarted:
                pass(effect, waiting: &waiting)
            }
        }
        if let waiting { gate.place(waiting[...]) }
        return effects
    }

    /// An effect goes now if nothing before it in its call waits and the gate lets it.
    @inline(__always)
    private func pass(_ effect: Effect, waiting: inout [StorageGate.Item]?) {
        if waiting != nil {
            waiting!.append(.effect(effect))
        } else if gate.lets(effect) {
            carryOut(effect)
        } else {
            gate.place([.effect(effect)][...])
        }
    }

    private func hold(_ wait: StorageGate.Item, in waiting: inout [StorageGate.Item]?, _ capacity: Int) {
        if waiting == nil { waiting = []; waiting!.reserveCapacity(capacity) }
        waiting!.append(wait)
    }

    /// Does what an effect says, now: the only place sends, closes and round starts happen.
    /// Inlined into `run`, so a send with nothing held is no call of its own.
    @inline(__always)
    private func carryOut(_ effect: Effect) {
        switch effect {
        case .send(let recipients, let payload):
            for id in recipients { target.send(payload, to: id, asked: false) }
        case .close(let id):
            target.close(id)
        case .roundStarted(let start):
            switch writes {
            case .asSent: core.roundStarted(start, now: now)
            case .atTurnEnd: unwrittenRounds.append(start)
            }
        case .record, .report:
            break  // kept or read in `run`, never held
        }
    }

    // MARK: Storage and the end of a turn

    /// Output for this connection waits behind storage (a `/report` being read, a commit).
    public func holds(_ id: ConnectionID) -> Bool { gate.holds(id) }

    /// Storage finished `ticket`'s job: `effects` (notices for hosts) go in its place, then
    /// `reply` to whoever asked. Call `release` once every finished ticket is settled.
    public func settle(ticket: Int, effects: [Effect] = [], reply: Payload? = nil) {
        gate.settle(ticket: ticket, effects: effects, reply: reply)
    }

    /// Carries out what settled tickets no longer hold.
    public func release(now: Millis) {
        self.now = now
        gate.drain()
    }

    /// The one step that writes a turn's output (`.atTurnEnd`): `write` writes what was sent and
    /// returns when it finished; every round whose question went out in it starts then.
    public func endTurn(write: () -> Millis) {
        let written = write()
        guard !unwrittenRounds.isEmpty else { return }
        for start in unwrittenRounds { core.roundStarted(start, now: written) }
        unwrittenRounds.removeAll(keepingCapacity: true)
    }
}
