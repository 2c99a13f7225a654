import ChalklineCore
import ChalklineStore
import Foundation

/// Issue 40's benchmark term: class 4B (30 students) and its games over ten weeks, written
/// through the server's own `store.write`: 200 live games (140 times, 30 arith, 15 money, 15
/// word puzzles of 3 levels), 20 questions each with the whole class seated, and 60 homework
/// tries of 20 times questions; and as much again of class 5C, so the database is not the one
/// class alone. Seeded: the same term every run. `ProgressTimingTests` times the reports over it.
struct ClassTerm {
    let monday = Date(timeIntervalSince1970: 1_793_577_600)  // 2026-11-02 00:00 UTC
    var serial = 0
    var answersWritten = 0
    /// SplitMix64, seeded: the same database every run.
    var state: UInt64 = 40
    mutating func roll(_ n: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(n))
    }

    /// One game, the whole class seated, written as the server writes one (a batch a game).
    mutating func play(_ store: any ResultsStore, kind: String, room: String, number: Int, day: Int, students: [PlayerRef], classUID: String, assignment: String? = nil) throws {
        serial += 1
        let game = GameRef(serial: serial, room: room, number: number, assignment: assignment)
        let start = monday.addingTimeInterval(Double(day) * 86_400 + 9 * 3600 + Double(roll(7 * 3600)))
        var records = [StampedRecord(.gameStarted(game: game, kind: kind, settings: "{}", players: students, classUID: classUID), at: start)]
        let rounds = kind == "words" ? 3 : 20
        for round in 1...rounds {
            let opened = start.addingTimeInterval(Double(round) * 15)
            var items: [RoundItem]
            switch kind {
            case "times":
                let a = 2 + roll(11), b = 2 + roll(11)
                items = [RoundItem(n: 1, text: "\(a) x \(b)", answer: "\(a * b)", detail: "\(a),\(b)")]
            case "arith":
                items = [RoundItem(n: 1, text: "12 + 9", answer: "21", detail: ["add carry", "sub borrow", "mul", "div"][roll(4)])]
            case "money":
                items = [RoundItem(n: 1, text: "Change from $5", answer: "$1.20", detail: ["change level2", "tip level2", "percent level2"][roll(3)])]
            default:
                items = (1...7).map { RoundItem(n: $0, text: "clue \(round)-\($0)", answer: "WORD\(roll(60))") }
            }
            records.append(StampedRecord(.roundOpened(game: game, round: round, label: items[0].text, items: items), at: opened))
            for student in students {
                let answered = roll(10) > 0, correct = answered && roll(10) < 8
                let item = kind == "words" ? (correct ? 1 + roll(7) : nil) : 1
                records.append(StampedRecord(.answer(game: game, round: round, answer: AnswerRecord(
                    player: student, typed: answered ? "x" : nil, correct: correct, ms: answered ? Millis(800 + roll(9000)) : nil,
                    points: correct ? 100 : 0, streak: nil, item: item)), at: opened.addingTimeInterval(5)))
                answersWritten += 1
            }
            records.append(StampedRecord(.roundClosed(game: game, round: round), at: opened.addingTimeInterval(12)))
        }
        records.append(StampedRecord(.gameEnded(game: game, standings: [], stopped: false), at: start.addingTimeInterval(Double(rounds + 1) * 15)))
        try store.write(records)
    }

    /// Both classes' terms into `store`.
    mutating func write(_ store: any ResultsStore) throws {
        for name in ["4B", "5C"] {
            let classUID = "class-\(name)"
            let students = (1...30).map { StudentRecord(uid: "\(name)-s\($0)", name: "\(name) student \($0)") }
            try store.write([StampedRecord(.classSaved(ClassRecord(uid: classUID, name: name, students: students)), at: monday)])
            let seated = students.enumerated().map { PlayerRef(seat: $0.offset + 1, name: $0.element.name, student: $0.element.uid) }
            let kinds = Array(repeating: "times", count: 140) + Array(repeating: "arith", count: 30) + Array(repeating: "money", count: 15)
                + Array(repeating: "words", count: 15)
            for (i, kind) in kinds.enumerated() {
                try play(store, kind: kind, room: "R\(name)", number: i + 1, day: i * 70 / 200, students: seated, classUID: classUID)
            }
            for a in 0..<2 {
                let uid = "hw-\(name)-\(a)"
                try store.write([StampedRecord(.assignmentCreated(AssignmentRecord(
                    uid: uid, code: "H\(name)\(a)", kind: "times", options: [], settings: "{}", due: 1_900_000_000_000, dueText: "2030-03-17T17:46",
                    attempts: "1", creator: "teacher", roster: students.map(\.name), classUID: classUID)), at: monday)])
                for (i, student) in seated.enumerated() {
                    try play(store, kind: "times", room: "H\(name)\(a)", number: i + 1, day: 7 * (a * 4 + 2) + 2, students: [PlayerRef(seat: 1, name: student.name, student: student.student)],
                             classUID: classUID, assignment: uid)
                }
            }
        }
    }
}

