import Foundation

/// One line from the server as a test reads it, whichever backend carried it: a JSON object
/// (read with Foundation, so tests do not trust the core's own encoder) or a line of text.
public struct ServerLine: CustomStringConvertible, @unchecked Sendable {
    /// The line as it arrived, without its LF.
    public let line: String
    /// The JSON object; nil for a text line.
    public let json: [String: Any]?

    public init(_ line: String) {
        self.line = line
        json = line.hasPrefix("{") ? (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] : nil
    }

    public var object: [String: Any] { json ?? [:] }
    public var isJSON: Bool { json != nil }
    /// "" for a text line, so waiting for a type skips text.
    public var type: String { object["type"] as? String ?? "" }
    public var cmd: String? { object["cmd"] as? String }
    public var code: String? { object["code"] as? String }
    public var isReply: Bool { type == "ok" || type == "error" }
    public var description: String { line }

    public subscript(_ key: String) -> Any? { object[key] }
    public func int(_ key: String) -> Int? { JSONValue.int(object[key]) }
    public func double(_ key: String) -> Double? { JSONValue.double(object[key]) }
    public func string(_ key: String) -> String? { object[key] as? String }
    public func bool(_ key: String) -> Bool? { JSONValue.bool(object[key]) }
    public func list(_ key: String) -> [[String: Any]] { object[key] as? [[String: Any]] ?? [] }

    /// `round_end` results as "name correct points ms" ("-" for a null ms).
    public var results: [String] {
        list("results").map { r in
            let ms = JSONValue.int(r["ms"]).map(String.init) ?? (r["ms"] is NSNull ? "-" : "?")
            let correct = JSONValue.bool(r["correct"]).map(String.init) ?? "?"
            return "\(r["name"] as? String ?? "?") \(correct) \(JSONValue.int(r["points"]) ?? -1) \(ms)"
        }
    }

    /// `standings` as "rank name score".
    public var standings: [String] {
        list("standings").map { "\(JSONValue.int($0["rank"]) ?? -1) \($0["name"] as? String ?? "?") \(JSONValue.int($0["score"]) ?? -1)" }
    }
}

extension Array where Element == ServerLine {
    public var types: [String] { map(\.type) }
    public var replies: [ServerLine] { filter(\.isReply) }
    public var lines: [String] { map(\.line) }
}

/// Foundation hands JSON numbers and booleans out alike (NSNumber); these tell them apart, so a
/// `true` is never read as 1 nor a 0 as false.
public enum JSONValue {
    public static func isBool(_ v: Any?) -> Bool {
        guard let v else { return false }
        return v is Bool && String(describing: Swift.type(of: v)).contains("Bool")
    }

    public static func int(_ v: Any?) -> Int? { isBool(v) ? nil : v as? Int }
    public static func double(_ v: Any?) -> Double? { isBool(v) ? nil : v as? Double }
    public static func bool(_ v: Any?) -> Bool? { isBool(v) ? v as? Bool : nil }
}
