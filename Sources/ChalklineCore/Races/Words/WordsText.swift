/// The word puzzle in the text format: it must read at an 80-column netcat, so clues wrap and
/// the groups sit in a grid of five, like the seed's rows of buttons.
enum WordsText {
    static let width = 80
    static let columns = 5

    /// `   1. Ghosts in residence (7 letters)` or, once claimed, `   1. Ghosts in residence: HAUNTED (sam)`.
    /// The clue stays in the pack's language; only `letters` is the reader's.
    static func boardClue(_ c: WordsClueView, in l: Language = Languages.english) -> [String] {
        let tail = if let word = c.word, let who = c.solvedBy { ": \(word) (\(who))" } else { " (" + l(Say("text.words.letters", count: c.letters)) + ")" }
        return wrap(c.clue + tail, prefix: numbered(c.n))
    }

    /// `   1. HAUNTED  Ghosts in residence  (sam +450)`.
    static func endClue(_ c: WordsClueView, in l: Language = Languages.english) -> [String] {
        let who = if let name = c.solvedBy { "\(name) +\(l.number(c.points ?? 0))" } else { l(Say("text.words.unsolved")) }
        return wrap("\(c.word ?? "?"): \(c.clue) (\(who))", prefix: numbered(c.n))
    }

    private static func numbered(_ n: Int) -> String { TextFormat.padLeft("\(n).", 4) + " " }

    /// Five groups a row, in board order, each cell wide enough for the longest group.
    static func grid(_ groups: [String]) -> [String] {
        guard !groups.isEmpty else { return [] }
        let cell = max(8, (groups.map(\.count).max() ?? 0) + 3)
        let perRow = max(1, min(columns, (width - 4) / cell))
        return stride(from: 0, to: groups.count, by: perRow).map { start in
            let row = groups[start..<min(start + perRow, groups.count)]
            return ("    " + row.map { TextFormat.pad($0, cell) }.joined()).trimmingTrailingBlanks()
        }
    }

    /// Word-wraps `text` after `prefix`, continuing lines under the text, within `width`.
    static func wrap(_ text: String, prefix: String) -> [String] {
        let indent = String(repeating: " ", count: prefix.count)
        let room = max(20, width - 1 - prefix.count)
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > room {
                lines.append(current)
                current = String(word)
            } else {
                current += current.isEmpty ? String(word) : " " + word
            }
        }
        lines.append(current)
        return lines.enumerated().map { ($0.offset == 0 ? prefix : indent) + $0.element }
    }

    /// 180000 → "3:00".
    static func clock(_ ms: Millis) -> String {
        let seconds = (ms + 500) / 1000
        let s = seconds % 60
        return "\(seconds / 60):\(s < 10 ? "0" : "")\(s)"
    }
}

extension String {
    func trimmingTrailingBlanks() -> String {
        guard let last = lastIndex(where: { !$0.isBlank }) else { return "" }
        return String(self[...last])
    }
}
