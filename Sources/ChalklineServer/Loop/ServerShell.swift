import ChalklineCore
import ChalklineHTTP
import ChalklineStore
import ChalklineWeb
import CLibUV
import Foundation
import Logging

/// The imperative shell: one libuv loop that owns every socket, the one timer and the signal
/// watchers, and feeds the core `(input, now)` through `EffectRunner`, which decides when each
/// effect goes; the shell only does it (`ServerShell+Effects.swift`). It knows no game rule.
///
/// Owned by the loop thread (the thread that calls `run`) and touched only there. Its hottest properties are not
/// checked for exclusive access at run time (`@exclusivity(unchecked)`, as `Connection`'s).
public final class ServerShell {
    public struct Options: Sendable {
        public var bind: String
        public var port: Int
        public var core: ServerConfig
        /// How long a shutdown waits for clients to take their last bytes before closing anyway.
        public var shutdownGraceMs: UInt64 = 1500
        /// The results database (`--db`); `:memory:` keeps nothing after the process ends.
        public var databasePath: String
        /// Output waiting for one slow client, past which it is disconnected (`--max-queued-bytes`).
        public var maxQueuedBytes = Limits.queuedBytes
        /// Results held while the database fails, past which the oldest answers are dropped (`--max-unsaved`).
        public var maxUnsaved = Limits.unsavedRecords
        /// The name advertised with DNS-SD (`--name`); nil does not advertise (`--no-advertise`).
        public var advertiseName: String?
        /// The name stored with each game (`--server-name`, default the host name): a district
        /// gathering many servers' results in one PostgreSQL database tells classrooms apart by it.
        public var serverName: String = ServerShell.hostName
        /// Serve the pages and WebSocket on the same port (`--no-web` turns it off): a new
        /// connection is then welcomed on its first line, unless that line is an HTTP request
        /// line (or after `Limits.silentWelcomeMs` if it sends nothing).
        public var web = true
        /// The address students open (`--public-url`), when the school's network needs a name;
        /// nil picks this machine's LAN address (`JoinURL.choose`).
        public var publicURL: String?

        public init(bind: String = "0.0.0.0", port: Int = WellKnown.port, core: ServerConfig = ServerConfig(),
                    databasePath: String = ":memory:") {
            self.bind = bind
            self.port = port
            self.core = core
            self.databasePath = databasePath
        }
    }

    let options: Options
    let logger: Logger
    let core: ServerCore
    let loop: UnsafeMutablePointer<uv_loop_t>
    let clock = MonotonicClock()
    @exclusivity(unchecked) private var connections = ConnectionTable<Connection>()
    private var listener: Listener?
    private var timer: DeadlineTimer?
    private var beforePoll: LoopPhaseHook?
    private var afterPoll: LoopPhaseHook?
    /// Started while a deadline is due, so the poll before it fires does not wait.
    private var noWait: LoopPhaseHook?
    /// The timer fired: the core's deadlines are fired in `afterPoll`, once the iteration has
    /// read what came in (libuv runs timers before the poll, so a loop running behind would
    /// otherwise close a round before reading answers that reached it in time).
    @exclusivity(unchecked) private var deadlineDue = false
    /// When the last poll that read anything returned: what a later poll reads came after
    /// it. Answers are timed against their deadline by it, so a loop that reads them late
    /// (busy with other rooms, or stopped) does not make them late. Only the first poll after a
    /// deadline passed can read an answer for it (the round closes right after that poll), and
    /// that poll does not wait: the benefit of the doubt is one loop iteration at most.
    private(set) var arrivalFloor: Millis = 0
    /// Something was read in this iteration's poll (see `arrivalFloor`). A poll that returned
    /// without reading may have been cut short (a stop and `SIGCONT` interrupt the wait, and
    /// libuv then returns without reading), so it does not move the floor.
    @exclusivity(unchecked) private var readInThisPoll = false
    /// The connections with output this iteration, written in `endOfIteration`.
    let output = OutputQueue()
    private var graceTimer: DeadlineTimer?
    /// The sniff and HTTP-head deadlines, while the web is on.
    private(set) var webDeadlines: WebDeadlines?
    /// Connections whose pipelined requests wait for another turn, while the web is on.
    private(set) var httpBacklog: HTTPBacklog?
    /// The names this server answers to and the pages that may open its WebSocket (set in `run`).
    private(set) var hostPolicy = HostPolicy(hostName: "", publicURL: nil)
    /// `/qr.svg` bodies, each drawn once.
    let qrCodes = QRCodeCache()
    /// Connections the core has not heard of yet, by address: a cap of their own (`admit`).
    lazy var unannounced = UnannouncedConnections(perAddress: options.core.maxConnectionsPerIP * Limits.unannouncedPerIPMultiple,
                                                  overall: options.core.maxConnections)
    private var memoryTrim: MemoryTrim?
    private var signals: [SignalWatcher] = []
    private(set) var shuttingDown = false
    var storage: StorageQueue?
    let storageLog = StorageFailureLog()
    /// Carries out the core's effects (`ServerShell+Effects.swift`), holding output behind
    /// storage commits and reads per connection; every call into the core goes through it.
    private(set) var runner: EffectRunner!
    private var openFileLimit: UInt64 = 0
    /// The DNS-SD advertisement while it runs (Avahi's own thread owns what is behind it).
    var advert: OpaquePointer?
    private var warnedAboutDescriptors = false

