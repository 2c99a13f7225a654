import Testing
@testable import ChalklineCore

private func draw(_ seq: inout TimesQuestionSequence, _ n: Int) -> [String] {
    (0..<n).map { _ in seq.next().text }
}

@Suite("TimesQuestionSequence")
struct TimesQuestionSequenceTests {
    @Test func questionTextAndAnswer() {
        let q = TimesQuestion(table: 7, multiplier: 8)
        #expect(q.text == "7 x 8")
        #expect(q.answer == 56)
    }

    @Test func normalOrderWrapsTheMultiplierWithinOneTable() {
        var s = TimesQuestionSequence(tables: [7], maxMultiplier: 4, order: .normal, seed: 0)
        #expect(draw(&s, 7) == ["7 x 2", "7 x 3", "7 x 4", "7 x 2", "7 x 3", "7 x 4", "7 x 2"])
    }

    @Test func normalOrderMovesToTheNextTableAfterEachPassAndWrapsTables() {
        var s = TimesQuestionSequence(tables: [3, 4], maxMultiplier: 3, order: .normal, seed: 0)
        #expect(draw(&s, 6) == ["3 x 2", "3 x 3", "4 x 2", "4 x 3", "3 x 2", "3 x 3"])
    }

    @Test func normalOrderKeepsTheTablesInTheGivenOrder() {
        var s = TimesQuestionSequence(tables: [8, 3], maxMultiplier: 2, order: .normal, seed: 0)
        #expect(draw(&s, 5) == ["8 x 2", "3 x 2", "8 x 2", "3 x 2", "8 x 2"])
    }

    @Test func normalOrderWithDefaultTablesCoversEveryQuestionOnce() {
        var s = TimesQuestionSequence(tables: Array(2...12), maxMultiplier: 12, order: .normal, seed: 9)
        let all = (0..<(11 * 11)).map { _ in s.next() }
        #expect(Set(all.map(\.text)).count == 121)
        #expect(all.first == TimesQuestion(table: 2, multiplier: 2))
        #expect(all.last == TimesQuestion(table: 12, multiplier: 12))
        #expect(s.next() == TimesQuestion(table: 2, multiplier: 2))
    }

    @Test func normalOrderIgnoresTheSeed() {
        var a = TimesQuestionSequence(tables: [2, 5], maxMultiplier: 6, order: .normal, seed: 1)
        var b = TimesQuestionSequence(tables: [2, 5], maxMultiplier: 6, order: .normal, seed: 2)
        #expect(draw(&a, 30) == draw(&b, 30))
    }

    @Test(arguments: [
        (tables: [7], max: 2),       // one distinct question, 7 x 2: must still terminate
        (tables: [7], max: 3),       // two distinct questions: must alternate
        (tables: [3, 4], max: 2),    // two distinct questions from two tables
        (tables: [7], max: 12),
        (tables: Array(2...12), max: 12),
    ])
    func randomOrderNeverRepeatsThePreviousQuestion(tables: [Int], max: Int) {
        var s = TimesQuestionSequence(tables: tables, maxMultiplier: max, order: .random, seed: 12345)
        var previous: TimesQuestion?
        var repeats = 0
        var seen = Set<String>()
        for _ in 0..<10_000 {
            let q = s.next()
            #expect(tables.contains(q.table))
            #expect((2...max).contains(q.multiplier))
            if q == previous { repeats += 1 }
            previous = q
            seen.insert(q.text)
        }
        let distinct = Set(tables).count * (max - 1)
        #expect(repeats == (distinct == 1 ? 9_999 : 0))
        // Over 10,000 draws every question turns up.
        #expect(seen.count == distinct)
    }

    @Test func randomOrderWithOneDistinctQuestionTerminates() {
        var s = TimesQuestionSequence(tables: [7], maxMultiplier: 2, order: .random, seed: 1)
        #expect(draw(&s, 3) == ["7 x 2", "7 x 2", "7 x 2"])
        // A repeated table in the list is still one distinct question.
        var t = TimesQuestionSequence(tables: [5, 5], maxMultiplier: 2, order: .random, seed: 1)
        #expect(draw(&t, 3) == ["5 x 2", "5 x 2", "5 x 2"])
    }

    @Test func randomOrderWithTwoQuestionsAlternates() {
        var s = TimesQuestionSequence(tables: [7], maxMultiplier: 3, order: .random, seed: 77)
        let got = draw(&s, 100)
        for (a, b) in zip(got, got.dropFirst()) { #expect(a != b) }
        #expect(Set(got) == ["7 x 2", "7 x 3"])
    }

    @Test func sameSeedSameSequence() {
        var a = TimesQuestionSequence(tables: [3, 4, 8], maxMultiplier: 12, order: .random, seed: 2024)
        var b = TimesQuestionSequence(tables: [3, 4, 8], maxMultiplier: 12, order: .random, seed: 2024)
        #expect(draw(&a, 500) == draw(&b, 500))
    }

    @Test func differentSeedDifferentSequence() {
        var a = TimesQuestionSequence(tables: Array(2...12), maxMultiplier: 12, order: .random, seed: 1)
        var b = TimesQuestionSequence(tables: Array(2...12), maxMultiplier: 12, order: .random, seed: 2)
        #expect(draw(&a, 50) != draw(&b, 50))
    }

    @Test func splitMix64IsTheReferenceGenerator() {
        // First outputs of SplitMix64 seeded with 0, as in the reference implementation.
        var r = SplitMix64(seed: 0)
        #expect(r.next() == 0xE220_A839_7B1D_CDAF)
        #expect(r.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(r.next() == 0x06C4_5D18_8009_454F)
    }
}
