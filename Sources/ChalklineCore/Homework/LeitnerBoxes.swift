/// One times-table fact as practice keeps it: `a x b`, the table and the multiplier, as a times
/// question's `detail` (`7,8`) stores it. `7 x 8` and `8 x 7` are two facts: a child who knows
/// one may not know the other, and the reports' grid draws them apart too.
public struct TimesFact: Hashable, Sendable, CustomStringConvertible {
    public var a: Int
    public var b: Int

    public init(_ a: Int, _ b: Int) {
        self.a = a
        self.b = b
    }

    /// From a times question's `detail` (`7,8`); nil for anything else.
    public init?(detail: String?) {
        guard let detail, let comma = detail.firstIndex(of: ","),
              let a = Int(detail[..<comma]), let b = Int(detail[detail.index(after: comma)...]) else { return nil }
        self.init(a, b)
    }

    public var description: String { "\(a) x \(b)" }
}

/// One student's Leitner boxes for the times facts: how well each fact is known, from box 1
/// (missed last time) to box 5 (right five times in a row, counting from box 1). Adaptive
/// homework (`/assign times adaptive=yes`) asks a fact in box 1 sixteen times as often as one in
/// box 5, so each student practises their own weakest facts.
///
/// The rule, as protocol.md tells bot authors: a fact never seen is in box 2 (the student may
/// know it; it comes twice as often as a fact they have shown they know); a right answer moves
/// it up one box (at most 5); a wrong answer, or none before the time ran out, puts it in box 1.
public struct LeitnerBoxes: Equatable, Sendable {
    public static let boxes = 1...5
    /// Where a fact not yet asked of the student starts.
    public static let unseenBox = 2

    private var box: [TimesFact: Int] = [:]

    public init() {}

    public func box(of fact: TimesFact) -> Int { box[fact] ?? Self.unseenBox }

    /// The fact's weight in a draw: 16, 8, 4, 2, 1 for boxes 1 to 5.
    public func weight(of fact: TimesFact) -> Int { 16 >> (box(of: fact) - 1) }

    /// The student answered `fact`: right moves it up a box, wrong or no answer to box 1.
    public mutating func note(_ fact: TimesFact, right: Bool) {
        box[fact] = right ? min(Self.boxes.upperBound, box(of: fact) + 1) : Self.boxes.lowerBound
    }

    /// The facts asked so far, each with its box.
    public var seen: [TimesFact: Int] { box }
}

/// A stored times answer of a class student, as `Reports.practiceAnswers` reads it back: what
/// the server replays, in answer order, to rebuild every student's boxes when it starts.
public struct PracticeAnswer: Equatable, Sendable {
    /// The student's uid (`StudentRecord.uid`, `player.student_uid`).
    public var student: String
    public var fact: TimesFact
    public var right: Bool

    public init(student: String, fact: TimesFact, right: Bool) {
        self.student = student
        self.fact = fact
        self.right = right
    }
}

/// Every class student's Leitner boxes, by student uid: kept up to date from each times answer
/// a seat with a student gives, in any room or homework, and rebuilt at start from the stored
/// answers (`ServerCore.restore(practice:)`), so adaptive homework follows the student's whole
/// history, not this process's.
///
/// Owned by the loop thread (through `ServerCore`, and the rooms that note answers into it) and
/// touched only there.
final class StudentFacts {
    private var students: [String: LeitnerBoxes] = [:]

    /// The boxes of `student`: every fact in its start box for a student never seen.
    func boxes(of student: String) -> LeitnerBoxes { students[student] ?? LeitnerBoxes() }

    func note(student: String, _ fact: TimesFact, right: Bool) {
        students[student, default: LeitnerBoxes()].note(fact, right: right)
    }

    /// Answers in the order they were given, as the database holds them.
    func replay(_ answers: [PracticeAnswer]) {
        for answer in answers { note(student: answer.student, answer.fact, right: answer.right) }
    }
}
