import Testing
@testable import ChalklineCore

/// One typed answer, the accepted answers it is judged against, the room's rules and the verdict.
struct JudgedAnswer: Sendable, CustomTestStringConvertible {
    var typed: String
    var answers: [String]
    var rules: SetJudgeRules
    var right: Bool

    var testDescription: String {
        "\(typed.debugDescription) for \(answers) \(rules.accentsLenient ? "lenient" : "strict")\(rules.typos ? " typos" : "") → \(right ? "right" : "wrong")"
    }
}

private let lenient = SetJudgeRules()
private let strict = SetJudgeRules(accentsLenient: false)
private let lenientTypos = SetJudgeRules(typos: true)
private let strictTypos = SetJudgeRules(typos: true, accentsLenient: false)

private func right(_ typed: String, _ answers: [String], _ rules: SetJudgeRules = lenient) -> JudgedAnswer {
    JudgedAnswer(typed: typed, answers: answers, rules: rules, right: true)
}

private func wrong(_ typed: String, _ answers: [String], _ rules: SetJudgeRules = lenient) -> JudgedAnswer {
    JudgedAnswer(typed: typed, answers: answers, rules: rules, right: false)
}

/// Issue 41's rules, one row each way: what a teacher expects a child's answer to count as.
private let table: [JudgedAnswer] = [
    // Case, in any alphabet, in both accent modes.
    right("paris", ["Paris"]),
    right("PARIS", ["Paris"], strict),
    right("ÉLÈVE", ["élève"], strict),
    right("МОСКВА", ["Москва"]),
    right("ΑΘΗΝΑ", ["Αθήνα"]),
    right("ΟΔΟΣ", ["οδός"]),
    wrong("ΟΔΟΣ", ["οδός"], strict),
    wrong("Pariss", ["Paris"]),
    // Spaces at the ends and runs of spaces; spaces inside still count.
    right("  New   York ", ["New York"]),
    right("new\u{00A0}york", ["New York"]),
    wrong("NewYork", ["New York"]),
    // Punctuation at the end (and Spanish's at the start).
    right("Paris.", ["Paris"]),
    right("Paris!", ["Paris"]),
    right("Paris ?", ["Paris"]),
    right("Paris", ["Paris!"]),
    right("¡hola", ["¡Hola!"]),
    right("l’école", ["l'école"]),
    right("?", ["?"]),
    // Punctuation inside does not matter either (review D4): marks dropped, a hyphen or a dash
    // is a space; letters and the spaces between words still count.
    right("Washington DC", ["Washington, D.C."]),
    right("Washington, D.C.", ["Washington, D.C."]),
    right("Washington D.C", ["Washington, D.C."]),
    right("washington, dc", ["Washington, D.C."]),
    right("Addis-Ababa", ["Addis Ababa"]),
    right("Addis Ababa", ["Addis-Ababa"]),
    right("Addis – Ababa", ["Addis Ababa"]),
    right("dont", ["don't"]),
    right("don’t", ["dont"]),
    right("\"Paris\"", ["Paris"]),
    right("“Paris”", ["Paris"]),
    right("(Paris)", ["Paris"]),
    right("[Paris]", ["Paris"]),
    right("¿Paris?", ["Paris"]),
    right("Pa.ris", ["Paris"]),
    wrong("Washington d c", ["Washington, D.C."]),
    wrong("AddisAbaba", ["Addis Ababa"]),
    wrong("Pa ris", ["Paris"]),
    right("!", ["!"]),
    // Accents, lenient (the default) and strict.
    right("eleve", ["élève"]),
    right("Sao Paulo", ["São Paulo"]),
    right("Zurich", ["Zürich"]),
    right("strasse", ["Straße"]),
    right("coeur", ["cœur"]),
    right("Encyclopaedia", ["Encyclopædia"]),
    right("Lodz", ["Łódź"]),
    right("Ha Noi", ["Hà Nội"]),
    right("e\u{301}le\u{300}ve", ["élève"], strict),
    right("élève", ["élève"], strict),
    wrong("eleve", ["élève"], strict),
    wrong("élêve", ["élève"], strict),
    wrong("strasse", ["Straße"], strict),
    wrong("Zurich", ["Zürich"], strict),
    // Typos: one slip in five letters or more, when the room allows it.
    right("recieve", ["receive"], lenientTypos),
    right("recive", ["receive"], lenientTypos),
    right("receeive", ["receive"], lenientTypos),
    right("receivd", ["receive"], lenientTypos),
    right("elevee", ["élève"], lenientTypos),
    right("elève", ["élève"], strictTypos),
    wrong("recieve", ["receive"]),
    wrong("recievd", ["receive"], lenientTypos),
    wrong("rceieve", ["receive"], lenientTypos),
    wrong("Rume", ["Rome"], lenientTypos),
    wrong("ct", ["cat"], lenientTypos),
    wrong("eleve", ["élève"], strictTypos),
    wrong("route 67", ["Route 66"], lenientTypos),
    wrong("12346", ["12345"], lenientTypos),
    // Several accepted answers: any one of them.
    right("USA", ["United States", "USA", "U.S."]),
    right("u.s", ["United States", "USA", "U.S."]),
    right("united state", ["United States", "USA"], lenientTypos),
    wrong("America", ["United States", "USA"], lenientTypos),
    // Numbers in each spelling, where the accepted answer reads as one.
    right("0.5", ["0.5"]),
    right(".5", ["0.5"]),
    right(",5", ["0.5"]),
    right("0,5", ["0.5"]),
    right("1/2", ["0.5"]),
    right("0.50", ["1/2"]),
    right("2/4", ["0,5"]),
    right("3.0", ["3"]),
    right("3", ["3.0"]),
    right("-3", ["−3"]),
    right("- 3", ["-3"]),
    right("1000", ["1,000"]),
    right("1 000", ["1000"]),
    right("1,000", ["1000"]),
    right("1.000", ["1000"]),
    right("1,500", ["1,5"]),
    right("1,234.5", ["1234.5"]),
    right("1.234,5", ["1234,5"]),
    right("3.142", ["3.142"]),
    right("3,142", ["3.142"]),
    wrong("3142", ["3.142"]),
    wrong("0.6", ["0.5"]),
    wrong("1/3", ["0.33"]),
    wrong("3", ["-3"]),
    wrong("1,00", ["100"]),
    wrong("1 1/2", ["1.5"]),
    wrong("4", ["5"], lenientTypos),
    right("7.", ["7"]),
    // A number is still read as one before any mark is dropped: a minus is a sign, not a dash.
    wrong("-3", ["3"]),
    wrong("3", ["-3"]),
    wrong("12", ["1/2"]),
    wrong("05", ["0,5"]),
    right("(3)", ["(3)"]),
]

