import Testing
@testable import ChalklineCore

@Suite("ClientLine.parse")
struct ClientLineTests {
    @Test func commandWithArguments() {
        #expect(ClientLine.parse("/join ABCD sam") == .command(verb: "join", rest: "ABCD sam"))
        #expect(ClientLine.parse("/join ABCD sam").args == ["ABCD", "sam"])
    }

    @Test(arguments: ["/JOIN abcd", "/Join abcd", "/jOiN abcd"])
    func verbIsCaseInsensitiveButArgumentsAreKept(line: String) {
        #expect(ClientLine.parse(line) == .command(verb: "join", rest: "abcd"))
        #expect(ClientLine.parse(line).args == ["abcd"])
    }

    @Test func tabsAndRunsOfSpacesSeparateArguments() {
        #expect(ClientLine.parse("\t/create  times\ttable=7   max=4 \t") == .command(verb: "create", rest: "times\ttable=7   max=4"))
        #expect(ClientLine.parse("\t/create  times\ttable=7   max=4 \t").args == ["times", "table=7", "max=4"])
    }

    @Test func verbAlone() {
        #expect(ClientLine.parse("/start") == .command(verb: "start", rest: ""))
        #expect(ClientLine.parse("/start").args == [])
        #expect(ClientLine.parse("/PING   ") == .command(verb: "ping", rest: ""))
        #expect(ClientLine.parse("/PING   ").args == [])
        #expect(ClientLine.parse("/") == .command(verb: "", rest: ""))
        #expect(ClientLine.parse("/").args == [])
    }

    @Test func bareLineIsAnAnswer() {
        #expect(ClientLine.parse("56") == .command(verb: "answer", rest: "56"))
        #expect(ClientLine.parse("56").args == ["56"])
        #expect(ClientLine.parse("  +56 ") == .command(verb: "answer", rest: "+56"))
        #expect(ClientLine.parse("  +56 ").args == ["+56"])
        #expect(ClientLine.parse("fifty six") == .command(verb: "answer", rest: "fifty six"))
        #expect(ClientLine.parse("fifty six").args == ["fifty", "six"])
    }

    @Test func slashLaterInTheLineIsStillAnAnswer() {
        #expect(ClientLine.parse("1/2") == .command(verb: "answer", rest: "1/2"))
        #expect(ClientLine.parse("1/2").args == ["1/2"])
        #expect(ClientLine.parse(" /ping") == .command(verb: "ping", rest: ""))
        #expect(ClientLine.parse(" /ping").args == [])
    }

    @Test func answerCommandKeepsTheSentence() {
        #expect(ClientLine.parse("/answer  forty  two ") == .command(verb: "answer", rest: "forty  two"))
        #expect(ClientLine.parse("/answer  forty  two ").args == ["forty", "two"])
    }

    /// Blanks are found byte by byte: a space before a combining mark still separates two words
    /// (as one `Character` it would glue them), and letters outside ASCII are kept whole.
    @Test func blanksBeforeCombiningMarksAndWordsOutsideASCII() {
        #expect(ClientLine.parse("a \u{301}b") == .command(verb: "answer", rest: "a \u{301}b"))
        #expect(ClientLine.parse("a \u{301}b").args == ["a", "\u{301}b"])
        #expect(ClientLine.parse("/SAY  héllo\twörld 漢字 ") == .command(verb: "say", rest: "héllo\twörld 漢字"))
        #expect(ClientLine.parse("/SAY  héllo\twörld 漢字 ").args == ["héllo", "wörld", "漢字"])
        #expect(ClientLine.parse("/ÉCOLE x") == .command(verb: "école", rest: "x"))
        #expect(ClientLine.parse("/ÉCOLE x").args == ["x"])
    }

    @Test(arguments: ["", " ", "\t", "  \t  "])
    func blankLinesAreEmpty(line: String) {
        #expect(ClientLine.parse(line) == .empty)
    }
}

@Suite("CommandOptions")
struct CommandOptionsTests {
    @Test func splitsPairsFromPlainWords() {
        let o = CommandOptions(["times", "table=7", "MAX=4", "word"])
        #expect(o.positional == ["times", "word"])
        #expect(o.pairs.map(\.key) == ["table", "max"])   // keys lowercased
        #expect(o.pairs.map(\.value) == ["7", "4"])
    }

    @Test func valueKeepsItsCaseAndLaterEqualsSigns() {
        let o = CommandOptions(["Seed=AbC", "x=a=b", "empty="])
        #expect(o.positional == [])
        #expect(o.pairs.map(\.key) == ["seed", "x", "empty"])
        #expect(o.pairs.map(\.value) == ["AbC", "a=b", ""])
    }

    @Test func leadingEqualsIsNotAnOption() {
        let o = CommandOptions(["=7"])
        #expect(o.positional == ["=7"])
        #expect(o.pairs.isEmpty)
    }

    @Test func equalityComparesPairsInOrder() {
        #expect(CommandOptions(["a=1", "b=2"]) == CommandOptions(["A=1", "b=2"]))
        #expect(CommandOptions(["a=1", "b=2"]) != CommandOptions(["b=2", "a=1"]))
        #expect(CommandOptions(["a=1"]) != CommandOptions(["a=2"]))
    }
}
