/// An assignment as it is stored (`GameRecord.assignmentCreated`) and read back when the server
/// starts again: everything needed to make its race and judge a join against its due time.
public struct AssignmentRecord: Sendable, Equatable {
    /// Names the assignment in the database for good; `code` is what students type and may be
    /// reused once the assignment is over.
    public var uid: String
    public var code: String
    public var kind: String
    /// The race's options as `/assign` took them, `seed=` included: the same race is made
    /// again for every try, on this process or the next.
    public var options: [String]
    /// `settings` as the reply echoed them (JSON).
    public var settings: String
    /// The due instant, milliseconds since 1970 (UTC), and as the teacher wrote it (server's zone).
    public var due: Millis
    public var dueText: String
    /// `attempts=` as given (`1`, `3`, `best`).
    public var attempts: String
    /// Whose it is: `/assignments` lists a teacher's own by their name.
    public var creator: String
    /// The players of the room it was set from (the class), so reports can say who has not
    /// started; empty when it was set outside a room.
    public var roster: [String]
    /// The class it was set for (`class=`): its students are the roster, and each try is theirs.
    public var classUID: String?

    public init(uid: String, code: String, kind: String, options: [String], settings: String, due: Millis, dueText: String,
                attempts: String, creator: String, roster: [String], classUID: String? = nil) {
        self.uid = uid
        self.code = code
        self.kind = kind
        self.options = options
        self.settings = settings
        self.due = due
        self.dueText = dueText
        self.attempts = attempts
        self.creator = creator
        self.roster = roster
        self.classUID = classUID
    }
}

/// An assignment and the tries made at it, as the database holds them when the server starts.
public struct StoredAssignment: Sendable, Equatable {
    public var record: AssignmentRecord
    public var attempts: [AttemptProgress]

    public init(record: AssignmentRecord, attempts: [AttemptProgress]) {
        self.record = record
        self.attempts = attempts
    }
}
