import ChalklineCore
import ChalklineStore
import Foundation

/// Two weeks of class 4B, written through `store.write` as the server records them: a times
/// game, an arith game, a word puzzle, a money game and one homework try, with a bot seated as
/// a student, a player outside the class, a student of another class, a student taken off the
/// list and one renamed. Every figure the progress tests expect is worked out by hand below
/// the game it comes from.
enum ClassWeeks {
    static let server = "room12"
    static let classUID = "c-4b"
    static let ana = PlayerRef(seat: 1, name: "Ana", student: "s-ana")
    static let bo = PlayerRef(seat: 2, name: "Bo", student: "s-bo")
    static let di = PlayerRef(seat: 3, name: "Di", student: "s-di")
    /// A program joined as Cy: left out of the class's figures.
    static let robo = PlayerRef(seat: 4, name: "Cy", bot: true, student: "s-cy")
    /// Not in the class.
    static let zed = PlayerRef(seat: 5, name: "Zed")
    /// Of class 5C.
    static let eve = PlayerRef(seat: 3, name: "Eve", student: "s-eve")

    /// `2026-11-DD HH:00` UTC. 2026-11-02 is a Monday.
    static func at(_ day: Int, _ hour: Int) -> Date {
        var parts = DateComponents(year: 2026, month: 11, day: day, hour: hour)
        parts.timeZone = TimeZone(identifier: "UTC")
        return Calendar(identifier: .gregorian).date(from: parts)!
    }

    /// One answer record: `typed` nil is no answer.
    static func answer(_ game: GameRef, _ round: Int, _ player: PlayerRef, _ typed: String?, _ correct: Bool, _ ms: Int?,
                       item: Int? = 1) -> GameRecord {
        .answer(game: game, round: round, answer: AnswerRecord(player: player, typed: typed, correct: correct, ms: ms.map(Millis.init),
                                                               points: correct ? 100 : 0, streak: nil, item: item))
    }

    static func game(_ game: GameRef, kind: String, at start: Date, players: [PlayerRef], classUID: String? = Self.classUID,
                     rounds: [(label: String, items: [RoundItem], answers: [GameRecord])]) -> [StampedRecord] {
        var records = [StampedRecord(.gameStarted(game: game, kind: kind, settings: "{}", players: players, classUID: classUID), at: start)]
        for (i, round) in rounds.enumerated() {
            let opened = start.addingTimeInterval(Double(i) * 30)
            records.append(StampedRecord(.roundOpened(game: game, round: i + 1, label: round.label, items: round.items), at: opened))
            records += round.answers.map { StampedRecord($0, at: opened.addingTimeInterval(10)) }
            records.append(StampedRecord(.roundClosed(game: game, round: i + 1), at: opened.addingTimeInterval(20)))
        }
        records.append(StampedRecord(.gameEnded(game: game, standings: [], stopped: false), at: start.addingTimeInterval(600)))
        return records
    }

    static func fact(_ a: Int, _ b: Int) -> [RoundItem] { [RoundItem(n: 1, text: "\(a) x \(b)", answer: "\(a * b)", detail: "\(a),\(b)")] }
    static func question(_ text: String, _ detail: String) -> [RoundItem] { [RoundItem(n: 1, text: text, answer: "1", detail: detail)] }

