/// One times-table question.
public struct TimesQuestion: Equatable, Sendable {
    public var table: Int
    public var multiplier: Int
    public var answer: Int { table * multiplier }
    public var text: String { "\(table) x \(multiplier)" }
}

/// The question order of the times-tables seed app, for any set of tables.
///
/// `normal` walks the multiplier 2...max and wraps to 2, moving to the next table after each full
/// pass (wrapping the tables); `random` draws a multiplier from 2...max (and a table, when there
/// are several) and never repeats the previous question. With a student's Leitner boxes
/// (adaptive homework) neither order applies: each question is drawn by the fact's weight in the
/// boxes (`LeitnerBoxes.weight`), never the previous question again.
public struct TimesQuestionSequence: QuizQuestionSource {
    public enum Order: String, Sendable, CaseIterable { case normal, random }

    public let tables: [Int]
    public let maxMultiplier: Int
    public let order: Order
    private var rng: SplitMix64
    private var position = 0
    private var last: TimesQuestion?
    /// Adaptive practice: every fact the tables hold, each with its weight, and their sum.
    private let weighted: (facts: [TimesQuestion], weights: [Int], total: Int)?

    public init(tables: [Int], maxMultiplier: Int, order: Order, seed: UInt64, boxes: LeitnerBoxes? = nil) {
        precondition(!tables.isEmpty && maxMultiplier >= 2)
        self.tables = tables
        self.maxMultiplier = maxMultiplier
        self.order = order
        rng = SplitMix64(seed: seed)
        weighted = boxes.map { boxes in
            var seen = Set<Int>()
            let facts = tables.filter { seen.insert($0).inserted }
                .flatMap { table in (2...maxMultiplier).map { TimesQuestion(table: table, multiplier: $0) } }
            let weights = facts.map { boxes.weight(of: TimesFact($0.table, $0.multiplier)) }
            return (facts, weights, weights.reduce(0, +))
        }
    }

    public mutating func next() -> TimesQuestion {
        if let weighted {
            var draw: TimesQuestion
            repeat {
                var r = rng.below(weighted.total)
                var index = 0
                while r >= weighted.weights[index] {
                    r -= weighted.weights[index]
                    index += 1
                }
                draw = weighted.facts[index]
            } while draw == last && weighted.facts.count > 1
            last = draw
            return draw
        }
        let question: TimesQuestion
        switch order {
        case .normal:
            let perTable = maxMultiplier - 1
            let table = tables[(position / perTable) % tables.count]
            question = TimesQuestion(table: table, multiplier: 2 + position % perTable)
            position += 1
        case .random:
            let distinct = Set(tables).count * (maxMultiplier - 1)
            var draw: TimesQuestion
            repeat {
                let table = tables.count == 1 ? tables[0] : tables[rng.below(tables.count)]
                draw = TimesQuestion(table: table, multiplier: rng.int(in: 2...maxMultiplier))
            } while draw == last && distinct > 1
            question = draw
        }
        last = question
        return question
    }
}
