/// `/catalog`: every kind and every option it takes, for a program that builds a create form
/// (the browser teacher page) rather than reading `/help`. Made from the declarations alone.
enum OptionCatalog {
    /// `kinds` of the json reply, in the catalog's order.
    static var json: JSON { .array(RaceCatalog.kinds.map(\.catalogJSON)) }

    /// The text reply: each kind's `/help create KIND`, a blank line between.
    static var text: String { RaceCatalog.kinds.map(Help.kindText).joined(separator: "\n\n") }
}

extension RaceKind {
    /// `{name, summary, round, options}`: `round` is what one round is called (`question`, `level`).
    public var catalogJSON: JSON {
        .object([("name", .string(name)), ("summary", .string(summary)), ("round", .string(roundNoun)),
                 ("options", .array(options.map(\.catalogJSON)))])
    }
}

extension OptionSpec {
    /// `{name, label, hint, more, type, help, default, default_text, values, ...}`, with
    /// `min`/`max` for a number, `choices` for a choice or a list, `takes` for text.
    public var catalogJSON: JSON {
        var fields: [(String, JSON)] = [("name", .string(name)), ("label", .string(label)), ("hint", .string(hint)),
                                        ("more", .bool(more)), ("type", .string(type.name)), ("help", .string(help)),
                                        ("default", defaultValue), ("default_text", .string(defaultText)),
                                        ("values", .string(valuesText))]
        switch type {
        case let .int(min, max): fields += [("min", .int(min)), ("max", max.map(JSON.int) ?? .null)]
        case let .number(min, max): fields += [("min", .double(min)), ("max", .double(max))]
        case .choice(let words), .list(let words): fields.append(("choices", .array(words.map(JSON.string))))
        case .bool: break
        case .text(let takes): fields.append(("takes", .string(takes)))
        }
        return .object(fields)
    }
}
