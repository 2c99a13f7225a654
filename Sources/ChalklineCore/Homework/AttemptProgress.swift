/// One student's try at an assignment, as far as it went: enough to resume it, on this process
/// or, read back from the database, on the next (`ServerCore.restore`).
public struct AttemptProgress: Equatable, Sendable {
    /// The assignment's Nth try, counted across all its students: the game's `GameRef.number`,
    /// so the try is `CODE-N` in reports.
    public var number: Int
    public var name: String
    public var bot: Bool
    /// Questions (or levels) closed so far. A try resumes at the next one; a round open when
    /// the student left (or the server stopped) is asked again from its start.
    public var roundsDone: Int
    public var score: Int
    public var correctMs: Millis
    public var streak: Int
    public var finished: Bool

    public init(number: Int, name: String, bot: Bool = false, roundsDone: Int = 0, score: Int = 0, correctMs: Millis = 0,
                streak: Int = 0, finished: Bool = false) {
        self.number = number
        self.name = name
        self.bot = bot
        self.roundsDone = roundsDone
        self.score = score
        self.correctMs = correctMs
        self.streak = streak
        self.finished = finished
    }
}
