import ChalklineCore
import ChalklineProtocol
import Testing

/// What a file is refused for besides its format: the limits (a set over one is refused whole),
/// its text's encoding, and its name.
@Suite("Set files: limits, encoding and names")
struct SetsLimitsTests {
    static func problem(_ text: String) -> SetProblem? {
        if case .failure(let problem) = SetFile.read(text, name: "demo", file: "demo.csv") { return problem }
        return nil
    }

    static func rows(_ count: Int) -> String {
        "question,answer\n" + (1...count).map { "\($0) + 1?,\($0 + 1)\n" }.joined()
    }

    @Test func fiveHundredQuestionsAndNoMore() throws {
        let set = try SetFile.read(Self.rows(SetLimits.questions), name: "big", file: "big.csv").get()
        #expect(set.questions.count == 500)
        #expect(Self.problem(Self.rows(501)) == SetProblem(file: "demo.csv", line: 502, reason: "more than 500 questions; a set has at most 500"))
    }

    @Test func questionAnswerAndChoiceLengths() throws {
        let q300 = String(repeating: "q", count: 300)
        let a100 = String(repeating: "é", count: 100)
        let fine = "question,answer,choices\n\(q300),\(a100),\(a100)|b\n"
        #expect(try SetFile.read(fine, name: "demo", file: "demo.csv").get().questions[0].text.count == 300)
        #expect(Self.problem("question,answer\n\(q300)q,a\n")?.reason == "the question has 301 characters; a question has at most 300")
        let long = Self.problem("question,answer,answer\nQ?,a,\(a100)é\n")
        #expect(long?.line == 2)
        #expect(long?.reason.hasSuffix("has 101 characters; an answer has at most 100") == true, "\(String(describing: long))")
        #expect(Self.problem("question,answer,choices\nQ?,a,a|\(a100)é\n")?.reason.hasSuffix("has 101 characters; a choice has at most 100") == true)
        #expect(Self.problem("term\t\(a100)é\n")?.line == 1)
    }

    @Test func emptyFields() {
        #expect(Self.problem("question,answer\n ,Paris\n") == SetProblem(file: "demo.csv", line: 2, reason: "the question is empty"))
        #expect(Self.problem("question,answer,answer\nQ?, , \n")?.reason == "the answer is empty")
        #expect(Self.problem("question,answer\nQ?\n")?.reason == "the answer is empty")
    }

    /// The core's range for a question's time and the set file's are one range.
    @Test func timeRangeIsTheCoresOwn() {
        #expect(SetLimits.questionSeconds == Limits.questionSeconds)
    }

    @Test func byteOrderMarkAndLineEnds() throws {
        let lf = try SetFile.read("question,answer\nOne?,1\n\"Two\nlines?\",2\n", name: "demo", file: "demo.csv").get()
        let crlf = "\u{FEFF}question,answer\r\nOne?,1\r\n\"Two\r\nlines?\",2\r\n"
        #expect(try SetFile.read(crlf, name: "demo", file: "demo.csv").get() == lf)
        let bytes = [0xEF, 0xBB, 0xBF] + Array(crlf.dropFirst().utf8)
        #expect(try SetFile.read(bytes: bytes, name: "demo", file: "demo.csv").get() == lf)
        #expect(try SetFile.read(bytes: Array("\u{FEFF}le chat\tthe cat\r\n".utf8), name: "demo", file: "demo.csv").get().questions
            == [SetQuestion(text: "le chat", answers: ["the cat"])])
        // A CRLF file's bad line is named as in the LF file.
        #expect(Self.problem("question,answer\r\nOne?,1\r\nTwo?,\r\n")?.line == 3)
    }

    @Test func notUTF8() {
        // "élève" as Windows-1252 on line 3, as a spreadsheet's plain "CSV" saves it.
        let latin1: [UInt8] = Array("question,answer\nOne?,1\nPupil?,".utf8) + [0xE9, 0x6C, 0xE8, 0x76, 0x65, 0x0A]
        guard case .failure(let problem) = SetFile.read(bytes: latin1, name: "demo", file: "demo.csv") else {
            Issue.record("Windows-1252 text was read")
            return
        }
        #expect(problem.line == 3)
        #expect(problem.reason.contains("UTF-8"))
        guard case .failure(let utf16) = SetFile.read(bytes: [0xFF, 0xFE, 0x71, 0x00], name: "demo", file: "demo.csv") else {
            Issue.record("UTF-16 text was read")
            return
        }
        #expect(utf16.reason.contains("UTF-16"))
    }

    @Test func setNames() {
        #expect(SetFile.setName(fileName: "capitals.csv") == "capitals")
        #expect(SetFile.setName(fileName: "French-week_3.TSV") == "French-week_3")
        #expect(SetFile.setName(fileName: "verbs.txt") == "verbs")
        #expect(SetFile.setName(fileName: "notes.xlsx") == nil)
        #expect(SetFile.setName(fileName: ".hidden.csv") == nil)
        #expect(SetFile.setName(fileName: "README") == nil)
        #expect(SetFile.nameProblem("élève") == nil)
        #expect(SetFile.nameProblem(String(repeating: "a", count: 32)) == nil)
        #expect(SetFile.nameProblem(String(repeating: "a", count: 33)) != nil)
        #expect(SetFile.nameProblem("my capitals") != nil)
        #expect(SetFile.nameProblem("a=b") != nil)
        let refused = SetFile.read("question,answer\nQ?,a\n", name: "my capitals", file: "my capitals.csv")
        #expect(refused == .failure(SetProblem(file: "my capitals.csv", reason: SetFile.nameProblem("my capitals")!.english)))
    }
}
