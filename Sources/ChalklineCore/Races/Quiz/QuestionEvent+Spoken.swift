/// A question that is a sentence (money, pace, a percent or decimals in arith) reads in each
/// connection's language: the text mode's prompt, and json's `message` beside `text` (English,
/// what bots parse). Rendered once a language in use (`Outbox.send`), per round, never per answer.
extension QuestionEvent {
    /// The text mode's question in `language`: `Addition 48,00 €, pourboire 15 % : le pourboire ?`.
    public func prompt(in language: Language) -> String {
        guard let spoken else { return prompt }
        return QuestionText.prompt(spoken(language))
    }

    public var jsonSpeaks: Bool { spoken != nil }

    public func json(in language: Language) -> JSON {
        guard let spoken, case .object(var fields) = json else { return json }
        fields.append(("message", .string(spoken(language))))
        return .object(fields)
    }
}

extension RoundEndEvent {
    /// The text mode's "Time!" line after the word: the sentence and its answer in `language`.
    public func reveal(in language: Language) -> String { spoken?(language).reveal ?? reveal }

    /// The right answer as `language` writes it: `7,20 €`, `7,5 km`.
    public func answerText(in language: Language) -> String { spoken?(language).answer ?? answerText }

    /// json's `answer_message`: the answer as `language` writes it, in every round whose question
    /// or answer some language writes otherwise (money, pace, arith's decimals and percents),
    /// English included, so a page shows it whatever its language; nil (absent) in the others,
    /// whose `answer_text` reads the same everywhere.
    public func answerMessage(in language: Language) -> String? { spoken?(language).answer }

    public var jsonSpeaks: Bool { spoken != nil }

    public func json(in language: Language) -> JSON { json(answerMessage: answerMessage(in: language)) }
}

extension QuizQuestion {
    /// The question in every language, for its event; nil where it reads the same in all.
    var spokenQuestion: (@Sendable (Language) -> String)? {
        guard spoken(in: Languages.english) != nil else { return nil }
        return { [self] language in spoken(in: language) ?? text }
    }

    /// The reveal and the answer in every language; nil where they read the same in all.
    var spokenReveal: (@Sendable (Language) -> (reveal: String, answer: String))? {
        guard spokenQuestion != nil || Languages.all.contains(where: { answerSpoken(in: $0) != nil }) else { return nil }
        return { [self] language in
            let answer = answerSpoken(in: language) ?? answerText
            return (QuestionText.reveal(spoken(in: language) ?? text) + " " + answer, answer)
        }
    }
}
