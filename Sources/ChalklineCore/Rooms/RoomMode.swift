/// What kind of game a room runs: a class's live game (`LiveGame`) or one student's homework
/// try (`HomeworkTry`). The room asks its mode wherever the two differ, so its own rules (rounds,
/// seats, records) read the same for both.
protocol RoomMode {
    /// The assignment a homework try plays; nil for a live game.
    var assignment: Assignment? { get }
    /// A player whose connection drops mid-game keeps their seat to come back to. (A homework
    /// try is taken up again by the student's name, in a room of its own.)
    var keepsDroppedSeats: Bool { get }
    /// Without a host the game waits before its next round (`Phase.paused`) rather than running
    /// on unattended. A try has no host and never waits for one.
    var waitsForHost: Bool { get }
    /// Every judged answer is committed before its reply (`AnswerRecord.committedBeforeReply`):
    /// a restart must not lose a try's answer.
    var commitsEveryAnswer: Bool { get }
    /// A finished game is shown to a second screen that starts watching after its end.
    var showsLastGame: Bool { get }
    /// Round `next - 1` has closed and its results are sent (`Phase.betweenRounds`): what comes
    /// next, a gap, the next round, a pause or the game's end.
    func roundClosed(_ room: Room, next: Int, now: Millis, out: inout Outbox)
    /// Every round is played and whatever followed the last is over: the game ends for its players.
    func allRoundsPlayed(_ room: Room, out: inout Outbox)
    /// The game is ending as stored: false when it already has (`Room.recordEnd` then writes nothing).
    func recordsEnd(_ room: Room) -> Bool
    /// The `game_end` the room is shown.
    func endEvent(_ room: Room, standings: [Standing]) -> GameEndEvent
}

/// A class's game, run by its host: rounds follow each other after `gap=`, and the game waits
/// for a host who went away.
struct LiveGame: RoomMode {
    var assignment: Assignment? { nil }
    var keepsDroppedSeats: Bool { true }
    var waitsForHost: Bool { true }
    var commitsEveryAnswer: Bool { false }
    var showsLastGame: Bool { true }

    func roundClosed(_ room: Room, next: Int, now: Millis, out: inout Outbox) {
        if next >= room.race.rounds {
            room.endGame(out: &out)
        } else if room.race.timing.gapMs > 0 {
            room.phase = .gap(next: next, until: now + room.race.timing.gapMs)
        } else {
            room.openOrPause(next, now: now, out: &out)
        }
    }

    func allRoundsPlayed(_ room: Room, out: inout Outbox) { room.endGame(out: &out) }

    func recordsEnd(_ room: Room) -> Bool { true }

    func endEvent(_ room: Room, standings: [Standing]) -> GameEndEvent {
        GameEndEvent(standings: standings, game: "\(room.code)-\(room.gamesPlayed)")
    }
}
