import ChalklineProtocol

/// The bot's answers in a `quiz` game, a teacher's own questions. Nothing in `Capital of
/// France?` says `Paris`, so unlike the other kinds' solvers this one does not work the answer
/// out: it knows it from the set's file (`chalkline bot --set FILE`), or it learns it from the
/// reveal (`round_end`'s `answer_text`) and knows it the next time the question comes. A set
/// asked the other way round (`ask=answer|both`) asks an answer and accepts its question, so the
/// file is read both ways. Each bot keeps its own (a value, on the reactor's thread).
package struct SetSolver {
    /// The kind (`/create quiz set=NAME`) this solver plays.
    package static let kind = "quiz"

    /// Accepted answers by question, under `key`.
    private var known: [String: [String]] = [:]
    /// Every answer known, in the order met: a wrong answer is one of them, as a child's is.
    private var seen: [String] = []

    package init(set: QuestionSet? = nil) {
        let questions = set?.questions ?? []
        for question in questions { remember(question.text, question.answers) }
        for question in questions {
            for answer in question.answers where known[SetSolver.key(answer)] == nil { remember(answer, [question.text]) }
        }
    }

    /// The reveal's answer to `question`, which the server judged by: it replaces what was known.
    package mutating func learn(question: String, answer: String) {
        remember(question, [answer])
    }

    package func knows(_ question: String) -> Bool { known[SetSolver.key(question)] != nil }

    /// What to send for `question`: the right answer when `right` and the bot knows it, else a
    /// wrong one (another question's answer, drawn with `draw`) or, before anything is known, a
    /// guess. With `choices` (multiple choice), the choice's text, as the page sends it: a letter
    /// would pick by position, and options can be letters themselves (`H  B  C  Na`).
    package func answer(to question: String, choices: [String] = [], right: Bool, draw: Int) -> String {
        let accepted = known[SetSolver.key(question)] ?? []
        let draw = abs(draw)
        guard choices.isEmpty else {
            let rightChoice = choices.firstIndex { choice in accepted.contains { SetSolver.key($0) == SetSolver.key(choice) } }
            if right, let rightChoice { return ChoiceLetters.blanksFolded(choices[rightChoice]) }
            let others = choices.indices.filter { $0 != rightChoice }
            return ChoiceLetters.blanksFolded(choices[others.isEmpty ? 0 : others[draw % others.count]])
        }
        if right, let first = accepted.first { return first }
        let acceptedKeys = accepted.map(SetSolver.key)
        for k in seen.indices {
            let answer = seen[(draw + k) % seen.count]
            if !acceptedKeys.contains(SetSolver.key(answer)) { return answer }
        }
        return "no idea"
    }

    private mutating func remember(_ question: String, _ answers: [String]) {
        known[SetSolver.key(question)] = answers
        for answer in answers where !seen.contains(answer) { seen.append(answer) }
    }

    /// A question or answer as the server may write it back: case and spaces aside.
    private static func key(_ text: String) -> String {
        ChoiceLetters.fold(text)
    }
}
