/// How a typed answer is compared with a set question's accepted answers (protocol.md, the `quiz`
/// kind):
/// - case never matters, in any alphabet (`ÉLÈVE` is `élève`); nor spaces at the ends or runs
///   of spaces; nor punctuation anywhere in a text answer (`Washington DC` for `Washington,
///   D.C.`, `dont` for `don't`, `(Paris)`), a hyphen or dash being a space (`Addis-Ababa`);
///   a phone's `’` is `'`;
/// - `accents=lenient` (the default): accents are left out on both sides (`eleve` for `élève`,
///   `Sao Paulo`, `Zurich`), and `ß`, `æ`, `œ`, `ø`, `ł`, `đ` are `ss`, `ae`, `oe`, `o`, `l`, `d`
///   (`LetterFolds` lists what is folded). `accents=strict`: `é` must be `é` (typed either
///   precomposed or as `e` and an accent; `É` still counts);
/// - `typos=1`: one slip (`OneSlip`) is forgiven in an accepted answer of five letters or more,
///   never in a number and never in a digit;
/// - an accepted answer that reads as a number is also compared as one (`AnswerNumber`, which
///   says how `1,000` is read): `0.5`, `.5`, `,5`, `0,5` and `1/2` are all one half, `3` is `3.0`.
public struct SetJudgeRules: Sendable, Equatable {
    /// `typos=1`: one letter wrong, missing, extra or two swapped is still right, for answers of
    /// five letters or more.
    public var typos: Bool
    /// `accents=lenient` (the default): `eleve` is right for `élève`.
    public var accentsLenient: Bool

    public init(typos: Bool = false, accentsLenient: Bool = true) {
        self.typos = typos
        self.accentsLenient = accentsLenient
    }
}

public enum SetAnswerJudge {
    /// True when `typed` is one of `answers` under `rules`. Prepares the answers each time: a
    /// room judges with a `SetAnswerKey` made once.
    public static func isRight(_ typed: String, answers: [String], rules: SetJudgeRules) -> Bool {
        SetAnswerKey(answers: answers, rules: rules).accepts(typed)
    }
}

/// A question's accepted answers made ready once, when the room is created (their judge's form,
/// their number, whether a slip is forgiven): judging an answer then only prepares what was
/// typed, into memory on the stack. A set of 500 questions must judge as cheaply as
/// a times race.
public struct SetAnswerKey: Sendable, Equatable {
    public let answers: [String]
    public let rules: SetJudgeRules
    private let accepted: [Accepted]
    private let anyNumber: Bool
    private let anyText: Bool

    private struct Accepted: Sendable, Equatable {
        /// `bare` for a text answer; as read for a number, whose marks are part of it (`-3`, `1/2`).
        var form: [UInt32]
        var number: Exact?
        var forgivesSlip: Bool
    }

    public init(answers: [String], rules: SetJudgeRules) {
        self.answers = answers
        self.rules = rules
        accepted = answers.map { answer in
            let read = AnswerText.form(answer, lenient: rules.accentsLenient)
            let number = read.withUnsafeBufferPointer { AnswerNumber.read($0, typed: false)?.first }
            let form = number == nil ? AnswerText.bare(read) : read
            return Accepted(form: form, number: number,
                            forgivesSlip: rules.typos && number == nil && AnswerText.letterCount(form) >= 5)
        }
        anyNumber = accepted.contains { $0.number != nil }
        anyText = accepted.contains { $0.number == nil }
    }

    /// The first accepted answer as a number, when it reads as one (the reveal's `answer`).
    public var number: Exact? { accepted.first?.number }

    public func accepts(_ typed: String) -> Bool {
        let verdict = typed.utf8.withContiguousStorageIfAvailable { bytes in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: BufferSink.capacity(utf8Count: bytes.count)) { buffer -> Bool? in
                var sink = BufferSink(buffer)
                var writer = AnswerText(lenient: rules.accentsLenient)
                if bytes.allSatisfy({ $0 < 0x80 }) {
                    for byte in bytes { writer.push(UInt32(byte), into: &sink) }
                } else {
                    for scalar in typed.unicodeScalars { writer.push(scalar.value, into: &sink) }
                }
                writer.finish(&sink)
                return sink.overflowed ? nil : judge(sink.written)
            }
        }
        if let verdict = verdict ?? nil { return verdict }
        return AnswerText.form(typed, lenient: rules.accentsLenient).withUnsafeBufferPointer { judge($0) }
    }

    /// The typed answer in its judge's form, and `bare` beside it (on the stack) when it has
    /// marks a text answer is compared without.
    private func judge(_ typed: UnsafeBufferPointer<UInt32>) -> Bool {
        guard anyText, AnswerText.hasMark(typed) else { return judge(typed, bare: typed) }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: typed.count) { buffer in
            var sink = BufferSink(buffer)
            AnswerText.bare(typed, into: &sink)
            return judge(typed, bare: sink.written)
        }
    }

    /// Against every accepted answer: as text (a text answer bare, a number as read), then as a
    /// number, then one slip away.
    private func judge(_ typed: UnsafeBufferPointer<UInt32>, bare: UnsafeBufferPointer<UInt32>) -> Bool {
        for answer in accepted {
            let against = answer.number == nil ? bare : typed
            if answer.form.count == against.count, answer.form.withUnsafeBufferPointer({ $0.elementsEqual(against) }) {
                return true
            }
        }
        if anyNumber, AnswerNumber.mayStartNumber(typed), let readings = AnswerNumber.read(typed, typed: true) {
            for answer in accepted {
                if let number = answer.number, readings.contains(number) { return true }
            }
        }
        if rules.typos {
            for answer in accepted where answer.forgivesSlip {
                if answer.form.withUnsafeBufferPointer({ OneSlip.apart($0, bare) }) { return true }
            }
        }
        return false
    }
}
