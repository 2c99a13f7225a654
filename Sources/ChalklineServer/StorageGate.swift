import ChalklineCore

/// Holds output behind storage, per connection: a round's `round_end` waits until its results
/// are committed, and so does everything later that goes to the same connections, while every
/// other room's output goes on at once. (One queue for the whole server made every room wait
/// for every commit: 658 answers/s in the bench instead of 20,000.)
///
/// A call into the core hands its effects over in order: from its first `.wait` on (a commit
/// or a report read) together, the rest of that call gated by the ticket (`submit(_ items:)`);
/// before it, and in calls without one, each on its own (`submit(_ effect:)`), and it waits
/// only if it goes to a connection that has output held.
///
/// Owned by the loop thread and touched only there. Its hottest properties are not
/// checked for exclusive access at run time (`@exclusivity(unchecked)`, as `Connection`'s).
final class StorageGate {
    enum Item {
        case effect(Effect)
        /// Answered by the storage queue; `replyTo` gets the read's reply.
        case wait(ticket: Int, replyTo: ConnectionID?)
    }

    private let perform: (Effect) -> Void
    /// Runs of items not yet carried out, oldest first; only the first item of a run can be next.
    @exclusivity(unchecked) private var held: [ArraySlice<Item>] = []
    /// Items submitted while `drain` was running (a send that drops a slow client runs more effects).
    @exclusivity(unchecked) private var incoming: [ArraySlice<Item>] = []
    @exclusivity(unchecked) private var draining = false
    /// Every connection some held item goes to: later output to them must wait its turn.
    @exclusivity(unchecked) private var blocked = ConnectionSet()
    /// Answered tickets whose `.wait` has not been reached: effects to carry out in its place
    /// (a `storage_failed` for the host) and, for a read, the reply.
    @exclusivity(unchecked) private var answered: [Int: (effects: [Effect], reply: Payload?)] = [:]

    /// Delivers a read's reply (`/report`) to the connection that asked; by default an
    /// ordinary send. The shell sets it so a reply someone asked for never counts as them
    /// falling behind.
    var deliverReply: ((ConnectionID, Payload) -> Void)?

    init(perform: @escaping (Effect) -> Void) {
        self.perform = perform
    }

    var isHolding: Bool { !held.isEmpty }

    /// Output for this connection waits behind storage (a `/report` being read, a commit).
    func holds(_ id: ConnectionID) -> Bool { blocked.contains(id) }

    /// One call's items, in order. Only the new items are looked at: the connections held
    /// output goes to are kept in `blocked` between drains, so a busy server with many rooms
    /// waiting on commits does not re-scan everything held on every call.
    func submit(_ items: [Item]) {
        // Each effect before the first `.wait` is a run of its own; from the `.wait` on, one run.
        // Runs are placed as they are cut, with no list of them made.
        let firstWait = items.firstIndex(where: \.isWait) ?? items.endIndex
        for i in items.indices where i < firstWait { place(items[i...i]) }
        if firstWait < items.endIndex { place(items[firstWait...]) }
    }

    /// One effect before any `.wait` of its call (a run of its own), with no list made for it:
    /// most calls are an answer's one reply.
    func submit(_ effect: Effect) {
        if goesNow(effect) { perform(effect) } else { place([.effect(effect)][...]) }
    }

    /// A lone effect goes now, outside a drain, unless it goes to a connection with output held.
    private func goesNow(_ effect: Effect) -> Bool {
        !draining && (held.isEmpty || !effect.touches(blocked))
    }

    /// While draining, a run waits its turn after what is being drained. Else a lone effect goes
    /// now unless it goes to a connection with output held; anything else (a run with a
    /// `.wait`) is held, and its connections with it.
    private func place(_ run: ArraySlice<Item>) {
        if draining {
            incoming.append(run)
        } else if case .effect(let effect) = run.first!, run.count == 1, goesNow(effect) {
            perform(effect)
        } else {
            held.append(run)
            for item in run { item.addRecipients(to: &blocked) }
        }
    }

    func answer(ticket: Int, effects: [Effect], reply: Payload?) {
        answered[ticket] = (effects, reply)
    }

    /// Carries out every item not held by an unanswered ticket or by earlier output to the
    /// same connection; called when tickets are answered.
    func drain() {
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
        case .wait(let ticket, _): return answered[ticket] != nil
        case .effect(let effect): return blocked.isEmpty || !effect.touches(blocked)
        }
    }

    private func carryOut(_ item: Item) {
        switch item {
        case .effect(let effect):
            perform(effect)
        case .wait(let ticket, let replyTo):
            guard let done = answered.removeValue(forKey: ticket) else { return }
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
        case .effect(.send(let recipients, _)): set.formUnion(recipients)
        case .effect(.close(let id)): set.insert(id)
        case .effect(.roundStarted(let start)): set.formUnion(start.recipients)
        case .effect: break
        case .wait(_, let replyTo): if let replyTo { set.insert(replyTo) }
        }
    }
}

extension Effect {
    func touches(_ connections: ConnectionSet) -> Bool {
        switch self {
        case .send(let recipients, _): return recipients.contains(where: connections.contains)
        case .close(let id): return connections.contains(id)
        case .roundStarted(let start): return start.recipients.contains(where: connections.contains)
        default: return false
        }
    }
}
