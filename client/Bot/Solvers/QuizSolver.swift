/// Works out a quiz question's answer from its text alone, as protocol.md describes the text:
/// the bot is a worked example for bot authors, so it reads nothing a bot author could not.
package protocol QuizSolver: Sendable {
    /// The right answer as a person would type it; nil when the text is not this kind's question.
    func answer(to question: String) -> String?
    /// A believable wrong answer, for a bot whose --skill made it miss; `draw` is any number
    /// the bot picked at random, to vary the mistake.
    func wrongAnswer(to question: String, draw: Int) -> String?
}

/// The bot's solvers, one a quiz kind, found by the `game` a question event names.
package enum QuizSolvers {
    package static let byKind: [String: any QuizSolver] = [
        "times": TimesSolver(),
        "arith": ArithSolver(),
        "money": MoneySolver(),
        "pace": PaceSolver(),
    ]

    package static func solver(for kind: String) -> (any QuizSolver)? { byKind[kind] }
}
