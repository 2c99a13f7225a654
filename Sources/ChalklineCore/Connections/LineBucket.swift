/// Flood control for one connection: a token bucket refilled at `rate` lines a second that holds
/// at most twice that, so a burst (a pasted block, a bot's opening commands) passes and a
/// sustained flood does not. It runs on the `now` the shell passes, never on a clock of its own.
///
/// Tokens are counted in thousandths so that the arithmetic stays in integers.
struct LineBucket {
    enum Verdict: Equatable {
        /// Run the line.
        case run
        /// Do not run it; `reply` is true for the first refusal since a line last ran, so a flood
        /// cannot double itself into the server's output with one error per line.
        case refuse(reply: Bool)
        /// Still refusing `floodTimeout` after the flood began: say goodbye and close.
        case disconnect
    }

    let rate: Int64
    /// Twice `rate`, in thousandths: worked out, not stored, as every connection holds a bucket.
    var capacity: Int64 { 2 * rate * 1000 }
    private var milliTokens: Int64
    private var last: Millis
    /// When the current flood began (its first refused line); nil once the bucket is full again.
    private(set) var floodingSince: Millis?
    private var replied = false

    /// `rate` 0 turns the bucket off: every line runs.
    init(rate: Int, now: Millis) {
        self.rate = Int64(max(0, rate))
        milliTokens = 2 * self.rate * 1000
        last = now
    }

    /// How long until the next line would run, from `now` (the last `take`'s count): the
    /// `retry_ms` of a `rate_limited`.
    func waitMs(now: Millis) -> Millis {
        guard rate > 0 else { return 0 }
        let tokens = min(capacity, milliTokens + max(0, now - last) * rate)
        return tokens >= 1000 ? 0 : (1000 - tokens + rate - 1) / rate
    }

    mutating func take(now: Millis, floodTimeout: Millis) -> Verdict {
        guard rate > 0 else { return .run }
        if now > last {
            // `rate` tokens a second is `rate` thousandths a millisecond.
            milliTokens = min(capacity, milliTokens + (now - last) * rate)
            last = now
        }
        // A full bucket means the client has stayed under the rate long enough: the flood is over.
        if milliTokens == capacity { floodingSince = nil }
        if milliTokens >= 1000 {
            milliTokens -= 1000
            replied = false
            return .run
        }
        guard let since = floodingSince else {
            floodingSince = now
            replied = true
            return .refuse(reply: true)
        }
        if now - since >= floodTimeout { return .disconnect }
        defer { replied = true }
        return .refuse(reply: !replied)
    }
}
