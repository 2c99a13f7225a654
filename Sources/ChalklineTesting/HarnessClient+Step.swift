import ChalklineCore

/// What only the in-process backend can show a test: the connection's id in the core, and the
/// effects each step of the client's caused.
extension HarnessClient {
    /// The connection's id in the core; in-process only.
    public var connection: ConnectionID {
        guard let id else { preconditionFailure("a live client has no id in a core") }
        return id
    }

    /// Sends `line` and returns what the core did with it; in-process only.
    @discardableResult
    public func step(_ line: String) throws -> Step { try stepRaw(Array((line + "\n").utf8)) }

    /// Sends bytes as they are and returns what the core did with them; in-process only.
    @discardableResult
    public func stepRaw(_ bytes: [UInt8]) throws -> Step {
        guard let server = channel.inProcessServer else { throw TestFailure("a step is in-process only") }
        return try server.step { try sendRaw(bytes) }
    }

    /// Drops the connection and returns what the core did about it; in-process only.
    @discardableResult
    public func stepDisconnect() throws -> Step {
        guard let server = channel.inProcessServer else { throw TestFailure("a step is in-process only") }
        return server.step { disconnect() }
    }
}
