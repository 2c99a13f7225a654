/// The word puzzle's small rules, in one place so the tests, protocol.md and the race agree.
enum WordsRules {
    /// 100 a letter group (a longer word takes more finding), half again for the level's
    /// first word (someone has to break the ice on a cold board).
    static func points(groups: Int, firstOfLevel: Bool) -> Int {
        let base = 100 * groups
        return firstOfLevel ? base + base / 2 : base
    }

    /// An answer line as a word, as the player wrote it: blanks inside dropped, upper-cased,
    /// accents kept (`éléphant` is `ÉLÉPHANT`); nil when anything is left that is not a letter
    /// of the Latin alphabet (`key` says which), since no answer on any board could match it.
    static func normalize(_ text: String) -> String? {
        let letters = text.filter { !$0.isBlank }
        guard !letters.isEmpty, letters.allSatisfy(isBoardLetter) else { return nil }
        return letters.uppercased()
    }

    /// What two words are compared as: upper-case A–Z with the accents taken off (`ÉLÉPHANT`
    /// and `ELEPHANT` are both `ELEPHANT`, `PINGÜINO` is `PINGUINO`, `Œ` is `OE`), so a child on
    /// a keyboard without accents finds the French and Spanish words too. The judge's lenient
    /// fold (`AnswerText`), so the word puzzle and a teacher's quiz agree on what an accent is.
    /// Nil when a letter does not fold to A–Z (`ß` does, to `SS`; `α` does not).
    static func key(_ word: String) -> String? {
        var out = String.UnicodeScalarView()
        for scalar in AnswerText.form(word, lenient: true) {
            guard (0x61...0x7A).contains(scalar), let upper = Unicode.Scalar(scalar - 0x20) else { return nil }
            out.append(upper)
        }
        return out.isEmpty ? nil : String(out)
    }

    /// A letter a board may show: A–Z in either case, or one with accents that folds to A–Z
    /// (`É`, `ñ`, `Ü`, `Ç`...). Digits, punctuation and other alphabets are not.
    static func isBoardLetter(_ c: Character) -> Bool {
        if c.isASCII { return c.isLetter }
        return c.isLetter && key(String(c)) != nil
    }
}
