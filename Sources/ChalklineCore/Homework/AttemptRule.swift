/// `attempts=` of `/assign`: how many tries a student gets, and which one counts.
public enum AttemptRule: Equatable, Sendable {
    /// `attempts=1` (the default): one try, which counts. `attempts=N`: up to N, the best counts.
    case tries(Int)
    /// `attempts=best`: as many tries as the student likes before the due time; the best counts.
    case best

    /// Tries `attempts=N` may allow.
    public static let maxTries = 20

    public init?(_ text: String) {
        if text.lowercased() == "best" {
            self = .best
        } else if let n = Int(text), (1...Self.maxTries).contains(n) {
            self = .tries(n)
        } else {
            return nil
        }
    }

    public var text: String {
        switch self {
        case .tries(let n): "\(n)"
        case .best: "best"
        }
    }

    /// Tries left after `made`; nil when there is no limit.
    func left(after made: Int) -> Int? {
        switch self {
        case .tries(let n): max(0, n - made)
        case .best: nil
        }
    }

    /// How people read the rule: a sentence of its own, or (`inside`) words inside another one.
    func sentence(inside: Bool = false) -> Say {
        switch self {
        case .tries(1): return Say(inside ? "text.homework.rule_inside.one" : "text.homework.rule.one")
        case .tries(let n): return Say(inside ? "text.homework.rule_inside.some" : "text.homework.rule.some", count: n)
        case .best: return Say(inside ? "text.homework.rule_inside.best" : "text.homework.rule.best")
        }
    }

    /// The try of each student that counts: with one try, that one; otherwise their best
    /// (highest score, then least time on right answers). Only finished tries count. The server
    /// ranks homework with it and the reports read the same.
    public func counting(_ attempts: [AttemptProgress]) -> [AttemptProgress] {
        var best: [String: AttemptProgress] = [:]
        for attempt in attempts.sorted(by: { $0.number < $1.number }) where attempt.finished {
            let key = Names.folded(attempt.name)
            guard let kept = best[key] else { best[key] = attempt; continue }
            if self == .tries(1) { continue }
            if (attempt.score, -attempt.correctMs) > (kept.score, -kept.correctMs) { best[key] = attempt }
        }
        return best.values.sorted { $0.number < $1.number }
    }
}
