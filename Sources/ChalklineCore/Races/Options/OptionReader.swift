/// A `key=value` option that was missing its mark: the message goes to the player as `bad_args`.
public struct OptionError: Error, Equatable, Sendable {
    public var message: String
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
            if values[key] != nil { throw OptionError(message: "The option \(key)= is given twice.") }
            values[key] = value
            order.append(key)
        }
        if let stray = options.positional.first {
            throw OptionError(message: "Options look like key=value; \"\(stray)\" is not one.")
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
            throw OptionError(message: "This game has no option \(unknown)=. Try /help create.")
        }
    }
}
