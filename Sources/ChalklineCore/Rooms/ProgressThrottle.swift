/// The open round's count of judged answers, and when the host's and the watchers' screens last
/// saw it: at most one `progress` line every `Room.progressEveryMs`, a newer count waiting for
/// the room's deadline (`due`) to send it.
struct ProgressThrottle {
    /// Judged answers this round.
    private(set) var answers = 0
    private var sentAt: Millis?
    /// A count newer than the screens' waits for `due`.
    private(set) var waiting = false

    /// When the waiting count may go out; nil when none waits.
    var due: Millis? {
        guard waiting, let sentAt else { return nil }
        return sentAt + Room.progressEveryMs
    }

    mutating func newRound() {
        answers = 0
        sentAt = nil
        waiting = false
    }

    mutating func count() { answers += 1 }

    /// Whether a count may go out at `now`; if not, it waits for `due`.
    mutating func mayShow(now: Millis) -> Bool {
        if let sentAt, now < sentAt + Room.progressEveryMs {
            waiting = true
            return false
        }
        return true
    }

    mutating func shown(now: Millis) {
        sentAt = now
        waiting = false
    }

    /// The game ended: nothing more goes out for its last round.
    mutating func drop() { waiting = false }
}
