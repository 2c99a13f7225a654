/// A typed number as runs of digits between marks, kept as it is read (no array): what both
/// number readers decide from. `NumberReader` feeds it a string's bytes, `AnswerNumber` a set
/// answer's scalars; the rule of which mark groups and which is decimal is written once, here.
///
/// Marks are `.` (0x2E), `,` (0x2C) or 0x20 for a mark that only groups (a space, a no-break
/// space, an apostrophe: the caller maps them).
struct DigitRuns {
    private var head = 0
    private var tail = 0, tailLength = 0, digits = 0
    private var runs = 0, firstLength = 0, firstIsZero = false, middleAreThrees = true
    private var firstMark: UInt32 = 0, lastMark: UInt32 = 0, marks = 0, earlierMarksSame = true
    private var leadingMark = false

    /// One digit; false when the number is too long to be exact.
    mutating func digit(_ d: Int) -> Bool {
        if tailLength == 0 { runs += 1 }
        if runs == 1 && tailLength == 0 && !leadingMark { firstIsZero = d == 0 }
        tail = tail * 10 + d
        tailLength += 1
        digits += 1
        return digits <= 15
    }

    /// One mark; false where none may be: a mark with no digits before it is only `.5` or `,5`,
    /// as the very first thing.
    mutating func mark(_ mark: UInt32) -> Bool {
        if tailLength == 0 {
            guard marks == 0, runs == 0, mark != 0x20 else { return false }
            leadingMark = true
        } else {
            if runs == 1 { firstLength = tailLength } else if tailLength != 3 { middleAreThrees = false }
            head = head * Exact.power10(tailLength) + tail
        }
        if marks == 0 { firstMark = mark } else if lastMark != firstMark { earlierMarksSame = false }
        lastMark = mark
        marks += 1
        (tail, tailLength) = (0, 0)
        return true
    }

    /// Whether the last thing read was a digit.
    var endsInDigit: Bool { tailLength > 0 }
    var hasMarks: Bool { marks > 0 }

    /// The number's readings: as thousands grouped by the last mark, and with the last mark as
    /// the decimal one; both when it reads both ways (one `.` or `,` and three digits after a
    /// real first group), and then `ambiguousMark` is that mark. Nil when it reads neither way.
    func readings() -> (grouped: Exact?, decimal: Exact?, ambiguousMark: UInt32)? {
        guard tailLength > 0 else { return nil }
        if marks == 0 { return (Exact(tail), nil, 0) }
        if leadingMark {
            guard marks == 1, tailLength <= 9 else { return nil }
            return (nil, Exact(scaled: tail, places: tailLength), 0)
        }
        let groupsAreReal = (1...3).contains(firstLength) && !firstIsZero && middleAreThrees
        // The last mark groups thousands: every mark the same, every group three digits.
        let grouped = earlierMarksSame && lastMark == firstMark && groupsAreReal && tailLength == 3
            ? Exact(head * 1000 + tail) : nil
        // The last mark is the decimal one: the marks before it (if any) group with another mark.
        let isDecimal = lastMark != 0x20 && tailLength <= 9
            && (marks == 1 || (earlierMarksSame && firstMark != lastMark && groupsAreReal))
        let decimal = isDecimal ? Exact(scaled: head * Exact.power10(tailLength) + tail, places: tailLength) : nil
        if grouped == nil && decimal == nil { return nil }
        return (grouped, decimal, lastMark)
    }
}
