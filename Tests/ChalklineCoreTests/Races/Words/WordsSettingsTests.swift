import Testing
@testable import ChalklineCore

/// `/create words` options: defaults, ranges, and an unknown pack as its own error.
@Suite struct WordsSettingsTests {
    let builtin = LevelPack(name: "builtin", levels: Array(repeating: WordsFixtures.level(WordsFixtures.levelA), count: 12))
    let extra = LevelPack(name: "Animals", levels: [WordsFixtures.level(WordsFixtures.levelB)])

    private func parse(_ args: String, packs: [LevelPack]? = nil) throws(WordsSettingsError) -> WordsSettings {
        try WordsSettings.parse(CommandOptions(args.splitOnBlanks()), packs: packs ?? [extra, builtin], random: { 99 })
    }

    /// Without `level=`, the seed picks the start (99 % 12 = 3: level 4) and a game is five levels.
    @Test func defaultsPlayFiveLevelsOfTheBuiltinPackFromWhereTheSeedSays() throws {
        let s = try parse("")
        #expect(s.pack.name == "builtin")
        #expect(s.chosenLevel == nil)
        #expect(s.firstLevel == 4)
        #expect(s.levels == 5)
        #expect(s.timing.roundMs == 180_000)
        #expect(s.timing.gapMs == 3000)
        #expect(s.timing.seed == 99)
        #expect(s.timing.hostPlays)
        #expect(s.json == .object([("pack", "builtin"), ("level", 4), ("levels", 5), ("time", .double(180)), ("gap", .double(3)),
                                   ("countdown", .double(3)), ("seed", 99), ("play", true), ("late", true), ("chat", true),
                                   ("scoring", "speed"), ("board", "all"), ("names", "shown")]))
    }

    @Test func everyOptionIsRead() throws {
        let s = try parse("pack=animals level=1 levels=1 time=45 gap=5 countdown=0 seed=12 play=no")
        #expect(s.pack.name == "Animals")
        #expect(s.levels == 1)
        #expect(s.timing == RaceTiming(roundMs: 45_000, gapMs: 5000, countdownMs: 0, seed: 12, seedGiven: true, hostPlays: false, lateJoin: true))
    }

    @Test func aDrawnStartWrapsPastThePacksLastLevel() throws {
        let s = try WordsSettings.parse(CommandOptions(["seed=10", "levels=4"]), packs: [builtin], random: { 0 })
        #expect((0..<4).map { s.levelNumber(round: $0) } == [11, 12, 1, 2])
        #expect(try parse("levels=12").levels == 12)
        #expect(throws: WordsSettingsError.self) { try parse("levels=13") }
    }

    @Test func levelsDefaultsToWhatRemainsFromTheFirstLevel() throws {
        #expect(try parse("level=10").levels == 3)
        #expect(try parse("level=10 levels=2").levels == 2)
    }

    @Test func outOfRangeIsBadArgs() {
        for args in ["level=0", "level=13", "level=10 levels=4", "levels=0", "time=5", "time=abc", "color=red", "level=1 level=2", "hard"] {
            #expect(throws: WordsSettingsError.self, "\(args)") { try parse(args) }
            do { _ = try parse(args) } catch {
                guard case .option = error else { Issue.record("\(args) gave \(error)"); continue }
            }
        }
    }

    @Test func unknownPackIsNoPackAndListsThePacks() {
        #expect(throws: WordsSettingsError.noPack(name: "space", available: ["Animals", "builtin"])) { try parse("pack=space") }
    }

    @Test func withoutTheBuiltinPackTheFirstPackIsTheDefault() throws {
        #expect(try parse("", packs: [extra]).pack.name == "Animals")
        #expect(throws: WordsSettingsError.noPack(name: "builtin", available: [])) { try parse("", packs: []) }
    }

    @Test func helpCreateListsEveryWordsOption() {
        let text = Help.text("create")
        for key in ["pack=", "level=", "levels=", "time=180", "gap=", "countdown=", "seed=", "play="] {
            #expect(text.contains("words options:") && text.split(separator: "words options:").last?.contains(key) == true, "\(key)")
        }
    }
}
