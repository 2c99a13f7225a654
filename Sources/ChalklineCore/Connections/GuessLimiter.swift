/// Wrong guesses at secrets (room codes, rejoin tokens, host keys, the create password), counted
/// by address and over the whole server, so a new connection per guess gains nothing.
///
/// An address that gets `free` guesses wrong within `window` is shut out for one window, and
/// every shut-out in a row doubles the next, up to `maxLockout`. An address is forgiven once it
/// has made no wrong guess for `maxLockout`. Over the whole server, once
/// `overall` wrong guesses fell within a window, any address that has itself guessed wrong in
/// that window waits for it to pass: many addresses guessing together get one try each, and a
/// student who typed the code right still joins.
///
/// Owned by the loop thread (through `ServerCore`) and touched only there.
final class GuessLimiter {
    private struct Address {
        var failures: [Millis] = []
        var lockedUntil: Millis = 0
        /// Shut-outs in a row: the next lasts `window << strikes`.
        var strikes = 0
        var lastFailure: Millis = 0
    }

    let rules: GuessRules
    private var addresses: [String: Address] = [:]
    /// Wrong guesses server-wide, oldest first, within `window`.
    private var recent: [Millis] = []
    /// When `forget` last swept the forgiven out.
    private var prunedAt: Millis = .min / 2
    /// Addresses remembered at once; beyond it the forgiven are dropped first.
    static let maxAddresses = Limits.connections

    init(_ rules: GuessRules) { self.rules = rules }

    /// Milliseconds until `address` may guess again, or nil when it may now.
    func wait(_ address: String, now: Millis) -> Millis? {
        guard var entry = addresses[address] else { return nil }
        if now < entry.lockedUntil { return entry.lockedUntil - now }
        entry.failures.removeAll { $0 <= now - rules.window }
        addresses[address] = entry
        recent.removeAll { $0 <= now - rules.window }
        if recent.count >= rules.overall, let last = entry.failures.last, let oldest = recent.first {
            return max(1, min(last, oldest) + rules.window - now)
        }
        return nil
    }

    func recordFailure(_ address: String, now: Millis) {
        recent.append(now)
        if recent.count > rules.overall { recent.removeFirst(recent.count - rules.overall) }
        var entry = addresses[address] ?? Address()
        if now - entry.lastFailure >= rules.maxLockout { entry.strikes = 0 }
        entry.lastFailure = now
        entry.failures.removeAll { $0 <= now - rules.window }
        entry.failures.append(now)
        if entry.failures.count >= rules.free {
            let lockout = min(rules.maxLockout, rules.window << min(entry.strikes, 20))
            entry.lockedUntil = now + lockout
            entry.strikes += 1
            entry.failures = []
        }
        if addresses[address] == nil && addresses.count >= Self.maxAddresses { forget(now: now) }
        addresses[address] = entry
    }

    /// Room for a new address: the forgiven go first (a full pass, at most once a window, so
    /// thousands of addresses guessing cannot make every guess cost one), then one not shut
    /// out, then any: the table never grows past `maxAddresses`.
    private func forget(now: Millis) {
        if now - prunedAt >= rules.window {
            prunedAt = now
            addresses = addresses.filter { now - $0.value.lastFailure < rules.maxLockout }
            if addresses.count < Self.maxAddresses { return }
        }
        if let victim = addresses.first(where: { $0.value.lockedUntil <= now })?.key ?? addresses.first?.key {
            addresses[victim] = nil
        }
    }

    /// Addresses remembered now (for tests).
    var count: Int { addresses.count }
}

/// How many wrong guesses are let through (see `GuessLimiter`); the defaults are `Limits`'.
public struct GuessRules: Equatable, Sendable {
    public var free = Limits.failedGuesses
    public var window: Millis = Limits.guessWindowMs
    public var maxLockout: Millis = Limits.guessLockoutMaxMs
    public var overall = Limits.failedGuessesOverall

    public init() {}
}
