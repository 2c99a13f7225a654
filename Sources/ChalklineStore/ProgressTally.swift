import ChalklineCore
import Foundation

/// Questions asked, answered and right, and the times of the right ones: one figure of a
/// progress report (a student, a fact, a skill, a week).
struct ProgressTally {
    var asked = 0
    var given = 0
    var right = 0
    /// Times of right answers only: a fast wrong guess is not fluency.
    var rightMs: [Int] = []

    init() {}

    /// A group the database counted (`Reports.tallyColumns`).
    init(_ row: SQLRow) {
        asked = row["asked"]
        given = row["given"]
        right = row["right_count"]
        rightMs = Self.numbers(row["right_ms"])
    }

    /// `800,1234,95` as numbers, read byte by byte (the times are whole, not negative
    /// milliseconds): a class's term has some 160,000 of them.
    static func numbers(_ list: String?) -> [Int] {
        guard let list else { return [] }
        var numbers: [Int] = []
        var n = 0, digits = false
        for byte in list.utf8 {
            if byte == UInt8(ascii: ",") {
                if digits { numbers.append(n) }
                n = 0
                digits = false
            } else {
                n = n * 10 + Int(byte &- UInt8(ascii: "0"))
                digits = true
            }
        }
        if digits { numbers.append(n) }
        return numbers
    }

    mutating func add(_ other: ProgressTally) {
        asked += other.asked
        given += other.given
        right += other.right
        rightMs += other.rightMs
    }

    var accuracy: Double? { asked == 0 ? nil : Double(right) / Double(asked) }
    var median: Int? { Reports.median(rightMs) }

    var accuracyCell: ReportValue { accuracy.map(ReportValue.fraction) ?? .null }
    var medianCell: ReportValue { median.map(ReportValue.ms) ?? .null }
}

/// Every figure of a progress report, from the groups the database counted (`progressRows`):
/// a few thousand groups, not an answer row each.
struct ProgressCount {
    /// By student uid (a player without one counts under "").
    var students: [String: ProgressTally] = [:]
    var gamesOf: [String: Set<Int64>] = [:]
    var total = ProgressTally()
    /// By `a * 1000 + b`.
    var facts: [Int: ProgressTally] = [:]
    /// By kind, then skill.
    var skills: [String: [String: ProgressTally]] = [:]
    /// By Monday (`YYYY-MM-DD`), and by student then Monday.
    var weeks: [String: ProgressTally] = [:]
    var studentWeeks: [String: [String: ProgressTally]] = [:]
    var firstStart: Date?
    var lastStart: Date?

    /// A fact answered right slower than this on the median is marked slow (issue 40: 6 s).
    static let slowMs = 6000

    init(_ rows: ProgressRows, days: LocalDays) {
        var week: [Int64: String] = [:]
        for (id, game) in rows.games {
            week[id] = days.monday(game.started)
            if firstStart.map({ game.started < $0 }) ?? true { firstStart = game.started }
            if lastStart.map({ game.started > $0 }) ?? true { lastStart = game.started }
        }
        for seat in rows.seats.values { gamesOf[seat.student ?? "", default: []].insert(seat.game) }
        for (id, tally) in rows.bySeat {
            guard let seat = rows.seats[id] else { continue }
            let student = seat.student ?? ""
            students[student, default: ProgressTally()].add(tally)
            studentWeeks[student, default: [:]][week[seat.game]!, default: ProgressTally()].add(tally)
        }
        // The skills a detail names, as the kind's own report names them: worked out once a
        // distinct detail, not once an answer.
        var skillsOf: [String: [String]] = [:]
        for question in rows.questions {
            guard let game = rows.games[question.game] else { continue }
            let tally = question.tally
            total.add(tally)
            weeks[week[question.game]!, default: ProgressTally()].add(tally)
            if game.kind == TimesQuiz.name {
                if let fact = Self.fact(question.detail) {
                    facts[fact, default: ProgressTally()].add(tally)
                }
                continue
            }
            let key = game.kind + "\u{1F}" + (question.detail ?? "") + "\u{1F}" + (game.set ?? "")
            let names = skillsOf[key] ?? Self.skills(kind: game.kind, detail: question.detail, set: game.set)
            skillsOf[key] = names
            for skill in names {
                skills[game.kind, default: [:]][skill, default: ProgressTally()].add(tally)
            }
        }
    }

    /// `7,8` as `7008`; nil for a detail that is not a fact.
    static func fact(_ detail: String?) -> Int? {
        guard let detail, let comma = detail.firstIndex(of: ","),
              let a = Int(detail[..<comma]), let b = Int(detail[detail.index(after: comma)...]) else { return nil }
        return a * 1000 + b
    }

    /// The skills the kind's report counts a question with this detail under (`arith_tags`);
    /// a kind whose report has no skills (a question set) counts it under the set's name.
    static func skills(kind name: String, detail: String?, set: String?) -> [String] {
        guard let kind = RaceCatalog.kind(named: name), case .quiz(let sections) = kind.style else { return [] }
        let probe = QuizAnswerRow(player: "", question: "", answer: "", detail: detail, typed: "", correct: true, ms: 0)
        guard let tags = sections([probe], .classroom).first(where: { $0.name == "\(name)_tags" }) else { return [set ?? name] }
        return tags.rows.compactMap { row in
            guard row.count > 1, case .text(let skill) = row[1] else { return nil }
            return skill
        }
    }

    /// The accuracy of a student's last week with answers minus the week before it with
    /// answers; nil with fewer than two such weeks.
    func change(of student: String) -> Double? {
        guard let weeks = studentWeeks[student] else { return nil }
        let answered = weeks.filter { $0.value.asked > 0 }.sorted { $0.key < $1.key }
        guard answered.count >= 2, let last = answered[answered.count - 1].value.accuracy,
              let before = answered[answered.count - 2].value.accuracy else { return nil }
        return last - before
    }
}
