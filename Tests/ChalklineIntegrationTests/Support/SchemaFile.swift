import ChalklineCore
import Foundation

/// protocol.schema.json as ordered JSON, and written back exactly as it is kept (Python's
/// `json.dumps(indent=1)`: one space a level, `"key": value`), so the parts made from the
/// declarations can be rewritten without touching the rest of the file.
enum SchemaFile {
    static let url = BuiltProducts.repository.appendingPathComponent("protocol.schema.json")

    static func read() throws -> JSON {
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let json = JSON.parse(text) else { throw CocoaError(.fileReadCorruptFile) }
        return json
    }

    static func text(_ value: JSON) -> String { pretty(value, depth: 0) + "\n" }

    private static func pretty(_ value: JSON, depth: Int) -> String {
        let inner = String(repeating: " ", count: depth + 1), outer = String(repeating: " ", count: depth)
        switch value {
        case .object(let fields) where !fields.isEmpty:
            let lines = fields.map { inner + leaf(.string($0.0)) + ": " + pretty($0.1, depth: depth + 1) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + outer + "}"
        case .array(let items) where !items.isEmpty:
            return "[\n" + items.map { inner + pretty($0, depth: depth + 1) }.joined(separator: ",\n") + "\n" + outer + "]"
        default:
            return leaf(value)
        }
    }

    private static func leaf(_ value: JSON) -> String { String(decoding: value.encoded(), as: UTF8.self) }

    /// The definitions the race catalog decides: each kind's `settings_KIND`, `settings` (any
    /// of them) and `game` (their names), in the catalog's order.
    static var fromCatalog: [(String, JSON)] {
        RaceCatalog.kinds.map { ("settings_\($0.name)", $0.settingsSchema) } + [
            ("settings", .object([("anyOf", .array(RaceCatalog.names.map { .object([("$ref", .string("#/$defs/settings_\($0)"))]) }))])),
            ("game", .object([("type", .string("string")), ("enum", .array(RaceCatalog.names.map(JSON.string)))])),
        ]
    }

    /// `schema` with the catalog's definitions in place of its own: each where it was, new
    /// kinds' settings after the last kind's.
    static func updated(_ schema: JSON) -> JSON {
        guard case .object(var top) = schema, let at = top.firstIndex(where: { $0.0 == "$defs" }),
              case .object(var defs) = top[at].1 else { return schema }
        let wanted = fromCatalog
        let names = Set(wanted.map(\.0))
        let firstSettings = defs.firstIndex { $0.0.hasPrefix("settings_") } ?? defs.count
        defs.removeAll { $0.0.hasPrefix("settings_") && !names.contains($0.0) }
        for (name, value) in wanted {
            if let i = defs.firstIndex(where: { $0.0 == name }) {
                defs[i].1 = value
            } else {
                let lastKind = defs.lastIndex { $0.0.hasPrefix("settings_") }.map { $0 + 1 } ?? min(firstSettings, defs.count)
                defs.insert((name, value), at: lastKind)
            }
        }
        top[at].1 = .object(defs)
        return .object(top)
    }
}
