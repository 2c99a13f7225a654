/// A set game's report, one row a question: how many got it right, how fast, and the wrong
/// answers given most (the misconception a teacher looks for), a multiple-choice answer
/// counted as the option it chose, not the letter typed.
enum SetQuizReport {
    static func byQuestion(_ answers: [QuizAnswerRow], scope: ReportScope) -> KindReportTable {
        struct Tally {
            var answer: String
            var seen = 0, right = 0
            var ms: [Int] = []
            /// Wrong answers by folded text: the first spelling met, and how often.
            var wrong: [String: (shown: String, count: Int, first: Int)] = [:]
        }
        var tallies: [String: Tally] = [:]
        var order: [String] = []
        for row in answers {
            let key = row.question + "\u{1F}" + row.answer
            if tallies[key] == nil {
                order.append(key)
                tallies[key] = Tally(answer: row.answer)
            }
            tallies[key]!.seen += 1
            if row.correct { tallies[key]!.right += 1 }
            guard let typed = row.typed else { continue }
            if let ms = row.ms { tallies[key]!.ms.append(ms) }
            if !row.correct {
                let said = chosen(typed, detail: row.detail)
                let folded = ChoiceLetters.fold(said)
                let next = tallies[key]!.wrong.count
                tallies[key]!.wrong[folded, default: (said, 0, next)].count += 1
            }
        }
        let rows = order.map { key -> [KindReportTable.Cell] in
            let t = tallies[key]!
            let question = String(key[..<key.firstIndex(of: "\u{1F}")!])
            let common = t.wrong.values.sorted { $0.count != $1.count ? $0.count > $1.count : $0.first < $1.first }.prefix(3)
            return [.text(SetQuiz.name), .text(question), .text(t.answer), .int(t.right), .int(t.seen),
                    QuizReport.median(t.ms).map(KindReportTable.Cell.ms) ?? .null,
                    .text(common.map { "\($0.shown) (\($0.count))" }.joined(separator: "; "))]
        }
        return KindReportTable(
            name: "quiz_questions",
            title: Say(scope == .player ? "report.quiz.title" : "report.quiz.title_class", ["kind": .text(SetQuiz.name)]),
            columns: KindReportTable.columns("game", "question", "answer", "right", "of", "median_ms", "wrong"),
            rows: rows)
    }

    /// What an answer said: the option a letter or number picked, else what was typed.
    static func chosen(_ typed: String, detail: String?) -> String {
        guard let choices = SetQuizQuestion.choices(inDetail: detail),
              case .choice(let i) = SetQuizQuestion.pick(typed, choices) else { return typed.trimmingBlanks() }
        return choices[i]
    }
}
