import ChalklineProtocol
import Testing
@testable import ChalklineCore

/// A template's line is byte for byte the tree encoded with the fills in place, holes left
/// empty taking their comma with them.
@Suite struct JSONTemplateTests {
    private func line(_ value: JSON) -> [UInt8] { value.encoded() + [0x0A] }

    @Test func holesFilledAndEmptyGiveTheTreesOwnBytes() {
        let template = JSONTemplate(.object([("type", "x"), ("rows", .array([1, 2, JSONTemplate.element(0)])),
                                             ("none", .array([JSONTemplate.element(1)])), JSONTemplate.field(2), ("tail", "t\"q")]))
        #expect(template.render([nil, nil, nil]) == line(.object([("type", "x"), ("rows", .array([1, 2])), ("none", .array([])), ("tail", "t\"q")])))
        #expect(template.render([JSON.int(3).encoded(), JSON.string("a").encoded(), JSONTemplate.fields([("rank", 4), ("of", 9)])])
                == line(.object([("type", "x"), ("rows", .array([1, 2, 3])), ("none", .array(["a"])), ("rank", 4), ("of", 9), ("tail", "t\"q")])))
        // Fewer fills than holes: the rest stay empty.
        #expect(template.render([JSON.int(3).encoded()]) == line(.object([("type", "x"), ("rows", .array([1, 2, 3])), ("none", .array([])), ("tail", "t\"q")])))
    }

    @Test func aFieldHoleAtTheEndAndStringsThatLookLikeHoles() {
        let template = JSONTemplate(.object([("type", "x"), ("s", .string("\u{1}\u{0}\"\":")), JSONTemplate.field(0)]))
        #expect(template.render([nil]) == line(.object([("type", "x"), ("s", .string("\u{1}\u{0}\"\":"))])))
        #expect(template.render([JSONTemplate.fields([("n", .null)])]) == line(.object([("type", "x"), ("s", .string("\u{1}\u{0}\"\":")), ("n", .null)])))
        #expect(JSONTemplate.fields([]) == nil)
    }

    /// `message` encoded from its rows alone, without the encoded rows it may carry (`top`).
    private static func afresh(_ message: any Message) -> [UInt8] {
        if let event = message as? RoundEndEvent { return event.json.encoded() }
        if var event = message as? GameEndEvent { event.top = nil; return event.json.encoded() }
        if var event = message as? LevelEndEvent { event.top = nil; return event.json.encoded() }
        Issue.record("not a table event: \(message)")
        return []
    }

    /// Every player's cut of a big room's round_end, game_end and level_end is the bytes the
    /// cut event itself encodes to: players in the top ten, below it, tied, and without a row.
    @Test func everyCutIsTheEventsOwnEncoding() {
        let names = (1...25).map { "p\($0)" }
        let standings = Standing.rank(names.enumerated().map { (seat: $0.offset + 1, name: $0.element, score: ($0.offset % 7) * 100, correctMs: Millis($0.offset)) })
        let results = names.enumerated().map { RoundResult(name: $0.element, correct: $0.offset % 3 != 0, points: ($0.offset % 5) * 10,
                                                            ms: $0.offset % 4 == 0 ? nil : Millis(100 * $0.offset)) }
        let teams = [TeamStanding(rank: 1, name: "Red", score: 250, members: 13), TeamStanding(rank: 2, name: "Blue", score: 200, members: 12)]
        let roundEnd = RoundEndEvent(id: 7, reveal: "7 x 3 = 21", answer: 21, answerText: "21", results: results, standings: standings, teams: teams)
        let gameEnd = GameEndEvent(standings: standings, game: "ABCD-1")
        let clues = (1...7).map { WordsClueView(n: $0, clue: "clue \"\($0)\"", letters: 5, word: "WORD\($0)", solvedBy: $0 % 2 == 0 ? "p\($0)" : nil,
                                                 points: $0 % 2 == 0 ? 100 : nil) }
        let levelEnd = LevelEndEvent(level: 2, round: 2, levels: 5, clues: clues, standings: standings, teams: teams)
        let events: [(any PersonalTable, Int)] = [(roundEnd, 10), (gameEnd, 10), (roundEnd, 5), (gameEnd, 3), (levelEnd, 10), (levelEnd, 4)]
        // The same from the event with its rows encoded once (as a room sends it): the same bytes.
        for (event, top) in events + events.map { ($0.0.withEncodedRows(), $0.1) } {
            #expect(event.json.encoded() == event.withEncodedRows().json.encoded())
            #expect(event.withEncodedRows().projected(rows: 3, hideNames: true).json.encoded()
                    == event.projected(rows: 3, hideNames: true).json.encoded())
            let cut = event.cutter(top: top)
            for seat in 0...26 {
                let name = seat == 0 ? "nobody" : "p\(seat)"
                // Against the cut event encoded afresh from its rows, not from any bytes the cutter kept.
                #expect(cut.rendered(seat: seat, name: name, .json).bytes == Self.afresh(cut.message(seat: seat, name: name)) + [0x0A],
                        "seat \(seat), top \(top)")
                #expect(cut.rendered(seat: seat, name: name, .text).string == cut.message(seat: seat, name: name).text + "\n")
            }
        }
    }
}

