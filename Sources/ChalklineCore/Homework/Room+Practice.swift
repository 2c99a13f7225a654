/// A times room keeps its class students' Leitner boxes up to date, whatever the room is (a
/// class's live game or a homework try): every judged answer, and every question a student let
/// run out, moves the fact's box.
struct RoomPractice {
    let facts: StudentFacts
    /// The fact the open round asks (from its `detail`, `7,8`).
    var fact: TimesFact?
}

extension Room {
    /// A round opened asking `items`: its fact is what the answers to come are about.
    func practiceOpened(_ items: [RoundItem]) {
        practice?.fact = TimesFact(detail: items.first?.detail)
    }

    /// `player` answered the open round (right or not), or let it run out (`right` false), as
    /// the record stored says: a class student's box for its fact moves.
    func notePractice(_ player: PlayerRef, right: Bool) {
        guard let student = player.student, let practice, let fact = practice.fact else { return }
        practice.facts.note(student: student, fact, right: right)
    }
}
