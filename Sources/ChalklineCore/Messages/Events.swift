/// The first line on every connection: which server, and which protocol a bot is talking to.
public struct WelcomeEvent: Message {
    public var version: String
    public var json: JSON { .object([EventType.welcome.field, ("server", "chalkline"), ("version", .string(version)), ("protocol", 1)]) }
    /// The first thing a person at netcat reads: in the server's `--language` (the connection has
    /// not chosen one yet), with the commands as typed.
    public func text(in l: Language) -> String {
        l.text("text.welcome", ["version": .text(version), "hint": RaceCatalog.createHintSay])
    }
}

public struct JoinedEvent: Message {
    public var room: String
    public var name: String
    public var players: Int
    public var json: JSON { .object([EventType.joined.field, ("room", .string(room)), ("name", .string(name)), ("players", .int(players))]) }
    public func text(in l: Language) -> String {
        l.text("text.room.joined", ["name": .text(name), "room": .text(room), "players": .text(TextFormat.count(players, "player", in: l))])
    }
}

public struct LeftEvent: Message {
    public typealias Reason = LeaveReason
    public var room: String
    public var name: String
    public var players: Int
    public var reason: Reason
    public var json: JSON {
        .object([EventType.left.field, ("room", .string(room)), ("name", .string(name)), ("players", .int(players)), ("reason", .string(reason.rawValue))])
    }
    public func text(in l: Language) -> String {
        let key = switch reason {
        case .left: "text.room.left"
        case .disconnected: "text.room.disconnected"
        case .kicked: "text.room.removed"
        case .banned: "text.room.banned"
        }
        return l.text(key, ["name": .text(name), "players": .text(TextFormat.count(players, "player", in: l))])
    }
}

public struct HostEvent: Message {
    public var name: String
    public var json: JSON { .object([EventType.host.field, ("name", .string(name))]) }
    public func text(in l: Language) -> String { l.text("text.room.host", ["name": .text(name)]) }
}

/// The host left or dropped and nobody took their place: the room waits for them to come back
/// with `/claim`. `running` only shapes the text: a game waits before its next round.
public struct HostAwayEvent: Message {
    public var running: Bool
    public var json: JSON { .object([EventType.hostAway.field, ("running", .bool(running))]) }
    public func text(in l: Language) -> String {
        l(Say("text.room.host_away")) + (running ? " " + l(Say("text.room.host_away.running")) : "")
    }
}

/// The host opened a new room from this one (`/create` while hosting it): this room closed, and
/// everyone in it is told the new code, so a student's page follows with `/join` (a second
/// screen with `/watch`) under the same name, and nobody types a code again.
public struct MovedEvent: Message {
    public var room: String
    public var to: String
    /// The text line names the command that follows: `/join` would seat a watcher as a player.
    public var watching = false
    public var json: JSON { .object([EventType.moved.field, ("room", .string(room)), ("to", .string(to))]) }
    public func text(in l: Language) -> String {
        l.text("text.room.moved", ["room": .text(to), "command": .text(watching ? "/watch" : "/join")])
    }
}

public struct CountdownEvent: Message {
    public var seconds: Double
    public var json: JSON { .object([EventType.countdown.field, ("seconds", .double(seconds))]) }
    public func text(in l: Language) -> String {
        // A whole number picks its own form (`1 second`); a fraction reads as many (`2.5 seconds`).
        let count = seconds == seconds.rounded() ? Int(seconds) : 2
        return l(Say("text.game.countdown", count: count, ["seconds": .text(TextFormat.decimal(seconds, in: l))]))
    }
}

public struct QuestionEvent: Message {
    public var id: Int
    public var round: Int
    public var rounds: Int
    /// The room's kind, so a bot that plays several kinds knows how to read `text`.
    public var game: String
    public var questionText: String
    /// The text mode's line: `7 x 8 = ?`, or a question that is a sentence of its own.
    public var prompt: String
    public var timeMs: Millis
    /// A multiple-choice question's options in the order shown (`A`, `B`...); nil when typed.
    public var choices: [String]? = nil
    /// The question as each language says it, where it is a sentence (see `QuestionEvent+Spoken`).
    var spoken: (@Sendable (Language) -> String)? = nil
    public var json: JSON {
        var fields: [(String, JSON)] = [EventType.question.field, ("id", .int(id)), ("round", .int(round)), ("rounds", .int(rounds)),
                                        ("text", .string(questionText)), ("time_ms", .int(Int(timeMs))), ("game", .string(game))]
        if let choices { fields.append(("choices", .array(choices.map(JSON.string)))) }
        return .object(fields)
    }
    public func text(in l: Language) -> String {
        let line = l.text("text.game.question", ["round": .int(round), "rounds": .int(rounds), "prompt": .text(prompt(in: l)),
                                                 "seconds": .text(TextFormat.decimal(Double(timeMs) / 1000, in: l))])
        return choices.map { line + "\n" + ChoiceLetters.line($0) } ?? line
    }
}

