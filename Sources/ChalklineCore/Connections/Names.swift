/// Player names: short, printable, safe to show on every screen in the room, and impossible to
/// pass off as someone else's.
///
/// A name is what a class reads on the projector, so what counts is what it *looks* like: two
/// names that read the same on screen (case, width, composed or decomposed accents) are one name
/// for uniqueness, kicks and bans (`folded`), and characters that show nothing (format, control,
/// variation selectors, fillers) are refused outright rather than ignored.
public enum Names {
    /// Visible characters (what a reader counts), and bytes (what the server stores and sends).
    static let maxLength = Limits.nameCharacters
    static let maxBytes = Limits.nameBytes
    /// Accents on one letter: Vietnamese needs two (ệ), Thai three; 490 is an attack.
    static let maxMarksPerLetter = 3

    /// The rule, in the reader's language (`bad_name`'s message).
    static let ruleSay = Say("error.name.rule", ["max": .int(maxLength)])
    /// The rule in English, for messages not yet in the catalogs.
    static var rule: String { ruleSay.english }

    static func isValid(_ name: String) -> Bool {
        guard (1...maxLength).contains(name.count), name.utf8.count <= maxBytes else { return false }
        var scripts = Set<Script>()
        for ch in name {
            if ch.isASCII {
                guard ch.isLetter || ch.isNumber || ch == "_" || ch == "-" || ch == "." else { return false }
                if ch.isLetter { scripts.insert(.latin) }
                continue
            }
            let scalars = ch.unicodeScalars
            guard let base = scalars.first, isLetterOrDigit(base), !Script.hidden(base) else { return false }
            var marks = 0
            if let script = Script.of(base) { scripts.insert(script) }
            // After the first, marks; or letters joined into one cluster (an Indic conjunct).
            for next in scalars.dropFirst() {
                guard !Script.hidden(next) else { return false }
                if isMark(next) {
                    marks += 1
                } else if next.properties.isAlphabetic, let script = Script.of(next) {
                    scripts.insert(script)
                } else {
                    return false
                }
            }
            guard marks <= maxMarksPerLetter else { return false }
        }
        return Script.isOneWriting(scripts)
    }

    /// What makes two names the same: folded to lower case and narrow width, with letters that
    /// are drawn identically in Latin, Greek and Cyrillic read as Latin, and anything invisible
    /// dropped. Composed and decomposed accents already compare equal as Swift strings.
    public static func folded(_ name: String) -> String {
        var folded = String.UnicodeScalarView()
        for s in name.unicodeScalars where !Script.hidden(s) {
            if (0xFF01...0xFF5E).contains(s.value), let narrow = Unicode.Scalar(s.value - 0xFEE0) {
                folded.append(narrow)
            } else {
                folded.append(s)
            }
        }
        var latin = String.UnicodeScalarView()
        for s in String(folded).lowercased().unicodeScalars {
            latin.append(Script.latinLookalike[s.value].flatMap(Unicode.Scalar.init) ?? s)
        }
        return String(latin)
    }

    private static func isLetterOrDigit(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic || s.properties.generalCategory == .decimalNumber
    }

    private static func isMark(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }
}
