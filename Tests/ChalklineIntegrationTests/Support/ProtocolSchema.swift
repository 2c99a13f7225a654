import Foundation
import Testing

/// Checks every json line a test receives against protocol.schema.json, so a field the server
/// sends that the schema (the contract with bot authors) does not list fails a test. A small
/// validator for the keywords the schema uses ($ref, anyOf, type, const, enum, properties,
/// required, additionalProperties, items, minimum, maximum, pattern): no JSON Schema package
/// is available offline, and this subset is all the schema needs.
enum ProtocolSchema {
    /// Read once and never written: safe to share between the tests' threads.
    nonisolated(unsafe) static let schema: [String: Any] = {
        let url = BuiltProducts.repository.appendingPathComponent("protocol.schema.json")
        guard let data = try? Data(contentsOf: url),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            fatalError("protocol.schema.json is missing or not JSON")
        }
        return object
    }()

    static var defs: [String: Any] { schema["$defs"] as? [String: Any] ?? [:] }

    /// The definition a message is checked against: `ok.CMD` for replies, else its `type`.
    static func definition(for message: [String: Any]) -> String? {
        guard let type = message["type"] as? String else { return nil }
        if type == "ok" { return (message["cmd"] as? String).map { "ok.\($0)" } }
        return type
    }

    /// The harness's inspector: every json line a client reads, on any backend.
    @Sendable static func check(line: ServerLine) { check(line.object, line: line.line) }

    /// Records an issue for each way `message` breaks the schema.
    static func check(_ message: [String: Any], line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let name = definition(for: message), let def = defs[name] else {
            Issue.record("no schema for \(line)", sourceLocation: sourceLocation)
            return
        }
        let problems = errors(message, def, path: name)
        if !problems.isEmpty { Issue.record("\(line)\n breaks protocol.schema.json: \(problems.joined(separator: "; "))", sourceLocation: sourceLocation) }
    }

    static func errors(_ value: Any, _ schema: Any, path: String) -> [String] {
        guard let schema = schema as? [String: Any] else { return [] }
        if let ref = schema["$ref"] as? String {
            let name = String(ref.dropFirst("#/$defs/".count))
            return errors(value, defs[name] ?? [:], path: path)
        }
        if let options = schema["anyOf"] as? [Any] {
            let results = options.map { errors(value, $0, path: path) }
            return results.contains { $0.isEmpty } ? [] : ["\(path): matches none of its forms (\(results.map { $0.first ?? "" }.joined(separator: " | ")))"]
        }
        var out: [String] = []
        if let expected = schema["const"], !same(value, expected) { out.append("\(path): \(value) is not \(expected)") }
        if let options = schema["enum"] as? [Any], !options.contains(where: { same(value, $0) }) { out.append("\(path): \(value) is not one of \(options)") }
        if let type = schema["type"] {
            let types = (type as? [String]) ?? [type as? String ?? ""]
            if !types.contains(where: { matches(value, $0) }) { return out + ["\(path): \(value) is not \(types.joined(separator: " or "))"] }
        }
        if let number = value as? NSNumber, !isBool(value) {
            if let min = schema["minimum"] as? NSNumber, number.doubleValue < min.doubleValue { out.append("\(path): \(number) < \(min)") }
            if let max = schema["maximum"] as? NSNumber, number.doubleValue > max.doubleValue { out.append("\(path): \(number) > \(max)") }
        }
        if let text = value as? String, let pattern = schema["pattern"] as? String,
           text.range(of: pattern, options: .regularExpression) == nil { out.append("\(path): \"\(text)\" does not match \(pattern)") }
        if let object = value as? [String: Any] {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for key in schema["required"] as? [String] ?? [] where object[key] == nil { out.append("\(path): no \(key)") }
            if (schema["additionalProperties"] as? Bool) == false {
                for key in object.keys where properties[key] == nil { out.append("\(path): \(key) is not in the schema") }
            }
            for (key, sub) in properties { if let v = object[key] { out += errors(v, sub, path: "\(path).\(key)") } }
        }
        if let array = value as? [Any], let items = schema["items"] {
            for (i, item) in array.enumerated() { out += errors(item, items, path: "\(path)[\(i)]") }
        }
        return out
    }

    /// JSON true and false, told apart from numbers (Foundation hands out both as NSNumber).
    static func isBool(_ v: Any) -> Bool { v is Bool && String(describing: type(of: v)).contains("Bool") }

    static func matches(_ value: Any, _ type: String) -> Bool {
        switch type {
        case "null": return value is NSNull
        case "boolean": return isBool(value)
        case "string": return value is String
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "number": return value is NSNumber && !isBool(value)
        case "integer":
            guard let n = value as? NSNumber, !isBool(value) else { return false }
            return n.doubleValue == n.doubleValue.rounded()
        default: return false
        }
    }

    static func same(_ a: Any, _ b: Any) -> Bool {
        if isBool(a) || isBool(b) { return isBool(a) && isBool(b) && (a as? Bool) == (b as? Bool) }
        if let x = a as? NSNumber, let y = b as? NSNumber { return x == y }
        if let x = a as? String, let y = b as? String { return x == y }
        return false
    }
}
