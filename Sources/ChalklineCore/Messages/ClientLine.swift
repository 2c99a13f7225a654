/// What one client line asks for, before anyone checks whether it may.
public enum ClientLine: Equatable, Sendable {
    /// An empty (or all-blank) line: ignored, no reply.
    case empty
    /// `/verb arg ...`: `verb` lowercased, `rest` the text after the verb as typed (for commands
    /// such as `/answer` and `/say` that take a whole sentence); its words are `args`.
    case command(verb: String, rest: String)

    /// The words after the verb, split on blanks. Split when a command asks for them: an answer,
    /// nearly every line the server reads, takes its sentence whole and never does.
    public var args: [String] {
        guard case .command(_, let rest) = self else { return [] }
        return rest.splitOnBlanks()
    }

    /// Any line that is not a command is an answer, exactly as `/answer LINE`.
    ///
    /// Read as UTF-8 bytes: the blanks are ASCII, and no byte of a longer character is a space
    /// or a tab, so this splits exactly where reading scalar by scalar would, at a fraction of
    /// the cost (every answer of every player comes through here).
    public static func parse(_ line: String) -> ClientLine {
        var line = line
        return line.withUTF8(parse(bytes:))
    }

    /// Every cut falls beside an ASCII byte, so each piece is valid UTF-8 as the line is. Bytes,
    /// not `String`'s views and their indices, which cost more than the rest of the parse.
    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> ClientLine {
        var start = 0, end = bytes.count
        while start < end && bytes[start].isBlank { start += 1 }
        while end > start && bytes[end - 1].isBlank { end -= 1 }
        if start == end { return .empty }
        guard bytes[start] == UInt8(ascii: "/") else {
            return .command(verb: "answer", rest: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        }
        var verbEnd = start + 1
        while verbEnd < end && !bytes[verbEnd].isBlank { verbEnd += 1 }
        let verbBytes = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<verbEnd])
        var verb = String(decoding: verbBytes, as: UTF8.self)
        if verbBytes.contains(where: { !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) { verb = verb.lowercased() }
        var restStart = verbEnd
        while restStart < end && bytes[restStart].isBlank { restStart += 1 }
        return .command(verb: verb, rest: String(decoding: UnsafeBufferPointer(rebasing: bytes[restStart..<end]), as: UTF8.self))
    }
}

/// `key=value` options as `/create` takes them, and the plain words around them.
public struct CommandOptions: Equatable, Sendable {
    public var positional: [String] = []
    public var pairs: [(key: String, value: String)] = []

    public init(_ args: some Sequence<String>) {
        for arg in args {
            if let eq = arg.firstIndex(of: "="), eq != arg.startIndex {
                pairs.append((String(arg[..<eq]).lowercased(), String(arg[arg.index(after: eq)...])))
            } else {
                positional.append(arg)
            }
        }
    }

    public static func == (a: CommandOptions, b: CommandOptions) -> Bool {
        a.positional == b.positional && a.pairs.count == b.pairs.count
            && zip(a.pairs, b.pairs).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

/// Blanks are found byte by byte (or scalar by scalar), never by `Character`: a space followed
/// by a combining mark or a tag character is one Swift `Character`, and would otherwise glue two
/// words into one argument.
extension UInt8 {
    var isBlank: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }
}

extension Unicode.Scalar {
    var isBlank: Bool { self == " " || self == "\t" }
}

extension Character {
    var isBlank: Bool { self == " " || self == "\t" }
}

extension StringProtocol {
    func trimmingBlanks() -> String {
        let bytes = Substring(self).utf8
        guard let first = bytes.firstIndex(where: { !$0.isBlank }) else { return "" }
        let last = bytes.lastIndex(where: { !$0.isBlank })!
        return String(Substring(bytes[first...last]))
    }

    func splitOnBlanks() -> [String] {
        Substring(self).utf8.split(whereSeparator: \.isBlank).map { String(Substring($0)) }
    }
}
