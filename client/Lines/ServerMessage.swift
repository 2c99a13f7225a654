import ChalklineProtocol

/// One json-mode line from the server: a reply (`ok`, `error`) or an event, dispatched on `type`.
///
/// Fields are read by name and anything unknown is ignored, as protocol.md's compatibility
/// rule asks of every client. Read with the protocol module's `JSON.parse`, the same value
/// type the server writes.
package struct ServerMessage {
    package let type: String
    package let fields: JSON

    package init?(line: String) {
        guard line.first == "{", let object = JSON.parse(line), let type = object["type"]?.stringValue else { return nil }
        self.type = type
        fields = object
    }

    package var isReply: Bool { type == EventType.ok.rawValue || type == EventType.error.rawValue }
    package var cmd: String? { string("cmd") }
    /// The event's name from the shared list; nil for a type this client does not know.
    package var event: EventType? { EventType(rawValue: type) }
    /// An `error`'s code from the shared list; nil for a code this client does not know.
    package var code: ErrorCode? { string("code").flatMap(ErrorCode.init(rawValue:)) }
    /// A `left` event's reason from the shared list; nil for one this client does not know.
    package var leaveReason: LeaveReason? { string("reason").flatMap(LeaveReason.init(rawValue:)) }

    package func string(_ key: String) -> String? { fields[key]?.stringValue }
    package func int(_ key: String) -> Int? { fields[key]?.intValue }
    package func double(_ key: String) -> Double? { fields[key]?.doubleValue }
    package func bool(_ key: String) -> Bool? { fields[key]?.boolValue }
    package func list(_ key: String) -> [JSON] { fields[key]?.arrayValue ?? [] }
    package func strings(_ key: String) -> [String] { list(key).compactMap(\.stringValue) }

    /// The groups a `solved` word took off the board; nil from a server older than the field.
    package var solvedGroups: [String]? { fields["groups"] != nil ? strings("groups") : nil }

    /// `round_end`'s right answer as people read it: `answer_text`, or, from a server older
    /// than the field, `answer` written out.
    package var answerText: String? {
        if let text = string("answer_text") { return text }
        return fields["answer"].flatMap { value in
            value.intValue.map(String.init) ?? value.doubleValue.map { String($0) } ?? value.stringValue
        }
    }
}

/// A row of `standings`.
package struct StandingRow: Equatable {
    package var rank: Int
    package var name: String
    package var score: Int

    package static func list(_ rows: [JSON]) -> [StandingRow] {
        rows.compactMap { row in
            guard let name = row["name"]?.stringValue else { return nil }
            return StandingRow(rank: row["rank"]?.intValue ?? 0, name: name, score: row["score"]?.intValue ?? 0)
        }
    }
}
