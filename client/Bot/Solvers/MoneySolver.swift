import Foundation

/// The money race's five questions, as protocol.md writes them, in any of its currencies: an
/// amount's decimal mark is the separator before its last two digits (none for the yen), and
/// the answer is typed the way the question writes amounts.
package struct MoneySolver: QuizSolver {
    package struct Reading {
        /// The amounts in minor units, in order, and the whole numbers after them (percent, people).
        package var amounts: [Int] = []
        package var numbers: [Int] = []
        package var places = 2
        package var comma = false
        package var rounds = false
    }

    /// Amounts are runs of digits and separators that touch a currency sign or code; the
    /// other numbers (`15%`, `by 4`) are plain digits.
    package static func read(_ text: String) -> Reading {
        var r = Reading()
        r.rounds = text.contains("to the nearest")
        let words = text.replacingOccurrences(of: "CHF ", with: "CHF").split(separator: " ")
        for (i, raw) in words.enumerated() {
            let word = raw.trimmingCharacters(in: CharacterSet(charactersIn: ",:?"))
            let digits = word.filter { $0.isNumber || $0 == "." || $0 == "," || $0 == "'" }
            guard !digits.isEmpty, digits.first!.isNumber else { continue }
            let isAmount = word.contains(where: { "$€£¥₹".contains($0) }) || word.hasPrefix("CHF")
                || (i + 1 < words.count && words[i + 1].hasPrefix("€"))
            if isAmount {
                let chars = Array(digits)
                if chars.count > 3, chars[chars.count - 3] == "." || chars[chars.count - 3] == "," {
                    r.comma = chars[chars.count - 3] == ","
                    let minor = Int(String(chars.filter(\.isNumber))) ?? 0
                    r.amounts.append(minor)
                } else {
                    r.places = 0
                    r.amounts.append(Int(String(chars.filter(\.isNumber))) ?? 0)
                }
            } else if let n = Int(word.replacingOccurrences(of: "%", with: "")) {
                r.numbers.append(n)
            }
        }
        return r
    }

    package static func percentOf(_ amount: Int, _ percent: Int) -> Int { (amount * percent + 50) / 100 }

    /// The answer in minor units (or a percent), and whether it is a percent.
    package func solve(_ text: String) -> (Int, percent: Bool, Reading)? {
        let r = Self.read(text)
        if text.hasSuffix("is what percent?"), r.amounts.count == 2, r.amounts[1] > 0 {
            return (r.amounts[0] * 100 / r.amounts[1], true, r)
        }
        guard let amount = r.amounts.first else { return nil }
        if text.contains("shared by"), r.numbers.count >= 2 {
            let people = r.numbers[0], total = amount + Self.percentOf(amount, r.numbers[1])
            return ((total * 2 + people) / (people * 2), false, r)
        }
        guard let pct = r.numbers.first else { return nil }
        if text.contains("% off") { return (amount - Self.percentOf(amount, pct), false, r) }
        if text.contains("the tip") { return (Self.percentOf(amount, pct), false, r) }
        if text.contains("the total") { return (amount + Self.percentOf(amount, pct), false, r) }
        return nil
    }

    /// `7.20`, `7,20`, or `4800` for the yen, without a symbol (the judge takes either).
    package static func write(_ minor: Int, _ r: Reading) -> String {
        guard r.places == 2 else { return String(minor) }
        let cents = minor % 100
        return "\(minor / 100)\(r.comma ? "," : ".")\(cents < 10 ? "0" : "")\(cents)"
    }

    package func answer(to question: String) -> String? {
        guard let (value, isPercent, r) = solve(question) else { return nil }
        return isPercent ? "\(value)%" : Self.write(value, r)
    }

    /// A slip of a few minor units, or a point of percent.
    package func wrongAnswer(to question: String, draw: Int) -> String? {
        guard let (value, isPercent, r) = solve(question) else { return nil }
        let off = 1 + abs(draw) % 3
        return isPercent ? "\(value + off)%" : Self.write(value + off * (r.places == 2 ? 10 : 1), r)
    }
}
