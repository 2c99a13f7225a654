/// One thing wrong with a level file or pack. Problems are collected, never thrown one at a
/// time, so a teacher running `check-levels` fixes a whole folder in one pass.
public struct LevelProblem: Equatable, Sendable, CustomStringConvertible {
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

/// Everything wrong with a file or pack, as one error: loading is all or nothing.
public struct LevelProblems: Error, Equatable, Sendable, CustomStringConvertible {
    public var all: [LevelProblem]

    public init(_ all: [LevelProblem]) { self.all = all }

    /// One problem a line, as `check-levels` prints them.
    public var description: String { all.map(\.description).joined(separator: "\n") }
}
