import Testing
@testable import ChalklineCore

private func parse(_ words: String, random: UInt64 = 123_456_789_012) throws(OptionError) -> TimesSettings {
    try TimesSettings.parse(CommandOptions(words.split(separator: " ").map(String.init)), random: { random })
}

private func optionError(_ words: String) -> OptionError? {
    do {
        _ = try parse(words)
        return nil
    } catch {
        return error
    }
}

@Suite("TimesSettings.parse")
struct TimesSettingsTests {
    @Test func defaults() throws {
        let s = try parse("")
        #expect(s.tables == Array(2...12))
        #expect(s.tableSpec == "all")
        #expect(s.maxMultiplier == 12)
        #expect(s.order == .normal)
        #expect(s.rounds == 20)
        #expect(s.streakBonus)
        #expect(s.timing == RaceTiming(roundMs: 10_000, gapMs: 3_000, countdownMs: 3_000,
                                       seed: 123_456_789_012 % 1_000_000_000, hostPlays: true, lateJoin: true))
    }

    @Test(arguments: [
        ("table=all", [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "all"),
        ("table=ALL", [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "all"),
        ("table=7", [7], "7"),
        ("table=1", [1], "1"),
        ("table=20", [20], "20"),
        ("table=3-5", [3, 4, 5], "3-5"),
        ("table=6-6", [6], "6-6"),
        ("table=3,4,8", [3, 4, 8], "3,4,8"),
        ("table=8,3", [8, 3], "8,3"),
        ("table=4,4,9", [4, 9], "4,4,9"),
        ("tables=2-3", [2, 3], "2-3"),
    ])
    func tables(words: String, tables: [Int], spec: String) throws {
        let s = try parse(words)
        #expect(s.tables == tables)
        #expect(s.tableSpec == spec)
    }

    @Test(arguments: ["table=0", "table=21", "table=x", "table=", "table=5-3", "table=0-4", "table=3-21",
                      "table=3-", "table=-3", "table=3,,4", "table=3,", "table=3,x", "table=1.5", "table=3-4-5"])
    func badTables(words: String) {
        let e = optionError(words)
        #expect(e?.message.hasPrefix("table= takes") == true, "\(words): \(String(describing: e))")
    }

    @Test func everyOption() throws {
        let s = try parse("table=9 max=20 order=RANDOM rounds=500 time=0.2 gap=0 countdown=10 seed=7 play=no streak=off late=false")
        #expect(s.tables == [9])
        #expect(s.maxMultiplier == 20)
        #expect(s.order == .random)
        #expect(s.rounds == 500)
        #expect(!s.streakBonus)
        #expect(s.timing == RaceTiming(roundMs: 200, gapMs: 0, countdownMs: 10_000, seed: 7, seedGiven: true, hostPlays: false, lateJoin: false))
    }

    @Test func fractionalSecondsBecomeMilliseconds() throws {
        #expect(try parse("time=2.5").timing.roundMs == 2_500)
        #expect(try parse("time=600").timing.roundMs == 600_000)
        #expect(try parse("gap=0.75").timing.gapMs == 750)
    }

    @Test(arguments: ["yes", "on", "true", "YES", "On"])
    func switchesAcceptEverySpellingOfYes(value: String) throws {
        #expect(try parse("play=\(value)").timing.hostPlays)
        #expect(try parse("streak=\(value)").streakBonus)
        #expect(try parse("late=\(value)").timing.lateJoin)
    }

    @Test(arguments: ["no", "off", "false", "NO"])
    func switchesAcceptEverySpellingOfNo(value: String) throws {
        #expect(try !parse("play=\(value)").timing.hostPlays)
        #expect(try !parse("streak=\(value)").streakBonus)
        #expect(try !parse("late=\(value)").timing.lateJoin)
    }

    @Test(arguments: ["max=1", "max=21", "max=x", "rounds=0", "rounds=501", "time=0.1", "time=601", "time=nan",
                      "time=abc", "gap=-1", "gap=61", "countdown=11", "seed=-1", "seed=x", "play=maybe",
                      "streak=2", "order=sideways", "late="])
    func outOfRangeValuesAreOptionErrors(words: String) {
        #expect(throws: OptionError.self) { try parse(words) }
    }

    @Test func outOfRangeMessageNamesTheRange() {
        #expect(optionError("max=21")?.message == "max= takes a whole number from 2 to 20.")
        #expect(optionError("time=0.1")?.message == "time= takes seconds from 0.2 to 600.")
        #expect(optionError("order=up")?.message == "order= takes normal or random.")
    }

    @Test func unknownOptionIsRejected() {
        #expect(optionError("colour=red")?.message == "This game has no option colour=. Try /help create.")
        #expect(optionError("table=7 speed=3")?.message == "This game has no option speed=. Try /help create.")
    }

    @Test func optionGivenTwiceIsRejected() {
        #expect(optionError("max=4 MAX=5")?.message == "The option max= is given twice.")
    }

    @Test func plainWordIsRejected() {
        #expect(optionError("table=7 fast")?.message == #"Options look like key=value; "fast" is not one."#)
    }

    @Test func seedAcceptsLargeWholeNumbers() throws {
        #expect(try parse("seed=0").timing.seed == 0)
        #expect(try parse("seed=9223372036854775807").timing.seed == 9_223_372_036_854_775_807)
    }

    /// The seed is echoed in `settings` as a JSON integer, so it must fit one (a larger value
    /// used to trap the whole server while rendering the reply).
    @Test(arguments: ["seed=9223372036854775808", "seed=18446744073709551615"])
    func seedBeyondIntMaxIsRejected(words: String) {
        #expect(throws: OptionError.self) { try parse(words) }
    }

    @Test func settingsJSONEchoesEveryOption() throws {
        let s = try parse("table=3-5 max=6 seed=11 time=1.5")
        #expect(String(decoding: s.json.encoded(), as: UTF8.self)
                == #"{"table":"3-5","max":6,"order":"normal","rounds":20,"streak":true,"time":1.5,"gap":3.0,"countdown":3.0,"seed":11,"play":true,"late":true,"chat":true,"scoring":"speed","board":"all","names":"shown","teams":null}"#)
    }
}
