/// Number and table formatting for the `text` output format, in the reader's language.
enum TextFormat {
    /// (2, "player") → "2 players" in English, "2 joueurs" in French: the noun's plural entry
    /// `text.count.NOUNs`. A noun with no entry is counted the English way (a bug to fix by
    /// adding its entry, not a blank).
    static func count(_ n: Int, _ noun: String, in language: Language = Languages.english) -> String {
        guard let key = countKey(noun) else { return "\(n) \(noun)\(n == 1 ? "" : "s")" }
        return language(Say(key, count: n))
    }

    /// The plural entry that counts `noun`: each key spelled out, so the catalog test finds it.
    static func countKey(_ noun: String) -> String? {
        switch noun {
        case "player": "text.count.players"
        case "question": "text.count.questions"
        case "level": "text.count.levels"
        case "line": "text.count.lines"
        case "student": "text.count.students"
        case "word": "text.count.words"
        case "minute": "text.count.minutes"
        case "second": "text.count.seconds"
        default: nil
        }
    }

    /// `1st`, `2nd`, `412th`; `1er`, `2e`; `1.`: the language's ordinal, its number grouped.
    static func ordinal(_ n: Int, in language: Language) -> String { language.ordinal(n) }

    /// In English (tests map it over numbers, which a default argument would not allow).
    static func ordinal(_ n: Int) -> String { ordinal(n, in: Languages.english) }

    /// A wait as people say it: `a second`, `40 seconds`, `3 minutes`, rounded up.
    static func wait(_ ms: Millis, in language: Language = Languages.english) -> String {
        let seconds = max(1, Int((ms + 999) / 1000))
        if seconds < 90 { return seconds == 1 ? language(Say("text.wait.one_second")) : count(seconds, "second", in: language) }
        return count((seconds + 59) / 60, "minute", in: language)
    }

    /// 1234 ms → `1.2 s` / `1,2 s`: tenths, with the language's decimal mark.
    static func seconds(_ ms: Millis, in language: Language) -> String {
        decimal(NumberText.seconds(ms), in: language)
    }

    /// A number already written with a `.` (`2.5`, `1.2 s`) with the language's decimal mark.
    static func decimal(_ written: String, in language: Language) -> String {
        language.decimalMark == "." ? written : String(written.map { $0 == "." ? language.decimalMark : $0 })
    }

    /// 2.5 → `2.5` / `2,5`; 3.0 → `3`.
    static func decimal(_ value: Double, in language: Language) -> String {
        decimal(OptionSpec.format(value), in: language)
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }

    static func padLeft(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }

    /// The leaderboard as aligned lines: rank, name, score, the score grouped the language's
    /// way (`12 345` in French, `12.345` in German) and the columns as wide as the longest.
    static func standings(_ rows: [Standing], limit: Int = 20, in language: Language = Languages.english) -> [String] {
        guard !rows.isEmpty else { return ["  " + language(Say("text.standings.none"))] }
        let shown = rows.prefix(limit)
        let nameWidth = max(4, shown.map(\.name.count).max() ?? 4)
        let scores = shown.map { language.number($0.score) }
        let scoreWidth = max(5, scores.map(\.count).max() ?? 5)
        var lines = zip(shown, scores).map { row, score in
            "  " + padLeft("\(row.rank).", 4) + " " + pad(row.name, nameWidth) + "  " + padLeft(score, scoreWidth)
        }
        if rows.count > limit { lines.append("  " + language(Say("text.standings.more", count: rows.count - limit))) }
        return lines
    }
}
