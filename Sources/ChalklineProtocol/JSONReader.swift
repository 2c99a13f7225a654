/// Reads one line of JSON as the server writes it, for the client and for bots written in
/// Swift. Strict where it costs nothing (one value, then only blanks), and keeps objects' keys
/// in order, as `JSON` does. Nesting is capped so a hostile line cannot exhaust the stack.
extension JSON {
    public static func parse(_ text: String) -> JSON? {
        var reader = JSONReader(Array(text.utf8))
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipBlanks()
        return reader.atEnd ? value : nil
    }

    /// The value under `key` when this is an object; nil otherwise.
    public subscript(key: String) -> JSON? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.0 == key }?.1
    }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var intValue: Int? {
        switch self {
        case .int(let i): i
        case .double(let d) where d == d.rounded() && abs(d) < 9e15: Int(d)
        default: nil
        }
    }
    public var doubleValue: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }
    public var arrayValue: [JSON]? { if case .array(let a) = self { a } else { nil } }
}

private struct JSONReader {
    static let maxDepth = 64
    let bytes: [UInt8]
    var at = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { at >= bytes.count }

    mutating func skipBlanks() {
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    mutating func value(depth: Int) -> JSON? {
        guard depth < Self.maxDepth else { return nil }
        skipBlanks()
        guard at < bytes.count else { return nil }
        switch bytes[at] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JSON.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    mutating func literal(_ word: String, _ value: JSON) -> JSON? {
        let w = Array(word.utf8)
        guard at + w.count <= bytes.count, Array(bytes[at..<at + w.count]) == w else { return nil }
        at += w.count
        return value
    }

    mutating func object(depth: Int) -> JSON? {
        at += 1
        var fields: [(String, JSON)] = []
        skipBlanks()
        if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(fields) }
        while true {
            skipBlanks()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipBlanks()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return nil }
            at += 1
            guard let value = value(depth: depth + 1) else { return nil }
            fields.append((key, value))
            skipBlanks()
            guard at < bytes.count else { return nil }
            if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
            if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(fields) }
            return nil
        }
    }

    mutating func array(depth: Int) -> JSON? {
        at += 1
        var items: [JSON] = []
        skipBlanks()
        if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
        while true {
            guard let item = value(depth: depth + 1) else { return nil }
            items.append(item)
            skipBlanks()
            guard at < bytes.count else { return nil }
            if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
            if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            return nil
        }
    }

    mutating func string() -> String? {
        at += 1
        var out: [UInt8] = []
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard at < bytes.count else { return nil }
                let escape = bytes[at]
                at += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else { return nil }
                    // A surrogate pair spells one character beyond the Basic Multilingual Plane.
                    if (0xD800..<0xDC00).contains(scalar), at + 1 < bytes.count,
                       bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") {
                        at += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
                default: return nil
                }
            case 0..<0x20: return nil
            default: out.append(byte)
            }
        }
        return nil
    }

    mutating func hex4() -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[at..<at + 4] {
            guard let digit = Self.hexDigit(byte) else { return nil }
            value = value << 4 | digit
        }
        at += 4
        return value
    }

    static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    mutating func number() -> JSON? {
        let start = at
        if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
        var integral = true
        while at < bytes.count {
            let byte = bytes[at]
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                at += 1
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                        || ((byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")) && at > start) {
                integral = false
                at += 1
            } else {
                break
            }
        }
        let text = String(decoding: bytes[start..<at], as: UTF8.self)
        guard !text.isEmpty else { return nil }
        if integral, let i = Int(text) { return .int(i) }
        guard let d = Double(text), d.isFinite else { return nil }
        return .double(d)
    }
}