    let readBufferSize = 64 * 1024
    /// Shared by every read (see `Connection.startReading`).
    let readBuffer: UnsafeMutableRawPointer

    public init(options: Options, logger: Logger) {
        self.options = options
        self.logger = logger
        core = ServerCore(config: options.core)
        loop = .allocate(capacity: 1)
        uv_loop_init(loop)
        readBuffer = .allocate(byteCount: readBufferSize, alignment: 16)
        runner = EffectRunner(core: core, target: self, writes: .atTurnEnd)
    }

    deinit {
        readBuffer.deallocate()
        loop.deallocate()
    }

    /// Binds, prints `listening on ADDR:PORT` on stdout, and serves until SIGINT or SIGTERM.
    /// Returns once every handle is closed.
    public func run(announce: (String) -> Void) throws(UVError) {
        ProcessSetup.ignoreSIGPIPE()
        ProcessSetup.unblockShutdownSignals()
        let files = ProcessSetup.raiseOpenFileLimit()
        openFileLimit = files
        let listener = Listener(loop: loop, shell: self)
        self.listener = listener
        do {
            try listener.listen(on: SocketAddress(host: options.bind, port: options.port))
        } catch {
            listener.close()
            uv_run(loop, UV_RUN_DEFAULT)
            uv_loop_close(loop)
            throw error
        }
        timer = DeadlineTimer(loop: loop) { [unowned self] in
            deadlineDue = true
            noWait?.start()
        }
        if options.web {
            webDeadlines = WebDeadlines(loop: loop, silenceMs: Limits.silentWelcomeMs, headMs: Limits.httpHeadTimeoutMs,
                                        idleMs: Limits.httpKeepAliveIdleMs, now: { [unowned self] in clock.now },
                                        silenceEnded: { [unowned self] in silenceEnded($0) },
                                        headTimedOut: { [unowned self] in headTimedOut($0) },
                                        idleEnded: { [unowned self] in idleEnded($0) })
            httpBacklog = HTTPBacklog(loop: loop) { [unowned self] id in
                guard let connection = connections(id), connection.state == .open else { return }
                serveRequests(on: connection)
            }
            // The pages are gzipped once, here, not on the first student's request.
            _ = Pages.site
        }
        memoryTrim = MemoryTrim(loop: loop)
        beforePoll = LoopPhaseHook(loop: loop, phase: .beforePoll) { [unowned self] in endOfIteration() }
        noWait = LoopPhaseHook(loop: loop, phase: .noWait, start: false) {}
        afterPoll = LoopPhaseHook(loop: loop, phase: .afterPoll) { [unowned self] in afterReads() }
        startStorage()
        signals = [SIGINT, SIGTERM].map { SignalWatcher(loop: loop, signal: $0) { [unowned self] in beginShutdown(signal: $0) } }
        logger.info("serving", metadata: ["address": "\(listener.address.description)", "open-files": "\(files)"])
        announce("listening on \(listener.address.description)")
        let joinURL = JoinURL.choose(publicURL: options.publicURL, bind: options.bind, port: Int(listener.address.port),
                                     interfaces: NetworkInterfaces.list())
        if options.web {
            hostPolicy = HostPolicy(hostName: Self.hostName, publicURL: options.publicURL, bind: options.bind)
            core.pagesServed(at: joinURL)
            announce("students open \(joinURL)")
        }
        if let desk = TeacherSecretFile.announcement(pagesAt: options.web ? joinURL : nil, config: options.core) { announce(desk) }
        startAdvertising(port: Int(listener.address.port))
        uv_run(loop, UV_RUN_DEFAULT)
        uv_loop_close(loop)
        // The last write has been tried: whatever is still held is lost with the process.
        let unsaved = (storage?.pendingRecords ?? 0) + (storage?.droppedTotal ?? 0)
        if unsaved > 0 {
            logger.error("RESULTS NOT SAVED: \(unsaved) results could not be written to the database before the server stopped",
                         metadata: ["db": "\(options.databasePath)", "unsaved": "\(storage?.pendingRecords ?? 0)",
                                    "dropped": "\(storage?.droppedTotal ?? 0)"])
        }
        logger.info("stopped", metadata: ["unsaved": "\(unsaved)"])
    }

