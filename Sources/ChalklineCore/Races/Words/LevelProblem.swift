/// One thing wrong with a level file or pack. Problems are collected, never thrown one at a
/// time, so a teacher running `check-levels` fixes a whole folder in one pass.
public typealias LevelProblem = FileProblem

/// Everything wrong with a file or pack, as one error: loading is all or nothing.
public struct LevelProblems: Error, Equatable, Sendable, CustomStringConvertible {
    public var all: [LevelProblem]

    public init(_ all: [LevelProblem]) { self.all = all }

    /// One problem a line, as `check-levels` prints them.
    public var description: String { all.map(\.description).joined(separator: "\n") }
}
