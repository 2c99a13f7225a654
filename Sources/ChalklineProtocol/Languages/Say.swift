/// Something to tell a person, before it has a language: a catalog key, the count that picks its
/// plural form, and its named placeholders. A message keeps a `Say` rather than a sentence, so
/// the same event reads in French to one connection and in German to the next (each language
/// rendered once, see `Outbox.send`).
public struct Say: Sendable {
    /// What fills a `{name}` placeholder: text as it is (a player's name, a room code), a number
    /// the language writes its own way, or another `Say` in the same language.
    public enum Arg: Sendable, ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral {
        case text(String)
        case int(Int)
        indirect case say(Say)

        public init(stringLiteral value: String) { self = .text(value) }
        public init(stringInterpolation: DefaultStringInterpolation) { self = .text(String(stringInterpolation: stringInterpolation)) }
        public init(integerLiteral value: Int) { self = .int(value) }
    }

    public let key: String
    /// Picks the plural form and fills `{count}`.
    public let count: Int?
    public let args: [(String, Arg)]

    public init(_ key: String, count: Int? = nil, _ args: KeyValuePairs<String, Arg> = [:]) {
        self.key = key
        self.count = count
        self.args = args.map { ($0.key, $0.value) }
    }

    public init(_ key: String, count: Int? = nil, arguments: [(String, Arg)]) {
        self.key = key
        self.count = count
        self.args = arguments
    }

    /// In English, for logs and tests that read what a player would see by default.
    public var english: String { Languages.english(self) }
}
