/// One clue of a word-puzzle level: the answer is its letter groups joined.
public struct WordClue: Equatable, Sendable {
    /// Upper-case letters, accents kept (`É`, `Ñ`), as they appear as "buttons" on the board.
    public var groups: [String]
    public var clue: String

    public init(groups: [String], clue: String) {
        self.groups = groups
        self.clue = clue
    }

    public var answer: String { groups.joined() }
}

/// A level as its file defines it, already validated: the race never meets a bad level.
public struct WordLevel: Equatable, Sendable {
    /// Seven clues, in the file's order (the board shuffles them).
    public var clues: [WordClue]

    public init(clues: [WordClue]) { self.clues = clues }

    public var groupCount: Int { clues.reduce(0) { $0 + $1.groups.count } }
}