/// `round_end` written straight to bytes is the line its tree encodes to, whatever it holds.
@Suite struct RoundEndLineTests {
    @Test func theWrittenLineIsTheTreesLine() {
        let standings = Standing.rank([(seat: 1, name: "Zoë \"Z\"", score: 900, correctMs: 5), (seat: 2, name: "b\\c", score: 900, correctMs: 9),
                                       (seat: 3, name: "tab\tname", score: 0, correctMs: 0)])
        let results = [RoundResult(name: "Zoë \"Z\"", correct: true, points: 900, ms: 5), RoundResult(name: "b\\c", correct: false, points: 0, ms: 12),
                       RoundResult(name: "tab\tname", correct: false, points: 0, ms: nil)]
        let teams = [TeamStanding(rank: 1, name: "Red", score: 450, members: 2), TeamStanding(rank: 2, name: "Blue", score: 0, members: 1)]
        var events = [RoundEndEvent(id: 1, reveal: "3 x 4 = 12", answer: 12, answerText: "12", results: results, standings: standings),
                      RoundEndEvent(id: 2, reveal: "word", answer: "café", answerText: "café", results: results, standings: standings, teams: teams),
                      RoundEndEvent(id: 3, reveal: "", answer: .null, answerText: "", results: [], standings: [])]
        var placed = events[1]
        placed.place = YourPlace(players: 3, rank: 2, score: 900)
        events.append(placed)
        for event in events {
            #expect(event.rendered(.json).string == String(decoding: event.json.encoded() + [0x0A], as: UTF8.self))
        }
    }
}

/// Rows written straight to bytes are what their objects encode to.
@Suite struct JSONObjectWriterTests {
    /// A quiz answer's reply, written straight to bytes, is the line `OkReply` makes of its fields.
    @Test func aQuizAnswersReplyIsTheOkReplysLine() {
        for (correct, points, streak) in [(true, 995, 3), (false, 0, 0), (true, Int.max, -1)] {
            let reply = QuizAnswerReply(id: 12, correct: correct, points: points, score: -points, streak: streak)
            let ok = OkReply("answer", [("id", 12), ("correct", .bool(correct)), ("points", .int(points)), ("score", .int(-points)),
                                        ("streak", .int(streak))], text: "")
            #expect(reply.rendered(.json).bytes == ok.json.encoded() + [0x0A])
            #expect(reply.rendered(.json).bytes == ok.rendered(.json).bytes)
        }
        #expect(QuizAnswerReply(id: 3, correct: true, points: 1_995, score: 12_000, streak: 4).rendered(.text).string
                == "Right! +1,995 points (score 12,000, streak 4).\n")
        #expect(QuizAnswerReply(id: 3, correct: false, points: 0, score: 12_000, streak: 0).rendered(.text).string == "Wrong. (score 12,000)\n")
    }

    @Test func rowsAreTheObjectsBytes() {
        for name in ["ann", "", "quote\" back\\slash \u{1} é 漢"] {
            for ms: Millis? in [nil, 0, 12_345] {
                let result = RoundResult(name: name, correct: ms != nil, points: -3, ms: ms)
                #expect(result.json.encoded() == JSON.object([("name", .string(name)), ("correct", .bool(ms != nil)), ("points", -3),
                                                              ("ms", ms.map { .int(Int($0)) } ?? .null)]).encoded())
            }
            let standing = Standing(rank: 12, name: name, score: Int.max, correctMs: 0)
            #expect(standing.json.encoded() == JSON.object([("rank", 12), ("name", .string(name)), ("score", .int(Int.max))]).encoded())
        }
    }
}

/// The tests' way to fill a template from a list; the server fills its holes as it writes
/// (`render(into:fill:)`).
extension JSONTemplate {
    /// The line with each hole filled from `fills[number]` (nil or missing: left empty), and a
    /// newline after it.
    func render(_ fills: [[UInt8]?]) -> [UInt8] {
        var out = ByteWriter(capacity: sharedCount + 64)
        render(into: &out) { number, out in
            if number < fills.count, let fill = fills[number] { out.append(fill) }
        }
        return out.bytes()
    }

    /// Fields as a field hole takes them: `"players":20,"rank":3`; nil for none.
    static func fields(_ fields: [(String, JSON)]) -> [UInt8]? {
        guard !fields.isEmpty else { return nil }
        let object = JSON.object(fields).encoded()
        return Array(object.dropFirst().dropLast())
    }
}
