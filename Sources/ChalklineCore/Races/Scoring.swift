/// A quiz's points (times, arith and every other quiz kind), in one place so the tests, protocol.md and the server agree.
public enum Scoring {
    /// Kahoot's formula: full marks for an instant answer, half for one at the buzzer.
    /// `round(1000 * (1 - t / (2T)))`, clamped to 500...1000; rounding is half away from zero.
    public static func speedPoints(elapsedMs t: Millis, limitMs T: Millis) -> Int {
        guard T > 0 else { return 500 }
        // In whole numbers: 1000 * (1 - t/2T) = 500 * (2T - t) / T. Doubles round some exact
        // halves (867.5 at t=2650, T=10000) down to 867.4999..., and so the wrong way.
        let t = min(max(t, 0), T)  // past T the formula is below 500 and clamps to it anyway
        let numerator = 500 * (2 * T - t), denominator = T
        return Int((2 * numerator + denominator) / (2 * denominator))  // half away from zero: all positive
    }

    /// `scoring=accuracy`: what any right answer earns, the speed formula's full marks.
    public static let accuracyPoints = 1000

    /// The points for a right answer after `t` of `T` under `mode`.
    public static func points(_ mode: ScoringMode, elapsedMs t: Millis, limitMs T: Millis) -> Int {
        mode == .accuracy ? accuracyPoints : speedPoints(elapsedMs: t, limitMs: T)
    }

    /// `100 * min(streak - 1, 5)`, where `streak` counts this answer too.
    public static func streakBonus(streak: Int) -> Int {
        100 * min(max(streak - 1, 0), 5)
    }
}

/// One row of `standings`.
public struct Standing: Equatable, Sendable {
    public var rank: Int
    public var name: String
    public var score: Int
    /// Total time of correct answers: the tie-break.
    public var correctMs: Millis
    /// Whose row it is (`PlayerRef.seat`): two players may have used one name in a game. Not sent.
    public var seat: Int

    public init(rank: Int, name: String, score: Int, correctMs: Millis, seat: Int = 0) {
        self.rank = rank
        self.name = name
        self.score = score
        self.correctMs = correctMs
        self.seat = seat
    }

    public var json: JSON { JSONObjectWriter.encoded(capacity: 48) { write(to: &$0) } }

    /// Written straight to bytes: every table's rows (`JSONObjectWriter`), a player's own row
    /// straight into their cut table.
    public func write(to out: inout ByteWriter) {
        var row = JSONObjectWriter(in: &out)
        row.int("rank", rank, &out)
        row.string("name", name, &out)
        row.int("score", score, &out)
        row.close(&out)
    }
}

extension Standing {
    /// Highest score first; ties go to the lower total time of correct answers. Players equal on
    /// both share a rank (1, 2, 2, 4), listed by name: the one place every screen, the text mode
    /// and the stored report show, so no view ranks for itself and none can disagree.
    public static func rank(_ rows: [(seat: Int, name: String, score: Int, correctMs: Millis)]) -> [Standing] {
        let sorted = rows.sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.correctMs != b.correctMs { return a.correctMs < b.correctMs }
            if a.name.lowercased() != b.name.lowercased() { return a.name.lowercased() < b.name.lowercased() }
            return a.seat < b.seat
        }
        var standings: [Standing] = []
        standings.reserveCapacity(sorted.count)
        for (i, row) in sorted.enumerated() {
            let tied = standings.last.map { $0.score == row.score && $0.correctMs == row.correctMs } ?? false
            standings.append(Standing(rank: tied ? standings[i - 1].rank : i + 1, name: row.name, score: row.score,
                                      correctMs: row.correctMs, seat: row.seat))
        }
        return standings
    }

    /// Rows without seats (each name once), numbered in the order given.
    public static func rank(_ rows: [(name: String, score: Int, correctMs: Millis)]) -> [Standing] {
        rank(rows.enumerated().map { ($0.offset + 1, $0.element.name, $0.element.score, $0.element.correctMs) })
    }
}
