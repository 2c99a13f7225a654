import ChalklineCore

/// What the core did during one step of an in-process scenario, as the effects it returned:
/// for tests of the effects themselves (their order and count, who shares one payload, which
/// connection is closed), which only the in-process backend can see.
public struct Step: RandomAccessCollection {
    public let effects: [Effect]

    public init(effects: [Effect]) { self.effects = effects }

    public var startIndex: Int { effects.startIndex }
    public var endIndex: Int { effects.endIndex }
    public subscript(position: Int) -> Effect { effects[position] }

    /// One `.send`: who gets it and what it says.
    public struct Sent {
        public let to: [ConnectionID]
        public let payload: Payload
        public var string: String { payload.string }
        /// The payload's lines, decoded.
        public var messages: [ServerLine] { string.split(separator: "\n").map { ServerLine(String($0)) } }
    }

    public var sends: [Sent] {
        effects.compactMap {
            if case let .send(to, payload) = $0 { return Sent(to: to, payload: payload) }
            return nil
        }
    }

    public var closes: [ConnectionID] {
        effects.compactMap {
            if case let .close(id) = $0 { return id }
            return nil
        }
    }

    /// Everything `client` was sent in this step, in order, decoded.
    public func messages(to client: HarnessClient) -> [ServerLine] {
        sends.filter { $0.to.contains(client.connection) }.flatMap(\.messages)
    }

    /// Everything `client` was sent in this step, as the raw text.
    public func text(to client: HarnessClient) -> String {
        sends.filter { $0.to.contains(client.connection) }.map(\.string).joined()
    }
}
