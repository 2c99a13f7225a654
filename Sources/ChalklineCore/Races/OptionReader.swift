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

    public mutating func int(_ key: String, default value: Int, in range: ClosedRange<Int>) throws(OptionError) -> Int {
        guard let text = take(key) else { return value }
        guard let n = Int(text), range.contains(n) else {
            throw OptionError(message: "\(key)= takes a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return n
    }

    /// Seconds, fractional allowed, returned as milliseconds.
    public mutating func seconds(_ key: String, default value: Double, in range: ClosedRange<Double>) throws(OptionError) -> Millis {
        guard let text = take(key) else { return Millis((value * 1000).rounded()) }
        guard let s = Double(text), s.isFinite, range.contains(s) else {
            throw OptionError(message: "\(key)= takes seconds from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)).")
        }
        return Millis((s * 1000).rounded())
    }

    /// A comma-separated choice among a kind's words (`ask=tip,split`), in the order the kind
    /// lists them, each once; `default` when the key is not given.
    public mutating func list<T: RawRepresentable & CaseIterable>(_ key: String, default value: [T]) throws(OptionError) -> [T]
        where T.RawValue == String {
        guard let text = take(key) else { return value }
        let words = T.allCases.map(\.rawValue)
        let bad = OptionError(message: "\(key)= takes any of \(words.joined(separator: ",")), separated by commas.")
        var chosen: Set<String> = []
        for word in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            guard words.contains(String(word)) else { throw bad }
            chosen.insert(String(word))
        }
        return T.allCases.filter { chosen.contains($0.rawValue) }
    }

    /// yes/no (or on/off): both spellings are accepted for every switch, since people mix them.
    public mutating func flag(_ key: String, default value: Bool) throws(OptionError) -> Bool {
        guard let text = take(key) else { return value }
        switch text.lowercased() {
        case "yes", "on", "true", "1": return true
        case "no", "off", "false", "0": return false
        default: throw OptionError(message: "\(key)= takes yes or no (or on/off).")
        }
    }

    mutating func seed(random: () -> UInt64) throws(OptionError) -> UInt64 {
        guard let text = take("seed") else { return random() % 1_000_000_000 }
        // The seed is echoed in `settings` as a JSON integer (an Int), so it must fit one.
        guard let n = UInt64(text), n <= UInt64(Int.max) else {
            throw OptionError(message: "seed= takes a whole number from 0 to \(Int.max).")
        }
        return n
    }

    func finish() throws(OptionError) {
        if let unknown = order.first(where: { values[$0] != nil }) {
            throw OptionError(message: "This game has no option \(unknown)=. Try /help create.")
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

/// Settings every race has: how long, how paced, and who may play.
public struct RaceTiming: Equatable, Sendable {
    public var roundMs: Millis
    public var gapMs: Millis
    public var countdownMs: Millis
    public var seed: UInt64
    /// `seed=` was given: every game of the room replays it. Without it, each game after the
    /// first draws its own (`reseed`), so a class's second game is not its first again.
    public var seedGiven = false
    /// The room's creator plays too (`play=no` makes them a host who only runs the game).
    public var hostPlays: Bool
    /// Players may join a running game, starting with the next round.
    public var lateJoin: Bool
    /// Players may `/say` (the host always may); `/set chat=` changes it in the lobby.
    public var chat: Bool = true

    /// A new game of the room begins: `fresh` replaces the seed unless the host chose one.
    mutating func reseed(_ fresh: UInt64, firstGame: Bool) {
        if !seedGiven && !firstGame { seed = fresh % 1_000_000_000 }
    }

    var json: [(String, JSON)] {
        [("time", .double(Double(roundMs) / 1000)), ("gap", .double(Double(gapMs) / 1000)),
         ("countdown", .double(Double(countdownMs) / 1000)), ("seed", .int(Int(seed))),
         ("play", .bool(hostPlays)), ("late", .bool(lateJoin)), ("chat", .bool(chat))]
    }

    static func read(_ r: inout OptionReader, defaultTime: Double, timeRange: ClosedRange<Double>,
                     random: () -> UInt64) throws(OptionError) -> RaceTiming {
        RaceTiming(
            roundMs: try r.seconds("time", default: defaultTime, in: timeRange),
            gapMs: try r.seconds("gap", default: Limits.defaultGapSeconds, in: Limits.gapSeconds),
            countdownMs: try r.seconds("countdown", default: Limits.defaultCountdownSeconds, in: Limits.countdownSeconds),
            seed: try r.seed(random: random), seedGiven: r.given("seed"),
            hostPlays: try r.flag("play", default: true),
            lateJoin: try r.flag("late", default: true),
            chat: try r.flag("chat", default: true))
    }
}
