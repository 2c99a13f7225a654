/// An object written straight into a line, field by field: the same bytes `JSON.object` encodes
/// to, without building the tree and walking it twice. For the values the server writes most
/// often, the rows of every table (a room of 20 wrote some 60 a round), written where they go:
/// into a player's cut table, or into a row of their own (`encoded`). Keys are literals, so they
/// need no escaping.
public struct JSONObjectWriter {
    @usableFromInline var first = true

    /// Opens the object (`{`) in `out`.
    @inlinable
    public init(in out: inout ByteWriter) {
        out.append(UInt8(ascii: "{"))
    }

    /// For fields alone, without braces, after fields a caller wrote itself (or none: `first`).
    public init(fieldsAfterFirst: Bool) {
        first = !fieldsAfterFirst
    }

    @inlinable
    mutating func key(_ key: StaticString, _ out: inout ByteWriter) {
        assert(!"\(key)".utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") },
               "a key the writer would have to escape")
        // `,"key":` in one run: the rows of a table are mostly keys.
        let comma = first ? 0 : 1
        first = false
        let length = key.utf8CodeUnitCount
        out.appending(comma + length + 3) { at in
            if comma == 1 { at[0] = UInt8(ascii: ",") }
            at[comma] = UInt8(ascii: "\"")
            (at + comma + 1).update(from: key.utf8Start, count: length)
            at[comma + 1 + length] = UInt8(ascii: "\"")
            at[comma + 2 + length] = UInt8(ascii: ":")
        }
    }

    @inlinable
    public mutating func int(_ name: StaticString, _ value: Int, _ out: inout ByteWriter) {
        key(name, &out)
        JSON.writeInt(value, to: &out)
    }

    /// `null` for nil, as protocol.md promises for fields with no value yet.
    @inlinable
    public mutating func int(_ name: StaticString, _ value: Int?, _ out: inout ByteWriter) {
        guard let value else { return null(name, &out) }
        int(name, value, &out)
    }

    @inlinable
    public mutating func string(_ name: StaticString, _ value: String, _ out: inout ByteWriter) {
        key(name, &out)
        JSON.writeString(value, to: &out)
    }

    @inlinable
    public mutating func bool(_ name: StaticString, _ value: Bool, _ out: inout ByteWriter) {
        key(name, &out)
        out.append(value ? "true" : "false")
    }

    @inlinable
    public mutating func null(_ name: StaticString, _ out: inout ByteWriter) {
        key(name, &out)
        out.append("null")
    }

    /// Closes the object (`}`).
    @inlinable
    public func close(_ out: inout ByteWriter) {
        out.append(UInt8(ascii: "}"))
    }

    /// A value written by `write` (one object), as a value other trees can hold.
    public static func encoded(capacity: Int = 64, _ write: (inout ByteWriter) -> Void) -> JSON {
        var out = ByteWriter(capacity: capacity)
        write(&out)
        return .encoded(out.bytes())
    }
}
