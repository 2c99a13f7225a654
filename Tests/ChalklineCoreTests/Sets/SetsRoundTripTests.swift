import ChalklineProtocol
import Testing

/// `SetFile.csv` writes what `SetFile.read` reads back equal: what the page exports, what
/// `/sets show` sends, and what the store keeps.
@Suite("Set files: CSV round trip")
struct SetsRoundTripTests {
    static let set = QuestionSet(name: "mixed", questions: [
        SetQuestion(text: "Capital of France?", answers: ["Paris"], choices: ["Paris", "Rome", "Madrid", "Berlin"]),
        SetQuestion(text: "Capital of Brazil?", answers: ["Brasília", "Brasilia"], timeSeconds: 12.5),
        SetQuestion(text: "Write \"hello, world\" in French", answers: ["bonjour, le monde", "salut, le monde", "\"bonjour\""]),
        SetQuestion(text: "Two\nlines?", answers: ["yes"], timeSeconds: 30),
        SetQuestion(text: "Half as a number?", answers: ["0.5", "1/2"], choices: ["0.5", "1/2", "2"]),
        SetQuestion(text: "Question, ends; with a semicolon;", answers: ["ok"]),
    ])

    @Test func readsBackEqual() throws {
        let text = SetFile.csv(Self.set)
        #expect(try SetFile.read(text, name: "mixed", file: "mixed.csv").get() == Self.set, "\(text)")
    }

    @Test func headerHasTheColumnsTheRowsNeed() {
        let lines = SetFile.csv(Self.set).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "question,answer,answer,answer,choices,time")
        #expect(lines[1] == "Capital of France?,Paris,,,Paris|Rome|Madrid|Berlin,")
        #expect(lines[2] == "Capital of Brazil?,Brasília,Brasilia,,,12.5")
        let plain = QuestionSet(name: "plain", questions: [SetQuestion(text: "2 + 2", answers: ["4"])])
        #expect(SetFile.csv(plain) == "question,answer\n2 + 2,4\n")
    }

    /// Every format read, written, and read again: the same set.
    @Test(arguments: [
        "le chat\tthe cat\tthe kitty\nle chien\tthe dog\n",
        SetsFormatsTests.kahoot,
        "question;answer;time\nPi?;3,14;7,5\n",
    ])
    func everyFormatRoundTrips(text: String) throws {
        let first = try SetFile.read(text, name: "demo", file: "demo.csv").get()
        #expect(try SetFile.read(SetFile.csv(first), name: "demo", file: "demo.csv").get() == first)
    }
}
