import Testing
@testable import ChalklineCore

/// The name rule, one case each: what a real class types passes, what only an impersonator
/// types does not, and what reads the same is the same name.
@Suite struct NamesTests {
    @Test(arguments: ["sam", "Zoë", "José", "Zoe\u{0308}", "李明", "Đức", "Nguyễn", "さくら", "カタカナ", "日本さくら", "민준", "Αλέξης",
                      "Влад", "أحمد", "प्रिया", "R2-D2", "a.b_c", "0123456789abcdef"])
    func realNamesPass(_ name: String) {
        #expect(Names.isValid(name))
    }

    @Test(arguments: ["", "sam\u{034F}", "sam\u{FE0F}", "sam\u{180B}", "s\u{0430}m", "\u{3164}", "sam\u{200B}", "sam\u{200D}",
                      "a b", "sam\u{0}", "sam\u{202E}", "0123456789abcdefg", "e\u{0301}\u{0302}\u{0303}\u{0304}",
                      "s" + String(repeating: "\u{0301}", count: 490), "sam!", "😀", "Zoë李", "\u{E0041}sam"])
    func impersonationsAndJunkAreRefused(_ name: String) {
        #expect(!Names.isValid(name))
    }

    @Test func bytesAreCappedToo() {
        let letter = "a\u{0301}\u{0302}\u{0303}"  // 7 bytes, one letter, three marks
        #expect(Names.isValid(String(repeating: letter, count: 6)))
        #expect(!Names.isValid(String(repeating: letter, count: 7)))
    }

    @Test func namesThatReadTheSameHaveOneKey() {
        let sam = Names.folded("sam")
        for twin in ["SAM", "Sam", "\u{FF53}\u{FF41}\u{FF4D}", "\u{FF33}\u{FF21}\u{FF2D}", "s\u{0430}m", "sa\u{200B}m"] {
            #expect(Names.folded(twin) == sam, "\(twin.unicodeScalars.map(\.value))")
        }
        #expect(Names.folded("\u{0440}\u{043E}\u{0440}") == Names.folded("pop"))
        #expect(Names.folded("Jos\u{00E9}") == Names.folded("Jose\u{0301}"))
        #expect(Names.folded("sam") != Names.folded("sal"))
        #expect(Names.folded("李明") != Names.folded("李"))
    }

    @Test func scriptsMixOnlyAsOneLanguageWrites() {
        #expect(Script.isOneWriting([.han, .hiragana, .katakana]))
        #expect(Script.isOneWriting([.han, .hangul]))
        #expect(!Script.isOneWriting([.latin, .cyrillic]))
        #expect(!Script.isOneWriting([.hangul, .hiragana]))
    }
}
