/// What a driver of the core does with its effects: the libuv shell writes to sockets and the
/// results database, `InProcessServer` to inboxes and a list, the fuzzer and the benchmarks
/// nowhere. It only does; `EffectRunner` decides what and when.
public protocol EffectTarget: AnyObject {
    /// Queues `payload` for connection `id`; `asked` marks a reply the client asked for (a
    /// report), which never counts as the client falling behind.
    func send(_ payload: Payload, to id: ConnectionID, asked: Bool)
    /// Flushes what is queued for `id`, then closes it.
    func close(_ id: ConnectionID)
    /// Keeps `record`. A ticket when the effects after it must wait until storage settles it
    /// (a record that `needsCommit`, when something stores): nil when nothing waits.
    func store(_ record: GameRecord) -> Int?
    /// Starts reading the report `request` asks for.
    func read(_ request: ReportRequest) -> StorageRead
}

/// How a report read goes: a ticket that storage settles with the reply, or the reply at once
/// (a server that keeps no results).
public enum StorageRead {
    case ticket(Int)
    case reply(Payload)
}

/// A target whose sends go nowhere and which stores nothing: for drivers that read the effects
/// the runner returns instead (the fuzzers, the benchmarks).
public final class DiscardingTarget: EffectTarget {
    public init() {}
    public func send(_ payload: Payload, to id: ConnectionID, asked: Bool) {}
    public func close(_ id: ConnectionID) {}
    public func store(_ record: GameRecord) -> Int? { nil }
    public func read(_ request: ReportRequest) -> StorageRead { .reply(Payload([])) }
}
