/// The word puzzle's small rules, in one place so the tests, protocol.md and the race agree.
enum WordsRules {
    /// 100 a letter group (a longer word takes more finding), half again for the level's
    /// first word (someone has to break the ice on a cold board).
    static func points(groups: Int, firstOfLevel: Bool) -> Int {
        let base = 100 * groups
        return firstOfLevel ? base + base / 2 : base
    }

    /// An answer line as a word: blanks inside dropped, upper-cased; nil when anything but
    /// A–Z is left, since no answer on any board could match it.
    static func normalize(_ text: String) -> String? {
        let letters = text.filter { !$0.isBlank }
        guard !letters.isEmpty, letters.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return letters.uppercased()
    }
}
