/// The whole server as a state machine: bytes and ticks in, effects out.
///
/// Owned by the loop thread and touched only there (a plain class, no locks): the shell calls
/// it from libuv callbacks and executes the returned effects in order.
///
/// Its hottest properties are not checked for exclusive access at run time
/// (`@exclusivity(unchecked)`): touched on one thread, never across a call that could reach them again.
public final class ServerCore {
    public let config: ServerConfig
    @exclusivity(unchecked) var sessions: [ConnectionID: Session] = [:]
    /// Rooms by `Room.slot`: classes' rooms by code, homework tries by code and student.
    @exclusivity(unchecked) var rooms: [String: Room] = [:]
    /// Homework by code (`/assign`), open or past due, until the process ends.
    var assignments: [String: Assignment] = [:]
    /// Homework tries running now (rooms of `rooms` with `homework`): they have their own cap,
    /// so a class doing homework never keeps a teacher from `/create`.
    var homeworkRooms = 0
    /// The wall clock minus the monotonic `now`, in milliseconds, as `wallClock(reads:at:)`
    /// last told it: a homework's due time is checked without the core reading a clock.
    public internal(set) var wallOffsetMs: Millis = 0
    /// Admitted connections by address (`PeerAddress.key`), for `maxConnectionsPerIP`.
    var perAddress: [String: Int] = [:]
    /// When each connection outside a room may next be idle-closed (see `DeadlineHeap`).
    var idleSchedule = DeadlineHeap()
    /// Room codes, tokens and default seeds. The default is the system's CSPRNG; tests pass a seeded one.
    var random: () -> UInt64
    /// Games started by this process so far: each game's `GameRef.serial`.
    var gamesStarted = 0
    /// Open rooms by the address that created them, for `maxRoomsPerIP`.
    var roomsPerAddress: [String: Int] = [:]
    /// The students' page as other devices reach it (`http://ADDRESS:PORT/`), as
    /// `pagesServed(at:)` told it; nil without the web. `/create` gives each room's.
    public private(set) var joinURL: String?
    /// Wrong guesses at secrets, by address and server-wide.
    let guesses: GuessLimiter
    /// The question sets `/create quiz` plays: the config's, then changed by `/sets save` and
    /// `/sets delete` (each stored before its reply).
    public internal(set) var questionSets: SetLibrary
    /// The teacher's classes (`/class`), as stored; rooms and homework made for one read it here.
    var classes: [SchoolClass] = []
    /// Every class student's Leitner boxes for the times facts, which adaptive homework draws from.
    let practice = StudentFacts()
    /// The teachers' connections, told when homework counts move.
    lazy var desk = TeacherDesk { [unowned self] in sessions.values }

    public init(config: ServerConfig, random: @escaping () -> UInt64 = { UInt64.random(in: .min ... .max) }) {
        self.config = config
        questionSets = config.questionSets
        self.random = random
        guesses = GuessLimiter(config.guesses)
    }

    /// A seat and the session holding it refer to each other (see `Seat.session`); the room
    /// breaks that when a connection goes, and this when the whole core goes with players seated.
    deinit {
        for session in sessions.values { session.seat?.session = nil }
    }

    /// A new connection was accepted. `peer` is its address as text (for limits and logs).
    ///
    /// Over `maxConnections` or `maxConnectionsPerIP` it gets one error line instead of the
    /// welcome and is closed; the core forgets it at once, so it counts towards no limit and
    /// nobody already connected notices.
    ///
    /// `format` is what it is welcomed in; `oneLineMessages` marks a connection whose transport
    /// carries one line a message (WebSocket), which speaks json only.
    public func connect(_ id: ConnectionID, peer: String, format: OutputFormat = .text, oneLineMessages: Bool = false,
                        now: Millis) -> [Effect] {
        let session = Session(id: id, peer: peer, config: config, now: now)
        session.format = format
        session.jsonOnly = oneLineMessages
        var out = Outbox()
        if sessions.count >= config.maxConnections {
            out.send(ErrorReply("", .serverFull, Say("error.server.full", ["max": .int(config.maxConnections)])), to: session)
            out.close(session)
            return out.effects
        }
        if perAddress[session.address, default: 0] >= config.maxConnectionsPerIP {
            out.send(ErrorReply("", .tooManyConnections, Say("error.server.too_many_connections", ["max": .int(config.maxConnectionsPerIP)])),
                     to: session)
            out.close(session)
            return out.effects
        }
        sessions[id] = session
        perAddress[session.address, default: 0] += 1
        scheduleIdle(session)
        out.send(WelcomeEvent(version: config.version), to: session)
        return out.effects
    }

