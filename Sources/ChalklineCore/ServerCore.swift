/// The whole server as a state machine: bytes and ticks in, effects out.
///
/// Owned by the loop thread and touched only there (a plain class, no locks): the shell calls
/// it from libuv callbacks and executes the returned effects in order.
public final class ServerCore {
    public let config: ServerConfig
    var sessions: [ConnectionID: Session] = [:]
    var rooms: [String: Room] = [:]
    /// Room codes, tokens and default seeds. The default is the system's CSPRNG; tests pass a seeded one.
    var random: () -> UInt64
    /// Games started by this process so far: each game's `GameRef.serial`.
    var gamesStarted = 0

    public init(config: ServerConfig, random: @escaping () -> UInt64 = { UInt64.random(in: .min ... .max) }) {
        self.config = config
        self.random = random
    }

    /// A new connection was accepted. `peer` is its address as text (for limits and logs).
    public func connect(_ id: ConnectionID, peer: String, now: Millis) -> [Effect] {
        let session = Session(id: id, peer: peer, maxLineBytes: config.maxLineBytes)
        sessions[id] = session
        var out = Outbox()
        out.send(WelcomeEvent(version: config.version), to: session)
        return out.effects
    }

    /// Bytes arrived on a connection (any split: partial lines, several lines, anything).
    public func receive(_ id: ConnectionID, _ bytes: UnsafeRawBufferPointer, now: Millis) -> [Effect] {
        guard let session = sessions[id], !session.closing else { return [] }
        var lines: [FramedLine] = []
        session.framer.push(bytes, into: &lines)
        var out = Outbox()
        for line in lines {
            if session.closing { break }
            switch line {
            case .tooLong:
                out.send(ErrorReply("", .lineTooLong, "That line was longer than \(config.maxLineBytes) bytes; it was ignored."), to: session)
            case .badUTF8:
                out.send(ErrorReply("", .badUTF8, "That line was not valid UTF-8 text; it was ignored."), to: session)
            case .line(let text):
                handle(ClientLine.parse(text), from: session, now: now, out: &out)
            }
        }
        return out.effects
    }

    /// The connection is gone (EOF, error, or closed by the shell after a `.close` effect).
    public func disconnect(_ id: ConnectionID, now: Millis) -> [Effect] {
        guard let session = sessions.removeValue(forKey: id) else { return [] }
        var out = Outbox()
        if let seat = session.seat, let room = session.room {
            room.remove(seat, reason: .disconnected, now: now, out: &out)
            closeIfAbandoned(room)
        }
        return out.effects
    }

    /// Time passed: fire every deadline at or before `now`.
    public func tick(now: Millis) -> [Effect] {
        var out = Outbox()
        for room in Array(rooms.values) where !room.tick(now: now, emptyTimeout: config.emptyRoomTimeout, out: &out) {
            rooms[room.code] = nil
        }
        return out.effects
    }

    /// The earliest moment `tick` has work to do, or nil; the shell arms one timer for it
    /// after every call into the core.
    public func nextDeadline() -> Millis? {
        rooms.values.compactMap { $0.deadline(emptyTimeout: config.emptyRoomTimeout) }.min()
    }

    /// The process is stopping: tell everyone, then close every connection.
    public func shutdown(message: String) -> [Effect] {
        var out = Outbox()
        let everyone = sessions.values.filter { !$0.closing }.sorted { $0.id < $1.id }
        out.send(ShutdownEvent(message: message), to: everyone)
        for session in everyone {
            session.closing = true
            out.close(session)
        }
        return out.effects
    }

    /// The shell could not store records of the games in `rooms` (disk full, read-only file). The
    /// game goes on from memory; each room's host is told once, until storage works again.
    public func storageFailed(rooms codes: Set<String>, reason: String) -> [Effect] {
        var out = Outbox()
        for code in codes.sorted() {
            guard let room = rooms[code], !room.storageWarned, let session = room.hostSession else { continue }
            room.storageWarned = true
            out.send(StorageFailedEvent(reason: reason), to: session)
        }
        return out.effects
    }

    /// Storage works again (the missed writes went through): a new failure is worth telling again.
    public func storageRecovered() {
        for room in rooms.values { room.storageWarned = false }
    }

    /// Connections currently open, for logs and benchmarks.
    public var connectionCount: Int { sessions.count }
    public var roomCount: Int { rooms.count }

    /// A room nobody can come back to (no seats left) closes at once.
    func closeIfAbandoned(_ room: Room) {
        if room.seats.isEmpty { rooms[room.code] = nil }
    }
}
