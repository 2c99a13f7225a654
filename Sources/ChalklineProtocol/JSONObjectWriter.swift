/// An object written straight to bytes, field by field: the same bytes `JSON.object` encodes
/// to, without building the tree and walking it twice. For the values the server writes most
/// often, the rows of every table (a room of 20 wrote some 60 a round); keys are literals, so
/// they need no escaping.
public struct JSONObjectWriter: ~Copyable {
    private var bytes: ByteWriter
    private var first = true

    public init(capacity: Int = 64) {
        bytes = ByteWriter(capacity: capacity)
        bytes.append(UInt8(ascii: "{"))
    }

    private mutating func key(_ key: StaticString) {
        assert(!"\(key)".utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") },
               "a key the writer would have to escape")
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        bytes.append(UInt8(ascii: "\""))
        bytes.append(key)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    public mutating func int(_ name: StaticString, _ value: Int) {
        key(name)
        JSON.writeInt(value, to: &bytes)
    }

    /// `null` for nil, as protocol.md promises for fields with no value yet.
    public mutating func int(_ name: StaticString, _ value: Int?) {
        guard let value else { return null(name) }
        int(name, value)
    }

    public mutating func string(_ name: StaticString, _ value: String) {
        key(name)
        JSON.writeString(value, to: &bytes)
    }

    public mutating func bool(_ name: StaticString, _ value: Bool) {
        key(name)
        JSON.bool(value).write(to: &bytes)
    }

    public mutating func null(_ name: StaticString) {
        key(name)
        JSON.null.write(to: &bytes)
    }

    /// The fields alone, without the braces: what a template's field hole takes (`JSONTemplate`).
    public consuming func fieldBytes() -> [UInt8] {
        Array(bytes.bytes().dropFirst())
    }

    /// The object, as a value other trees can hold (`JSON.encoded`).
    public consuming func finished() -> JSON {
        bytes.append(UInt8(ascii: "}"))
        return .encoded(bytes.bytes())
    }
}
