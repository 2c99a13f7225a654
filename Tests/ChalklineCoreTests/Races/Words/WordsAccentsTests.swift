import Testing
@testable import ChalklineCore

/// Words with accents, as the French and Spanish packs write them: the board shows `ÉLÉPHANT`,
/// and a child types `elephant`, `éléphant` or `Éléphant` and gets it right every way.
@Suite struct WordsAccentsTests {
    static let level = """
        # Des mots avec accents
        É|LÉ|PHANT: Le plus gros animal de la savane
        HÉ|RIS|SON: Petit animal couvert de piquants
        PIN|GÜI|NO: Ave que no vuela pero nada
        NI|ÑO: Un chico pequeño
        CRÊ|PE: Galette fine
        GÂ|TEAU: On souffle ses bougies
        A|R|A|Ñ|A: Tiene ocho patas
        """

    let race: WordsRace
    let ann: Seat
    let bob: Seat

    init() {
        let pack = LevelPack(name: "accents", levels: [WordsFixtures.level(Self.level)], language: "fr")
        race = WordsRace(settings: WordsSettings(
            pack: pack, chosenLevel: 1, levels: 1,
            timing: RaceTiming(roundMs: 60_000, gapMs: 0, countdownMs: 0, seed: 7, hostPlays: true, lateJoin: true)))
        let room = Room(code: "TEST", hostKey: "k", race: race)
        ann = Seat(name: "ann", token: Token { 1 }, number: 1, room: room, plays: true)
        bob = Seat(name: "bob", token: Token { 2 }, number: 2, room: room, plays: true)
        _ = race.openRound(index: 0, id: 1)
    }

    private func say(_ seat: Seat, _ text: String) -> AnswerOutcome {
        race.answer(text, seat: seat, elapsedMs: 1000)
    }

    @Test func theBoardKeepsTheAccents() {
        let level = WordsFixtures.level(Self.level)
        #expect(level.clues[0].groups == ["É", "LÉ", "PHANT"])
        #expect(level.clues[0].answer == "ÉLÉPHANT")
        #expect(level.clues[3].answer == "NIÑO")
        let event = race.openRound(index: 0, id: 1).event.json
        let letters = event["clues"]?.arrayValue?.compactMap { $0["letters"]?.intValue }.sorted()
        #expect(letters == [4, 5, 5, 6, 8, 8, 8], "ÉLÉPHANT is 8 letters, NIÑO 4")
        #expect(event["groups"]?.arrayValue?.contains(.string("LÉ")) == true)
        #expect(event["language"] == "fr")
    }

    @Test(arguments: ["elephant", "éléphant", "ÉLÉPHANT", "Éléphant", "ELE PHANT", "élephant"])
    func anElephantWithOrWithoutAccentsIsRight(typed: String) throws {
        let outcome = say(ann, typed)
        #expect(outcome.reply.json["correct"] == true, "\(typed)")
        // Everyone reads the board's spelling, whatever was typed.
        #expect(try #require(outcome.broadcast).json["word"] == "ÉLÉPHANT")
        #expect(outcome.reply.text.contains("ÉLÉPHANT"))
    }

    @Test func spanishLettersFoldToo() {
        #expect(say(ann, "pinguino").reply.json["correct"] == true)
        #expect(say(ann, "niño").reply.json["correct"] == true)
        #expect(say(bob, "arana").reply.json["correct"] == true)
    }

    @Test func aClaimedWordIsClaimedUnderEverySpelling() {
        #expect(say(ann, "gâteau").reply.json["correct"] == true)
        let again = say(bob, "gateau").reply
        #expect(again.json["code"] == "already_solved")
        #expect(again.text.contains("GÂTEAU"))
    }

    @Test func aWrongWordWithAccentsIsJudgedNotRefused() {
        #expect(say(ann, "café").reply.json["correct"] == false)
        #expect(say(ann, "слон").reply.json["code"] == "bad_answer")
    }

    @Test func keysFoldAccentsAndCase() {
        #expect(WordsRules.key("ÉLÉPHANT") == "ELEPHANT")
        #expect(WordsRules.key("pingüino") == "PINGUINO")
        #expect(WordsRules.key("cœur") == "COEUR")
        #expect(WordsRules.key("α") == nil)
        #expect(WordsRules.normalize("é lé phant") == "ÉLÉPHANT")
        #expect(WordsRules.normalize("e1") == nil)
    }

    @Test func aLevelFileMayNotHideOneAnswerUnderTwoSpellings() {
        let text = Self.level.replacingOccurrences(of: "GÂ|TEAU: On souffle ses bougies", with: "É|LE|PHANT: Sans accents")
        let found = LevelFile.parse(fileName: "level1.txt", text: text).failure?.all.map(\.description) ?? []
        #expect(found == ["level1.txt:7: the answer ÉLEPHANT is already on line 2"])
    }

    @Test func lettersThatFoldToNoLatinLetterAreRefused() {
        let text = Self.level.replacingOccurrences(of: "NI|ÑO:", with: "NI|ДO:")
        let found = LevelFile.parse(fileName: "level1.txt", text: text).failure?.all.map(\.description) ?? []
        #expect(found.first?.hasPrefix("level1.txt:5: the letter group \"ДO\" has \"Д\", which is not a letter A-Z") == true, "\(found)")
    }
}

extension Result {
    var failure: Failure? { if case .failure(let f) = self { f } else { nil } }
}