    /// Writes it all into `store`.
    static func write(_ store: any ResultsStore) throws {
        let students = [StudentRecord(uid: "s-ana", name: "Ana"), StudentRecord(uid: "s-bo", name: "Bo"),
                        StudentRecord(uid: "s-cy", name: "Cy"), StudentRecord(uid: "s-di", name: "Di")]
        try store.write([StampedRecord(.classSaved(ClassRecord(uid: classUID, name: "4B", students: students)), at: at(1, 9)),
                         StampedRecord(.classSaved(ClassRecord(uid: "c-5c", name: "5C", students: [StudentRecord(uid: "s-eve", name: "Eve")])),
                                       at: at(1, 9))])
        // Week of 2026-11-02. G1, times: Ana 3 of 3 right (2.0, 4.0, 3.0 s); Bo 1 of 3 (a wrong
        // 54, nothing, 9.0 s); Di 2 of 2 but taken off the list later; the bot and Zed not counted.
        let g1 = GameRef(serial: 1, room: "QXRM", number: 1)
        try store.write(game(g1, kind: "times", at: at(2, 10), players: [ana, bo, di, robo, zed], rounds: [
            ("7 x 8", fact(7, 8), [answer(g1, 1, ana, "56", true, 2000), answer(g1, 1, bo, "54", false, 3000),
                                   answer(g1, 1, di, "56", true, 1000), answer(g1, 1, robo, "56", true, 500),
                                   answer(g1, 1, zed, "56", true, 700)]),
            ("3 x 4", fact(3, 4), [answer(g1, 2, ana, "12", true, 4000), answer(g1, 2, bo, nil, false, nil),
                                   answer(g1, 2, di, "12", true, 1500), answer(g1, 2, robo, "12", true, 400)]),
            ("7 x 8", fact(7, 8), [answer(g1, 3, ana, "56", true, 3000), answer(g1, 3, bo, "56", true, 9000)]),
        ]))
        // Week of 2026-11-09. G2, arith: Ana right (2.5 s) then wrong; Bo wrong then right (5.0 s);
        // Eve (5C) right, not counted.
        let g2 = GameRef(serial: 2, room: "QXRM", number: 2)
        try store.write(game(g2, kind: "arith", at: at(9, 10), players: [ana, bo, eve], rounds: [
            ("12 + 9", question("12 + 9", "add carry"), [answer(g2, 1, ana, "21", true, 2500), answer(g2, 1, bo, "20", false, 4000),
                                                         answer(g2, 1, eve, "21", true, 1000)]),
            ("15 - 7", question("15 - 7", "sub borrow"), [answer(g2, 2, ana, "9", false, 3500), answer(g2, 2, bo, "8", true, 5000)]),
        ]))
        // G3, words: Ana finds PENGUIN and types a word not on the board; Bo finds WALRUS.
        let g3 = GameRef(serial: 3, room: "WXYZ", number: 1)
        try store.write(game(g3, kind: "words", at: at(9, 11), players: [ana, bo], rounds: [
            ("Level 1", [RoundItem(n: 1, text: "A bird that cannot fly", answer: "PENGUIN"), RoundItem(n: 2, text: "A big sea animal", answer: "WALRUS")],
             [answer(g3, 1, ana, "penguin", true, 10000), answer(g3, 1, ana, "xyz", false, 12000, item: nil),
              answer(g3, 1, bo, "walrus", true, 15000, item: 2)]),
        ]))
        // G4, money (Tuesday): Ana right in 6.0 s; `level2` is no skill.
        let g4 = GameRef(serial: 4, room: "QXRM", number: 3)
        try store.write(game(g4, kind: "money", at: at(10, 9), players: [ana], rounds: [
            ("change", question("Change from $5", "change level2"), [answer(g4, 1, ana, "1", true, 6000)]),
        ]))
        // Homework, a try of Bo's (Tuesday): 7 x 8 right in 7.0 s, 6 x 7 right in 2.0 s.
        let homework = AssignmentRecord(uid: "a-1", code: "HWAB", kind: "times", options: ["seed=1"], settings: "{}", due: 1_900_000_000_000,
                                        dueText: "2030-03-17T17:46", attempts: "1", creator: "teacher", roster: ["Ana", "Bo", "Cy"],
                                        classUID: classUID)
        try store.write([StampedRecord(.assignmentCreated(homework), at: at(10, 12))])
        let h = GameRef(serial: 5, room: "HWAB", number: 1, assignment: "a-1")
        let boHome = PlayerRef(seat: 1, name: "Bo", student: "s-bo")
        try store.write(game(h, kind: "times", at: at(10, 16), players: [boHome], rounds: [
            ("7 x 8", fact(7, 8), [answer(h, 1, boHome, "56", true, 7000)]),
            ("6 x 7", fact(6, 7), [answer(h, 2, boHome, "42", true, 2000)]),
        ]))
        // Di taken off the list, Bo renamed Boris: his answers stay his.
        try store.write([StampedRecord(.classSaved(ClassRecord(uid: classUID, name: "4B", students: [
            StudentRecord(uid: "s-ana", name: "Ana"), StudentRecord(uid: "s-bo", name: "Boris"), StudentRecord(uid: "s-cy", name: "Cy"),
        ])), at: at(11, 9))])
    }
}
