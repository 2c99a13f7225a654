import ChalklineTesting
import Foundation
import Testing
@testable import ChalklineCore
import ChalklineProtocol

/// A set's text reaches a netcat student's terminal as it is: a control character in a question,
/// an answer or a choice (an ESC that recolours or clears the screen, a BEL, a bidirectional
/// override) refuses the set, named by its line, in every format and from `/sets save` alike
/// (review of issue 41, D5).
@Suite("Set files: control characters")
struct SetsControlCharactersTests {
    static func problem(_ text: String) -> SetProblem? {
        if case .failure(let problem) = SetFile.read(text, name: "demo", file: "demo.csv") { return problem }
        return nil
    }

    @Test func chalklineCSV() {
        #expect(Self.problem("question,answer\nOne?,1\nq\u{1}\u{1B}[31mred?,a\n")
                == SetProblem(file: "demo.csv", line: 3, reason: "the question has a control character (U+0001)"))
        #expect(Self.problem("question,answer\nQ?,a\u{7}\n")?.reason == "an answer has a control character (U+0007)")
        #expect(Self.problem("question,answer,answer\nQ?,a,b\u{7F}c\n")?.reason == "an answer has a control character (U+007F)")
        #expect(Self.problem("question,answer\nQ?,a\u{85}b\n")?.reason == "an answer has a control character (U+0085)")
        #expect(Self.problem("question,answer,choices\nQ?,a,a|b\u{202E}c\n")?.reason == "a choice has a control character (U+202E)")
        #expect(Self.problem("question,answer\nQ?,a\u{2066}b\u{2069}\n")?.reason == "an answer has a control character (U+2066)")
    }

    @Test func termLinesAndKahoot() {
        #expect(Self.problem("le chat\tthe cat\nle \u{1B}chien\tthe dog\n")
                == SetProblem(file: "demo.csv", line: 2, reason: "the question has a control character (U+001B)"))
        let kahoot = SetsFormatsTests.kahoot.replacingOccurrences(of: "Rome", with: "Ro\u{7}me")
        #expect(Self.problem(kahoot) == SetProblem(file: "demo.csv", line: 5, reason: "an answer has a control character (U+0007)"))
    }

    /// What is not refused: a TAB inside a quoted cell, a line break inside one (a question
    /// over two lines), and letters of any script.
    @Test func whatStays() throws {
        let set = try SetFile.read("question,answer\n\"a\tb\nc?\",\"Zürich\n\"\nΑθήνα?,אבג\n", name: "demo", file: "demo.csv").get()
        #expect(set.questions.map(\.text) == ["a\tb\nc?", "Αθήνα?"])
        #expect(set.questions.map(\.answers) == [["Zürich"], ["אבג"]])
    }

    @Test func setsSaveRefusesItAndStoresNothing() throws {
        let h = try ServerHarness(.inProcess, config: SetCommandTests.config())
        let c = try h.jsonClient()
        _ = try c.step("/sets new lctl")
        _ = try c.step(#"/sets add ["question,answer","Capital of France?,Paris","q\u0001\u001b[31mred?,a\u0007"]"#)
        let step = try c.step("/sets save")
        let refused = try #require(step.messages(to: c).first)
        #expect(refused.code == "bad_args", "\(refused)")
        #expect(refused.string("message")?.contains("line 3: the question has a control character (U+0001)") == true, "\(refused)")
        #expect(h.core?.questionSets.entry(named: "lctl") == nil)
    }
}
