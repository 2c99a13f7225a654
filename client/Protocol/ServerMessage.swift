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

    /// The `type` of a line without decoding the rest, when the line starts the way the server
    /// writes it. The bench reads every broadcast on every connection, and a 1,000-player
    /// `round_end` is not worth parsing a thousand times to learn that it is one.
    static func peekType(_ line: String) -> String? {
        let prefix = #"{"type":""#
        guard line.hasPrefix(prefix) else { return ServerMessage(line: line)?.type }
        let rest = line.utf8.dropFirst(prefix.utf8.count)
        guard let quote = rest.firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(rest[..<quote])
    }

    /// A top-level integer field read straight from the line, for the bench's hot path; nil
    /// when the line does not have it in the server's compact form (then parse it properly).
    static func peekInt(_ line: String, _ key: String) -> Int? {
        var utf8 = line.utf8[...]
        let needle = Array("\"\(key)\":".utf8)
        guard let range = firstRange(of: needle, in: utf8) else { return nil }
        utf8 = utf8[range.upperBound...]
        var value = 0, digits = 0
        for byte in utf8 {
            guard byte >= 48 && byte <= 57 else { break }
            value = value * 10 + Int(byte - 48)
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    /// A top-level string field without escapes, read straight from the line (see `peekInt`).
    static func peekString(_ line: String, _ key: String) -> String? {
        let utf8 = line.utf8[...]
        let needle = Array("\"\(key)\":\"".utf8)
        guard let range = firstRange(of: needle, in: utf8) else { return nil }
        let rest = utf8[range.upperBound...]
        guard let end = rest.firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }),
              rest[end] == UInt8(ascii: "\"") else { return nil }
        return String(rest[..<end])
    }

    private static func firstRange(of needle: [UInt8], in haystack: Substring.UTF8View) -> Range<String.Index>? {
        var i = haystack.startIndex
        while i < haystack.endIndex {
            guard let first = haystack[i...].firstIndex(of: needle[0]) else { return nil }
            var j = first, k = 0
            while k < needle.count, j < haystack.endIndex, haystack[j] == needle[k] {
                j = haystack.index(after: j)
                k += 1
            }
            if k == needle.count { return first..<j }
            i = haystack.index(after: first)
        }
        return nil
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
