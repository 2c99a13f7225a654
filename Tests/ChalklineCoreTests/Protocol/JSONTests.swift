import Foundation
import Testing
@testable import ChalklineCore

private func encode(_ value: JSON) -> String { String(decoding: value.encoded(), as: UTF8.self) }

@Suite("JSON encoding")
struct JSONTests {
    @Test func objectsKeepTheirKeyOrder() {
        #expect(encode(.object([("type", "ok"), ("cmd", "x"), ("a", 1), ("b", .null), ("c", true), ("d", .array([1, 2]))]))
                == #"{"type":"ok","cmd":"x","a":1,"b":null,"c":true,"d":[1,2]}"#)
    }

    @Test func numbers() {
        #expect(encode(.double(3)) == "3.0")
        #expect(encode(.double(0.2)) == "0.2")
        #expect(encode(.double(.infinity)) == "null")
        #expect(encode(.double(.nan)) == "null")
        #expect(encode(.int(-42)) == "-42")
    }

    /// A `progress` event written straight to bytes is what encoding its tree gives.
    @Test func progressWrittenStraightIsItsTreesBytes() {
        for event in [ProgressEvent(id: 1, answers: 0, players: 20), ProgressEvent(id: 123_456, answers: 999, players: 1_000)] {
            #expect(event.rendered(.json).string == String(decoding: event.json.encoded() + [0x0A], as: UTF8.self))
            #expect(event.rendered(.text).string == event.text + "\n")
        }
    }

    /// An `ok` reply written straight to bytes is what encoding its tree gives.
    @Test func okRepliesWrittenStraightAreTheirTreesBytes() {
        let replies = [
            OkReply("answer", [("id", 3), ("correct", true), ("points", 988), ("score", 1988), ("streak", 2)], text: "Right!"),
            OkReply("ping", text: "pong"),
            OkReply("say \"x\"\n", [("text", .string("tab\there \u{1}")), ("list", .array([.null, .double(2.5), .object([("a", .array([]))])]))], text: "t"),
        ]
        for reply in replies {
            #expect(reply.rendered(.json).bytes == reply.json.encoded() + [0x0A])
            #expect(reply.rendered(.text).string == reply.text + "\n")
        }
    }

    /// Integers are written digit by digit, not through `String`: every width, both signs, the ends.
    @Test func integersAsSwiftPrintsThem() {
        var values = [0, 1, -1, 9, 10, -10, 99, 100, 1_000, 987_654_321, Int.max, Int.min, Int.min + 1]
        var power = 1
        for _ in 0..<18 { power *= 10; values += [power - 1, power, -power, -power + 1] }
        for value in values { #expect(encode(.int(value)) == String(value)) }
    }

    /// The copy of unescaped runs must keep the bytes before the first escape, between two
    /// escapes next to each other, and after the last.
    @Test func escapesAtTheEdgesAndSideBySide() {
        #expect(encode(.string("")) == #""""#)
        #expect(encode(.string("\"")) == #""\"""#)
        #expect(encode(.string("\n\n")) == #""\n\n""#)
        #expect(encode(.string("\"ab\"")) == #""\"ab\"""#)
        #expect(encode(.string("plain words, 7 x 8")) == #""plain words, 7 x 8""#)
    }

    @Test func stringsAreEscapedAndStayOnOneLine() {
        let tricky = "a\"b\\c\nd\re\tf\u{01}g\u{7F}hé😀"
        let line = encode(.object([("s", .string(tricky))]))
        #expect(line == #"{"s":"a\"b\\c\nd\re\tf\u0001g\u007fhé😀"}"#)
        #expect(!line.contains("\n"))
        // Foundation reads back exactly what went in.
        let back = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
        #expect(back?["s"] == tricky)
    }
}
