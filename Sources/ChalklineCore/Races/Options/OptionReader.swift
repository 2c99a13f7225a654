/// A `key=value` option that was missing its mark: the message goes to the player as `bad_args`,
/// in the player's language (a `Say`, rendered per reader by `ErrorReply`).
public struct OptionError: Error, Equatable, Sendable {
    public var say: Say

    public init(_ say: Say) { self.say = say }

    /// In English, as logs and the tests that compare English read it.
    public var message: String { say.english }

    /// The same refusal: the same key saying the same thing.
    public static func == (a: OptionError, b: OptionError) -> Bool { a.say.key == b.say.key && a.message == b.message }
}

/// Reads `/create` options one key at a time, so each game declares only its own keys and a
/// key nobody asked for is reported instead of silently ignored.
public struct OptionReader {
    private var values: [String: String] = [:]
    private var order: [String] = []
    private var taken: Set<String> = []
    /// Every option read so far with the value it took, as `settings` echoes it.
    public private(set) var echo: [(String, JSON)] = []

    init(_ options: CommandOptions) throws(OptionError) {
        for (key, value) in options.pairs {
            if values[key] != nil { throw OptionError(Say("error.option.twice", ["name": .text(key)])) }
            values[key] = value
            order.append(key)
        }
        if let stray = options.positional.first {
            throw OptionError(Say("error.option.not_key_value", ["word": .text(stray)]))
        }
    }

    public mutating func take(_ key: String) -> String? {
        if let value = values.removeValue(forKey: key) {
            taken.insert(key)
            return value
        }
        return nil
    }

    /// The option was on the command line (and has been read).
    public func given(_ key: String) -> Bool { taken.contains(key) }

    /// Reads a declared option: its default when not given, else its value, or `bad_args`
    /// with the option's own message. Each value read is kept for `settings`, in reading order.
    public mutating func read<Value>(_ option: GameOption<Value>) throws(OptionError) -> Value {
        var text = take(option.name)
        for alias in option.spec.aliases where text == nil { text = take(alias) }
        let value = try text.map { text throws(OptionError) in try option.parse(text, option.spec) } ?? option.defaultValue
        echo.append(option.field(value))
        return value
    }

    /// `settings` echoes `key` as the kind found it (a set's name as the set spells it, not as typed).
    public mutating func replaceEcho(_ key: String, with value: JSON) {
        if let i = echo.firstIndex(where: { $0.0 == key }) { echo[i].1 = value }
    }

    func finish() throws(OptionError) {
        if let unknown = order.first(where: { values[$0] != nil }) {
            throw OptionError(Say("error.option.unknown", ["name": .text(unknown)]))
        }
    }
}
