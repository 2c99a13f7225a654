/// Five-row block letters, so a question or a room code reads from the back of a classroom.
///
/// Every character a question's `text` can hold has a glyph (digits, letters, the operators,
/// brackets, `% : ' " $ € £ ¥ ₹`, the Unicode minus), because a glyph left out changes the
/// question: `86 - 40 / 5` drawn without its `-` and `/` is another sum. A text with any other
/// character is not drawn big at all (`canDraw` is false) and the screen writes it plainly.
package enum BigText {
    package static let height = 5

    /// Whether every character of `text` has a glyph.
    package static func canDraw(_ text: String) -> Bool {
        text.uppercased().allSatisfy { glyphs[$0] != nil }
    }

    /// The rows of `text` in block letters; characters without a glyph are left out (check
    /// `canDraw` first).
    package static func rows(_ text: String) -> [String] {
        var rows = Array(repeating: "", count: height)
        for ch in text.uppercased() {
            guard let glyph = glyphs[ch] else { continue }
            for r in 0..<height { rows[r] += glyph[r].replacingOccurrences(of: "#", with: "█") + " " }
        }
        return rows
    }

    package static func width(_ text: String) -> Int { rows(text).first?.count ?? 0 }

    private static let glyphs: [Character: [String]] = letters.merging(signs) { a, _ in a }

    private static let letters: [Character: [String]] = [
        "0": ["####", "#  #", "#  #", "#  #", "####"], "1": ["  # ", " ## ", "  # ", "  # ", " ###"],
        "2": ["####", "   #", "####", "#   ", "####"], "3": ["####", "   #", " ###", "   #", "####"],
        "4": ["#  #", "#  #", "####", "   #", "   #"], "5": ["####", "#   ", "####", "   #", "####"],
        "6": ["####", "#   ", "####", "#  #", "####"], "7": ["####", "   #", "  # ", " #  ", " #  "],
        "8": ["####", "#  #", "####", "#  #", "####"], "9": ["####", "#  #", "####", "   #", "####"],
        "X": ["#   #", " # # ", "  #  ", " # # ", "#   #"], "=": ["    ", "####", "    ", "####", "    "],
        "?": ["### ", "   #", " ## ", "    ", " #  "], " ": ["  ", "  ", "  ", "  ", "  "],
        "A": [" ## ", "#  #", "####", "#  #", "#  #"], "B": ["### ", "#  #", "### ", "#  #", "### "],
        "C": [" ###", "#   ", "#   ", "#   ", " ###"], "D": ["### ", "#  #", "#  #", "#  #", "### "],
        "E": ["####", "#   ", "### ", "#   ", "####"], "F": ["####", "#   ", "### ", "#   ", "#   "],
        "G": [" ###", "#   ", "# ##", "#  #", " ###"], "H": ["#  #", "#  #", "####", "#  #", "#  #"],
        "I": ["###", " # ", " # ", " # ", "###"], "J": ["  ##", "   #", "   #", "#  #", " ## "],
        "K": ["#  #", "# # ", "##  ", "# # ", "#  #"], "L": ["#   ", "#   ", "#   ", "#   ", "####"],
        "M": ["#   #", "## ##", "# # #", "#   #", "#   #"], "N": ["#   #", "##  #", "# # #", "#  ##", "#   #"],
        "O": [" ## ", "#  #", "#  #", "#  #", " ## "], "P": ["### ", "#  #", "### ", "#   ", "#   "],
        "Q": [" ## ", "#  #", "#  #", "# ##", " ###"], "R": ["### ", "#  #", "### ", "# # ", "#  #"],
        "S": [" ###", "#   ", " ## ", "   #", "### "], "T": ["#####", "  #  ", "  #  ", "  #  ", "  #  "],
        "U": ["#  #", "#  #", "#  #", "#  #", " ## "], "V": ["#   #", "#   #", "#   #", " # # ", "  #  "],
        "W": ["#   #", "#   #", "# # #", "## ##", "#   #"], "Y": ["#   #", " # # ", "  #  ", "  #  ", "  #  "],
        "Z": ["####", "   #", "  # ", " #  ", "####"],
    ]

    /// Operators, punctuation and currency signs: what arith, money and pace texts hold besides
    /// letters and digits. None has a blank column inside it, so glyphs never run together.
    private static let signs: [Character: [String]] = [
        "+": ["   ", " # ", "###", " # ", "   "], "-": ["   ", "   ", "###", "   ", "   "],
        "\u{2212}": ["   ", "   ", "###", "   ", "   "], "/": ["    #", "   # ", "  #  ", " #   ", "#    "],
        ".": [" ", " ", " ", " ", "#"], ",": ["  ", "  ", "  ", " #", "# "],
        "(": [" #", "# ", "# ", "# ", " #"], ")": ["# ", " #", " #", " #", "# "],
        "%": ["#   #", "   # ", "  #  ", " #   ", "#   #"], ":": [" ", "#", " ", "#", " "],
        "'": ["#", "#", " ", " ", " "], "\"": ["##", "##", "  ", "  ", "  "],
        "$": [" ####", "# #  ", " ### ", "  # #", "#### "], "€": [" ###", "#   ", "### ", "#   ", " ###"],
        "£": [" ## ", "#   ", "### ", "#   ", "####"], "¥": ["#   #", " # # ", "#####", "  #  ", "  #  "],
        "₹": ["####", "  # ", "####", " ## ", "#  #"], "!": ["#", "#", "#", " ", "#"],
    ]
}
