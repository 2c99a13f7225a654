/// A teacher's own questions (`/create quiz set=NAME`): from a file in a `--sets` folder, one of
/// the sets shipped with the server, or one saved from the teacher page. It lives in the protocol
/// module because the server plays it and `chalkline bot --set FILE` reads the same files.
public struct QuestionSet: Sendable, Equatable {
    /// As `set=` takes it: the file's name without its extension (`capitals.csv` is `capitals`).
    public var name: String
    public var questions: [SetQuestion]

    public init(name: String, questions: [SetQuestion]) {
        self.name = name
        self.questions = questions
    }
}

/// One row of a set.
public struct SetQuestion: Sendable, Equatable {
    /// What is asked (a term, when the set is asked the other way with `ask=answer`).
    public var text: String
    /// Every accepted answer, never empty; the first is the one the reveal shows.
    public var answers: [String]
    /// The set's own options for multiple choice, the right ones among them; empty when the
    /// set gives none (a multiple-choice game then draws them from other questions' answers).
    public var choices: [String]
    /// The row's own time limit (`time` column), used when the teacher gave no `time=`.
    public var timeSeconds: Double?

    public init(text: String, answers: [String], choices: [String] = [], timeSeconds: Double? = nil) {
        self.text = text
        self.answers = answers
        self.choices = choices
        self.timeSeconds = timeSeconds
    }
}

/// The limits on a set (protocol.md, "Limits and errors"): a set over one is refused whole,
/// never half-loaded.
public enum SetLimits {
    public static let questions = 500
    public static let questionCharacters = 300
    public static let answerCharacters = 100
    /// Sets one server holds: shipped, from folders and saved together.
    public static let sets = 200
    /// Options a multiple-choice question shows at most (`choices=2..6`).
    public static let choices = 6
    /// A row's own `time`, in seconds: the core's `Limits.questionSeconds`, which this module
    /// cannot see (a core test keeps the two equal).
    public static let questionSeconds: ClosedRange<Double> = 0.2...600
    /// A set's name, as `set=NAME` takes it.
    public static let nameCharacters = 32
}

/// Why a set file (or a set sent from the page) was refused: `capitals.csv:12: the answer is empty`.
public typealias SetProblem = FileProblem
