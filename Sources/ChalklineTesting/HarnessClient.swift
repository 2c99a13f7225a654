import ChalklineCore
import Foundation

/// One client of a `ServerHarness`, the same on both backends: send lines or raw bytes, and
/// wait, with a deadline, for the line expected. Timeouts are seconds of the backend's clock.
public final class HarnessClient {
    let channel: LineChannel
    private let inspect: (@Sendable (ServerLine) -> Void)?
    /// The connection's id in the core (nil live).
    public let id: ConnectionID?
    /// Every line read so far, in order, for assertions about order.
    public private(set) var received: [String] = []

    init(_ channel: LineChannel, id: ConnectionID?, inspect: (@Sendable (ServerLine) -> Void)?) {
        self.channel = channel
        self.id = id
        self.inspect = inspect
    }

    /// A client of a live server started by the test itself, over IPv4 or IPv6 (a host with a
    /// colon); `receiveBuffer` shrinks the socket's receive buffer, for clients that read slowly.
    public convenience init(_ server: LiveServer, host: String = "127.0.0.1", receiveBuffer: Int32? = nil,
                            inspect: (@Sendable (ServerLine) -> Void)? = nil) throws {
        self.init(try LiveChannel(server, host: host, receiveBuffer: receiveBuffer), id: nil, inspect: inspect)
    }

    /// A browser's client of a live server: one line a message over a WebSocket.
    public convenience init(_ webSocket: LiveWebSocketChannel, inspect: (@Sendable (ServerLine) -> Void)? = nil) {
        self.init(webSocket, id: nil, inspect: inspect)
    }

    /// One line, LF appended.
    public func send(_ line: String) throws { try sendRaw(Array((line + "\n").utf8)) }

    /// Bytes as they are: partial lines, several lines, bytes that are not UTF-8.
    public func sendRaw(_ bytes: [UInt8]) throws { try channel.write(bytes) }

    /// Closes the sending side only, as `nc -N` does after its last line.
    public func finishSending() { channel.finishSending() }

    /// Drops the connection the way a closed laptop lid does.
    public func disconnect() { channel.hangUp() }

    /// The next line, whatever it is; throws if the connection closes first.
    public func line(timeout: Double = 5) throws -> String {
        guard let line = try channel.readLine(until: channel.deadline(in: timeout)) else {
            throw TestFailure("connection closed; received so far: \(received.suffix(5))")
        }
        return note(line).line
    }

    /// The next line, decoded.
    public func next(timeout: Double = 5) throws -> ServerLine { ServerLine(try line(timeout: timeout)) }

    /// Asks for json at once (as a bot does: its first line brings the welcome), skips to the
    /// json welcome, and takes `name` if given.
    @discardableResult
    public func enterJSON(named name: String? = nil) throws -> HarnessClient {
        let format = try command("/format json")
        guard format.type == "ok" else { throw TestFailure("/format json: \(format)") }
        _ = try expect("welcome")
        if let name {
            let named = try command("/name \(name)")
            guard named.type == "ok" else { throw TestFailure("/name \(name): \(named)") }
        }
        return self
    }

    /// The next line, which must be a JSON object.
    public func json(timeout: Double = 5) throws -> ServerLine {
        let next = try next(timeout: timeout)
        guard next.isJSON else { throw TestFailure("not a JSON object: \(next.line)") }
        return next
    }

    /// Skips lines until one of `type` arrives (text lines and other events may come between).
    public func expect(_ type: String, timeout: Double = 5) throws -> ServerLine {
        try first(timeout: timeout, "a \(type)") { $0.type == type }
    }

    /// Sends a command and returns its reply: the next `ok` or `error` (events before it are skipped).
    public func command(_ line: String, timeout: Double = 5) throws -> ServerLine {
        try send(line)
        return try first(timeout: timeout, "the reply to \(line)") { $0.isReply }
    }

    /// Skips lines until one contains `fragment` (for text-format clients).
    public func expectText(_ fragment: String, timeout: Double = 5) throws -> String {
        try first(timeout: timeout, "\"\(fragment)\"") { $0.line.contains(fragment) }.line
    }

    /// The text welcome every connection starts with ends with the line pointing to /help.
    public func skipWelcome() throws { _ = try expectText("/help") }

    /// True when the server closes the connection before the deadline, false when it is still
    /// open then; what arrives until then is kept in `received`. Over WebSocket the close frame
    /// is not enough: the TCP connection must end too.
    public func waitForClose(timeout: Double = 5) throws -> Bool {
        let deadline = channel.deadline(in: timeout)
        do {
            while let line = try channel.readLine(until: deadline) { _ = note(line) }
        } catch is DeadlinePassed {
            return false
        }
        guard let webSocket = channel as? LiveWebSocketChannel else { return true }
        return try webSocket.waitForClose(timeout: max(0.001, deadline - channel.deadline(in: 0)))
    }

    /// What has arrived already, without waiting (in-process: without moving the clock): what
    /// the last lines sent caused, when the scenario runs in-process.
    @discardableResult
    public func take() -> [ServerLine] { channel.linesAlreadyHere().map(note) }

    /// What has arrived already of one type; the rest of it is dropped.
    public func take(_ type: String) -> [ServerLine] { take().filter { $0.type == type } }

    /// Everything this client has been told since `forget()`, oldest first: what it read, and
    /// what is waiting (read now, without moving the clock).
    public var heard: [ServerLine] {
        take()
        return received.map(ServerLine.init)
    }

    /// What `heard` holds of one type.
    public func heard(_ type: String) -> [ServerLine] { heard.filter { $0.type == type } }

    /// Starts `heard` afresh: what the steps after this cause is then all it holds.
    public func forget() {
        take()
        received = []
    }

    /// Lets `seconds` pass and returns what arrived meanwhile: for a scenario that must act while
    /// time passes (a flood), never to wait for a line it expects.
    public func drain(for seconds: Double) -> [ServerLine] { channel.lines(for: seconds).map(note) }

    private func first(timeout: Double, _ what: String, where match: (ServerLine) -> Bool) throws -> ServerLine {
        let deadline = channel.deadline(in: timeout)
        while true {
            let line: String?
            do {
                line = try channel.readLine(until: deadline)
            } catch {
                throw TestFailure("no \(what) within \(timeout) s: \(error); last lines: \(received.suffix(5))")
            }
            guard let line else {
                throw TestFailure("connection closed waiting for \(what); last lines: \(received.suffix(5))")
            }
            let decoded = note(line)
            if match(decoded) { return decoded }
        }
    }

    private func note(_ line: String) -> ServerLine {
        received.append(line)
        let decoded = ServerLine(line)
        if decoded.isJSON { inspect?(decoded) }
        return decoded
    }
}
