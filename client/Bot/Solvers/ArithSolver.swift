import Foundation

/// `3 + 4 x 2`, `(12 - 4) / 2`, `-6 x 3 + 20`, `5 - (-2)`, `15% of 80`: protocol.md's grammar
/// for the arithmetic race, read with `x` and `/` before `+` and `-`.
package struct ArithSolver: QuizSolver {
    package func value(_ text: String) -> Double? {
        let words = text.split(separator: " ")
        if words.count == 3, words[1] == "of", words[0].hasSuffix("%"),
           let percent = Double(words[0].dropLast()), let whole = Double(words[2]) {
            return percent * whole / 100
        }
        var parser = Parser(tokens: Self.tokens(text))
        guard let value = parser.sum(), parser.atEnd else { return nil }
        return value
    }

    package func answer(to question: String) -> String? { value(question).map(Self.write) }

    /// Off by one, or by a tenth where the answer has decimals.
    package func wrongAnswer(to question: String, draw: Int) -> String? {
        guard let v = value(question) else { return nil }
        let step = v == v.rounded() ? 1.0 : 0.1
        return Self.write(v + step * Double(1 + abs(draw) % 3))
    }

    /// Rounded to six places, as the calculator seed shows results; whole numbers without a point.
    package static func write(_ v: Double) -> String {
        let rounded = (v * 1_000_000).rounded() / 1_000_000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.6f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    package static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var number = ""
        for ch in text {
            // A room with decimal=comma writes `7,2 / 0,8`; a question never groups thousands.
            if ch.isNumber || ch == "." || ch == "," || (ch == "-" && number.isEmpty && (tokens.isEmpty || tokens.last == "(") ) {
                number.append(ch)
            } else {
                if !number.isEmpty { tokens.append(number); number = "" }
                if ch != " " { tokens.append(String(ch)) }
            }
        }
        if !number.isEmpty { tokens.append(number) }
        return tokens
    }

    /// A recursive-descent reader: sum := product (("+"|"-") product)*, product := atom (("x"|"/") atom)*.
    package struct Parser {
        package var tokens: [String]
        package var at = 0
        package var atEnd: Bool { at == tokens.count }

        package mutating func sum() -> Double? {
            guard var acc = product() else { return nil }
            while at < tokens.count, tokens[at] == "+" || tokens[at] == "-" {
                let op = tokens[at]
                at += 1
                guard let rhs = product() else { return nil }
                acc = op == "+" ? acc + rhs : acc - rhs
            }
            return acc
        }

        package mutating func product() -> Double? {
            guard var acc = atom() else { return nil }
            while at < tokens.count, tokens[at] == "x" || tokens[at] == "/" {
                let op = tokens[at]
                at += 1
                guard let rhs = atom() else { return nil }
                acc = op == "x" ? acc * rhs : acc / rhs
            }
            return acc
        }

        package mutating func atom() -> Double? {
            guard at < tokens.count else { return nil }
            if tokens[at] == "(" {
                at += 1
                guard let inner = sum(), at < tokens.count, tokens[at] == ")" else { return nil }
                at += 1
                return inner
            }
            defer { at += 1 }
            return Double(tokens[at].replacingOccurrences(of: ",", with: "."))
        }
    }
}
