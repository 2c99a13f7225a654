import Testing
@testable import ChalklineCore

private func utf8(_ s: String) -> [UInt8] { Array(s.utf8) }

private let IAC: UInt8 = 0xFF

@Suite("LineFramer")
struct LineFramerTests {
    @Test func oneLine() {
        var f = LineFramer()
        #expect(f.push(utf8("hello\n")) == [.line("hello")])
        #expect(f.pendingCount == 0)
    }

    @Test func lineSplitAcrossTwoPushes() {
        var f = LineFramer()
        #expect(f.push(utf8("/join AB")) == [])
        #expect(f.pendingCount == 8)
        #expect(f.push(utf8("CD sam\n")) == [.line("/join ABCD sam")])
        #expect(f.pendingCount == 0)
    }

    @Test func lineFedByteByByte() {
        var f = LineFramer()
        var got: [FramedLine] = []
        for byte in utf8("Zoë 56\r\n7\n") { got += f.push([byte]) }
        #expect(got == [.line("Zoë 56"), .line("7")])
    }

    @Test func multibyteCharacterSplitAcrossPushes() {
        var f = LineFramer()
        let bytes = utf8("é\n")  // C3 A9 0A
        #expect(f.push([bytes[0]]) == [])
        #expect(f.push(Array(bytes[1...])) == [.line("é")])
    }

    @Test func severalLinesInOnePush() {
        var f = LineFramer()
        #expect(f.push(utf8("a\nbb\n\nccc\npart")) == [.line("a"), .line("bb"), .line(""), .line("ccc")])
        #expect(f.pendingCount == 4)
        #expect(f.push(utf8("ial\n")) == [.line("partial")])
    }

    @Test func crlfDropsTheCROnly() {
        var f = LineFramer()
        #expect(f.push(utf8("56\r\n")) == [.line("56")])
        // A CR that is not right before the LF is data.
        #expect(f.push(utf8("a\rb\n")) == [.line("a\rb")])
        // Only one CR is dropped.
        #expect(f.push(utf8("x\r\r\n")) == [.line("x\r")])
        // CR and LF in different pushes.
        #expect(f.push(utf8("y\r")) == [])
        #expect(f.push(utf8("\n")) == [.line("y")])
    }

    @Test func exactly1024BytesIsAccepted() {
        var f = LineFramer()
        let line = String(repeating: "a", count: 1024)
        #expect(f.push(utf8(line + "\n")) == [.line(line)])
        #expect(f.push(utf8(line + "\r\n")) == [.line(line)])
    }

    @Test func exactly1024BytesWithCRLFSplitByteByByte() {
        var f = LineFramer()
        var got: [FramedLine] = []
        for byte in utf8(String(repeating: "b", count: 1024) + "\r\n") { got += f.push([byte]) }
        #expect(got == [.line(String(repeating: "b", count: 1024))])
    }

    @Test func line1025BytesIsTooLongOnceThenDiscardedToLF() {
        var f = LineFramer()
        var got = f.push(utf8(String(repeating: "a", count: 1025)))
        #expect(got == [.tooLong])
        #expect(f.pendingCount == 0)  // nothing held while discarding
        got = f.push(utf8(String(repeating: "b", count: 5000)))
        #expect(got == [])  // still the same long line: no second error
        #expect(f.pendingCount == 0)
        got = f.push(utf8("tail\nnext\n"))
        #expect(got == [.line("next")])
    }

    @Test func tooLongAndNextLineInOnePush() {
        var f = LineFramer()
        let got = f.push(utf8(String(repeating: "x", count: 1025) + "\nok\r\n"))
        #expect(got == [.tooLong, .line("ok")])
    }

    @Test func crPastTheLimitNotFollowedByLFIsTooLong() {
        var f = LineFramer()
        let got = f.push(utf8(String(repeating: "x", count: 1024) + "\rz\nok\n"))
        #expect(got == [.tooLong, .line("ok")])
    }

    @Test func smallerLimitIsHonoured() {
        var f = LineFramer(maxBytes: 4)
        #expect(f.push(utf8("abcd\nabcde\nab\n")) == [.line("abcd"), .tooLong, .line("ab")])
    }

    @Test func invalidUTF8IsBadUTF8AndTheNextLineIsFine() {
        var f = LineFramer()
        #expect(f.push([0x61, 0xC3, 0x28, 0x0A]) == [.badUTF8])       // bad continuation byte
        #expect(f.push([0xED, 0xA0, 0x80, 0x0A]) == [.badUTF8])       // an encoded surrogate
        #expect(f.push([0xC0, 0xAF, 0x0A]) == [.badUTF8])             // overlong "/"
        #expect(f.push([0xE2, 0x82, 0x0A]) == [.badUTF8])             // truncated sequence
        #expect(f.push(utf8("fine\n")) == [.line("fine")])
    }

