/// The writing system a letter belongs to, as far as telling look-alike names apart needs.
///
/// Swift's standard library has no Unicode Script property, and the core takes no dependency for
/// one table, so this is the blocks of the scripts a school meets. A letter outside them is
/// placed by its 256-code-point block, which keeps a rare script's name in one piece and still
/// refuses a name that mixes two of them.
enum Script: Hashable {
    case latin, greek, cyrillic, armenian, hebrew, arabic, syriac, thaana, nko, devanagari, bengali, gurmukhi
    case gujarati, oriya, tamil, telugu, kannada, malayalam, sinhala, thai, lao, tibetan, myanmar, georgian
    case hangul, ethiopic, cherokee, khmer, mongolian, hiragana, katakana, bopomofo, han
    case block(UInt32)

    private static let ranges: [(ClosedRange<UInt32>, Script)] = [
        (0x0041...0x024F, .latin), (0x0250...0x02AF, .latin), (0x1D00...0x1DBF, .latin), (0x1E00...0x1EFF, .latin),
        (0x2C60...0x2C7F, .latin), (0xA720...0xA7FF, .latin), (0xAB30...0xAB6F, .latin), (0xFF21...0xFF5A, .latin),
        (0x0370...0x03FF, .greek), (0x1F00...0x1FFF, .greek),
        (0x0400...0x052F, .cyrillic), (0x1C80...0x1C8F, .cyrillic), (0x2DE0...0x2DFF, .cyrillic), (0xA640...0xA69F, .cyrillic),
        (0x0530...0x058F, .armenian), (0x0590...0x05FF, .hebrew), (0xFB1D...0xFB4F, .hebrew),
        (0x0600...0x06FF, .arabic), (0x0750...0x077F, .arabic), (0x08A0...0x08FF, .arabic), (0xFB50...0xFDFF, .arabic),
        (0xFE70...0xFEFF, .arabic), (0x0700...0x074F, .syriac), (0x0780...0x07BF, .thaana), (0x07C0...0x07FF, .nko),
        (0x0900...0x097F, .devanagari), (0x0980...0x09FF, .bengali), (0x0A00...0x0A7F, .gurmukhi), (0x0A80...0x0AFF, .gujarati),
        (0x0B00...0x0B7F, .oriya), (0x0B80...0x0BFF, .tamil), (0x0C00...0x0C7F, .telugu), (0x0C80...0x0CFF, .kannada),
        (0x0D00...0x0D7F, .malayalam), (0x0D80...0x0DFF, .sinhala), (0x0E00...0x0E7F, .thai), (0x0E80...0x0EFF, .lao),
        (0x0F00...0x0FFF, .tibetan), (0x1000...0x109F, .myanmar), (0x10A0...0x10FF, .georgian), (0x1C90...0x1CBF, .georgian),
        (0x1100...0x11FF, .hangul), (0x3130...0x318F, .hangul), (0xA960...0xA97F, .hangul), (0xAC00...0xD7FF, .hangul),
        (0xFFA0...0xFFDC, .hangul), (0x1200...0x139F, .ethiopic), (0x2D80...0x2DDF, .ethiopic), (0x13A0...0x13FF, .cherokee),
        (0x1780...0x17FF, .khmer), (0x1800...0x18AF, .mongolian), (0x3040...0x309F, .hiragana), (0x30A0...0x30FF, .katakana),
        (0x31F0...0x31FF, .katakana), (0xFF66...0xFF9F, .katakana), (0x3100...0x312F, .bopomofo), (0x31A0...0x31BF, .bopomofo),
        (0x2E80...0x2FDF, .han), (0x3005...0x3007, .han), (0x3021...0x3029, .han), (0x3038...0x303B, .han),
        (0x3400...0x4DBF, .han), (0x4E00...0x9FFF, .han), (0xF900...0xFAFF, .han), (0x20000...0x3134F, .han),
    ]

    /// Nil for what belongs to every script: ASCII digits and punctuation.
    static func of(_ s: Unicode.Scalar) -> Script? {
        if s.isASCII && !s.properties.isAlphabetic { return nil }
        for (range, script) in ranges where range.contains(s.value) { return script }
        return .block(s.value >> 8)
    }

    /// One script, or the mixtures one language writes with (Japanese, Korean and Chinese
    /// phonetic scripts beside Han), as Unicode's "highly restrictive" profile (UTS #39) allows.
    static func isOneWriting(_ scripts: Set<Script>) -> Bool {
        if scripts.count <= 1 { return true }
        let rest = scripts.subtracting([.han])
        return rest.isSubset(of: [.hiragana, .katakana]) || rest == [.hangul] || rest == [.bopomofo]
    }

    /// Characters that draw nothing on their own: format and control characters, variation
    /// selectors, fillers (U+3164, U+115F ...), the combining grapheme joiner, tags.
    static func hidden(_ s: Unicode.Scalar) -> Bool {
        let p = s.properties
        switch p.generalCategory {
        case .format, .control, .privateUse, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator, .spaceSeparator: return true
        default: return p.isDefaultIgnorableCodePoint || p.isVariationSelector || p.isWhitespace
        }
    }

    /// Greek and Cyrillic letters drawn exactly like a Latin one (after lower-casing), so a
    /// name written wholly in one of them cannot pass for its Latin twin (`рор` for `pop`).
    static let latinLookalike: [UInt32: UInt32] = [
        0x0430: 0x61, 0x0435: 0x65, 0x043E: 0x6F, 0x0440: 0x70, 0x0441: 0x63, 0x0443: 0x79, 0x0445: 0x78,
        0x0455: 0x73, 0x0456: 0x69, 0x0458: 0x6A, 0x04BB: 0x68, 0x04CF: 0x6C, 0x0501: 0x64, 0x051B: 0x71, 0x051D: 0x77,
        0x0451: 0xEB, 0x0457: 0xEF,
        0x03B1: 0x61, 0x03BF: 0x6F, 0x03C1: 0x70, 0x03BD: 0x76, 0x03B9: 0x69, 0x03BA: 0x6B, 0x03C4: 0x74, 0x03C5: 0x75,
        0x03C7: 0x78, 0x03B3: 0x79,
    ]
}
