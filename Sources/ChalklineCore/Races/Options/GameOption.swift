/// One `/create` option, declared once with everything about it: the data (`spec`) that help,
/// `/catalog` and the schema read, and how its text becomes a typed value and goes back into
/// `settings`. A kind declares its options as static constants and reads each with
/// `OptionReader.read`, the way swift-argument-parser declares a flag and reads it.
public struct GameOption<Value: Sendable>: Sendable {
    public var spec: OptionSpec
    public let defaultValue: Value
    let parse: @Sendable (String, OptionSpec) throws(OptionError) -> Value
    let encode: @Sendable (Value) -> JSON

    public var name: String { spec.name }

    /// The option as `settings` echoes it.
    public func field(_ value: Value) -> (String, JSON) { (spec.name, encode(value)) }

    /// The same option with a narrower range, known only when it is read (a pack's size).
    func within(_ range: ClosedRange<Int>) -> GameOption {
        var copy = self
        copy.spec.type = .int(min: range.lowerBound, max: range.upperBound)
        return copy
    }
}

extension GameOption {
    /// The option as a create form shows it to a teacher (see `OptionSpec.label`), declared
    /// beside the protocol's `help` so the two are written together.
    public func people(_ label: String, hint: String, more: Bool = false) -> GameOption {
        var copy = self
        copy.spec.label = label
        copy.spec.hint = hint
        copy.spec.more = more
        return copy
    }

    /// The same option with no fixed default: `note` says what it is (`rounds=` of a set: every
    /// question once); the reader still returns `defaultValue` and the kind decides.
    func noted(_ note: String) -> GameOption {
        var copy = self
        copy.spec.defaultValue = .null
        copy.spec.defaultNote = note
        return copy
    }

    /// A whole number in `range`.
    public static func int(_ name: String, _ range: ClosedRange<Int>, default value: Int, help: String,
                           valuesNote: String? = nil) -> GameOption<Int> {
        var spec = OptionSpec(name: name, type: .int(min: range.lowerBound, max: range.upperBound),
                              defaultValue: .int(value), defaultNote: nil, help: help)
        spec.valuesNote = valuesNote
        return GameOption<Int>(spec: spec, defaultValue: value, parse: GameOption<Int>.wholeNumber, encode: { .int($0) })
    }

    /// A whole number with no fixed default: nil unless given; `note` says what happens then,
    /// and `usual` is the value a form should show, when there is one.
    public static func int(_ name: String, _ range: ClosedRange<Int>?, min: Int = 1, usual: Int? = nil, defaultNote note: String,
                           help: String, valuesNote: String? = nil, echoesNull: Bool = false) -> GameOption<Int?> {
        var spec = OptionSpec(name: name, type: .int(min: range?.lowerBound ?? min, max: range?.upperBound),
                              defaultValue: usual.map(JSON.int) ?? .null, defaultNote: note, help: help)
        spec.valuesNote = valuesNote
        spec.nullable = echoesNull
        return GameOption<Int?>(spec: spec, defaultValue: nil,
                            parse: { text, spec throws(OptionError) in try GameOption<Int>.wholeNumber(text, spec) },
                            encode: { $0.map(JSON.int) ?? .null })
    }

    /// Seconds in `range`, fractions allowed, read as milliseconds.
    public static func seconds(_ name: String, _ range: ClosedRange<Double>, default value: Double, help: String) -> GameOption<Millis> {
        let spec = OptionSpec(name: name, type: .number(min: range.lowerBound, max: range.upperBound),
                              defaultValue: .double(value), defaultNote: nil, help: help)
        return GameOption<Millis>(spec: spec, defaultValue: Millis((value * 1000).rounded()), parse: { text, spec throws(OptionError) in
            guard let s = Double(text), s.isFinite, s >= range.lowerBound, s <= range.upperBound else {
                throw OptionError(spec.refusal)
            }
            return Millis((s * 1000).rounded())
        }, encode: { .double(Double($0) / 1000) })
    }

    /// A switch; both spellings (and true/false, 1/0) are read, since people mix them.
    public static func flag(_ name: String, default value: Bool, spelled spelling: OptionSpec.Spelling, help: String) -> GameOption<Bool> {
        let spec = OptionSpec(name: name, type: .bool(spelling), defaultValue: .bool(value), defaultNote: nil, help: help)
        return GameOption<Bool>(spec: spec, defaultValue: value, parse: { text, spec throws(OptionError) in
            switch text.lowercased() {
            case "yes", "on", "true", "1": return true
            case "no", "off", "false", "0": return false
            default: throw OptionError(spec.refusal)
            }
        }, encode: { .bool($0) })
    }

    /// One of `values`, named by `word` (read in any case), the default first in help.
    public static func choice<T: Sendable>(_ name: String, _ values: [T], word: @escaping @Sendable (T) -> String,
                                           default value: T, help: String) -> GameOption<T> {
        let spec = OptionSpec(name: name, type: .choice(values.map(word)), defaultValue: .string(word(value)),
                              defaultNote: nil, help: help)
        return GameOption<T>(spec: spec, defaultValue: value, parse: { text, spec throws(OptionError) in
            guard let chosen = values.first(where: { word($0).lowercased() == text.lowercased() }) else {
                throw OptionError(spec.refusal)
            }
            return chosen
        }, encode: { .string(word($0)) })
    }


    /// Any of an enum's words, comma-separated, each once, kept in the enum's order.
    public static func list<T: RawRepresentable & CaseIterable & Sendable>(_ name: String, default value: [T], defaultNote: String? = nil,
                                                                           help: String) -> GameOption<[T]>
        where T.RawValue == String, Value == [T] {
        let words = T.allCases.map(\.rawValue)
        let spec = OptionSpec(name: name, type: .list(words), defaultValue: .string(value.map(\.rawValue).joined(separator: ",")),
                              defaultNote: defaultNote, help: help)
        return GameOption<[T]>(spec: spec, defaultValue: value, parse: { text, spec throws(OptionError) in
            var chosen: Set<String> = []
            for word in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
                guard words.contains(String(word)) else { throw OptionError(spec.refusal) }
                chosen.insert(String(word))
            }
            return T.allCases.filter { chosen.contains($0.rawValue) }
        }, encode: { .string($0.map(\.rawValue).joined(separator: ",")) })
    }

    /// Text with a grammar of its own: `parse` reads it (throwing its own message), `echo`
    /// writes it back for `settings`.
    public static func text(_ name: String, takes: String, default value: Value, defaultNote: String? = nil, help: String,
                            aliases: [String] = [], parse: @escaping @Sendable (String) throws(OptionError) -> Value,
                            echo: @escaping @Sendable (Value) -> String) -> GameOption<Value> {
        var spec = OptionSpec(name: name, type: .text(takes: takes), defaultValue: .string(echo(value)),
                              defaultNote: defaultNote, help: help)
        spec.aliases = aliases
        return GameOption(spec: spec, defaultValue: value, parse: { text, _ throws(OptionError) in try parse(text) },
                      encode: { .string(echo($0)) })
    }
}

extension GameOption where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One case of an enum of words.
    public static func choice(_ name: String, default value: Value, help: String) -> GameOption {
        choice(name, Array(Value.allCases), word: { $0.rawValue }, default: value, help: help)
    }
}

extension GameOption where Value == Int {
    @Sendable static func wholeNumber(_ text: String, _ spec: OptionSpec) throws(OptionError) -> Int {
        guard case let .int(min, max) = spec.type, let n = Int(text), n >= min, n <= (max ?? Int.max) else {
            throw OptionError(spec.refusal)
        }
        return n
    }
}
