import ChalklineCore
import ChalklineStore
import CLibUV
import Foundation
import Logging

/// The imperative shell: one libuv loop that owns every socket, the one timer and the signal
/// watchers, feeds the core `(input, now)` and carries out the effects it returns. It knows no
/// game rule.
///
/// Owned by the loop thread (the thread that calls `run`) and touched only there.
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
        public var maxQueuedBytes = 1 << 20

        public init(bind: String = "0.0.0.0", port: Int = 7420, core: ServerConfig = ServerConfig(),
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
    private let loop: UnsafeMutablePointer<uv_loop_t>
    private let clock = MonotonicClock()
    private var connections: [ConnectionID: Connection] = [:]
    private var lastID: UInt64 = 0
    private var listener: Listener?
    private var timer: DeadlineTimer?
    private var beforePoll: BeforePollHook?
    /// Connections with output from this iteration, flushed in `beforePoll`.
    private var unflushed: [Connection] = []
    private var graceTimer: DeadlineTimer?
    private var signals: [SignalWatcher] = []
    private var shuttingDown = false
    private var storage: StorageQueue?
    /// Output held behind storage commits and reads, per connection.
    private lazy var gate = StorageGate { [unowned self] in perform($0) }
    private var openFileLimit: UInt64 = 0
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
        timer = DeadlineTimer(loop: loop) { [unowned self] in tick() }
        beforePoll = BeforePollHook(loop: loop) { [unowned self] in endOfIteration() }
        startStorage()
        signals = [SIGINT, SIGTERM].map { SignalWatcher(loop: loop, signal: $0) { [unowned self] in beginShutdown(signal: $0) } }
        logger.info("serving", metadata: ["address": "\(listener.address.description)", "open-files": "\(files)"])
        announce("listening on \(listener.address.description)")
        uv_run(loop, UV_RUN_DEFAULT)
        uv_loop_close(loop)
        logger.info("stopped")
    }

    // MARK: Events from libuv

    func accept(from listener: Listener, status: Int32) {
        guard status == 0 else {
            logger.error("accept failed", metadata: ["error": "\(uvMessage(status))"])
            return
        }
        lastID += 1
        let connection = Connection(id: ConnectionID(lastID), loop: loop, shell: self)
        guard !shuttingDown, connection.accept(from: listener.handle) else {
            connection.close()
            return
        }
        connections[connection.id] = connection
        noteDescriptorPressure()
        logger.debug("connected", metadata: ["id": "\(connection.id)", "peer": "\(connection.peer)"])
        execute(core.connect(connection.id, peer: connection.peer, now: clock.now))
        // A connection the core turned away (server_full, too_many_connections) is already flushing.
        if connection.state == .open { connection.startReading() }
    }

    func received(_ bytes: UnsafeRawBufferPointer, on connection: Connection) {
        execute(core.receive(connection.id, bytes, now: clock.now))
    }

    /// The connection is finished (EOF, an error, or a flushed close): close it and tell the core.
    func drop(_ connection: Connection, reason: String?) {
        guard connection.state != .closed else { return }
        connection.close()
        connections[connection.id] = nil
        noteDescriptorPressure()
        if let reason {
            logger.debug("connection lost", metadata: ["id": "\(connection.id)", "error": "\(reason)"])
        }
        execute(core.disconnect(connection.id, now: clock.now))
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

    private func tick() {
        execute(core.tick(now: clock.now))
    }

    // MARK: Effects

    /// Carries out the core's effects in order; what they send is written at the end of the
    /// iteration. Records go to the storage queue, stamped with the wall clock; a record that
    /// needs a commit (a round closing) holds the rest of this call, and later output to the same
    /// connections, until the commit is acknowledged (`StorageGate`): so `round_end` never goes
    /// out before its results are on disk, nothing overtakes it, and other rooms do not wait.
    private func execute(_ effects: [Effect]) {
        let at = Date()
        var items: [StorageGate.Item] = []
        items.reserveCapacity(effects.count)
        for effect in effects {
            switch effect {
            case .record(let record):
                guard let storage else { continue }
                storage.append(StampedRecord(record, at: at))
                if record.needsCommit { items.append(.wait(ticket: storage.commit(), replyTo: nil)) }
            case .report(let request):
                if let storage {
                    items.append(.wait(ticket: storage.read(Self.reportWork(request)), replyTo: request.to))
                } else {
                    items.append(.effect(.send([request.to], Self.storageOff.rendered(request.format))))
                }
            case .send, .close:
                items.append(.effect(effect))
            }
        }
        gate.submit(items)
    }

    private func perform(_ effect: Effect) {
        switch effect {
        case .send(let recipients, let payload):
            for id in recipients { connections[id]?.send(payload) }
        case .close(let id):
            connections[id]?.closeAfterFlush()
        case .record, .report:
            break  // handled in `execute`, never held
        }
    }

    // MARK: Storage

    private static let storageOff = ErrorReply("report", .storageFailed, "This server keeps no results.")

    private func startStorage() {
        let store = Store(path: options.databasePath)
        // Before the loop runs, so nothing waits: a database that cannot be opened is reported now
        // (and retried with every write), and the server serves all the same.
        do {
            try store.open()
            logger.info("results database", metadata: ["db": "\(options.databasePath)"])
        } catch {
            logger.error("STORAGE FAILED: cannot open the results database; games go on but results are not saved until it works",
                         metadata: ["db": "\(options.databasePath)", "error": "\(error)"])
        }
        storage = StorageQueue(store: store, loop: loop, now: { [clock] in clock.now }) { [unowned self] in storageFinished($0) }
    }

    /// Back on the loop thread after a storage job: answer its tickets and release what they held.
    private func storageFinished(_ finished: StorageQueue.Finished) {
        var notices: [Effect] = []
        if let failure = finished.failure {
            logger.error("STORAGE FAILED: results are not being saved; the games go on and the writes are retried",
                         metadata: ["db": "\(options.databasePath)", "error": "\(failure)",
                                    "rooms": "\(finished.failedRooms.sorted().joined(separator: ","))",
                                    "queued": "\(storage?.pendingRecords ?? 0)"])
            notices = core.storageFailed(rooms: finished.failedRooms, reason: Self.shortReason(failure))
        } else if finished.recovered {
            logger.notice("storage works again: the missed results are saved", metadata: ["db": "\(options.databasePath)"])
            core.storageRecovered()
        }
        if let first = finished.tickets.first {
            // In the place of the first held effect: the host hears why before the round_end.
            gate.answer(ticket: first.ticket, effects: notices, reply: first.reply)
            for (ticket, reply) in finished.tickets.dropFirst() { gate.answer(ticket: ticket, effects: [], reply: reply) }
            gate.drain()
        } else {
            gate.submit(notices.map(StorageGate.Item.effect))
        }
    }

    /// SQLite's words for the failure, without GRDB's statement dump: `attempt to write a readonly database`.
    static func shortReason(_ failure: String) -> String {
        if let range = failure.range(of: "SQLite error \\d+: ", options: .regularExpression) {
            let rest = failure[range.upperBound...]
            return String(rest.prefix { $0 != "-" && $0 != "\n" }).trimmingCharacters(in: .whitespaces)
        }
        return String(failure.prefix(120))
    }

    /// `/report`: read on the pool, rendered there in the asker's format.
    private static func reportWork(_ request: ReportRequest) -> @Sendable (Store) -> Payload {
        { store in
            let message: any Message
            do {
                guard let id = store.gameID(of: request.game) else {
                    throw ErrorReply("report", .storageFailed, "The results of \(request.game) could not be saved, so there is no report.")
                }
                let report = try store.read { try Reports.game($0, id: id) }
                guard case .object(let fields) = report.json else { throw ErrorReply("report", .storageFailed, "no report") }
                message = OkReply("report", fields, text: report.plainText.trimmingCharacters(in: .newlines))
            } catch let error as ErrorReply {
                message = error
            } catch {
                message = ErrorReply("report", .storageFailed, "The report could not be read (\(shortReason("\(error)"))).")
            }
            return message.rendered(request.format)
        }
    }


    func needsFlush(_ connection: Connection) {
        unflushed.append(connection)
    }

    /// Every connection's output for this iteration leaves in one write, the iteration's records
    /// go to storage together, and the timer is set
    /// for the core's next deadline once, however many events the iteration handled.
    private func endOfIteration() {
        // Records from the whole iteration go to disk as one job (one transaction).
        storage?.flush()
        flushAll()
        if !shuttingDown { timer?.arm(at: core.nextDeadline(), now: clock.now) }
    }

    private func flushAll() {
        while !unflushed.isEmpty {
            let batch = unflushed
            unflushed = []
            for connection in batch { connection.flush() }
        }
    }

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
        execute(core.shutdown(message: "The server is shutting down. Thanks for playing!"))
        if connections.isEmpty {
            finishShutdown()
        } else {
            let grace = DeadlineTimer(loop: loop) { [unowned self] in
                for connection in Array(connections.values) { drop(connection, reason: nil) }
                finishShutdown()
            }
            graceTimer = grace
            grace.arm(at: Millis(options.shutdownGraceMs), now: 0)
        }
    }

    private func finishShutdown() {
        flushAll()
        beforePoll?.close()
        beforePoll = nil
        // The last records get one more try; libuv runs the loop until that job is back.
        storage?.stop()
        timer?.close()
        timer = nil
        graceTimer?.close()
        graceTimer = nil
    }
}
