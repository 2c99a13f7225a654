#if canImport(Glibc)
import Glibc
#endif

/// A JSON value encoded once with holes, for many lines that differ only there: in a big room
/// every player's `round_end` is the same bytes but for their own rows and their place, so the
/// shared part is encoded once a round instead of once a player (a room of 20 encoded 21 whole
/// tables a round; BENCHMARKS.md has what that cost).
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

    public static func element(_ number: Int) -> JSON { .encoded(marker(number)) }

    /// A hole's marker bytes, the same in a tree and written straight.
    private static func marker(_ number: Int) -> [UInt8] { [mark, UInt8(number)] }
    public static func field(_ number: Int) -> (String, JSON) { ("", element(number)) }

    public init(_ value: JSON) { self.init(encoded: value.encoded()) }

    /// Written straight as bytes: an element hole as the last element of an array
    /// (`afterElements`: the array has elements before it), with the comma `element` gets from
    /// the tree.
    public static func writeElementHole(_ number: Int, afterElements: Bool, to out: inout ByteWriter) {
        if afterElements { out.append(UInt8(ascii: ",")) }
        out.append(marker(number))
    }

    /// Written straight as bytes: a field hole after an object's first field, as `field` encodes.
    public static func writeFieldHole(_ number: Int, to out: inout ByteWriter) {
        out.append(#","":"#)
        out.append(marker(number))
    }

    /// A line encoded with its holes' markers in it (`element`, `field`, or written straight with
    /// `writeElementHole`, `writeFieldHole`).
    public init(encoded bytes: [UInt8]) {
        var segments: [[UInt8]] = []
        var holes: [(Int, Bool)] = []
        let fieldKey: [UInt8] = Array(#""":"#.utf8)
        // The markers are found with memchr: walking a big room's table byte by byte through
        // the array's checked subscript was most of a round's template (41,000 instructions).
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            var from = 0
            while from < buffer.count, let found = memchr(base + from, Int32(Self.mark), buffer.count - from) {
                let i = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                guard i + 1 < buffer.count else { break }
                var end = i
                if end >= start + fieldKey.count, buffer[(end - fieldKey.count)..<end].elementsEqual(fieldKey) { end -= fieldKey.count }
                let comma = end > start && buffer[end - 1] == UInt8(ascii: ",")
                if comma { end -= 1 }
                segments.append(Array(buffer[start..<end]))
                holes.append((Int(buffer[i + 1]), comma))
                from = i + 2
                start = from
            }
            segments.append(Array(buffer[start...]))
        }
        if segments.isEmpty { segments = [[]] }
        self.segments = segments
        self.holes = holes
        sharedBytes = segments.reduce(0) { $0 + $1.count }
    }

    /// Writes the line into `out`, each hole filled by `fill(number, &out)`, which writes what
    /// goes there (one value for an element hole, `"key":value` fields for a field hole) or
    /// nothing (the hole is left empty, its comma with it); then a newline. A player's own rows
    /// go straight into their line, with no array made for them.
    public func render(into out: inout ByteWriter, fill: (_ number: Int, _ out: inout ByteWriter) -> Void) {
        out.append(segments[0])
        for (k, hole) in holes.enumerated() {
            if hole.comma { out.append(UInt8(ascii: ",")) }
            let before = out.count
            fill(hole.number, &out)
            if hole.comma && out.count == before { out.removeLast() }
            out.append(segments[k + 1])
        }
        out.append(0x0A)
    }

    /// The bytes every line shares (its size less the fills').
    public var sharedCount: Int { sharedBytes }
}
