/// `7 x 8`: two whole numbers around an `x`.
package struct TimesSolver: QuizSolver {
    package func product(_ text: String) -> Int? {
        let parts = text.split(separator: "x").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]) else { return nil }
        return a * b
    }

    package func answer(to question: String) -> String? { product(question).map(String.init) }

    /// Off by one to three: a slip, not nonsense.
    package func wrongAnswer(to question: String, draw: Int) -> String? {
        product(question).map { String($0 + 1 + abs(draw) % 3) }
    }
}

import Foundation

/// A times question's answer from its text (`"7 x 8"`), as any bot has to.
package func timesAnswer(_ text: String) -> Int? { TimesSolver().product(text) }
