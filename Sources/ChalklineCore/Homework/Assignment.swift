/// Self-paced homework: a race each student plays alone, at their own pace, until a due time.
/// Each try runs in a room of its own (`Room.homework` points back here); this keeps what the
/// tries have in common: the rules, the tries made and where each stands.
///
/// Owned by the loop thread (through `ServerCore`) and touched only there.
final class Assignment {
    /// As stored; only its due time changes (`/assignments close|extend`, `setDue`).
    private(set) var record: AssignmentRecord
    let rule: AttemptRule
    /// Every try so far, in the order they began.
    private(set) var attempts: [AttemptProgress]
    /// Each student's latest seat token (by `Names.folded`), so a client that lost its connection
    /// and sends `/rejoin CODE TOKEN`, as it would in a room, gets its try back. This process only.
    var tokens: [String: Token] = [:]

    /// The address `/assign` came from (empty for homework read back at start).
    var creatorAddress = ""

    /// The question set every try plays, as `/assign` (or, after a restart, the first try) took
    /// it: a set changed later must not change homework half-way. Nil for kinds without a set.
    var questionSet: QuestionSet?

    /// The set's name this homework plays, known before any try (the stored options keep only
    /// `set=`): what `/sets save` and `/sets delete` must leave alone until the due time.
    var setName: String? {
        questionSet?.name ?? record.options.last { $0.lowercased().hasPrefix("set=") }.map { String($0.dropFirst(4)) }
    }

    /// The sets a try looks `set=` up in: the copy alone, once there is one.
    var ownSets: SetLibrary? {
        guard let questionSet else { return nil }
        var sets = SetLibrary()
        sets.put(SetLibrary.Entry(set: questionSet, source: .saved))
        return sets
    }

    init(_ record: AssignmentRecord, attempts: [AttemptProgress] = []) {
        self.record = record
        rule = AttemptRule(record.attempts) ?? .tries(1)
        self.attempts = attempts.sorted { $0.number < $1.number }
    }

    var code: String { record.code }

    /// Is the due time past, at wall-clock instant `wall`?
    func isPastDue(wall: Millis) -> Bool { wall >= record.due }

    /// Closed early or extended: tries begin until the new due time, as if it had been set so.
    func setDue(_ due: Millis, text: String) {
        record.due = due
        record.dueText = text
    }

    /// The tries of the student called `name` (as `Names.folded` reads names).
    func attempts(of name: String) -> [AttemptProgress] {
        let key = Names.folded(name)
        return attempts.filter { Names.folded($0.name) == key }
    }

    /// The student's try still under way, if any: a join resumes it.
    func unfinished(of name: String) -> AttemptProgress? { attempts(of: name).first { !$0.finished } }

    /// Tries the student may still begin; nil for no limit.
    func triesLeft(for name: String) -> Int? { rule.left(after: attempts(of: name).count) }

    /// A new try for `name`: numbered after every try so far.
    func begin(name: String, bot: Bool) -> AttemptProgress {
        let attempt = AttemptProgress(number: (attempts.map(\.number).max() ?? 0) + 1, name: name, bot: bot)
        attempts.append(attempt)
        return attempt
    }

    /// Where try `number` stands now (a round closed, or it finished).
    func update(_ number: Int, _ change: (inout AttemptProgress) -> Void) {
        guard let index = attempts.firstIndex(where: { $0.number == number }) else { return }
        change(&attempts[index])
    }

    func countingAttempts() -> [AttemptProgress] { rule.counting(attempts) }

    /// The standings among those who have finished, each by the try that counts. A row's `seat`
    /// is the try's number, so a student finds their own.
    func standings() -> [Standing] {
        Standing.rank(countingAttempts().map { ($0.number, $0.name, $0.score, $0.correctMs) })
    }

    /// Students who have begun a try, and those who have finished one.
    var started: Int { Set(attempts.map { Names.folded($0.name) }).count }
    var finished: Int { Set(attempts.filter(\.finished).map { Names.folded($0.name) }).count }
}
