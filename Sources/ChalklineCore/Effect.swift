#if canImport(Glibc)
import Glibc
#endif

/// Identifies one connection for the lifetime of the process; the shell hands them out, never reused.
public struct ConnectionID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let raw: UInt64
    public init(_ raw: UInt64) { self.raw = raw }
    public static func < (a: ConnectionID, b: ConnectionID) -> Bool { a.raw < b.raw }
    public var description: String { "#\(raw)" }
}

/// Milliseconds on a monotonic clock that the shell owns; the core never reads a clock itself.
public typealias Millis = Int64

/// What the core asks the shell to do. Effects are executed in order: a reply always comes
/// before the events its command caused.
public enum Effect {
    /// Send the same bytes to every recipient (one rendering, shared by all).
    case send([ConnectionID], Payload)
    /// Flush what is queued for this connection, then close it.
    case close(ConnectionID)
    /// Keep this record of a game. When `record.needsCommit`, the effects after it must wait until
    /// it is committed: that is how a result players are shown is never lost. Boxed (`indirect`):
    /// inline, a record made every effect as big as itself, and every send was copied at that
    /// size on its way to the socket (BENCHMARKS.md has the figure).
    indirect case record(GameRecord)
    /// `/report`: read the stored report of `game` and send it to `to` as the reply to `/report`.
    /// Effects after it wait for that reply, so replies keep the order of their commands.
    case report(ReportRequest)
    /// A round's question (or word level's board) has just been handed to its recipients, in the
    /// send before this effect. Its time counts from when that send is written, which is later
    /// than the core opened the round when a commit held it (a `round_end` waits for its results
    /// to be on disk, and the next question waits behind it): a slow disk never takes a
    /// student's seconds. `EffectRunner` carries it out for every driver, and tells the core
    /// when the write happened; no driver handles it itself.
    case roundStarted(RoundStart)
}

/// Which round of which room went out, and to whom (so it is held exactly as long as that send).
public struct RoundStart: Sendable, Equatable {
    /// `ServerCore.rooms`' key of the room (for a homework try, the code and the student's name).
    public var room: String
    /// The round's room-wide id, as its `question` or `board` carries it.
    public var id: Int
    public var recipients: [ConnectionID]

    public init(room: String, id: Int, recipients: [ConnectionID]) {
        self.room = room
        self.id = id
        self.recipients = recipients
    }
}

/// A `/report`: what to read from the results database, for whom, and how to send it.
public struct ReportRequest: Sendable, Equatable {
    public var to: ConnectionID
    public var format: OutputFormat
    public var subject: ReportSubject
    /// The word `csv` ended the line: the reply carries the CSV `chalkline-server report --csv` writes.
    public var csv = false
    /// The asker's `/lang`: the report's headings and sentences are written in it, off the loop
    /// thread (a `Language` is immutable, so it travels with the request).
    public var language: Language

    public init(to: ConnectionID, format: OutputFormat, subject: ReportSubject, csv: Bool = false, language: Language = Languages.english) {
        self.to = to
        self.format = format
        self.subject = subject
        self.csv = csv
        self.language = language
    }

    public static func == (a: ReportRequest, b: ReportRequest) -> Bool {
        a.to == b.to && a.format == b.format && a.subject == b.subject && a.csv == b.csv && a.language === b.language
    }
}

/// What a `/report` is about. Every subject but `lastGame` is the teacher's (`/teacher`); dates
/// are the server's local days, `YYYY-MM-DD`, both ends included (the shell reads them).
public enum ReportSubject: Sendable, Equatable {
    /// `/report` of a room's host: its last game, as the room knows it.
    case lastGame(GameRef)
    case games(class: String?, from: String?, to: String?, limit: Int)
    /// An id from `games`, or a name from `game_end` (`QXRM-2`).
    case game(String)
    /// Stored homework, newest first.
    case assignments(class: String?)
    /// A homework code.
    case assignment(String)
    case classProgress(class: String, from: String?, to: String?)
    case player(name: String, class: String?, from: String?, to: String?)

    /// The `subject` field of the reply.
    public var name: String {
        switch self {
        case .lastGame: "game"
        case .games: "games"
        case .game: "game"
        case .assignments: "assignments"
        case .assignment: "assignment"
        case .classProgress: "class"
        case .player: "player"
        }
    }
}

/// Rendered bytes held in one allocation that never moves, so the shell can hand the same
/// pointer to `uv_try_write`/`uv_write` for every recipient and keep it alive by retaining
/// the payload until each write callback. The memory is `malloc`'s, freed with `free`: a line
/// written into a `ByteWriter` becomes a payload without a copy (`init(_:)` taking the writer).
public final class Payload: @unchecked Sendable {
    public let pointer: UnsafeMutableRawPointer
    public let count: Int

    public init(_ bytes: [UInt8]) {
        var writer = ByteWriter(capacity: bytes.count)
        writer.append(bytes)
        (pointer, count) = writer.take()
    }

    public convenience init(_ string: String) { self.init(Array(string.utf8)) }

    /// The bytes `writer` wrote, its buffer taken over as it is.
    public init(_ writer: consuming ByteWriter) {
        (pointer, count) = writer.take()
    }

    /// Some of the bytes, to copy into another line.
    public subscript(range: Range<Int>) -> UnsafeRawBufferPointer {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "a range outside the payload")
        return UnsafeRawBufferPointer(start: pointer + range.lowerBound, count: range.count)
    }

    /// The bytes as an array, for tests and logs.
    public var bytes: [UInt8] { Array(UnsafeRawBufferPointer(start: pointer, count: count)) }
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    deinit { free(pointer) }
}
