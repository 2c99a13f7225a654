import Testing
@testable import ChalklineCore

@Suite("Token")
struct TokenTests {
    @Test func readsBackTheTextItShows() {
        var random = SplitMix64(seed: 3)
        for _ in 0..<100 {
            let token = Token { random.next() }
            #expect(token.text.count == 32)
            let read = Token(text: token.text)
            #expect(read.map(token.matches) == true)
        }
    }

    @Test func theTextIsTheTwoDrawsInOrderAsBefore() {
        var draws: [UInt64] = [0x0123_4567_89ab_cdef, 0xf]
        let token = Token { draws.removeFirst() }
        #expect(token.text == "0123456789abcdef000000000000000f")
        #expect(Secrets.token { 0xa } == "000000000000000a000000000000000a")
    }

    @Test func refusesWhatNoSeatCanHold() {
        let good = "0123456789abcdef0123456789abcdef"
        #expect(Token(text: good) != nil)
        #expect(Token(text: good.uppercased()) == nil)
        #expect(Token(text: String(good.dropLast())) == nil)
        #expect(Token(text: good + "0") == nil)
        #expect(Token(text: "0123456789abcdef0123456789abcdeg") == nil)
        #expect(Token(text: "") == nil)
    }

    @Test func matchesOnlyItself() {
        let a = Token(text: "0123456789abcdef0123456789abcdef")!
        let b = Token(text: "0123456789abcdef0123456789abcdee")!
        let c = Token(text: "1123456789abcdef0123456789abcdef")!
        #expect(a.matches(a))
        #expect(!a.matches(b))
        #expect(!a.matches(c))
    }
}