/// You are out of the room. `banned` says whether you may come back: a kicked player may, under
/// another name; a banned one may not, for as long as the room exists.
public struct KickedEvent: Message {
    public var room: String
    public var banned = false
    public var json: JSON { .object([EventType.kicked.field, ("room", .string(room)), ("banned", .bool(banned))]) }
    public func text(in l: Language) -> String {
        banned ? l.text("text.kicked.banned", ["room": .text(room)]) : l.text("text.kicked.removed", ["room": .text(room)])
    }
}

/// The server is closing this connection for a reason of its own (not a shutdown): sent once,
/// just before the close, so a client knows not to reconnect at once. Its `message` is read in
/// the connection's language, in json too.
public struct ByeEvent: Message {
    public enum Reason: String, Sendable {
        /// Lines kept coming faster than the rate limit for `--flood-timeout`.
        case flood
        /// Outside any room and silent for `--idle-timeout`.
        case idle
    }
    public var reason: Reason
    /// The limit the connection broke: lines a second (`flood`), or the idle timeout in ms (`idle`).
    public var limit: Int
    public var message: String { message(in: Languages.english) }

    public func message(in l: Language) -> String {
        switch reason {
        case .flood: l.text("text.bye.flood", ["rate": .int(limit)])
        case .idle: l.text("text.bye.idle", ["wait": .text(TextFormat.seconds(Millis(limit), in: l))])
        }
    }

    public var jsonSpeaks: Bool { true }
    public var json: JSON { json(in: Languages.english) }
    public func json(in l: Language) -> JSON {
        .object([EventType.bye.field, ("reason", .string(reason.rawValue)), ("message", .string(message(in: l)))])
    }
    public func text(in l: Language) -> String { l.text("text.bye", ["message": .text(message(in: l))]) }
}

/// The process is stopping. `message` nil is the usual sentence, read in each connection's language.
public struct ShutdownEvent: Message {
    public var fixed: String?
    public init(message: String? = nil) { fixed = message }
    public var message: String { message(in: Languages.english) }
    public func message(in l: Language) -> String { fixed ?? l(Say("text.server.shutdown")) }
    public var jsonSpeaks: Bool { fixed == nil }
    public var json: JSON { json(in: Languages.english) }
    public func json(in l: Language) -> JSON { .object([EventType.shutdown.field, ("message", .string(message(in: l)))]) }
    public func text(in l: Language) -> String { l.text("text.server.prefix", ["message": .text(message(in: l))]) }
}

/// The one `error` that answers no command: results could not be saved (disk full, read-only
/// database). The game goes on; `cmd` is null so a bot never takes it for a command's reply.
public struct StorageFailedEvent: Message {
    /// What the database said (not translated: it is the database's own words).
    public var reason: String
    /// Set when the backlog was full: the most results held, and how many of the room's were dropped.
    var dropped: (limit: Int, count: Int)?

    init(reason: String) { self.reason = reason }
    init(droppedOf limit: Int, count: Int) {
        reason = ""
        dropped = (limit, count)
    }

    public var message: String { message(in: Languages.english) }
    public func message(in l: Language) -> String {
        let why = dropped.map { l.text("error.storage.dropped", ["limit": .int($0.limit), "count": .int($0.count)]) } ?? reason
        return l.text("error.storage.failed", ["reason": .text(why)])
    }
    public var jsonSpeaks: Bool { true }
    public var json: JSON { json(in: Languages.english) }
    public func json(in l: Language) -> JSON {
        .object([EventType.error.field, ("cmd", .null), ("code", .string(ErrorCode.storageFailed.rawValue)), ("message", .string(message(in: l)))])
    }
    public func text(in l: Language) -> String { "error storage_failed: \(message(in: l))" }
}

/// A `/say` line. `host` lets every screen mark the teacher's announcements.
public struct ChatEvent: Message {
    public var name: String
    /// What was said (already cleaned); `text` is the rendering for people.
    public var said: String
    public var host: Bool
    public var json: JSON { .object([EventType.chat.field, ("name", .string(name)), ("text", .string(said)), ("host", .bool(host))]) }
    public func text(in l: Language) -> String { host ? l.text("text.chat.host", ["name": .text(name), "said": .text(said)]) : "\(name): \(said)" }
}

/// Answers judged so far in the open round, for the host's and the watchers' screens only.
public struct ProgressEvent: Message {
    public var id: Int
    public var answers: Int
    public var players: Int
    public var json: JSON { .object([EventType.progress.field, ("id", .int(id)), ("answers", .int(answers)), ("players", .int(players))]) }
    public func text(in l: Language) -> String { l.text("text.game.progress", ["answers": .int(answers), "players": .int(players)]) }

    /// Written straight to bytes: the host's screen gets one up to ten times a second a room.
    public func rendered(_ format: OutputFormat) -> Payload {
        guard format == .json else { return renderedFromTree(format) }
        var line = ByteWriter(capacity: 64)
        var fields = JSONObjectWriter(in: &line)
        fields.string("type", EventType.progress.rawValue, &line)
        fields.int("id", id, &line)
        fields.int("answers", answers, &line)
        fields.int("players", players, &line)
        fields.close(&line)
        line.append(0x0A)
        return Payload(line)
    }
}
