/// One thing wrong with a file a teacher gives the server: a word-puzzle level (`LevelProblem`)
/// or a question set (`SetProblem`). Both are told the same way, so one type serves both.
public struct FileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (or folder) as the teacher named it, so the message points where to look.
    public var file: String
    /// 1-based; nil when the problem is the file (or pack) as a whole.
    public var line: Int?
    public var reason: String

    public init(file: String, line: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `file:line: reason`, the shape editors and compilers use, so it is clickable in a terminal.
    public var description: String {
        if let line { return "\(file):\(line): \(reason)" }
        return "\(file): \(reason)"
    }
}
