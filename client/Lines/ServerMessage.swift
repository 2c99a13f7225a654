import ChalklineProtocol

/// One json-mode line from the server: a reply (`ok`, `error`) or an event, dispatched on `type`.
///
/// Fields are read by name and anything unknown is ignored, as protocol.md's compatibility
/// rule asks of every client. Read with the protocol module's `JSON.parse`, the same value
/// type the server writes.
struct ServerMessage {
    let type: String
    let fields: JSON

    init?(line: String) {
        guard line.first == "{", let object = JSON.parse(line), let type = object["type"]?.stringValue else { return nil }
        self.type = type
        fields = object
    }

    var isReply: Bool { type == EventType.ok.rawValue || type == EventType.error.rawValue }
    var cmd: String? { string("cmd") }
    /// The event's name from the shared list; nil for a type this client does not know.
    var event: EventType? { EventType(rawValue: type) }
    /// An `error`'s code from the shared list; nil for a code this client does not know.
    var code: ErrorCode? { string("code").flatMap(ErrorCode.init(rawValue:)) }

    func string(_ key: String) -> String? { fields[key]?.stringValue }
    func int(_ key: String) -> Int? { fields[key]?.intValue }
    func double(_ key: String) -> Double? { fields[key]?.doubleValue }
    func bool(_ key: String) -> Bool? { fields[key]?.boolValue }
    func list(_ key: String) -> [JSON] { fields[key]?.arrayValue ?? [] }
    func strings(_ key: String) -> [String] { list(key).compactMap(\.stringValue) }

    /// `round_end`'s right answer as people read it: `answer_text`, or, from a server older
    /// than the field, `answer` written out.
    var answerText: String? {
        if let text = string("answer_text") { return text }
        return fields["answer"].flatMap { value in
            value.intValue.map(String.init) ?? value.doubleValue.map { String($0) } ?? value.stringValue
        }
    }
}

/// A row of `standings`.
struct StandingRow: Equatable {
    var rank: Int
    var name: String
    var score: Int

    static func list(_ rows: [JSON]) -> [StandingRow] {
        rows.compactMap { row in
            guard let name = row["name"]?.stringValue else { return nil }
            return StandingRow(rank: row["rank"]?.intValue ?? 0, name: name, score: row["score"]?.intValue ?? 0)
        }
    }
}
