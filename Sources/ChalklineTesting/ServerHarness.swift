import ChalklineCore
import Foundation

/// One server for one scenario, on either backend, and the clients that talk to it. A scenario
/// written against this and `HarnessClient` alone runs both ways: it waits for the lines it
/// expects (in-process, waiting moves the manual clock to the core's next deadline; live, it
/// reads with a real deadline), so it never needs to know which clock is running.
public final class ServerHarness {
    public let backend: ServerBackend
    /// The core and its clock (nil live), for what only in-process can check: exact times,
    /// records, the core's own state.
    public let inProcess: InProcessServer?
    /// The child process (nil in-process): its log, its database, its exit.
    public let live: LiveServer?
    private let inspect: (@Sendable (ServerLine) -> Void)?
    /// The address in-process clients come from when `connect` names none; nil gives each its
    /// own. A scenario for both backends sets 127.0.0.1, the address every live client has.
    public var peer: String?

    /// `config` sets the limits on both backends (live, as command-line flags; one that has no
    /// flag throws); `levels` are word-pack folders (read in-process, `--levels` live);
    /// `liveArguments` adds flags only the binary has (a database, say).
    /// `inspect` sees every JSON line any client reads, to hold them all to a contract.
    public init(_ backend: ServerBackend, config: ServerConfig = ServerConfig(), seed: UInt64 = 42, levels: [String] = [],
                liveArguments: [String] = [], inspect: (@Sendable (ServerLine) -> Void)? = nil) throws {
        self.backend = backend
        self.inspect = inspect
        switch backend {
        case .inProcess:
            inProcess = InProcessServer(config: try config.withPacks(from: levels), seed: seed)
            live = nil
        case .live, .liveWebSocket:
            inProcess = nil
            live = try LiveServer(LiveArguments.from(config) + levels.flatMap { ["--levels", $0] } + liveArguments)
        }
    }

    /// In-process around a core the test built itself.
    public init(core: ServerCore, inspect: (@Sendable (ServerLine) -> Void)? = nil) {
        backend = .inProcess
        inProcess = InProcessServer(core: core)
        live = nil
        self.inspect = inspect
    }

    public var core: ServerCore? { inProcess?.core }

    /// A new connection, in text as every connection starts (json over WebSocket). `peer` is its
    /// address in-process (by default one of its own); live, every client comes from 127.0.0.1.
    public func connect(peer: String? = nil) throws -> HarnessClient {
        if let inProcess {
            let channel = inProcess.open(peer: peer ?? self.peer)
            return HarnessClient(channel, id: channel.id, inspect: inspect)
        }
        guard let live else { throw TestFailure("no server") }
        if backend == .liveWebSocket { return HarnessClient(try LiveWebSocketChannel(live), inspect: inspect) }
        return HarnessClient(try LiveChannel(live), id: nil, inspect: inspect)
    }

    /// A new connection and what the core did on accepting it (its welcome, or a refusal and a
    /// close); in-process only.
    public func connectStep(peer: String? = nil) throws -> (HarnessClient, Step) {
        guard let inProcess else { throw TestFailure("a step is in-process only") }
        var client: HarnessClient?
        let step = try inProcess.step { client = try connect(peer: peer) }
        guard let client else { throw TestFailure("no client") }
        return (client, step)
    }

    /// A connection in json, past its welcome, with a name if given.
    public func jsonClient(_ name: String? = nil, peer: String? = nil) throws -> HarnessClient {
        try connect(peer: peer).enterJSON(named: name)
    }

    /// Moves the in-process clock on by `ms`, firing what falls due. Live, real time passes by
    /// itself and this does nothing: a scenario meant for both backends waits for the event it
    /// expects instead, and uses this only to make an in-process answer as late as a live one.
    public func advance(by ms: Millis) {
        inProcess?.advance(by: ms)
    }
}
