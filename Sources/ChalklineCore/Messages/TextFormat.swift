/// Number and table formatting for the `text` output format.
enum TextFormat {
    /// (1, "player") → "1 player"; (2, "player") → "2 players".
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `412th`.
    static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return NumberText.thousands(n) + suffix
    }

    /// A wait as people say it: `a second`, `40 seconds`, `3 minutes`, rounded up.
    static func wait(_ ms: Millis) -> String {
        let seconds = max(1, Int((ms + 999) / 1000))
        if seconds < 90 { return seconds == 1 ? "a second" : "\(seconds) seconds" }
        return count((seconds + 59) / 60, "minute")
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }

    static func padLeft(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }

    /// The leaderboard as aligned lines: rank, name, score.
    static func standings(_ rows: [Standing], limit: Int = 20) -> [String] {
        guard !rows.isEmpty else { return ["  (no players)"] }
        let shown = rows.prefix(limit)
        let nameWidth = max(4, shown.map(\.name.count).max() ?? 4)
        let scoreWidth = max(5, shown.map { NumberText.thousands($0.score).count }.max() ?? 5)
        var lines = shown.map { row in
            "  " + padLeft("\(row.rank).", 4) + " " + pad(row.name, nameWidth) + "  " + padLeft(NumberText.thousands(row.score), scoreWidth)
        }
        if rows.count > limit { lines.append("  ... and \(rows.count - limit) more") }
        return lines
    }
}