    // MARK: Events from libuv

    func accept(from listener: Listener, status: Int32) {
        guard status == 0 else {
            logger.error("accept failed", metadata: ["error": "\(uvMessage(status))"])
            return
        }
        let connection = Connection(id: connections.makeID(), loop: loop, shell: self)
        guard !shuttingDown, connection.accept(from: listener.handle) else {
            connection.close()
            return
        }
        connections.insert(connection, as: connection.id)
        noteDescriptorPressure()
        memoryTrim?.noteChurn(now: clock.now)
        logger.debug("connected", metadata: ["id": "\(connection.id)", "peer": "\(connection.peer)"])
        // A connection the core turned away (server_full, too_many_connections) is already flushing.
        admit(connection)
    }

    func received(_ bytes: UnsafeRawBufferPointer, on connection: Connection) {
        if !readInThisPoll {
            // Told before the first read of each iteration: the monotonic clock stops while a
            // laptop sleeps, the wall clock does not, and a homework join is judged against its
            // due time by the wall clock.
            readInThisPoll = true
            core.wallClock(reads: SystemLocalTime.wallNow, at: clock.now)
        }
        switch connection.transport {
        case .line: runner.receive(connection.id, bytes, now: clock.now, arrived: arrivalFloor)
        case .webSocket: receivedFrames(bytes, on: connection)
        case .sniffing, .http: receivedBeforeProtocol(bytes, on: connection)
        }
    }

    /// The client finished sending (a half-close, as `nc -N` does after its last line): every
    /// command it sent has been handled; the close waits in line behind their replies (a
    /// `/report` still being read included), then the output drains and the connection closes.
    func inputEnded(_ connection: Connection) {
        if runner.holds(connection.id) {
            runner.run([.close(connection.id)], now: clock.now)
        } else if connection.hasPendingOutput {
            connection.closeAfterFlush()
        } else {
            // Nothing is owed: the descriptor is free at once, as a server short of them needs.
            drop(connection, reason: nil)
        }
    }

    /// The connection is finished (an error, or a flushed close): close it and tell the core.
    func drop(_ connection: Connection, reason: String?) {
        guard connection.state != .closed else { return }
        connection.close()
        connections.remove(connection.id)
        unannounced.remove(connection)
        noteDescriptorPressure()
        memoryTrim?.noteChurn(now: clock.now)
        if let reason {
            logger.debug("connection lost", metadata: ["id": "\(connection.id)", "error": "\(reason)"])
        }
        runner.disconnect(connection.id, now: clock.now)
        if shuttingDown && connections.isEmpty { finishShutdown() }
    }

