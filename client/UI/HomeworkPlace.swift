import ChalklineProtocol

/// The end of a homework try as `game_end`'s `homework` says it, in one sentence for both the
/// plain lines and the full screen: the student's place among those who have finished and the
/// tries left (the server's own text says the same to a student at netcat).
package enum HomeworkPlace {
    package static func sentence(_ homework: JSON) -> String {
        let finished = homework["finished"]?.intValue ?? 0
        var text = homework["rank"]?.intValue.map { "You are \(Places.ordinal($0)) of \(finished) who have finished" }
            ?? "\(finished) have finished"
        text += homework["counted"]?.boolValue == false ? " (an earlier try of yours was better and counts)." : "."
        switch homework["tries_left"]?.intValue {
        case .some(0): text += " That was your last try."
        case .some(1): text += " You have 1 try left: /leave, then join again."
        case .some(let n): text += " You have \(n) tries left: /leave, then join again."
        case .none: text += " /leave, then join again to beat it."
        }
        return text
    }
}
