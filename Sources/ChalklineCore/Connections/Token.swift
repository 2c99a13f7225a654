/// A seat's rejoin token: 128 random bits, shown to its player as 32 lowercase hex digits.
///
/// Kept as two words rather than its text, so a seat holds it inline: a 32-character string is
/// a heap allocation of its own, about 80 bytes a seat, in a server meant to seat 10,000.
struct Token: Sendable {
    let high: UInt64
    let low: UInt64

    init(_ random: () -> UInt64) {
        high = random()
        low = random()
    }

    /// The token a client typed, or nil when it is not 32 lowercase hex digits (which no seat's
    /// token can equal, as before when tokens were compared as text).
    init?(text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 32 else { return nil }
        var words: [UInt64] = [0, 0]
        for (i, digit) in digits.enumerated() {
            let value: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = digit - UInt8(ascii: "a") + 10
            default: return nil
            }
            words[i / 16] = words[i / 16] << 4 | UInt64(value)
        }
        high = words[0]
        low = words[1]
    }

    var text: String { Self.hex(high) + Self.hex(low) }

    /// Compares without branching on the bits, so timing does not leak how much of a guess matched.
    func matches(_ other: Token) -> Bool {
        (high ^ other.high) | (low ^ other.low) == 0
    }

    private static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
