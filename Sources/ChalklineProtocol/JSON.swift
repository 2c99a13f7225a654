/// A JSON value whose objects keep their keys in the order written, so every line a bot reads
/// starts with `type` and fields appear in the order protocol.md lists them.
/// Not `indirect`: arrays and objects already hold their elements on the heap, and boxing every
/// value besides cost an allocation per number, string and flag of every reply.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])
    /// A value already encoded (`encoded()`'s bytes), written as it is: a part many payloads
    /// share, such as the top of a big room's table, is encoded once.
    case encoded([UInt8])

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.double(x), .double(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case let (.encoded(x), .encoded(y)): return x == y
        default: return false
        }
    }

    /// One line of compact JSON, no trailing newline (but room for one: `Message.rendered`
    /// adds it).
    public func encoded() -> [UInt8] {
        var out = ByteWriter(capacity: sizeEstimate + 1)
        write(to: &out)
        return out.bytes()
    }

    /// The encoding, without copying a value that is already encoded (a table's row).
    public var bytes: [UInt8] {
        if case .encoded(let bytes) = self { return bytes }
        return encoded()
    }

    /// About the bytes `write` needs (strings unescaped, numbers at 20), so `encoded` allocates
    /// its buffer once: a big room's `round_end` to each player grew it two or three times.
    public var sizeEstimate: Int {
        switch self {
        case .null: 4
        case .bool: 5
        case .int, .double: 20
        case .string(let s): s.utf8.count + 2
        case .array(let items): items.reduce(2) { $0 + $1.sizeEstimate + 1 }
        case .object(let fields): fields.reduce(2) { $0 + $1.0.utf8.count + 4 + $1.1.sizeEstimate }
        case .encoded(let bytes): bytes.count
        }
    }

    public func write(to out: inout ByteWriter) {
        switch self {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .int(let i): JSON.writeInt(i, to: &out)
        case .double(let d):
            if d.isFinite { out.append(Array(String(d).utf8)) } else { out.append("null") }
        case .string(let s): JSON.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for i in items.indices {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                items[i].write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            out.append(UInt8(ascii: "{"))
            JSON.writeFields(fields[...], first: true, to: &out)
            out.append(UInt8(ascii: "}"))
        case .encoded(let bytes): out.append(bytes)
        }
    }

    /// `"key":value` for each field, comma-separated, and a comma first unless `first`: the
    /// inside of an object, or the rest of one whose first fields a caller wrote itself.
    public static func writeFields(_ fields: ArraySlice<(String, JSON)>, first: Bool, to out: inout ByteWriter) {
        var first = first
        // By index, not `for (key, value) in`: that copied each field's value (an enum with
        // arrays in it) before writing it.
        for i in fields.indices {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            writeString(fields[i].0, to: &out)
            out.append(UInt8(ascii: ":"))
            fields[i].1.write(to: &out)
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Digits straight into the output: through `String(i)` every number of every reply cost a
    /// string's allocation and a byte-at-a-time append.
    @inlinable
    public static func writeInt(_ value: Int, to out: inout ByteWriter) {
        // The digits are counted first and written in place, last digit first: no buffer of
        // their own to copy from.
        var magnitude = value.magnitude
        var digits = 1
        var power: UInt = 10
        while digits < 20 && magnitude >= power {
            digits += 1
            if digits < 20 { power *= 10 }
        }
        let sign = value < 0 ? 1 : 0
        out.appending(sign + digits) { at in
            if sign == 1 { at[0] = UInt8(ascii: "-") }
            var i = sign + digits
            repeat {
                i -= 1
                at[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while i > sign
        }
    }

    /// Runs of bytes that need no escape (nearly every string the server writes) are copied
    /// whole: a byte at a time, every string of every line paid for each byte.
    public static func writeString(_ s: String, to out: inout ByteWriter) {
        out.append(UInt8(ascii: "\""))
        // A native or literal string lends its bytes as they are; only a bridged one is copied.
        if s.utf8.withContiguousStorageIfAvailable({ writeEscaped($0, to: &out) }) == nil {
            var copy = s
            copy.withUTF8 { writeEscaped($0, to: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
        var start = 0
        for i in bytes.indices {
            let byte = bytes[i]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F else { continue }
            out.append(UnsafeBufferPointer(rebasing: bytes[start..<i]))
            escape(byte, to: &out)
            start = i + 1
        }
        out.append(UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    private static func escape(_ byte: UInt8, to out: inout ByteWriter) {
        switch byte {
        case UInt8(ascii: "\""): out.append(#"\""#)
        case UInt8(ascii: "\\"): out.append(#"\\"#)
        case 0x0A: out.append(#"\n"#)
        case 0x0D: out.append(#"\r"#)
        case 0x09: out.append(#"\t"#)
        default:
            out.append(#"\u00"#)
            out.append(hex[Int(byte >> 4)])
            out.append(hex[Int(byte & 0xF)])
        }
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSON {
    /// Optional values become `null`, as protocol.md promises for fields with no value yet.
    public static func optional(_ s: String?) -> JSON { s.map(JSON.string) ?? .null }
    public static func optional(_ i: Int?) -> JSON { i.map(JSON.int) ?? .null }
}
