/// The whole server as a state machine: bytes and ticks in, effects out.
///
/// Owned by the loop thread and touched only there (a plain class, no locks): the shell calls
/// it from libuv callbacks and executes the returned effects in order.
public final class ServerCore {
    public let config: ServerConfig

    public init(config: ServerConfig) {
        self.config = config
    }

    /// A new connection was accepted. `peer` is its address as text (for limits and logs).
    public func connect(_ id: ConnectionID, peer: String, now: Millis) -> [Effect] {
        [.send([id], Payload("welcome\n"))]
    }

    /// Bytes arrived on a connection (any split: partial lines, several lines, anything).
    public func receive(_ id: ConnectionID, _ bytes: UnsafeRawBufferPointer, now: Millis) -> [Effect] {
        [.send([id], Payload(Array(bytes)))]
    }

    /// The connection is gone (EOF, error, or closed by the shell after a `.close` effect).
    public func disconnect(_ id: ConnectionID, now: Millis) -> [Effect] { [] }

    /// Time passed: fire every deadline at or before `now`.
    public func tick(now: Millis) -> [Effect] { [] }

    /// The earliest moment `tick` has work to do, or nil; the shell arms one timer for it
    /// after every call into the core.
    public func nextDeadline() -> Millis? { nil }

    /// The process is stopping: tell everyone, then close every connection.
    public func shutdown(message: String) -> [Effect] { [] }
}
