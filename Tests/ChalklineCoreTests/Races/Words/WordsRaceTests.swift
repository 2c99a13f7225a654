import Testing
@testable import ChalklineCore

/// The race's rules, driven directly: claims, wrong words, points, and the rate limit.
@Suite struct WordsRaceTests {
    let race: WordsRace
    let room: Room
    let ann: Seat
    let bob: Seat

    init() {
        race = WordsRace(settings: WordsSettings(
            pack: WordsFixtures.pack, chosenLevel: 1, levels: 2,
            timing: RaceTiming(roundMs: 60_000, gapMs: 0, countdownMs: 0, seed: 7, hostPlays: true, lateJoin: true)))
        room = Room(code: "TEST", hostKey: "k", race: race)
        ann = Seat(name: "ann", token: Token { 1 }, number: 1, room: room, plays: true)
        bob = Seat(name: "bob", token: Token { 2 }, number: 2, room: room, plays: true)
        _ = race.openRound(index: 0, id: 1)
    }

    private func say(_ seat: Seat, _ text: String, at ms: Millis = 1000) -> AnswerOutcome {
        race.answer(text, seat: seat, elapsedMs: ms)
    }

    @Test func boardEventShowsCluesUnsolvedAndAllGroups() {
        let opening = race.openRound(index: 0, id: 1)
        #expect(opening.limitMs == 60_000)
        let json = opening.event.json
        #expect(json["type"] == "board")
        #expect(json["level"] == 1)
        #expect(json["round"] == 1)
        #expect(json["levels"] == 2)
        #expect(json["time_ms"] == 60000)
        let clues = json["clues"]?.arrayValue ?? []
        #expect(clues.compactMap { $0["n"]?.intValue } == Array(1...7))
        #expect(clues.allSatisfy { $0["solved_by"] == .null && $0["word"] == .null })
        #expect(clues.compactMap { $0["letters"]?.intValue }.sorted() == WordsFixtures.answersA.map(\.count).sorted())
        #expect(json["groups"]?.arrayValue?.count == 20)
    }

    @Test func firstClaimGetsTheBonusAndIsBroadcast() throws {
        let outcome = say(ann, "sunflower")
        let reply = outcome.reply.json
        #expect(reply["type"] == "ok")
        #expect(reply["correct"] == true)
        #expect(reply["points"] == 450)
        #expect(reply["score"] == 450)
        let n = try #require(reply["n"]?.intValue)
        let event = try #require(outcome.broadcast).json
        #expect(event["type"] == "solved")
        #expect(event["n"] == .int(n))
        #expect(event["word"] == "SUNFLOWER")
        #expect(event["name"] == "ann")
        #expect(event["points"] == 450)
        #expect(ann.score == 450)
    }

    @Test func laterClaimsScoreOneHundredAGroup() {
        _ = say(ann, "POPCORN")
        #expect(say(bob, "PINEAPPLE").reply.json["points"] == 500)
        #expect(say(bob, "raincoat").reply.json["points"] == 200)
        #expect(bob.score == 700)
        #expect(ann.score == 300)
    }

    @Test func caseFoldingAndSpacesInside() {
        #expect(say(ann, "Star Fish").reply.json["correct"] == true)
        #expect(say(bob, "bUtTeRfLy").reply.json["correct"] == true)
    }

    @Test func alreadySolvedSaysWho() throws {
        let n = try #require(say(ann, "firework").reply.json["n"])
        let again = say(bob, "FIREWORK")
        let reply = again.reply.json
        #expect(reply["type"] == "error")
        #expect(reply["code"] == "already_solved")
        #expect(reply["name"] == "ann")
        #expect(reply["n"] == n)
        #expect(again.broadcast == nil)
        #expect(bob.score == 0)
    }

    @Test func wrongWordCostsNothingAndChangesNothing() {
        let outcome = say(ann, "MOONLIGHT")
        #expect(outcome.reply.json["type"] == "ok")
        #expect(outcome.reply.json["correct"] == false)
        #expect(outcome.reply.json["points"] == 0)
        #expect(outcome.reply.json["n"] == .null)
        #expect(outcome.broadcast == nil)
        #expect(ann.score == 0)
        // The bonus is still there for the first real claim.
        #expect(say(ann, "popcorn").reply.json["points"] == 300)
    }

    @Test func nonLettersAreBadAnswers() {
        // `café` is letters now (accents are read, `WordsAccentsTests`); Greek is not A–Z however folded.
        for text in ["", "42", "pop-corn", "καφές", "pop corn!"] {
            #expect(say(ann, text).reply.json["code"] == "bad_answer", "\(text)")
        }
    }

    @Test func moreThanThreeWrongWordsInASecondAreRefusedUnjudged() {
        for ms: Millis in [100, 200, 300] { #expect(say(ann, "NOPE", at: ms).reply.json["correct"] == false) }
        let limited = say(ann, "SUNFLOWER", at: 1099)
        #expect(limited.reply.json["code"] == "rate_limited")
        #expect(limited.broadcast == nil)
        // Another player is not slowed down by ann's spraying.
        #expect(say(bob, "NOPE", at: 1099).reply.json["correct"] == false)
        // A second after the first wrong word, ann may guess again, and the word was never claimed.
        #expect(say(ann, "SUNFLOWER", at: 1100).reply.json["correct"] == true)
    }

    @Test func wrongWordsSpreadOverTimeAreNotLimited() {
        for ms: Millis in stride(from: 0, to: 10_000, by: 400) {
            #expect(say(ann, "NOPE", at: ms).reply.json["correct"] == false, "at \(ms)")
        }
    }

    @Test func theRateLimitStartsAfreshEachLevel() {
        for ms: Millis in [100, 200, 300] { _ = say(ann, "NOPE", at: ms) }
        _ = race.closeRound(participants: [ann, bob], standings: [])
        _ = race.openRound(index: 1, id: 2)
        #expect(say(ann, "teapot", at: 50).reply.json["correct"] == true)
    }

    @Test func levelIsCompleteOnlyWhenAllSevenAreClaimed() {
        for word in WordsFixtures.answersA.dropLast() { _ = say(ann, word) }
        #expect(!race.roundComplete(participants: [ann, bob]))
        _ = say(bob, WordsFixtures.answersA.last!)
        #expect(race.roundComplete(participants: [ann, bob]))
    }

    @Test func levelEndRevealsEveryAnswerAndWhoSolvedIt() {
        _ = say(bob, "PINEAPPLE")
        let json = race.closeRound(participants: [ann, bob], standings: room.standings()).event.json
        #expect(json["type"] == "level_end")
        #expect(json["level"] == 1)
        let clues = json["clues"]?.arrayValue ?? []
        #expect(clues.compactMap { $0["word"]?.stringValue }.sorted() == WordsFixtures.answersA.sorted())
        let solved = clues.filter { $0["solved_by"] != .null }
        #expect(solved.count == 1)
        #expect(solved.first?["word"] == "PINEAPPLE")
        #expect(solved.first?["solved_by"] == "bob")
        #expect(solved.first?["points"] == 750)
        // After the level closes, words are not judged.
        #expect(say(ann, "POPCORN").reply.json["code"] == "no_question")
    }

    @Test func secondRoundPlaysTheNextLevel() {
        let json = race.openRound(index: 1, id: 2).event.json
        #expect(json["level"] == 2)
        #expect(json["round"] == 2)
        #expect(say(ann, "cupcake").reply.json["correct"] == true)
    }
}
