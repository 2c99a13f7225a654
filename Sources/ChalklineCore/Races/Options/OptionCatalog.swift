/// `/catalog`: every kind and every option it takes, for a program that builds a create form
/// (the browser teacher page) rather than reading `/help`. Made from the declarations alone.
enum OptionCatalog {
    /// `kinds` of the json reply, in the catalog's order, with `set=` offering `sets`.
    static func json(sets: SetLibrary) -> JSON { .array(RaceCatalog.kinds.map { $0.catalogJSON(sets: sets) }) }

    /// The text reply: each kind's `/help create KIND` in the reader's language (`/lang`), a
    /// blank line between.
    static func text(sets: SetLibrary, in language: Language) -> String {
        RaceCatalog.kinds.map { Help.kindText($0, sets: sets, in: language) }.joined(separator: "\n\n")
    }
}

extension RaceKind {
    /// `{name, summary, round, options}`: `round` is what one round is called (`question`, `level`).
    public var catalogJSON: JSON { catalogJSON(sets: nil) }

    /// The same, with an option that `offers` the server's sets as a choice of `sets`' names.
    public func catalogJSON(sets: SetLibrary?) -> JSON {
        .object([("name", .string(name)), ("summary", .string(summary)), ("round", .string(roundNoun)),
                 ("options", .array(options.map { $0.offered(sets: sets).catalogJSON }))])
    }
}

extension OptionSpec {
    /// A choice of what the server has now, for an option that `offers` it; as declared otherwise.
    func offered(sets: SetLibrary?) -> OptionSpec {
        guard offers == .questionSets, let sets else { return self }
        var copy = self
        copy.type = .choice(sets.entries.map(\.set.name))
        copy.valuesNote = nil
        return copy
    }

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
