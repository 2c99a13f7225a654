import Testing
@testable import ChalklineCore
@testable import ChalklineProtocol

@Suite("Language: plural rules, placeholders, numbers")
struct LanguageTests {
    @Test func pluralRulesFollowTheHeaders() {
        let en = Languages.english, fr = Languages.named("fr")!
        #expect([0, 1, 2, 200, 201].map { PluralRule.form($0, in: en.pluralTable) } == [1, 0, 1, 1, 1])
        // French says "0 joueur": zero takes the singular.
        #expect([0, 1, 2, 1_000_001].map { PluralRule.form($0, in: fr.pluralTable) } == [0, 0, 1, 1])
    }

    @Test func aRuleWithThreeFormsIsReadToo() throws {
        // Polish, from gettext's manual: a language with other rules is a file, not code.
        let table = try #require(PluralRule.table("(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)", forms: 3))
        #expect([1, 2, 5, 12, 22, 25, 112, 122, 1_000_022].map { PluralRule.form($0, in: table) } == [0, 1, 2, 2, 1, 2, 2, 1, 1])
        #expect(PluralRule.table("n +", forms: 2) == nil)
    }

    @Test func ordinalsAreTheLanguagesOwn() {
        #expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 111, 412].map(Languages.english.ordinal) == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "111th", "412th"])
        #expect([1, 2, 21].map(Languages.named("fr")!.ordinal) == ["1er", "2e", "21e"])
        #expect(Languages.named("de")!.ordinal(3) == "3.")
    }

    @Test func numbersAreGroupedTheLanguagesWay() {
        #expect(Languages.english.number(1_234_567) == "1,234,567")
        #expect(Languages.named("fr")!.number(-1234) == "-1\u{00A0}234")
        #expect(Languages.named("de")!.number(1234) == "1.234")
        #expect(Languages.named("pt")!.number(999) == "999")
    }

    @Test func placeholdersAreFilledByNameAndAMissingKeyShowsItself() {
        let fr = Languages.named("fr")!
        let say = Say("error.lang.unknown", ["code": "xx", "list": .text("en, fr")])
        #expect(fr(say) == "La langue « xx » n'existe pas. Langues : en, fr.")
        #expect(Languages.english(say) == "There is no language \"xx\". Languages: en, fr.")
        #expect(fr.text("no.such.key") == "no.such.key")
    }

    /// Placeholders beside accents and other scripts, an unknown name, and a brace left open:
    /// each kept as written (the open brace once; the old fill repeated the text before it).
    @Test func aTemplateIsFilledAroundAccentsUnknownNamesAndAnOpenBrace() {
        let file = POFile("""
        msgid ""
        msgstr "Language: xx\\n"

        msgid "t.accents"
        msgstr "Élève {name} : {n} réponses — {nobody} {n}"

        msgid "t.open"
        msgstr "déjà {name} puis {oops"
        """)
        let xx = Language(file: file, fallback: nil)
        #expect(xx.text("t.accents", ["name": "Zoé", "n": 12_345]) == "Élève Zoé : 12,345 réponses — {nobody} 12,345")
        #expect(xx.text("t.open", ["name": "Ana"]) == "déjà Ana puis {oops")
        #expect(xx.text("t.open", ["other": "Ana"]) == "déjà {name} puis {oops")
    }

    @Test func languagesAreFoundByTheirBrowserCodes() {
        #expect(Languages.named("fr-CA")?.code == "fr")
        #expect(Languages.named("PT_br")?.code == "pt")
        #expect(Languages.named("xx") == nil)
    }

    @Test func aPOFileWithPluralsContinuationsAndFuzzyEntries() {
        let file = POFile("""
        msgid ""
        msgstr "Language: xx\\n"

        #, fuzzy
        msgid "a.fuzzy"
        msgstr "not yet"

        msgid "a.plural"
        msgid_plural "a.plural"
        msgstr[0] "{count} thing"
        msgstr[1] "{count} "
        "things"

        msgid "a.quote"
        msgstr "say \\"hi\\"\\nthere"
        """)
        #expect(file.problems.isEmpty)
        #expect(file.header["Language"] == "xx")
        #expect(file.entries == [POFile.Entry(key: "a.plural", plural: true, forms: ["{count} thing", "{count} things"]),
                                 POFile.Entry(key: "a.quote", plural: false, forms: ["say \"hi\"\nthere"])])
        #expect(POFile("msgid nope").problems.count == 1)
    }
}
