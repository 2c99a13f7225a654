import ChalklineProtocol
import Glibc

/// One json-mode line as the bytes that arrived, read in place: the bench handles every line of
/// thousands of connections on one thread, and building a `String` for each (a 1,000-player
/// `round_end` included) only to learn its `type` was a large share of its CPU. Fields are
/// found where the server's compact encoding puts them; anything else is parsed properly with
/// `ServerMessage`.
///
/// Valid only during the `onBytes` callback that handed it over.
package struct LineBytes {
    package let bytes: UnsafeRawBufferPointer

    /// Whether the line's `type` is `event`, read in place (the bench reads every line a player
    /// gets); the name comes from the shared list, as everywhere in the client.
    package func isType(_ event: EventType) -> Bool {
        var name = event.rawValue
        return name.withUTF8 { type in
            let prefix = #"{"type":""#.utf8.count
            guard bytes.count >= prefix + type.count + 1, starts(with: #"{"type":""#) else { return false }
            return memcmp(bytes.baseAddress! + prefix, type.baseAddress!, type.count) == 0
                && bytes[prefix + type.count] == UInt8(ascii: "\"")
        }
    }

    package func starts(with text: StaticString) -> Bool {
        bytes.count >= text.utf8CodeUnitCount && memcmp(bytes.baseAddress!, text.utf8Start, text.utf8CodeUnitCount) == 0
    }

    /// Whether `text` occurs anywhere in the line (`"correct":true`).
    package func contains(_ text: StaticString) -> Bool { offset(of: text) != nil }

    /// A top-level integer field (`"KEY":123`), or nil.
    package func int(_ key: StaticString) -> Int? {
        guard var i = offset(of: key) else { return nil }
        i += key.utf8CodeUnitCount
        var value = 0, digits = 0
        while i < bytes.count, (48...57).contains(bytes[i]) {
            guard digits < 18 else { return nil }  // beyond any field the server sends; no overflow
            value = value * 10 + Int(bytes[i] - 48)
            digits += 1
            i += 1
        }
        return digits > 0 ? value : nil
    }

    /// A string field without escapes (`"KEY":"text"`), or nil; `key` includes the opening quote.
    package func string(_ key: StaticString) -> String? {
        guard var i = offset(of: key) else { return nil }
        i += key.utf8CodeUnitCount
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
            if bytes[i] == UInt8(ascii: "\\") { return nil }
            i += 1
        }
        guard i < bytes.count else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    }

    /// The product a times question asks for, from its `text` (`"7 x 8"`), read in place by
    /// the same code as the bot's `TimesSolver`.
    package func timesProduct() -> Int? {
        guard var i = offset(of: #""text":""#) else { return nil }
        i += #""text":""#.utf8.count
        guard let end = bytes[i...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return TimesSolver.product(utf8: bytes[i..<end])
    }

    /// The line as a `String`, for lines the bench parses in full (replies it does not expect).
    package var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Where `text` first occurs: `memchr` for its first byte, then `memcmp` (Glibc's module
    /// leaves out the GNU `memmem`).
    private func offset(of text: StaticString) -> Int? {
        let length = text.utf8CodeUnitCount
        guard let base = bytes.baseAddress, length > 0 else { return nil }
        let first = Int32(text.utf8Start.pointee)
        var i = 0
        while bytes.count - i >= length, let found = memchr(base + i, first, bytes.count - i - length + 1) {
            let at = base.distance(to: UnsafeRawPointer(found))
            if memcmp(base + at, text.utf8Start, length) == 0 { return at }
            i = at + 1
        }
        return nil
    }
}
