import Testing
@testable import ChalklineCore

private func quiz(_ words: String) throws -> PaceQuiz { try quizKind(PaceQuiz.self, words) }

private func questions(_ words: String, seed: UInt64 = 1, count: Int = 200) throws -> [PaceQuestion] {
    try quizQuestions(PaceQuiz.self, words, seed: seed, count: count)
}

@Suite("The pace race")
struct PaceQuizTests {
    @Test func timesAreWrittenAsRunnersWriteThem() {
        #expect(RunningText.time(315) == "5:15")
        #expect(RunningText.time(3599) == "59:59")
        #expect(RunningText.time(3600) == "1:00:00")
        #expect(RunningText.time(5697) == "1:34:57")
        #expect(RunningText.time(65) == "1:05")
    }

    @Test func timesAreReadInEveryFormPeopleType() {
        for typed in ["5:15", "05:15", "0:05:15", "5m15s", "5'15\"", "5'15", "5:15 /km", "5:15/km", " 5:15 per mile", "5 m 15 s", "5:15 min/km", "5:15 min/mi", "5:15 min"] {
            #expect(RunningText.readTime(typed) == 315, "\(typed)")
        }
        for typed in ["1:34:57", "1h34m57s", "1h 34m 57s"] { #expect(RunningText.readTime(typed) == 5697, "\(typed)") }
        #expect(RunningText.readTime("45m") == 2700)
        for typed in ["5:75", "abc", "5:15:", "5.15", "", "1h1h"] { #expect(RunningText.readTime(typed) == nil, "\(typed)") }
    }

    @Test func roundingIsHalfUp() {
        #expect(RunningText.seconds(Exact(9, over: 2)!) == 5)   // 4.5 s -> 5
        #expect(RunningText.seconds(Exact(44, over: 10)!) == 4)
        #expect(RunningText.rounded(Exact(7125, over: 1000)!, places: 2) == Exact(713, over: 100)!)  // 7.125 -> 7.13
        #expect(RunningText.rounded(Exact(7124, over: 1000)!, places: 2) == Exact(712, over: 100)!)
    }

    @Test func theIssuesExamples() {
        let mark = DecimalMark.point
        let pace = PaceQuestion(text: "10 km in 52:30: pace per km?", answer: .seconds(315, pace: .km), tags: ["pace", "km"], mark: mark)
        #expect(pace.answerText == "5:15 /km")
        #expect(pace.answerValue == .int(315))
        let time = PaceQuestion(text: "Half marathon (21.0975 km) at 4:30 per km: time, to the nearest second?",
                                answer: .seconds(RunningText.seconds((Exact(210_975, over: 10_000)! * Exact(270))!), pace: nil), tags: [], mark: mark)
        #expect(time.answerText == "1:34:56")
        let dist = PaceQuestion(text: "45:00 at 6:00 per mile: distance in miles?", answer: .number(Exact(15, over: 2)!, unit: .mi, speed: false), tags: [], mark: mark)
        #expect(dist.answerText == "7.5 mi")
        #expect(dist.answerValue == .double(7.5))
        for typed in ["7.5", "7.50", "7.5 mi", "7.5mi", "7.51", "7.49"] { #expect(dist.judge(typed) == .right, "\(typed)") }
        for typed in ["7.52", "7.48", "8"] { #expect(dist.judge(typed) == .wrong, "\(typed)") }
        #expect(dist.judge("7,5") == .right, "a decimal comma reads in every room (issue 42)")
        let comma = PaceQuestion(text: "45:00 at 6:00 per mile: distance in miles?", answer: .number(Exact(15, over: 2)!, unit: .mi, speed: false), tags: [], mark: .comma)
        #expect(comma.judge("7,5") == .right)
        #expect(comma.answerText == "7,5 mi")
        // Within one second of the rounded answer is right; two seconds off is wrong.
        for typed in ["5:14", "5:15", "5:16", "0:05:15", "5m15s"] { #expect(pace.judge(typed) == .right, "\(typed)") }
        for typed in ["5:13", "5:17"] { #expect(pace.judge(typed) == .wrong, "\(typed)") }
        #expect(pace.judge("fast").hint == "Type a time, like 5:15 or 1:34:57.")
    }

    @Test(arguments: ["time", "distance", "pace", "speed", "convert"], ["km", "mi"])
    func eachKindInKilometresAndMiles(ask: String, units: String) throws {
        for level in 1...3 {
            let all = try questions("ask=\(ask) units=\(units) level=\(level)", count: 80)
            for q in all {
                #expect(q.text.hasSuffix("?"))
                #expect(q.tags.first == ask)
                #expect(q.judge(q.answerText) == .right, "\(q.text) -> \(q.answerText)")
                if ask != "convert" { #expect(q.tags.contains(units)) }
                if units == "mi" && ask != "convert" { #expect(!q.text.contains(" km"), "\(q.text)") }
                // Level 1 is friendly: whole minutes and round distances.
                if level == 1 && ask != "convert" && ask != "speed" { #expect(!q.text.contains("nearest") && !q.text.contains("decimals"), "\(q.text)") }
            }
        }
    }

    /// (The answers are worked back from the text, independently, by the bot's solver in
    /// PaceRaceTCPTests; here only that none is zero or negative.)
    @Test func everyAnswerIsAPositiveAmount() throws {
        for q in try questions("ask=time,distance,pace,speed,convert units=both level=3", count: 400) {
            switch q.answer {
            case .seconds(let s, _): #expect(s > 0, "\(q.text)")
            case .number(let x, _, _): #expect(!x.isNegative && x.numerator > 0, "\(q.text)")
            }
        }
    }

    @Test func hourBoundaries() throws {
        let all = try questions("ask=time level=3", count: 400)
        #expect(all.contains { $0.answerText.split(separator: ":").count == 3 })
        #expect(all.allSatisfy { q in
            let parts = q.answerText.split(separator: ":")
            return parts.count == 2 ? Int(parts[0])! < 60 : Int(parts[1])! < 60
        })
    }

    @Test func theSameSeedGivesTheSameGameAndNoQuestionRepeatsAtOnce() throws {
        let a = try questions("units=both level=2", seed: 5, count: 300)
        #expect(a.map(\.text) == (try questions("units=both level=2", seed: 5, count: 300)).map(\.text))
        #expect(a.map(\.text) != (try questions("units=both level=2", seed: 6, count: 300)).map(\.text))
        #expect(zip(a, a.dropFirst()).allSatisfy { $0.text != $1.text })
        #expect(a.contains { $0.text.contains(" mi") } && a.contains { $0.text.contains(" km") })
    }

    @Test func namedRaceDistancesAtHigherLevels() throws {
        let level3 = try questions("ask=time,pace level=3", count: 400)
        #expect(level3.contains { $0.text.hasPrefix("Marathon (42.195 km)") || $0.text.hasPrefix("Half marathon (21.0975 km)") })
        #expect(try questions("level=1", count: 300).allSatisfy { !$0.text.contains("(") })
    }

    @Test func optionsAreChecked() {
        func error(_ words: String) -> String? {
            do { _ = try quiz(words); return nil } catch { return (error as? OptionError)?.message }
        }
        #expect(error("ask=sprint") == "ask= takes any of time,distance,pace,speed,convert, separated by commas.")
        #expect(error("units=yards") == "units= takes km, mi or both.")
        #expect(error("level=0") == "level= takes a whole number from 1 to 3.")
        #expect(error("units=both ask=convert decimal=comma") == nil)
    }
}
