/// One game's rules, plugged into a `Room`. The room owns seats, phases and timing; the race owns
/// what a round is, how an answer is judged and what the round's end says.
///
/// Owned by the loop thread (through its room) and touched only there.
protocol Race: AnyObject {
    /// The kind's name as `/create` takes it (one of `RaceCatalog`'s: times, words, arith...).
    var kind: String { get }
    var settingsJSON: JSON { get }
    var timing: RaceTiming { get }
    /// Questions (or levels) in one game.
    var rounds: Int { get }
    /// A new game begins: question sequences restart from the seed, a new one (`fresh`) unless
    /// the host gave `seed=` or this is the room's first game (which plays the seed `/create` echoed).
    func startGame(fresh: UInt64, firstGame: Bool)
    /// Opens round `index` (0-based) with the room-wide id `id`: the event everyone receives, the
    /// round's time limit, and what the round asks (for the records).
    func openRound(index: Int, id: Int) -> RoundOpening
    /// The open round's event again, for a player who rejoins while it is open, with the time
    /// still left; nil when no round is open.
    func currentRoundEvent(remainingMs: Millis) -> (any Message)?
    /// Judges one answer line. The race updates the seat's score, streak and correct time itself.
    func answer(_ text: String, seat: Seat, elapsedMs: Millis) -> AnswerOutcome
    /// True once nothing is left to wait for, before the time runs out.
    func roundComplete(participants: [Seat]) -> Bool
    /// Closes the round (streaks of those who did not answer are reset here) and returns the
    /// round's end event and the participants who never answered; `standings` ranks the room
    /// after the round.
    func closeRound(participants: [Seat], standings: [Standing]) -> RoundClosing
    /// The question set the race plays, as it took it (nil for kinds that play none): what
    /// homework keeps for its tries, and what `/sets` guards while a game plays it.
    var questionSet: QuestionSet? { get }
}

extension Race {
    var questionSet: QuestionSet? { nil }
}

struct RoundOpening {
    var event: any Message
    var limitMs: Millis
    /// How people call the round in reports: `7 x 8`, `Level 3`.
    var label: String
    var items: [RoundItem]
}

struct RoundClosing {
    /// The round's results, a table every player gets (cut to their measure in a big room).
    var event: any PersonalTable
    /// Participants with no judged answer this round: stored as "no answer" to the round's one
    /// item (only a quiz has them: a word board has no one item), which reports count as a miss.
    var unanswered: [PlayerRef] = []
}

/// What an answer line produced: the reply to its sender, maybe an event for the room, and the
/// judged answer to record (nil when the line was refused without being judged, e.g. `bad_answer`).
struct AnswerOutcome {
    var reply: any Message
    var broadcast: (any Message)?
    /// Set for an answer the race judged, right or wrong; nil for one it refused (its reply is
    /// then an `ErrorReply`): the room counts only judged answers as in.
    var judged: JudgedAnswer?
}

/// A judged answer as the race sees it; the room adds who, when and which game.
struct JudgedAnswer {
    var correct: Bool
    var points: Int
    var streak: Int?
    var item: Int?
}

extension Race {
    /// What a round is called in texts ("question", "level"), as the kind's catalog entry says.
    var roundNoun: String { RaceCatalog.kind(named: kind)?.roundNoun ?? "question" }
}
