/// One question as a game asks it: a row of the set, or a row turned round (`ask=answer`: its
/// first answer asked, its question the answer), with its accepted answers prepared once, at
/// `/create`.
struct SetPrompt: Sendable, Equatable {
    let text: String
    /// Accepted answers, the first shown at the reveal.
    let answers: [String]
    /// How a typed answer is judged, under the room's rules.
    let key: SetAnswerKey
    /// How an option is told right or wrong: its text as written, case, spaces and a final dot
    /// aside, nothing forgiven (an option one typo away from the answer is another option).
    let exact: SetAnswerKey
    /// The row's own options for multiple choice; empty to draw them (always for a row turned round).
    let ownChoices: [String]
    let limitMs: Millis?
    /// Which of the quiz's pools its drawn options come from: 0, the rows' answers; 1, the
    /// rows' questions, for a row turned round.
    let pool: Int

    static let exactRules = SetJudgeRules(typos: false, accentsLenient: false)

    /// Every prompt of a game in the set's order (with `both`, the set one way, then the other),
    /// and the two pools of options to draw from, each option once (case and spaces aside).
    static func prepare(_ set: QuestionSet, ask: SetQuiz.Ask, rules: SetJudgeRules) -> ([SetPrompt], [[String]]) {
        func prompt(_ text: String, _ answers: [String], own: [String], seconds: Double?, pool: Int) -> SetPrompt {
            let limit = seconds.map { Millis(($0.clamped(to: Limits.questionSeconds) * 1000).rounded()) }
            return SetPrompt(text: text, answers: answers, key: SetAnswerKey(answers: answers, rules: rules),
                             exact: SetAnswerKey(answers: answers, rules: exactRules), ownChoices: own.count >= 2 ? own : [],
                             limitMs: limit, pool: pool)
        }
        var prompts: [SetPrompt] = []
        if ask != .answer {
            prompts += set.questions.map { prompt($0.text, $0.answers, own: $0.choices, seconds: $0.timeSeconds, pool: 0) }
        }
        if ask != .question {
            prompts += set.questions.map { prompt($0.answers[0], [$0.text], own: [], seconds: $0.timeSeconds, pool: 1) }
        }
        return (prompts, [distinct(set.questions.map { $0.answers[0] }), distinct(set.questions.map(\.text))])
    }

    static func distinct(_ texts: [String]) -> [String] {
        var seen: Set<String> = []
        return texts.filter { seen.insert(ChoiceLetters.fold($0)).inserted }
    }

    /// Multiple choice can give this prompt at least two options.
    func canOffer(_ pools: [[String]]) -> Bool {
        !ownChoices.isEmpty || pools[pool].contains { !exact.accepts($0) }
    }

    /// The options shown, shuffled by the game's draw, and which of them are right: the row's
    /// own, or its first answer and up to `count - 1` others from its pool (never one it accepts,
    /// never one twice).
    func options(count: Int, pools: [[String]], rng: inout SplitMix64) -> (shown: [String], right: [Bool]) {
        if !ownChoices.isEmpty {
            let shown = rng.shuffled(ownChoices)
            return (shown, shown.map { exact.accepts($0) })
        }
        let pool = pools[self.pool]
        var picked = [answers[0]]
        var seen: Set<String> = [ChoiceLetters.fold(answers[0])]
        var order = Array(pool.indices)
        var k = 0
        // A partial Fisher–Yates: each candidate drawn once, until enough are kept.
        while picked.count < count, k < order.count {
            let j = k + rng.below(order.count - k)
            order.swapAt(k, j)
            let candidate = pool[order[k]]
            k += 1
            if !exact.accepts(candidate), seen.insert(ChoiceLetters.fold(candidate)).inserted { picked.append(candidate) }
        }
        let places = rng.shuffled(Array(picked.indices))
        return (places.map { picked[$0] }, places.map { $0 == 0 })
    }
}

extension Double {
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
