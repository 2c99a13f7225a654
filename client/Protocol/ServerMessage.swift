import Foundation

/// One json-mode line from the server: a reply (`ok`, `error`) or an event, dispatched on `type`.
///
/// Fields are read by name and anything unknown is ignored, as protocol.md's compatibility
/// rule asks of every client.
struct ServerMessage {
    let type: String
    let fields: [String: Any]

    init?(line: String) {
        guard line.first == "{",
              let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let type = object["type"] as? String else { return nil }
        self.type = type
        fields = object
    }

    init(type: String, fields: [String: Any]) {
        self.type = type
        self.fields = fields
    }

    var isReply: Bool { type == "ok" || type == "error" }
    var cmd: String? { string("cmd") }

    func string(_ key: String) -> String? { fields[key] as? String }
    func int(_ key: String) -> Int? { (fields[key] as? NSNumber)?.intValue }
    func double(_ key: String) -> Double? { (fields[key] as? NSNumber)?.doubleValue }
    func bool(_ key: String) -> Bool? { (fields[key] as? NSNumber)?.boolValue }
    func list(_ key: String) -> [[String: Any]] { (fields[key] as? [[String: Any]]) ?? [] }
    func strings(_ key: String) -> [String] { (fields[key] as? [Any])?.compactMap { $0 as? String } ?? [] }
}

/// A row of `standings`.
struct StandingRow: Equatable {
    var rank: Int
    var name: String
    var score: Int

    static func list(_ rows: [[String: Any]]) -> [StandingRow] {
        rows.compactMap { row in
            guard let name = row["name"] as? String else { return nil }
            return StandingRow(rank: (row["rank"] as? NSNumber)?.intValue ?? 0, name: name,
                               score: (row["score"] as? NSNumber)?.intValue ?? 0)
        }
    }
}

/// A times question's answer, worked out from its text (`"7 x 8"`), as any bot has to.
func timesAnswer(_ text: String) -> Int? {
    let parts = text.split(separator: "x").map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]) else { return nil }
    return a * b
}
