import Foundation

/// The pace race's questions as protocol.md writes them: a distance (`10 km`, `7.5 mi`,
/// `Half marathon (21.0975 km)`), times and paces as `m:ss` or `h:mm:ss`, 1 mile = 1.609344 km.
package struct PaceSolver: QuizSolver {
    package static let mileKm = 1.609344

    package enum Answer { case seconds(Double), number(Double) }

    package static func seconds(_ text: Substring) -> Double? {
        let parts = text.split(separator: ":").compactMap { Double($0) }
        guard (2...3).contains(parts.count) else { return nil }
        return parts.reduce(0) { $0 * 60 + $1 }
    }

    /// The distance in a phrase: the number before its unit.
    package static func distance(_ text: Substring) -> Double? {
        let words = text.replacingOccurrences(of: "(", with: "").replacingOccurrences(of: ")", with: "").split(separator: " ")
        guard let at = words.lastIndex(where: { $0 == "km" || $0 == "mi" }), at > 0 else { return nil }
        // A room with decimal=comma writes `12,5 km`.
        return Double(words[at - 1].replacingOccurrences(of: ",", with: "."))
    }

    package func solve(_ question: String) -> Answer? {
        guard question.hasSuffix("?"), let colon = question.range(of: ": ", options: .backwards) else { return nil }
        let given = question[..<colon.lowerBound]
        let asked = question[colon.upperBound...]
        if asked.hasPrefix("pace per"), let inAt = given.range(of: " in ", options: .backwards) {
            guard let d = Self.distance(given[..<inAt.lowerBound]), let t = Self.seconds(given[inAt.upperBound...]) else { return nil }
            return .seconds(t / d)
        }
        if asked.hasPrefix("speed in"), let inAt = given.range(of: " in ", options: .backwards) {
            guard let d = Self.distance(given[..<inAt.lowerBound]), let t = Self.seconds(given[inAt.upperBound...]) else { return nil }
            return .number(d * 3600 / t)
        }
        if asked.hasPrefix("time"), let atAt = given.range(of: " at ", options: .backwards) {
            guard let d = Self.distance(given[..<atAt.lowerBound]),
                  let p = Self.seconds(given[atAt.upperBound...].split(separator: " ").first ?? "") else { return nil }
            return .seconds(d * p)
        }
        if asked.hasPrefix("distance in"), let atAt = given.range(of: " at ") {
            guard let t = Self.seconds(given[..<atAt.lowerBound]),
                  let p = Self.seconds(given[atAt.upperBound...].split(separator: " ").first ?? "") else { return nil }
            return .number(t / p)
        }
        if asked.hasPrefix("pace per") {
            let words = given.split(separator: " ")
            guard words.count == 3, let p = Self.seconds(words[0]) else { return nil }
            return .seconds(words[2] == "km" ? p * Self.mileKm : p / Self.mileKm)
        }
        return nil
    }

    package static func writeTime(_ seconds: Int) -> String {
        let h = seconds / 3600, m = seconds / 60 % 60, s = seconds % 60
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }

    package static func write(_ answer: Answer, offBy slip: Int = 0) -> String {
        switch answer {
        case .seconds(let s): return writeTime(Int(s.rounded()) + slip * 5)
        case .number(let x):
            let v = (x * 100).rounded() / 100 + Double(slip) * 0.1
            var text = String(format: "%.2f", v)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text
        }
    }

    package func answer(to question: String) -> String? { solve(question).map { Self.write($0) } }

    /// Five seconds a step off, or a tenth: outside the one-second and 0.01 tolerances.
    package func wrongAnswer(to question: String, draw: Int) -> String? { solve(question).map { Self.write($0, offBy: 1 + abs(draw) % 3) } }
}
