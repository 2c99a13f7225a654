/// The JSON Schema of a kind's `settings`, made from its declared options: protocol.schema.json's
/// `settings_KIND` must equal it (a test checks, and rewrites the file on request), so a new
/// kind or option never needs the schema edited by hand.
extension RaceKind {
    /// `class` is the room's, not the kind's: echoed by a room made for a class (`class=`).
    public var settingsSchema: JSON {
        .object([("type", .string("object")),
                 ("properties", .object(options.map { ($0.name, $0.schema) }
                                        + [("class", .object([("type", .string("string")),
                                                              ("description", .string("the class the room is for (class=), in a class's room only"))]))])),
                 ("required", .array(options.map { .string($0.name) })),
                 ("additionalProperties", .bool(false))])
    }
}

extension OptionSpec {
    /// How `settings` carries the value: counts and seeds as integers, seconds as numbers,
    /// switches as booleans, everything else as a string (even `"3,4"`).
    var schema: JSON {
        var fields: [(String, JSON)]
        switch type {
        case let .int(min, max):
            fields = [("type", nullable ? .array([.string("integer"), .string("null")]) : .string("integer")), ("minimum", .int(min))]
            if let max { fields.append(("maximum", .int(max))) }
        case let .number(min, max): fields = [("type", .string("number")), ("minimum", Self.number(min)), ("maximum", Self.number(max))]
        case .choice(let words): fields = [("type", .string("string")), ("enum", .array(words.map(JSON.string)))]
        case .list, .text: fields = [("type", .string("string"))]
        case .bool: fields = [("type", .string("boolean"))]
        }
        return .object(fields)
    }

    /// `0` rather than `0.0`, as the schema has always written whole bounds.
    private static func number(_ d: Double) -> JSON { d == d.rounded() ? .int(Int(d)) : .double(d) }
}
