/// A JSON value encoded once with holes, for many lines that differ only there: in a big room
/// every player's `round_end` is the same bytes but for their own rows and their place, so the
/// shared part is encoded once a round instead of once a player (it was the answer path's
/// largest cost under callgrind: a room of 20 encoded 21 whole tables a round).
///
/// A hole is a marker value put into the tree before encoding: `element(n)` as the last element
/// of an array, or `field(n)` as a field of an object after its first. Filled, an element hole
/// takes one encoded value and a field hole one or more encoded `"key":value` fields; left
/// empty, the hole goes with the comma before it. The output is byte for byte what encoding the
/// tree with the fills in their places would give.
public struct JSONTemplate: Sendable {
    /// The bytes between holes: one more than `holes`.
    private let segments: [[UInt8]]
    /// Each hole's number and whether a comma comes before what fills it.
    private let holes: [(number: Int, comma: Bool)]
    private let sharedBytes: Int

    /// A marker can never be part of an encoded value otherwise: strings escape bytes below 0x20.
    private static let mark: UInt8 = 0x01

    public static func element(_ number: Int) -> JSON { .encoded([mark, UInt8(number)]) }
    public static func field(_ number: Int) -> (String, JSON) { ("", element(number)) }

    public init(_ value: JSON) {
        let bytes = value.encoded()
        var segments: [[UInt8]] = []
        var holes: [(Int, Bool)] = []
        var start = 0
        var i = 0
        let fieldKey: [UInt8] = Array(#""":"#.utf8)
        while i < bytes.count {
            guard bytes[i] == Self.mark, i + 1 < bytes.count else { i += 1; continue }
            var end = i
            if end >= start + fieldKey.count, Array(bytes[(end - fieldKey.count)..<end]) == fieldKey { end -= fieldKey.count }
            let comma = end > start && bytes[end - 1] == UInt8(ascii: ",")
            if comma { end -= 1 }
            segments.append(Array(bytes[start..<end]))
            holes.append((Int(bytes[i + 1]), comma))
            i += 2
            start = i
        }
        segments.append(Array(bytes[start...]))
        self.segments = segments
        self.holes = holes
        sharedBytes = segments.reduce(0) { $0 + $1.count }
    }

    /// The line with each hole filled from `fills[number]` (nil or missing: left empty), and a
    /// newline after it.
    public func render(_ fills: [[UInt8]?]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count(fills)) { buffer, written in
            written = render(fills, into: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// The bytes `render(fills)` makes, newline included.
    public func count(_ fills: [[UInt8]?]) -> Int {
        var count = sharedBytes + 1
        for hole in holes {
            guard let fill = fill(hole.number, fills) else { continue }
            count += fill.count + (hole.comma ? 1 : 0)
        }
        return count
    }

    /// Writes `render(fills)` into `out`, which has room for `count(fills)` bytes (checked), and
    /// returns how many it wrote: the caller's own buffer (a payload), with no line in between.
    @discardableResult
    public func render(_ fills: [[UInt8]?], into out: UnsafeMutableRawBufferPointer) -> Int {
        precondition(out.count >= count(fills), "a template rendered into too small a buffer")
        var at = 0
        func put(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { from in
                guard let base = from.baseAddress else { return }  // empty: nothing to copy
                out.baseAddress!.advanced(by: at).copyMemory(from: base, byteCount: from.count)
            }
            at += bytes.count
        }
        put(segments[0])
        for (k, hole) in holes.enumerated() {
            if let fill = fill(hole.number, fills) {
                if hole.comma { out[at] = UInt8(ascii: ","); at += 1 }
                put(fill)
            }
            put(segments[k + 1])
        }
        out[at] = 0x0A
        return at + 1
    }

    private func fill(_ number: Int, _ fills: [[UInt8]?]) -> [UInt8]? {
        number < fills.count ? fills[number] : nil
    }

    /// Fields as a field hole takes them: `"players":20,"rank":3`; nil for none.
    public static func fields(_ fields: [(String, JSON)]) -> [UInt8]? {
        guard !fields.isEmpty else { return nil }
        let object = JSON.object(fields).encoded()
        return Array(object.dropFirst().dropLast())
    }
}
