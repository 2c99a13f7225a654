/// A PO header's `plural=` expression (C syntax over `n`: `n != 1`, `n > 1`,
/// `n%10==1 && n%100!=11 ? 0 : ...`), worked out once into a table, so that a language with
/// other plural rules is a new file and no new code, and the pages get the same answers as the
/// server without evaluating anything (`Language.table`).
public enum PluralRule {
    /// Forms for 0...199; any n from 200 up takes the form of `100 + n % 100`, which is exact
    /// for every rule gettext's documentation lists (they look at n, n % 10 and n % 100 only,
    /// and compare n itself with numbers below 100).
    public static let tableSize = 200

    /// The table for `expression`, or nil when it is not an expression this reader follows.
    public static func table(_ expression: String, forms: Int) -> [Int]? {
        var table: [Int] = []
        for n in 0..<tableSize {
            var parser = Parser(tokens: tokens(expression), n: n)
            guard let value = parser.ternary(), parser.atEnd else { return nil }
            table.append(min(max(0, value), max(0, forms - 1)))
        }
        return table
    }

    /// The form for `n` from a table `table(_:forms:)` made.
    public static func form(_ n: Int, in table: [Int]) -> Int {
        let m = n.magnitude
        let index = m < UInt(tableSize) ? Int(m) : 100 + Int(m % 100)
        return table.isEmpty ? 0 : table[index]
    }

    private static func tokens(_ s: String) -> [String] {
        var out: [String] = []
        var chars = Array(s)[...]
        while let ch = chars.first {
            if ch == " " || ch == ";" { chars = chars.dropFirst(); continue }
            if ch.isNumber {
                let digits = chars.prefix { $0.isNumber }
                out.append(String(digits)); chars = chars.dropFirst(digits.count); continue
            }
            let two = String(chars.prefix(2))
            if ["==", "!=", "<=", ">=", "&&", "||"].contains(two) { out.append(two); chars = chars.dropFirst(2); continue }
            out.append(String(ch)); chars = chars.dropFirst()
        }
        return out
    }

    /// Recursive descent in C's precedence: ?: then || && == != < > <= >= + - * / % then ! and ( ).
    private struct Parser {
        var tokens: [String]
        var at = 0
        let n: Int
        var atEnd: Bool { at == tokens.count }

        mutating func take(_ t: String) -> Bool {
            guard at < tokens.count, tokens[at] == t else { return false }
            at += 1
            return true
        }

        mutating func ternary() -> Int? {
            guard let c = or() else { return nil }
            guard take("?") else { return c }
            guard let a = ternary(), take(":"), let b = ternary() else { return nil }
            return c != 0 ? a : b
        }

        mutating func binary(_ ops: [String], _ next: (inout Parser) -> Int?, _ apply: (String, Int, Int) -> Int?) -> Int? {
            guard var left = next(&self) else { return nil }
            while at < tokens.count, ops.contains(tokens[at]) {
                let op = tokens[at]
                at += 1
                guard let right = next(&self), let value = apply(op, left, right) else { return nil }
                left = value
            }
            return left
        }

        mutating func or() -> Int? { binary(["||"], { $0.and() }) { _, a, b in (a != 0 || b != 0) ? 1 : 0 } }
        mutating func and() -> Int? { binary(["&&"], { $0.equality() }) { _, a, b in (a != 0 && b != 0) ? 1 : 0 } }
        mutating func equality() -> Int? { binary(["==", "!="], { $0.relation() }) { op, a, b in ((a == b) == (op == "==")) ? 1 : 0 } }
        mutating func relation() -> Int? {
            binary(["<", ">", "<=", ">="], { $0.sum() }) { op, a, b in
                switch op { case "<": a < b ? 1 : 0; case ">": a > b ? 1 : 0; case "<=": a <= b ? 1 : 0; default: a >= b ? 1 : 0 }
            }
        }
        mutating func sum() -> Int? { binary(["+", "-"], { $0.product() }) { op, a, b in op == "+" ? a + b : a - b } }
        mutating func product() -> Int? {
            binary(["*", "/", "%"], { $0.unary() }) { op, a, b in
                switch op { case "*": a * b; case "/": b == 0 ? nil : a / b; default: b == 0 ? nil : a % b }
            }
        }
        mutating func unary() -> Int? {
            if take("!") { return unary().map { $0 == 0 ? 1 : 0 } }
            if take("(") {
                guard let v = ternary(), take(")") else { return nil }
                return v
            }
            guard at < tokens.count else { return nil }
            let t = tokens[at]
            at += 1
            if t == "n" { return n }
            return Int(t)
        }
    }
}
