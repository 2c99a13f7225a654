/// How an option reads to people: in `/help create KIND`, in `/catalog`'s text, and in
/// protocol.md's option tables (whose cells, backticks aside, are these texts).
extension OptionSpec {
    /// The values it takes: `2–5`, `normal, random`, `any of tip,total, separated by commas`.
    public var valuesText: String {
        if let valuesNote { return valuesNote }
        switch type {
        case let .int(min, max): return max.map { "\(min)–\($0)" } ?? "\(min) or more"
        case let .number(min, max): return "\(Self.format(min))–\(Self.format(max)) seconds"
        case .choice(let words): return words.joined(separator: ", ")
        case .list(let words): return "any of \(words.joined(separator: ",")), separated by commas"
        case .bool(let spelling): return "\(spelling.words.on), \(spelling.words.off)"
        case .text(let takes): return takes
        }
    }

    /// The default: `3`, `normal`, `yes`, or the note when none is fixed.
    public var defaultText: String {
        if let defaultNote { return defaultNote }
        return plain(defaultValue) ?? "none"
    }

    /// `name=DEFAULT`, or `name=a|b` for a choice or a switch (the default first): what
    /// `/help create` lists, one word an option.
    public var token: String {
        switch type {
        case .choice(let words): return "\(name)=\(words.joined(separator: "|"))"
        case .bool(let spelling):
            let on = defaultValue == .bool(true)
            let words = on ? [spelling.words.on, spelling.words.off] : [spelling.words.off, spelling.words.on]
            return "\(name)=\(words.joined(separator: "|"))"
        case .text where defaultValue == .null: return "\(name)=NAME"
        default: return "\(name)=\(plain(defaultValue) ?? "N")"
        }
    }

    /// One option of `/help create KIND` in `language`: English says the protocol's `help` (what
    /// bots and protocol.md read); another language the create form's words (`option.*` in its
    /// catalog: the label, then the line under the field), after the same token.
    func helpLines(kind: String, in language: Language) -> [String] {
        guard language.code != Languages.english.code else { return helpLines }
        func words(_ field: String) -> String? {
            language.entries["option.\(kind).\(name).\(field)"]?.first ?? language.entries["option.\(name).\(field)"]?.first
        }
        guard let label = words("label"), let about = words("help") else { return helpLines }
        return WordsText.wrap("\(label): \(about)", prefix: "  " + TextFormat.pad(token, 18) + " ")
    }

    /// One option of `/help create KIND`: its token, then what it does and takes.
    var helpLines: [String] {
        // A choice or a switch shows its words in its token already.
        var notes: [String] = []
        switch type {
        case .choice, .bool: break
        default: notes.append(valuesText)
        }
        if defaultNote != nil { notes.append("default \(defaultText)") }
        let about = notes.isEmpty ? help : "\(help) (\(notes.joined(separator: "; ")))"
        return WordsText.wrap(about, prefix: "  " + TextFormat.pad(token, 18) + " ")
    }

    private func plain(_ value: JSON) -> String? {
        switch value {
        case .int(let n): return String(n)
        case .double(let d): return Self.format(d)
        case .string(let s): return s
        case .bool(let b):
            let words = (type == .bool(.onOff) ? OptionSpec.Spelling.onOff : .yesNo).words
            return b ? words.on : words.off
        default: return nil
        }
    }
}
