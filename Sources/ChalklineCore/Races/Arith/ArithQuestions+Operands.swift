/// Choosing the numbers of an expression whose operators are drawn: apart from the drawing
/// (`ArithQuestions`) because this is where every step is made to come out exact, small and
/// (without `negatives`) at zero or above, rather than drawn and thrown away.
extension ArithQuestions {
    /// Chooses the terms left nil (each up to its bound) so that every step can come out: a
    /// division's dividend is built as divisor x quotient and a later division takes a
    /// divisor of what it divides, a product's factors are kept small enough for the whole
    /// product to stay a head's work, and (without negatives) a number taken away is no more
    /// than what there is. Given terms (a bracket's value) are kept. Nil when a step cannot.
    mutating func fill(_ given: [Exact?], _ ops: [ArithQuiz.Op], _ bounds: [Int]) -> [Exact]? {
        var numbers = given
        var total: Exact?
        var i = 0
        while i < numbers.count {
            var end = i
            while end < ops.count, ops[end].multiplicative { end += 1 }
            // Terms i...end form one product; the operator before it joins it to the total.
            let before = i > 0 ? ops[i - 1] : nil
            if numbers[i] == nil {
                var bound = bounds[i]
                if before == .sub, !quiz.negatives, i == end, let total {
                    guard !(total < Exact(1)) else { return nil }
                    // Its share of what is left, so five terms do not all end at zero.
                    let later = ops[end...].filter { $0 == .sub }.count
                    bound = Swift.min(bound, Swift.max(1, total.numerator / total.denominator / (later + 1)))
                }
                if end > i, ops[i] == .div {
                    let divisions = ops[(i + 1)..<end].filter { $0 == .div }.count
                    guard let (dividend, divisor) = dividing(by: numbers[i + 1], within: quiz.max ?? bounds[i + 1] * bounds[i + 1],
                                                             then: divisions)
                    else { return nil }
                    numbers[i] = dividend
                    numbers[i + 1] = divisor
                } else {
                    let factors = end > i ? 1 + ops[i..<end].filter { $0 == .mul }.count : 1
                    numbers[i] = operand(largest: Swift.min(bound, Self.share(Self.largestResult, factors)), multiplicative: end > i,
                                         least: end > i ? 2 : 1)
                }
            }
            var product = numbers[i]!
            for j in i..<end {
                if numbers[j + 1] == nil {
                    if ops[j] == .mul {
                        let factors = 1 + ops[(j + 1)..<end].filter { $0 == .mul }.count
                        let room = (Self.largestResult / product.magnitude).map { $0.numerator / $0.denominator } ?? 0
                        guard room >= 1 else { return nil }
                        // x 1 teaches nothing when another factor fits.
                        numbers[j + 1] = operand(largest: Swift.min(bounds[j + 1], Self.share(Exact(room), factors)), multiplicative: true,
                                                 least: 2)
                    } else {
                        numbers[j + 1] = divisor(of: product, largest: bounds[j + 1])
                    }
                }
                guard let step = ArithExpression.apply(ops[j], product, numbers[j + 1]!), step.magnitude <= Self.largestResult,
                      let places = step.decimalPlaces, places <= quiz.decimals else { return nil }
                product = step
            }
            if let sum = total, let before {
                guard let next = ArithExpression.apply(before, sum, product) else { return nil }
                total = next
            } else {
                total = product
            }
            i = end + 1
        }
        return numbers.map { $0! }
    }

    /// The largest whole number whose `factors`-th power stays within `limit`: each factor's
    /// fair share, so five factors are each small rather than one large and four ones.
    static func share(_ limit: Exact, _ factors: Int) -> Int {
        let whole = limit.numerator / limit.denominator
        guard factors > 1 else { return Swift.max(1, whole) }
        var n = 1
        while true {
            var p = 1
            for _ in 0..<factors { p = p.multipliedReportingOverflow(by: n + 1).partialValue }
            if p > whole || p <= 0 { return n }
            n += 1
        }
    }

    /// A dividend no larger than `largest` and its divisor (`given`, or one chosen): the
    /// divisor times a whole quotient, so the division comes out.
    /// `then` more divisions follow in the product: the quotient gets as many small factors,
    /// so each of them has something to divide and the answer is not always 1.
    private mutating func dividing(by given: Exact?, within largest: Int, then: Int = 0) -> (Exact, Exact)? {
        let divisor: Exact
        if let given {
            divisor = given
        } else {
            // A divisor of 1 teaches nothing when another fits.
            let most = largest >= 4 ? Swift.min(largest / 2, quiz.max == nil ? 12 : 100) : largest
            divisor = operand(largest: most, multiplicative: true, least: largest >= 4 ? 2 : 1)
        }
        guard let room = Exact(largest) / divisor.magnitude else { return nil }
        let most = room.numerator / room.denominator
        guard most >= 1 else { return nil }
        var factors = 1
        for _ in 0..<then where factors * 2 <= most { factors *= rng.int(in: 2...Swift.min(9, most / factors)) }
        let quotient = Exact(factors * rng.int(in: 1...Swift.max(1, Swift.min(most, quiz.max == nil ? 12 : most) / factors)))
        guard let dividend = divisor.magnitude * quotient else { return nil }
        return (dividend, divisor)
    }

    /// A divisor of `value` up to `largest` that leaves at most `decimals` places (1 when
    /// nothing else does).
    private mutating func divisor(of value: Exact, largest: Int) -> Exact {
        var candidates: [Exact] = []
        let top = Swift.min(largest, 1000)
        if top >= 2 {
            for n in 2...top {
                if let q = value / Exact(n), let places = q.decimalPlaces, places <= quiz.decimals { candidates.append(Exact(n)) }
            }
        }
        if quiz.decimals > 0 {
            for tenths in 1...Swift.min(largest * 10, 50) where tenths % 10 != 0 {
                let n = Exact(scaled: tenths, places: 1)
                if let q = value / n, let places = q.decimalPlaces, places <= quiz.decimals, q.magnitude <= Self.largestResult {
                    candidates.append(n)
                }
            }
        }
        // Dividing a number by itself teaches little when another divisor fits.
        let proper = candidates.filter { $0 != value.magnitude }
        return proper.isEmpty ? (candidates.isEmpty ? Exact(1) : rng.pick(candidates)) : rng.pick(proper)
    }

    /// An operand from `least` up to `largest`: with `decimals`, now and then with tenths or
    /// hundredths (beside `x` and `/` kept to halves and tenths). Signs come later.
    private mutating func operand(largest: Int, multiplicative: Bool, least: Int = 1) -> Exact {
        // Up to 2 there is no choice left if 1 is not one.
        let least = largest >= 3 ? least : 1
        let largest = Swift.max(largest, least)
        var value = Exact(rng.int(in: least...largest))
        if quiz.decimals > 0, rng.chance(1, in: 2) {
            let places = multiplicative ? 1 : rng.int(in: 1...quiz.decimals)
            let scale = Exact.power10(places)
            let low = multiplicative ? (least > 1 ? scale + 1 : 1) : scale / 10
            value = Exact(scaled: rng.int(in: low...(largest * scale)), places: places)
        }
        return value
    }
}
