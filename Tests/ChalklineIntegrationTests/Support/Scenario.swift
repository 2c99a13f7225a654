import ChalklineCore
import Foundation
import Testing

extension ServerHarness {
    /// A server for a scenario that runs on both backends: every json line any client reads,
    /// in-process or live, is held to protocol.schema.json, as the live suites always were; and
    /// every client comes from one address, as live.
    static func scenario(_ backend: ServerBackend, config: ServerConfig = ServerConfig(), levels: [String] = [],
                         liveArguments: [String] = []) throws -> ServerHarness {
        let harness = try ServerHarness(backend, config: config, levels: levels, liveArguments: liveArguments,
                                        inspect: ProtocolSchema.check(line:))
        harness.peer = "127.0.0.1"
        return harness
    }
}

extension ServerConfig {
    /// The defaults with `edit` applied, for a scenario's limits in one expression.
    static func with(_ edit: (inout ServerConfig) -> Void) -> ServerConfig {
        var config = ServerConfig()
        edit(&config)
        return config
    }
}
