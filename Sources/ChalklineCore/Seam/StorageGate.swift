/// Holds output behind storage, per connection: a round's `round_end` waits until its results
/// are committed, and so does everything later that goes to the same connections, while every
/// other room's output goes on at once. (One queue for the whole server made every room wait
/// for every commit: 658 answers/s in the bench instead of 20,000.)
///
/// `EffectRunner` asks it about each effect (`lets`) and carries out at once what it lets go:
/// a send with nothing held makes no trip through the gate. What must wait is handed over as a
/// run: from a call's first `.wait` (a commit or a report read) on, the rest of that call,
/// gated by the ticket; a lone effect to a connection whose output is held, on its own.
///
/// Touched on one thread only (the shell's loop thread). Its hottest properties are not
/// checked for exclusive access at run time (`@exclusivity(unchecked)`, as `Connection`'s).
public final class StorageGate {
    public enum Item {
        case effect(Effect)
        /// Settled by storage (a commit done, a read made); `replyTo` gets the read's reply.
        case wait(ticket: Int, replyTo: ConnectionID?)
    }

    /// Carries out a released effect (`EffectRunner.carryOut`).
    var perform: (Effect) -> Void
    /// Runs of items not yet carried out, oldest first; only the first item of a run can be next.
    @exclusivity(unchecked) private var held: [ArraySlice<Item>] = []
    /// Items submitted while `drain` was running (a send that drops a slow client runs more effects).
    @exclusivity(unchecked) private var incoming: [ArraySlice<Item>] = []
    @exclusivity(unchecked) private var draining = false
    /// Every connection some held item goes to: later output to them must wait its turn.
    @exclusivity(unchecked) private var blocked = ConnectionSet()
    /// Settled tickets whose `.wait` has not been reached: effects to carry out in its place
    /// (a `storage_failed` for the host) and, for a read, the reply.
    @exclusivity(unchecked) private var settled: [Int: (effects: [Effect], reply: Payload?)] = [:]

    /// Delivers a read's reply (`/report`) to the connection that asked; by default an
    /// ordinary send. The runner sets it so a reply someone asked for never counts as them
    /// falling behind.
    public var deliverReply: ((ConnectionID, Payload) -> Void)?

    public init(perform: @escaping (Effect) -> Void) {
        self.perform = perform
    }

    public var isHolding: Bool { !held.isEmpty }

    /// Output for this connection waits behind storage (a `/report` being read, a commit).
    public func holds(_ id: ConnectionID) -> Bool { blocked.contains(id) }

    /// `effect` (one before any `.wait` of its call) may be carried out now: outside a drain,
    /// and not to a connection with output held. Asked of every effect, so it looks at nothing
    /// more while nothing is held.
    @inline(__always)
    func lets(_ effect: Effect) -> Bool {
        !draining && (held.isEmpty || !effect.touches(blocked))
    }

    /// One call's items, in order. Only the new items are looked at: the connections held
    /// output goes to are kept in `blocked` between drains, so a busy server with many rooms
    /// waiting on commits does not re-scan everything held on every call.
    public func submit(_ items: [Item]) {
        // Each effect before the first `.wait` is a run of its own; from the `.wait` on, one run.
        let firstWait = items.firstIndex(where: \.isWait) ?? items.endIndex
        for i in items.indices where i < firstWait { place(items[i...i]) }
        if firstWait < items.endIndex { place(items[firstWait...]) }
    }

    /// While draining, a run waits its turn after what is being drained. Else a lone effect goes
    /// now unless it goes to a connection with output held; anything else (a run with a
    /// `.wait`) is held, and its connections with it.
    func place(_ run: ArraySlice<Item>) {
        if draining {
            incoming.append(run)
        } else if case .effect(let effect) = run.first!, run.count == 1, lets(effect) {
            perform(effect)
        } else {
            held.append(run)
            for item in run { item.addRecipients(to: &blocked) }
        }
    }

    /// Storage finished the job of `ticket`: `effects` go in its place, then `reply` to whoever
    /// asked. Nothing moves until `drain`.
    public func settle(ticket: Int, effects: [Effect], reply: Payload?) {
        settled[ticket] = (effects, reply)
    }

    /// Carries out every item not held by an unsettled ticket or by earlier output to the
    /// same connection; called when tickets are settled.
    public func drain() {
        guard !draining else { return }
        draining = true
        defer { draining = false }
        repeat {
            let runs = held + incoming
            held = []
            incoming = []
            blocked.removeAll()
            for var run in runs {
                while let item = run.first, ready(item) {
                    run = run.dropFirst()
                    carryOut(item)
                }
                if !run.isEmpty {
                    held.append(run)
                    for item in run { item.addRecipients(to: &blocked) }
                }
            }
        } while !incoming.isEmpty
    }

    private func ready(_ item: Item) -> Bool {
        switch item {
        case .wait(let ticket, _): return settled[ticket] != nil
        case .effect(let effect): return blocked.isEmpty || !effect.touches(blocked)
        }
    }

    private func carryOut(_ item: Item) {
        switch item {
        case .effect(let effect):
            perform(effect)
        case .wait(let ticket, let replyTo):
            guard let done = settled.removeValue(forKey: ticket) else { return }
            done.effects.forEach(perform)
            if let replyTo, let reply = done.reply {
                if let deliverReply { deliverReply(replyTo, reply) } else { perform(.send([replyTo], reply)) }
            }
        }
    }
}

extension StorageGate.Item {
    var isWait: Bool {
        if case .wait = self { return true }
        return false
    }

    func addRecipients(to set: inout ConnectionSet) {
        switch self {
        case .effect(let effect): _ = effect.goesTo(any: { set.insert($0); return false })
        case .wait(_, let replyTo): if let replyTo { set.insert(replyTo) }
        }
    }
}

extension Effect {
    /// Whether a connection this effect goes to satisfies `body` (asked in order, until one
    /// does). The gate's one question about an effect, for holding and for waiting.
    func goesTo(any body: (ConnectionID) -> Bool) -> Bool {
        switch self {
        case .send(let recipients, _): return recipients.contains(where: body)
        case .close(let id): return body(id)
        case .roundStarted(let start): return start.recipients.contains(where: body)
        case .record, .report: return false
        }
    }

    func touches(_ connections: ConnectionSet) -> Bool { goesTo(any: connections.contains) }
}