    /// libuv refuses connections on EMFILE by itself (it parks a spare descriptor, accepts and
    /// closes) without telling us, so the shell logs when connections come near the limit, once
    /// each time they cross it.
    private func noteDescriptorPressure() {
        let others = Self.descriptorsForOtherUses + databaseDescriptors
        let nearLimit = openFileLimit > 0 && UInt64(connections.count + others) >= openFileLimit
        if nearLimit && !warnedAboutDescriptors {
            logger.error("out of file descriptors: new connections are refused until some close",
                         metadata: ["connections": "\(connections.count)", "open-files": "\(openFileLimit)"])
        }
        warnedAboutDescriptors = nearLimit
    }

    /// Standard streams, the loop's own descriptors (epoll, signal pipe, libuv's spare) and the listener.
    private static let descriptorsForOtherUses = 12
    /// SQLite's files: the database, its WAL and shared memory for the writer, and the database
    /// and WAL again for the connection reports read through. None for `:memory:`.
    private var databaseDescriptors: Int { options.databasePath == ":memory:" ? 0 : 5 }

    public static var hostName: String {
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, name.count)
        return String(cString: name)
    }

    /// After every poll: note when it returned if it read anything (`arrivalFloor`), then fire
    /// what is due.
    private func afterReads() {
        if readInThisPoll {
            readInThisPoll = false
            arrivalFloor = clock.millis(loopTime: uv_now(loop))
        }
        guard deadlineDue else { return }
        deadlineDue = false
        noWait?.stop()
        runner.tick(now: clock.now)
    }

    func connections(_ id: ConnectionID) -> Connection? { connections[id] }

    /// Every connection's output for this iteration leaves in one write, the iteration's records
    /// go to storage together, and the timer is set
    /// for the core's next deadline once, however many events the iteration handled.
    private func endOfIteration() {
        // Records from the whole iteration go to disk as one job (one transaction).
        storage?.flush()
        // The write, and the start of every round whose question it carries (`EffectRunner`).
        runner.endTurn { [clock] in
            output.flushAll()
            return clock.now
        }
        if !shuttingDown { timer?.arm(at: core.nextDeadline(), now: clock.now) }
    }

    private func flushAll() { output.flushAll() }

    // MARK: Shutdown

    /// Everyone is told, output gets a short grace to drain, then every handle closes and `run` returns.
    private func beginShutdown(signal: Int32) {
        guard !shuttingDown else { return }
        shuttingDown = true
        logger.info("shutting down", metadata: ["signal": "\(signal)", "connections": "\(connections.count)"])
        listener?.close()
        listener = nil
        for watcher in signals { watcher.close() }
        signals = []
        timer?.arm(at: nil, now: 0)
        runner.shutdown(now: clock.now)
        // Connections the core never heard of (a page loading, a head still arriving) just close.
        for connection in connections.all where connection.transport == .sniffing || connection.transport == .http {
            drop(connection, reason: nil)
        }
        if connections.isEmpty {
            finishShutdown()
        } else {
            let grace = DeadlineTimer(loop: loop) { [unowned self] in
                for connection in connections.all { drop(connection, reason: nil) }
                finishShutdown()
            }
            graceTimer = grace
            grace.arm(at: Millis(options.shutdownGraceMs), now: 0)
        }
    }

    private func finishShutdown() {
        stopAdvertising()
        flushAll()
        for hook in [beforePoll, afterPoll, noWait] { hook?.close() }
        beforePoll = nil
        afterPoll = nil
        noWait = nil
        // The last records get one more try; libuv runs the loop until that job is back.
        storage?.stop()
        timer?.close()
        timer = nil
        memoryTrim?.close()
        memoryTrim = nil
        webDeadlines?.close()
        webDeadlines = nil
        httpBacklog?.close()
        httpBacklog = nil
        graceTimer?.close()
        graceTimer = nil
    }
}