    @Test func telnetOptionNegotiationIsRemoved() {
        var f = LineFramer()
        // What `telnet` sends first: IAC DO SUPPRESS-GO-AHEAD, IAC WILL TERMINAL-TYPE, IAC WONT ECHO, IAC DONT LINEMODE.
        let negotiation: [UInt8] = [IAC, 0xFD, 0x03, IAC, 0xFB, 0x18, IAC, 0xFC, 0x01, IAC, 0xFE, 0x22]
        #expect(f.push(negotiation + utf8("/name sam\r\n")) == [.line("/name sam")])
    }

    @Test func telnetOptionBytesThatLookLikeLFAreNotLineEnds() {
        var f = LineFramer()
        // Option code 10 (0x0A) after WILL is an option, not a line end.
        #expect(f.push([IAC, 0xFB, 0x0A] + utf8("ab\n")) == [.line("ab")])
    }

    @Test func telnetCommandInTheMiddleOfALineSplitAcrossPushes() {
        var f = LineFramer()
        #expect(f.push(utf8("4") + [IAC]) == [])
        #expect(f.push([0xFD]) == [])
        #expect(f.push([0x01] + utf8("2\n")) == [.line("42")])
        // Two-byte commands (NOP, Go Ahead) are dropped too.
        #expect(f.push([IAC, 0xF1] + utf8("x") + [IAC, 0xF9] + utf8("y\n")) == [.line("xy")])
    }

    @Test func telnetSubnegotiationIsRemovedWhole() {
        var f = LineFramer()
        // IAC SB TERMINAL-TYPE IS "xterm" IAC SE, with an LF and an escaped IAC inside it.
        let sb: [UInt8] = [IAC, 0xFA, 0x18, 0x00] + utf8("xt\nerm") + [IAC, IAC] + [IAC, 0xF0]
        #expect(f.push(utf8("a") + sb + utf8("b\n")) == [.line("ab")])
    }

    @Test func telnetSubnegotiationSplitByteByByte() {
        var f = LineFramer()
        let stream: [UInt8] = utf8("1") + [IAC, 0xFA, 0x1F, 0x00, 0x50, 0x00, 0x18, IAC, 0xF0] + utf8("2\n")
        var got: [FramedLine] = []
        for byte in stream { got += f.push([byte]) }
        #expect(got == [.line("12")])
    }

    @Test func escapedIACIsOneDataByte() {
        var f = LineFramer()
        // IAC IAC is the byte 255, which is never valid UTF-8: the line is refused as bad_utf8...
        #expect(f.push(utf8("a") + [IAC, IAC] + utf8("b\n")) == [.badUTF8])
        // ...and counted as exactly one byte against the limit.
        var small = LineFramer(maxBytes: 3)
        #expect(small.push(utf8("ab") + [IAC, IAC] + utf8("\n")) == [.badUTF8])
        #expect(small.push(utf8("ab") + [IAC, IAC, IAC, IAC] + utf8("\n")) == [.tooLong])
    }

    /// Whole lines are read straight from a push, split ones byte by byte: both must frame the
    /// same stream the same way, however it is cut.
    @Test func wholeAndSplitPushesFrameAlike() {
        var random = SplitMix64(seed: 15)
        let alphabet: [UInt8] = [0x61, 0x62, 0x0D, 0x0A, 0x0A, IAC, 0xFB, 0xFA, 0xF0, 0xC3, 0xA9, 0xE2]
        for _ in 0..<2_000 {
            let count = Int(random.next() % 40)
            let bytes = (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            var whole = LineFramer(maxBytes: 4)
            var split = LineFramer(maxBytes: 4)
            let cut = count == 0 ? 0 : Int(random.next() % UInt64(count + 1))
            var byByte = LineFramer(maxBytes: 4)
            let expected = whole.push(bytes)
            #expect(split.push(Array(bytes[..<cut])) + split.push(Array(bytes[cut...])) == expected, "\(bytes)")
            #expect(bytes.flatMap { byByte.push([$0]) } == expected, "\(bytes)")
        }
    }

    @Test func aFinishedLineLeavesNothingPending() {
        var f = LineFramer()
        #expect(f.push(utf8("/answer")) == [])
        #expect(f.pendingCount == 7)
        #expect(f.push(utf8(" 42\r\n/answer 43\n")) == [.line("/answer 42"), .line("/answer 43")])
        #expect(f.pendingCount == 0)
    }
}
