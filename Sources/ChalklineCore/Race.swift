/// One game's rules, plugged into a `Room`. The room owns seats, phases and timing; the race owns
/// what a round is, how an answer is judged and what the round's end says.
///
/// Owned by the loop thread (through its room) and touched only there.
protocol Race: AnyObject {
    /// `times` or `words`, as `/create` takes it.
    var kind: String { get }
    var settingsJSON: JSON { get }
    var timing: RaceTiming { get }
    /// Questions (or levels) in one game.
    var rounds: Int { get }
    /// A new game begins: question sequences restart from the seed.
    func startGame()
    /// Opens round `index` (0-based) with the room-wide id `id`: the event everyone receives, and
    /// the round's time limit.
    func openRound(index: Int, id: Int) -> (event: any Message, limitMs: Millis)
    /// Judges one answer line. The race updates the seat's score, streak and correct time itself.
    func answer(_ text: String, seat: Seat, elapsedMs: Millis) -> AnswerOutcome
    /// True once nothing is left to wait for, before the time runs out.
    func roundComplete(participants: [Seat]) -> Bool
    /// Closes the round (streaks of those who did not answer are reset here) and returns the
    /// round's end event; `standings` ranks the room after the round.
    func closeRound(participants: [Seat], standings: [Standing]) -> any Message
}

/// What an answer line produced: the reply to its sender, and maybe an event for the room.
struct AnswerOutcome {
    var reply: any Message
    var broadcast: (any Message)?
}