    /// Bytes arrived on a connection (any split: partial lines, several lines, anything).
    /// `arrived` is the earliest they can have reached the server (the shell's loop may read them
    /// later than that when it is busy); an answer is in time if it arrived by its deadline, so a
    /// server running behind does not turn a student's answer into a late one. Default: `now`.
    public func receive(_ id: ConnectionID, _ bytes: UnsafeRawBufferPointer, now: Millis, arrived: Millis? = nil) -> [Effect] {
        let arrived = min(arrived ?? now, now)
        guard let session = sessions[id], !session.closing else { return [] }
        var lines: [FramedLine] = []
        session.framer.push(bytes, into: &lines)
        var out = Outbox()
        for line in lines {
            if session.closing { break }
            session.lastHeard = now
            switch session.bucket.take(now: now, floodTimeout: config.floodTimeout) {
            case .run: break
            case .refuse(let reply):
                if reply {
                    out.send(ErrorReply("", .rateLimited, Say("error.server.slow_down", ["rate": .int(config.linesPerSecond)]),
                                        extra: [("retry_ms", .int(Int(session.bucket.waitMs(now: now))))]),
                             to: session)
                }
                continue
            case .disconnect:
                bye(session, .flood, limit: config.linesPerSecond, out: &out)
                continue
            }
            switch line {
            case .tooLong:
                out.send(ErrorReply("", .lineTooLong, Say("error.line.too_long", ["max": .int(config.maxLineBytes)])), to: session)
            case .badUTF8:
                out.send(ErrorReply("", .badUTF8, Say("error.line.bad_utf8")), to: session)
            case .line(let text):
                handle(ClientLine.parse(text), from: session, now: now, arrived: arrived, out: &out)
            }
        }
        return out.effects
    }

    /// The connection is gone (EOF, error, or closed by the shell after a `.close` effect).
    public func disconnect(_ id: ConnectionID, now: Millis) -> [Effect] {
        guard let session = sessions.removeValue(forKey: id) else { return [] }
        if let count = perAddress[session.address], count > 1 {
            perAddress[session.address] = count - 1
        } else {
            perAddress[session.address] = nil
        }
        var out = Outbox()
        session.watching?.removeWatcher(session)
        let wasIn = session.room
        if let seat = session.seat, let room = session.room {
            // Not closed at once even if this was its last seat: a teacher whose laptop dropped
            // in the lobby can `/claim` the room back; it closes after the empty-room timeout.
            room.remove(seat, reason: .disconnected, now: now, out: &out)
            // A homework try is kept by its assignment, not its room: joining again resumes it.
            if room.homework != nil { closeIfAbandoned(room, now: now, &out) }
        }
        settleComebacks(after: session, in: wasIn, &out)
        return out.effects
    }

    /// The question a `roundStarted` effect names was written at `now`, and its time counts
    /// from there. Nothing to send. Only `EffectRunner` tells it, for every driver.
    func roundStarted(_ start: RoundStart, now: Millis) {
        rooms[start.room]?.roundStarted(id: start.id, now: now)
    }

    // MARK: What the shell knows about the world

    /// The wall clock reads `wall` at the monotonic `now`. The monotonic clock stops while a
    /// laptop sleeps and the wall clock does not, so the shell tells it again before the lines
    /// of each loop iteration it reads; homework's due times are judged by it.
    public func wallClock(reads wall: Millis, at now: Millis) {
        wallOffsetMs = wall - now
    }

    /// The pages are served, and other devices reach the students' one at `joinURL`.
    public func pagesServed(at joinURL: String) {
        self.joinURL = joinURL
    }

    /// Time passed: fire every deadline at or before `now`.
    public func tick(now: Millis) -> [Effect] {
        var out = Outbox()
        let timeouts = RoomTimeouts(config)
        for room in Array(rooms.values) where !room.tick(now: now, timeouts: timeouts, out: &out) {
            close(room, now: now, &out)
        }
        closeIdle(now: now, out: &out)
        return out.effects
    }

    /// The earliest moment `tick` has work to do, or nil; the shell arms one timer for it
    /// after every call into the core.
    public func nextDeadline() -> Millis? {
        let timeouts = RoomTimeouts(config)
        // Asked once every loop iteration: a loop, not an array of every room's deadline.
        var roomDeadline: Millis?
        for room in rooms.values {
            if let deadline = room.deadline(timeouts), deadline < roomDeadline ?? .max { roomDeadline = deadline }
        }
        // Entries of connections that are gone or sit in a room are dropped as they surface.
        while let top = idleSchedule.first, idleExempt(top.id) { idleSchedule.popFirst() }
        guard let idle = idleSchedule.first?.at else { return roomDeadline }
        return min(idle, roomDeadline ?? idle)
    }

    // MARK: The idle timeout

    /// A connection outside any room enters the idle schedule: when it connects, and when it
    /// leaves (or is removed from) a room. Seated connections are dropped from it lazily.
    func scheduleIdle(_ session: Session) {
        guard config.idleTimeout > 0, !session.idleScheduled, !session.closing, session.audienceRoom == nil else { return }
        session.idleScheduled = true
        idleSchedule.push(session.lastHeard + config.idleTimeout, session.id)
    }

    /// True when the schedule's entry for `id` no longer applies (and marks it unscheduled):
    /// the connection is gone, closing, or in a room (playing or watching), where the idle timeout does not reach.
    private func idleExempt(_ id: ConnectionID) -> Bool {
        guard let session = sessions[id] else { return true }
        guard session.closing || session.audienceRoom != nil else { return false }
        session.idleScheduled = false
        return true
    }

