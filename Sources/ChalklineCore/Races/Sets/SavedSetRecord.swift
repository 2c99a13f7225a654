/// A set saved from the teacher page (`/sets save`) as it is stored (`GameRecord.setSaved`) and
/// read back when the server starts: the set as Chalkline CSV, so the one parser that reads
/// folders reads it back, and a teacher can copy it out of the database as a file.
public struct SavedSetRecord: Sendable, Equatable {
    /// As `set=` takes it; a saved set of the same name (any case) is replaced.
    public var name: String
    /// `SetFile.csv` of the set.
    public var body: String
    public var questions: Int

    public init(name: String, body: String, questions: Int) {
        self.name = name
        self.body = body
        self.questions = questions
    }
}
