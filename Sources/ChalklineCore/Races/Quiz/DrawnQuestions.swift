/// A kind's question source that draws one question at a time: drawing again while a question
/// reads as the one before it, so no question comes twice in a row, as the times race promises.
public protocol DrawnQuestions: QuizQuestionSource {
    /// The text of the question given last.
    var last: String? { get set }
    /// One question from the room's rules, or nil when this draw broke one (it is tried again).
    mutating func draw() -> Question?
    /// A question for the unlucky case where draws keep failing.
    mutating func fallback() -> Question
}

extension DrawnQuestions {
    /// Draws this many times at most before settling for a repeat (a rule set with one
    /// possible question) or the fallback.
    public static var maxDraws: Int { 2_000 }

    public mutating func next() -> Question {
        var candidate: Question?
        for _ in 0..<Self.maxDraws {
            guard let question = draw() else { continue }
            if question.text != last {
                last = question.text
                return question
            }
            candidate = question
        }
        let question = candidate ?? fallback()
        last = question.text
        return question
    }
}
