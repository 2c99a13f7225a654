/// One thing wrong with a file a teacher gives the server: a word-puzzle level (`LevelProblem`)
/// or a question set (`SetProblem`). Both are told the same way, so one type serves both.
public struct FileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (or folder) as the teacher named it, so the message points where to look.
    public var file: String
    /// 1-based; nil when the problem is the file (or pack) as a whole.
    public var line: Int?
    /// In English: the server's log and tests read this one.
    public var reason: String
    /// The reason before it has a language, when it comes from the catalog (`error.setfile.*`):
    /// a French teacher reads why their set was refused in French. Nil for a fixed sentence.
    public var say: Say?

    public init(file: String, line: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public init(file: String, line: Int? = nil, _ say: Say) {
        self.init(file: file, line: line, reason: say.english)
        self.say = say
    }

    /// The reason in `language`; the English one when it is a fixed sentence.
    public func reason(in language: Language) -> String {
        say.map { language($0) } ?? reason
    }

    /// `file:line: reason`, the shape editors and compilers use, so it is clickable in a terminal.
    public var description: String { description(in: Languages.english) }

    public func description(in language: Language) -> String {
        if let line { return "\(file):\(line): \(reason(in: language))" }
        return "\(file): \(reason(in: language))"
    }

    /// Two problems are the same when they say the same in English (`Say` has no equality).
    public static func == (a: FileProblem, b: FileProblem) -> Bool {
        a.file == b.file && a.line == b.line && a.reason == b.reason
    }
}
