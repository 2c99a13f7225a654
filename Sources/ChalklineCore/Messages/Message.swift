/// The two output formats a connection can choose.
public enum OutputFormat: String, Sendable {
    /// Sentences and aligned tables for a person at netcat.
    case text
    /// One JSON object a line, for bots and the bundled client.
    case json
}

/// Anything the server sends: a reply or an event, renderable in both formats.
///
/// A message is rendered at most once per format however many players receive it (see
/// `Outbox.send`), so building `json` or `text` may cost what it likes.
public protocol Message {
    var json: JSON { get }
    /// One or more lines for people, without the final newline, in English. Being replaced by
    /// `text(in:)`: a message that speaks implements that instead (issue 42).
    var text: String { get }
    /// The lines for people in `language` (`/lang`): by default `text`, until the message is
    /// translated.
    func text(in language: Language) -> String
    /// `json`, with any `message` text a person reads in `language`: by default `json`.
    func json(in language: Language) -> JSON
    /// Whether `json(in:)` differs by language (an error's `message`): a json recipient's bytes
    /// are then made once per language among the recipients, and otherwise once in all.
    var jsonSpeaks: Bool { get }
    /// The bytes for one format; by default `json` encoded or `text`, and a newline. A message
    /// can make them more cheaply (a big room's cut table, from its template).
    func rendered(_ format: OutputFormat) -> Payload
    /// The bytes for one format in one language; by default `rendered(_:)` for json that does
    /// not speak, and `json(in:)` or `text(in:)` otherwise.
    func rendered(_ format: OutputFormat, in language: Language) -> Payload
}

extension Message {
    public var text: String { text(in: Languages.english) }
    public func text(in language: Language) -> String { text }
    public func json(in language: Language) -> JSON { json }
    public var jsonSpeaks: Bool { false }

    public func rendered(_ format: OutputFormat, in language: Language) -> Payload {
        switch format {
        case .json:
            guard jsonSpeaks else { return rendered(.json) }
            let json = json(in: language)
            var line = ByteWriter(capacity: json.sizeEstimate + 1)
            json.write(to: &line)
            line.append(0x0A)
            return Payload(line)
        case .text:
            guard language !== Languages.english else { return rendered(.text) }
            var bytes = Array(text(in: language).utf8)
            bytes.append(0x0A)
            return Payload(bytes)
        }
    }

    /// The bytes for one format; public so the shell can send replies it completes itself (`/report`).
    public func rendered(_ format: OutputFormat) -> Payload { renderedFromTree(format) }

    /// `json` encoded, or `text`, and a newline: what `rendered` gives unless a message makes
    /// its bytes more cheaply.
    public func renderedFromTree(_ format: OutputFormat) -> Payload {
        switch format {
        case .json:
            let json = json
            var line = ByteWriter(capacity: json.sizeEstimate + 1)
            json.write(to: &line)
            line.append(0x0A)
            return Payload(line)
        case .text:
            var bytes = Array(text.utf8)
            bytes.append(0x0A)
            return Payload(bytes)
        }
    }
}

/// `{"type":"ok","cmd":...}` plus the command's own fields.
///
/// The text is built only if someone reading text receives the reply: a bot's answer reply, the
/// commonest line the server writes, no longer pays for a sentence nobody reads.
public struct OkReply: Message {
    public var cmd: String
    public var fields: [(String, JSON)]
    private let makeText: (Language) -> String

    public init(_ cmd: String, _ fields: [(String, JSON)] = [], text: @autoclosure @escaping () -> String) {
        self.cmd = cmd
        self.fields = fields
        makeText = { _ in text() }
    }

    /// The reply's sentence in the reader's language, made only if someone reading text gets it.
    public init(_ cmd: String, _ fields: [(String, JSON)] = [], say: @escaping (Language) -> String) {
        self.cmd = cmd
        self.fields = fields
        makeText = say
    }

    /// A reply whose sentence is one catalog text.
    public init(_ cmd: String, _ fields: [(String, JSON)] = [], _ say: Say) {
        self.init(cmd, fields, say: { $0(say) })
    }

    public func text(in language: Language) -> String { makeText(language) }

    public var json: JSON { .object([EventType.ok.field, ("cmd", .string(cmd))] + fields) }

    /// The commonest line the server writes (every answer's reply), written straight to bytes:
    /// through `json` it built a tree of its fields and walked it twice.
    public func rendered(_ format: OutputFormat) -> Payload {
        guard format == .json else { return renderedFromTree(format) }
        var out = ByteWriter(capacity: Self.jsonPrefix.count + cmd.utf8.count + 24 * fields.count + 4)
        out.append(Self.jsonPrefix)
        JSON.writeString(cmd, to: &out)
        JSON.writeFields(fields[...], first: false, to: &out)
        out.append(UInt8(ascii: "}"))
        out.append(0x0A)
        return Payload(out)
    }

    /// `{"type":"ok","cmd":`, as `json` begins.
    private static let jsonPrefix: [UInt8] = {
        var out = JSON.object([EventType.ok.field]).encoded()
        out.removeLast()
        out += Array(#","cmd":"#.utf8)
        return out
    }()
}

/// `{"type":"error","cmd":...,"code":...,"message":...}`; the code is for programs, the message for people.
public struct ErrorReply: Message, Error {
    public var cmd: String
    public var code: ErrorCode
    /// The message in English (tests, logs); what a connection reads is `message(in:)`.
    public var message: String { message(in: Languages.english) }
    /// The message before it has a language; nil for one made from a fixed sentence.
    public var say: Say?
    private var fixed: String = ""
    public var extra: [(String, JSON)] = []
    /// Fields besides `message` that a person reads (a refused set's bare `reason`), each in
    /// the recipient's language like `message`.
    public var spokenExtra: [(String, Say)] = []

    /// The message as a catalog text, read in each recipient's language (`/lang`). What the client
    /// typed goes in as an argument and is cleaned there.
    public init(_ cmd: String, _ code: ErrorCode, _ say: Say, extra: [(String, JSON)] = []) {
        self.cmd = Visible.clean(cmd)
        self.code = code
        self.say = say
        self.extra = extra
    }

    public func message(in language: Language) -> String {
        guard let say else { return fixed }
        return Visible.clean(language(say))
    }

    public var jsonSpeaks: Bool { say != nil }

    public func json(in language: Language) -> JSON {
        .object([EventType.error.field, ("cmd", .string(cmd)), ("code", .string(code.rawValue)), ("message", .string(message(in: language)))] + extra
                + spokenExtra.map { ($0.0, .string(Visible.clean(language($0.1)))) })
    }

    public func text(in language: Language) -> String { "error \(code.rawValue): \(message(in: language))" }

    /// `cmd` and `message` often carry what the client typed (an unknown verb, a room code), so
    /// control characters and escape sequences are removed here, once for every error.
    public init(_ cmd: String, _ code: ErrorCode, _ message: String, extra: [(String, JSON)] = []) {
        self.cmd = Visible.clean(cmd)
        self.code = code
        self.fixed = Visible.clean(message)
        self.extra = extra
    }

    public var json: JSON { json(in: Languages.english) }
}
