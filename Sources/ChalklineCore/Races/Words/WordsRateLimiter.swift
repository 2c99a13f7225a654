/// Wrong words per player within one level: more than `limit` in `windowMs` and further words
/// are refused unjudged, so a bot cannot spray a dictionary at the board faster than people type.
struct WordsRateLimiter {
    static let limit = 3
    static let windowMs: Millis = 1000

    /// Times of recent wrong words, by seat, on the level's clock (monotonic within a level).
    private var wrong: [ObjectIdentifier: [Millis]] = [:]

    /// True when the seat already has `limit` wrong words in the last `windowMs`.
    mutating func isLimited(_ seat: ObjectIdentifier, now: Millis) -> Bool {
        guard var times = wrong[seat] else { return false }
        times.removeAll { $0 <= now - Self.windowMs }
        wrong[seat] = times
        return times.count >= Self.limit
    }

    /// Milliseconds until the seat may guess again (for the error message).
    func waitMs(_ seat: ObjectIdentifier, now: Millis) -> Millis {
        guard let oldest = wrong[seat]?.first else { return 0 }
        return max(0, oldest + Self.windowMs - now)
    }

    mutating func recordWrong(_ seat: ObjectIdentifier, now: Millis) {
        wrong[seat, default: []].append(now)
    }

    mutating func reset() { wrong.removeAll(keepingCapacity: true) }
}
