@testable import ChalklineClient
import Testing

/// A frame cuts every line at the screen's edge, so wrapping decides what a student can read.
@Suite("Wrap")
struct WrapTests {
    @Test func breaksAtSpacesWithinTheWidth() {
        #expect(Wrap.lines("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
    }

    @Test func splitsAWordLongerThanTheScreen() {
        #expect(Wrap.lines("ab abcdefghij", width: 4) == ["ab", "abcd", "efgh", "ij"])
    }

    @Test func keepsShortTextWholeAndEmptyAsOneLine() {
        #expect(Wrap.lines("hello", width: 80) == ["hello"])
        #expect(Wrap.lines("", width: 80) == [""])
        #expect(Wrap.lines("abc", width: 0) == ["a", "b", "c"])
    }
}
