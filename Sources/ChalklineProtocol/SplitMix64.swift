/// A small, fast, seedable generator: the same `seed=` must give the same questions and the
/// same board on every machine, which `SystemRandomNumberGenerator` cannot promise.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Seeded draws for question generation: the one rule for determinism across Swift versions.
/// The standard library's `random(in:using:)` and `shuffle(using:)` do not promise their
/// algorithms, so a game's questions never go through them; these spell the algorithm out.
extension SplitMix64 {
    /// A whole number in `0..<bound`, by Lemire's nearly divisionless method, draw for draw the
    /// one Swift 5 and 6 use in `Int.random(in:using:)` (a test holds them together), so seeds
    /// written down before this existed still give the same times-table games.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        let upper = UInt64(bound)
        var m = next().multipliedFullWidth(by: upper)
        if m.low < upper {
            let t = (0 &- upper) % upper
            while m.low < t { m = next().multipliedFullWidth(by: upper) }
        }
        return Int(m.high)
    }

    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    public mutating func int(in range: Range<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound)
    }

    /// One of `items`, which must not be empty.
    public mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// True with probability `numerator / denominator`.
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        below(denominator) < numerator
    }

    /// Fisher–Yates from the last item down, each swap partner `next() % (i + 1)`. The modulo
    /// bias is negligible for the few dozen items a board holds, and word boards drawn with it
    /// since the first release must stay as they were for the same seed.
    public mutating func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        var i = items.count - 1
        while i > 0 {
            let j = Int(next() % UInt64(i + 1))
            items.swapAt(i, j)
            i -= 1
        }
        return items
    }
}