    /// Closes connections outside any room that have been silent for `idleTimeout`. Only due
    /// entries of the schedule are looked at, so a tick costs nothing per quiet connection; one
    /// that spoke since is put back at its real deadline. A player in a room is never
    /// idle-closed: the room's own timeouts look after a class that went home.
    private func closeIdle(now: Millis, out: inout Outbox) {
        while let entry = idleSchedule.popDue(now) {
            guard !idleExempt(entry.id), let session = sessions[entry.id] else { continue }
            let due = session.lastHeard + config.idleTimeout
            if due > now {
                idleSchedule.push(due, entry.id)
            } else {
                session.idleScheduled = false
                bye(session, .idle, limit: Int(config.idleTimeout), out: &out)
            }
        }
    }

    /// The server ends this connection for a reason of its own: `bye`, then close.
    func bye(_ session: Session, _ reason: ByeEvent.Reason, limit: Int, out: inout Outbox) {
        out.send(ByeEvent(reason: reason, limit: limit), to: session)
        session.closing = true
        out.close(session)
    }

    /// The process is stopping: tell everyone, then close every connection. `message` nil says
    /// the usual sentence in each connection's language.
    public func shutdown(message: String? = nil) -> [Effect] {
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

    /// The backlog of unsaved results was full and the oldest were dropped: each room's host is
    /// told how many of its game's results are lost, once a failing spell.
    public func storageDropped(_ dropped: [String: Int], keeping limit: Int) -> [Effect] {
        var out = Outbox()
        for (code, count) in dropped.sorted(by: { $0.key < $1.key }) {
            guard let room = rooms[code], !room.droppedWarned, let session = room.hostSession else { continue }
            room.droppedWarned = true
            out.send(StorageFailedEvent(droppedOf: limit, count: count), to: session)
        }
        return out.effects
    }

    /// Why the database could not be written at start (`storageUnwritableAtStart`): each
    /// `/create` is followed by `storage_failed`, so a teacher knows before the class plays.
    /// Cleared when storage works again.
    public private(set) var storageUnwritable: String?

    /// The database could not be written when the server started, for `reason`.
    public func storageUnwritableAtStart(reason: String) {
        storageUnwritable = reason
    }

    /// Storage works again (the missed writes went through): a new failure is worth telling again.
    public func storageRecovered() {
        storageUnwritable = nil
        for room in rooms.values {
            room.storageWarned = false
            room.droppedWarned = false
        }
    }

    /// Connections currently open, for logs and benchmarks.
    public var connectionCount: Int { sessions.count }
    public var roomCount: Int { rooms.count }
    /// `code` (uppercase) is a class's room open now or a homework: the web draws a QR code
    /// only for these (`/qr.svg?room=`), so made-up codes cost the loop nothing.
    public func isRoom(_ code: String) -> Bool { rooms[code] != nil || assignments[code] != nil }
    /// Class rooms, without homework tries: what `--max-rooms` caps.
    var classRooms: Int { rooms.count - homeworkRooms }

    /// A room nobody can come back to (no seats left) closes at once.
    func closeIfAbandoned(_ room: Room, now: Millis, _ out: inout Outbox) {
        if room.seats.isEmpty { close(room, now: now, &out) }
    }

    /// `/create` from the host of a class room: the class goes along. A game running there ends
    /// (stored, with its `game_end`), everyone else in the room is told the new code (`moved`),
    /// and the room closes with its players and watchers outside any room, free to `/join` (or
    /// `/watch`) the new one. A page that still holds the old room finds it gone (`no_room`).
    func moveClass(from room: Room, to code: String, host: Session, now: Millis, _ out: inout Outbox) {
        if room.isRunning { room.stop(out: &out) }
        let audience = room.audience
        out.send(MovedEvent(room: room.code, to: code), to: audience.seats.compactMap(\.session).filter { $0 !== host })
        out.send(MovedEvent(room: room.code, to: code, watching: true), to: audience.watchers)
        // Students waiting to come back are the class too: they follow, and ask again there if need be.
        let waiting = room.comebacks.map(\.session).filter(isStillWaiting)
        out.send(MovedEvent(room: room.code, to: code), to: waiting)
        room.comebacks = []
        for session in room.dissolve(now: now) where session !== host { scheduleIdle(session) }
        close(room, now: now, &out)
    }

    /// Its watchers are back outside any room, where the idle timeout applies to them again.
    private func close(_ room: Room, now: Millis, _ out: inout Outbox) {
        refuseComebacks(room, reason: .closed, &out)
        for watcher in room.releaseWatchers() {
            watcher.lastHeard = now
            scheduleIdle(watcher)
        }
        rooms[room.slot] = nil
        if room.homework != nil { homeworkRooms -= 1 }
        if let count = roomsPerAddress[room.creatorAddress], count > 1 {
            roomsPerAddress[room.creatorAddress] = count - 1
        } else {
            roomsPerAddress[room.creatorAddress] = nil
        }
    }
}
