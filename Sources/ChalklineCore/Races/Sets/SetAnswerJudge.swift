/// How a typed answer is compared with a set question's accepted answers. Case, spaces at the
/// ends, repeated spaces and punctuation at the end never matter; accents and one-letter typos
/// as the room's options say; an accepted answer written as a number is compared as a number
/// (`0.5`, `,5`, `1/2`).
public struct SetJudgeRules: Sendable, Equatable {
    /// `typos=1`: one letter wrong, missing, extra or two swapped is still right, for answers of
    /// five letters or more.
    public var typos: Bool
    /// `accents=lenient` (the default): `eleve` is right for `élève`.
    public var accentsLenient: Bool

    public init(typos: Bool = false, accentsLenient: Bool = true) {
        self.typos = typos
        self.accentsLenient = accentsLenient
    }
}

public enum SetAnswerJudge {
    /// True when `typed` is one of `answers` under `rules`.
    public static func isRight(_ typed: String, answers: [String], rules: SetJudgeRules) -> Bool {
        answers.contains { $0.lowercased() == typed.lowercased() }
    }
}

/// A question's accepted answers made ready once, when the room is created: a judged answer
/// then only prepares what was typed. The hot path (`SetAnswerJudge.isRight` prepares both).
public struct SetAnswerKey: Sendable, Equatable {
    public let answers: [String]
    public let rules: SetJudgeRules

    public init(answers: [String], rules: SetJudgeRules) {
        self.answers = answers
        self.rules = rules
    }

    public func accepts(_ typed: String) -> Bool {
        SetAnswerJudge.isRight(typed, answers: answers, rules: rules)
    }
}
