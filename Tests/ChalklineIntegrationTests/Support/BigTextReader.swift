@testable import ChalklineClient

/// Reads block letters back off a captured screen, glyph by glyph, so a test sees what a
/// student sees: a glyph the screen left out is missing from what is read.
enum BigTextReader {
    /// Every character a question can hold, for matching glyphs.
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ+-x/.,()%:'\"$€£¥₹=?")

    /// The first block of five rows drawn in `█`, read as text without its spaces (and with
    /// `?` for a glyph it does not know); nil when the screen has no such block.
    static func read(_ screen: String) -> String? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let top = lines.indices.first(where: { i in
            i + 5 <= lines.count && lines[i..<i + 5].allSatisfy { $0.contains("█") }
        }) else { return nil }
        let rows = lines[top..<top + 5].map { Array($0) }
        let width = rows.map(\.count).max() ?? 0
        let padded = rows.map { $0 + Array(repeating: " ", count: width - $0.count) }
        let known = Dictionary(alphabet.map { (key(BigText.rows(String($0)).map(Array.init)), $0) }) { a, _ in a }
        var text = ""
        var column = 0
        while column < width {
            if padded.allSatisfy({ $0[column] != "█" }) { column += 1; continue }
            var end = column
            while end < width, !padded.allSatisfy({ $0[end] != "█" }) { end += 1 }
            let glyph = padded.map { Array($0[column..<end]) }
            text.append(known[key(glyph)] ?? "�")
            column = end
        }
        return text
    }

    /// How a question's prompt reads back: upper case, no spaces, the Unicode minus as `-`.
    static func expected(_ prompt: String) -> String {
        String(prompt.uppercased().replacingOccurrences(of: "\u{2212}", with: "-").filter { $0 != " " })
    }

    /// A glyph's shape with blank columns trimmed from both sides.
    private static func key(_ rows: [[Character]]) -> String {
        let width = rows.map(\.count).max() ?? 0
        let padded = rows.map { $0 + Array(repeating: " ", count: width - $0.count) }
        let inked = (0..<width).filter { c in padded.contains { $0[c] == "█" } }
        guard let first = inked.first, let last = inked.last else { return "" }
        return padded.map { String($0[first...last]).replacingOccurrences(of: "█", with: "#") }.joined(separator: "\n")
    }
}
