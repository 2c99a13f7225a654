import Foundation

/// The scoring formula written out again from the issue text, independently of the server's code,
/// so a test compares the server against the rule rather than against itself.
func expectedPoints(ms: Int, limitMs: Int, streak: Int, streakOn: Bool = true) -> Int {
    let base = min(1000, max(500, Int((1000.0 * (1.0 - Double(ms) / (2.0 * Double(limitMs)))).rounded())))
    return base + (streakOn ? 100 * min(streak - 1, 5) : 0)
}

/// `7 x 8` → 56.
func product(of question: String) -> Int? {
    let parts = question.split(separator: "x").map { $0.trimmingCharacters(in: .whitespaces) }
    guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]) else { return nil }
    return a * b
}

extension Dictionary where Key == String, Value == Any {
    func string(_ key: String) -> String? { self[key] as? String }
    func int(_ key: String) -> Int? { (self[key] as? NSNumber)?.intValue }
    func bool(_ key: String) -> Bool? { (self[key] as? NSNumber)?.boolValue }
    func list(_ key: String) -> [[String: Any]] { (self[key] as? [[String: Any]]) ?? [] }
}
