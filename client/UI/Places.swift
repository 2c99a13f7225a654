import ChalklineProtocol

/// Places as a class reads them: equal scores share a place (1, 2, 2, 4), as protocol.md's
/// ranking rule and the teacher's page have it. The server's `rank` breaks ties by time, which
/// nobody in the room can see; two students on 2,887 are both second.
package enum Places {
    /// Each row's place. A row follows the one before it in the table (its rank is one more)
    /// and has the same score: it shares that row's place. Otherwise its place is its rank, so a
    /// cut table's own row after a gap ("412.") keeps the server's number.
    package static func of(_ rows: [StandingRow]) -> [Int] {
        var places: [Int] = []
        for (i, row) in rows.enumerated() {
            if i > 0, rows[i - 1].score == row.score, rows[i - 1].rank + 1 == row.rank {
                places.append(places[i - 1])
            } else {
                places.append(row.rank)
            }
        }
        return places
    }

    /// 1 → "1st", 2 → "2nd", 11 → "11th", 22 → "22nd".
    package static func ordinal(_ n: Int) -> String {
        let suffix = switch (n % 10, n % 100) {
        case (_, 11...13): "th"
        case (1, _): "st"
        case (2, _): "nd"
        case (3, _): "rd"
        default: "th"
        }
        return NumberText.thousands(n) + suffix
    }
}
