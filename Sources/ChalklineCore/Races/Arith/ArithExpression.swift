/// An expression as a class reads it: numbers, operators, at most one pair of brackets.
struct ArithExpression {
    var numbers: [Exact]
    var ops: [ArithQuiz.Op]
    /// The terms inside the brackets, if any.
    var parens: ClosedRange<Int>?
    /// The room's decimal mark (`decimal=`), so a comma class reads `7,2 / 0,8`.
    var mark: Character = "."

    /// `3 + 4 x 2`, `(12 - 4) / 2`, `-6 x 3 + 20`, `5 - (-2)`: a negative number after an
    /// operator is bracketed, so `-` as an operator and as a sign never touch.
    var text: String {
        var out = ""
        for (i, n) in numbers.enumerated() {
            if i > 0 { out += " \(ops[i - 1].rawValue) " }
            if parens?.lowerBound == i { out += "(" }
            let written = n.decimalText(mark: mark) ?? n.description
            out += n.isNegative && i > 0 && parens?.lowerBound != i ? "(\(written))" : written
            if parens?.upperBound == i { out += ")" }
        }
        return out
    }

    /// The value with `x` and `/` first and brackets before all, or nil when a step divides by
    /// zero, needs more than `places` decimals, goes below zero (unless allowed) or past `limit`.
    func value(within limit: Exact, allowNegative: Bool, places: Int) -> Exact? {
        var nums = numbers, operators = ops
        if let span = parens {
            guard let inner = Self.evaluate(Array(nums[span]), Array(operators[span.lowerBound..<span.upperBound]),
                                            limit: limit, allowNegative: allowNegative, places: places) else { return nil }
            nums.replaceSubrange(span, with: [inner])
            operators.removeSubrange(span.lowerBound..<span.upperBound)
        }
        return Self.evaluate(nums, operators, limit: limit, allowNegative: allowNegative, places: places)
    }

    /// Left to right, ignoring precedence: what a student who forgets the rule gets.
    func leftToRight() -> Exact? {
        var acc = numbers[0]
        for (i, op) in ops.enumerated() {
            guard let next = Self.apply(op, acc, numbers[i + 1]) else { return nil }
            acc = next
        }
        return acc
    }

    private static func evaluate(_ nums: [Exact], _ ops: [ArithQuiz.Op], limit: Exact, allowNegative: Bool, places: Int) -> Exact? {
        func ok(_ x: Exact) -> Bool {
            guard let p = x.decimalPlaces, p <= places, x.magnitude <= limit else { return false }
            return allowNegative || !x.isNegative
        }
        // Multiplicative runs first, left to right, then the additive ones.
        var terms: [Exact] = [nums[0]]
        var additive: [ArithQuiz.Op] = []
        for (i, op) in ops.enumerated() {
            if op.multiplicative {
                guard let step = apply(op, terms.removeLast(), nums[i + 1]), ok(step) else { return nil }
                terms.append(step)
            } else {
                additive.append(op)
                terms.append(nums[i + 1])
            }
        }
        var acc = terms[0]
        for (i, op) in additive.enumerated() {
            guard let step = apply(op, acc, terms[i + 1]), ok(step) else { return nil }
            acc = step
        }
        return ok(acc) ? acc : nil
    }

    static func apply(_ op: ArithQuiz.Op, _ a: Exact, _ b: Exact) -> Exact? {
        switch op {
        case .add: a + b
        case .sub: a - b
        case .mul: a * b
        case .div: a / b
        }
    }
}
