import ChalklineTesting
import Testing
@testable import ChalklineCore

/// `round_end`'s `answer_message` (review42 R6): the answer as each reader's language writes it,
/// beside `answer_text`, which stays as bots parse it; present where the question or its answer
/// is written per language, in a small room and in every copy of a big room's (cut, whole).
@Suite struct AnswerMessageTests {
    /// A room of `kind` made by Ann (json, English, hosting without playing), with French and
    /// English json players and `extra` English players more; then every round played out by
    /// the clock. Each round's `round_end` as Zoé (French), Sam (English), Ann and Wes (a French
    /// watcher) got it.
    private func rounds(_ kind: String, _ options: String, extra: Int = 0)
        throws -> [(zoe: ServerLine, sam: ServerLine, ann: ServerLine, wes: ServerLine)] {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let ann = try h.jsonClient("Ann")
        let code = try #require(try ann.step("/create \(kind) \(options) time=10 gap=0 countdown=0 play=no").messages(to: ann).first?.string("room"))
        let zoe = try h.jsonClient(), sam = try h.jsonClient(), wes = try h.jsonClient()
        try zoe.step("/lang fr")
        try wes.step("/lang fr")
        try zoe.step("/join \(code) zoé")
        try sam.step("/join \(code) sam")
        for n in 0..<extra { _ = try h.join("p\(n)", code) }
        try wes.step("/watch \(code)")
        try ann.step("/start")
        var ends: [(ServerLine, ServerLine, ServerLine, ServerLine)] = []
        while true {
            let step = clock.advance(by: 10_001)
            let end = { (c: HarnessClient) in step.messages(to: c).first { $0.type == "round_end" } }
            guard let z = end(zoe), let s = end(sam), let a = end(ann), let w = end(wes) else { break }
            ends.append((z, s, a, w))
        }
        return ends
    }

    @Test func arithDecimalsAreRevealedInEachReadersMark() throws {
        let ends = try rounds("arith", "ops=+ terms=2 decimals=1 max=20 rounds=6 seed=3")
        #expect(ends.count == 6)
        var decimals = 0
        for (zoe, sam, ann, wes) in ends {
            let text = try #require(sam.string("answer_text"))
            #expect(zoe.string("answer_text") == text, "answer_text is the same for every reader")
            guard text.contains(".") else { continue }
            decimals += 1
            let french = text.replacingOccurrences(of: ".", with: ",")
            #expect(zoe.string("answer_message") == french && wes.string("answer_message") == french, "\(zoe) \(wes)")
            #expect(sam.string("answer_message") == text && ann.string("answer_message") == text, "\(sam)")
        }
        #expect(decimals > 0, "no answer with decimals to reveal")
    }

    @Test func moneyIsRevealedAsEachLanguageWritesAmounts() throws {
        let ends = try rounds("money", "currency=EUR ask=tip rounds=2 seed=4")
        #expect(ends.count == 2)
        for (zoe, sam, ann, wes) in ends {
            let text = try #require(sam.string("answer_text"))
            #expect(text.hasSuffix(" €"), "as the currency's country writes it: \(text)")
            #expect(zoe.string("answer_message") == text && wes.string("answer_message") == text, "French writes euros as France does")
            // English puts the symbol first, with a point: `€7.20`.
            let english = try #require(sam.string("answer_message"))
            #expect(english.hasPrefix("€") && english.contains(".") && ann.string("answer_message") == english, "\(english)")
        }
    }

    /// A room of 13 players: each player's cut gets the field in their language (from the
    /// cutter's hole), the watcher's whole table in theirs, the host's in English.
    @Test func aBigRoomsCutsAndItsWholeTableCarryItToo() throws {
        let ends = try rounds("money", "currency=USD ask=tip rounds=1 seed=4", extra: Limits.fullTablePlayers + 1)
        let (zoe, sam, ann, wes) = try #require(ends.first)
        #expect(zoe.int("players") != nil && sam.int("players") != nil, "cut copies")
        #expect(wes.int("players") == nil && ann.int("players") == nil, "whole copies")
        let english = try #require(sam.string("answer_text"))
        #expect(english.hasPrefix("$"))
        let french = try #require(zoe.string("answer_message"))
        #expect(french.hasSuffix(" $") && french.contains(","), "\(french)")
        #expect(wes.string("answer_message") == french)
        #expect(sam.string("answer_message") == english && ann.string("answer_message") == english)
    }

    /// A distance or a speed takes the reader's mark (`12,5 km`); a time reads the same everywhere.
    @Test func paceIsRevealedInEachReadersMark() throws {
        var numbers = 0
        for (zoe, sam, _, _) in try rounds("pace", "units=km rounds=8 seed=9") {
            let text = try #require(sam.string("answer_text"))
            #expect(sam.string("answer_message") == text, "\(sam)")
            numbers += text.contains(".") ? 1 : 0
            #expect(zoe.string("answer_message") == text.replacingOccurrences(of: ".", with: ","), "\(zoe)")
        }
        #expect(numbers > 0, "no distance or speed with decimals to reveal")
    }

    @Test func wholeNumbersAndTimesTablesHaveNone() throws {
        for (zoe, sam, _, wes) in try rounds("times", "table=7 max=4 rounds=1 seed=1") {
            #expect(zoe["answer_message"] == nil && sam["answer_message"] == nil && wes["answer_message"] == nil, "\(zoe)")
            #expect(zoe.string("answer_text") == "14")
        }
    }
}
