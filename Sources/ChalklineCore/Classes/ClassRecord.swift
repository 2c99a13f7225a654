/// A class as it is stored (`GameRecord.classSaved`) and read back when the server starts: its
/// whole list each time it changes, so storage never has to replay edits to know who is in it.
public struct ClassRecord: Sendable, Equatable {
    /// Names the class for good: a renamed class keeps its games and homework.
    public var uid: String
    /// `4B`, under `/name`'s rules.
    public var name: String
    /// Its students join with their picture code (`/class codes NAME on`).
    public var codes: Bool
    /// In the class's order. A student taken off the list is no longer here; their stored
    /// answers stay theirs (storage marks them removed).
    public var students: [StudentRecord]
    /// Students taken off the list, as storage read them back (the first added first): one added
    /// again under the same name is the same student (their uid), so their history stays theirs.
    /// Only read at start; `classSaved` does not carry it (storage marks the missing removed).
    public var removed: [StudentRecord]

    public init(uid: String, name: String, codes: Bool = false, students: [StudentRecord] = [], removed: [StudentRecord] = []) {
        self.uid = uid
        self.name = name
        self.codes = codes
        self.students = students
        self.removed = removed
    }
}

/// One student of a class: the same student in every game and homework of it (`PlayerRef.student`).
public struct StudentRecord: Sendable, Equatable {
    /// Names the student for good: a renamed student keeps their answers.
    public var uid: String
    public var name: String
    /// Three digits 1-9, the pictures tapped on the join page in order; nil where the class has
    /// no codes.
    public var code: String?

    public init(uid: String, name: String, code: String? = nil) {
        self.uid = uid
        self.name = name
        self.code = code
    }
}