@Suite struct SetAnswerJudgeTests {
    @Test(arguments: table)
    func judged(_ row: JudgedAnswer) {
        #expect(SetAnswerJudge.isRight(row.typed, answers: row.answers, rules: row.rules) == row.right)
    }

    @Test func theTableCoversEnough() {
        #expect(table.count >= 40)
        #expect(table.contains { !$0.right } && table.contains { $0.right })
    }

    /// The key a room keeps and the one-off judge agree, on ASCII typed text (the fast path)
    /// and on the rest.
    @Test(arguments: table)
    func aKeyMadeOnceJudgesAlike(_ row: JudgedAnswer) {
        let key = SetAnswerKey(answers: row.answers, rules: row.rules)
        #expect(key.accepts(row.typed) == row.right)
        #expect(key.accepts(row.typed) == row.right, "a second answer to the same key")
    }

    @Test func theRevealsNumberIsTheFirstAnswersReading() {
        #expect(SetAnswerKey(answers: ["1,000"], rules: lenient).number == Exact(1000))
        #expect(SetAnswerKey(answers: ["3.142"], rules: lenient).number == Exact(3142, over: 1000))
        #expect(SetAnswerKey(answers: ["0,5", "1/2"], rules: lenient).number == Exact(1, over: 2))
        #expect(SetAnswerKey(answers: ["Paris", "1"], rules: lenient).number == nil)
    }
}
