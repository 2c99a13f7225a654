import ChalklineProtocol

/// The end of a homework try as `game_end`'s `homework` says it, in one sentence for both the
/// plain lines and the full screen: the student's place among those who have finished and the
/// tries left (the server's own text says the same to a student at netcat).
package enum HomeworkPlace {
    package static func sentence(_ homework: JSON, _ l: Language = Languages.english) -> String {
        let finished = homework["finished"]?.intValue ?? 0
        var text = homework["rank"]?.intValue.map { l.text("client.homework.place", ["place": .text(l.ordinal($0)), "finished": .int(finished)]) }
            ?? l.text("client.homework.finished", count: finished)
        text += homework["counted"]?.boolValue == false ? l.text("client.homework.earlier_counts") : "."
        switch homework["tries_left"]?.intValue {
        case .some(0): text += l.text("client.homework.last_try")
        case .some(let n): text += l.text("client.homework.tries_left", count: n)
        case .none: text += l.text("client.homework.beat_it")
        }
        return text
    }
}
