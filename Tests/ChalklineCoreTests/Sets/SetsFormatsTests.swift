import Foundation
import ChalklineProtocol
import Testing

/// The three formats a teacher's file may be in, each read, and a bad line in each refused
/// naming its line.
@Suite("Set files: the formats")
struct SetsFormatsTests {
    static func read(_ text: String, name: String = "demo") -> Result<QuestionSet, SetProblem> {
        SetFile.read(text, name: name, file: "\(name).csv")
    }

    static func questions(_ text: String) throws -> [SetQuestion] {
        try read(text).get().questions
    }

    static func problem(_ text: String) -> SetProblem? {
        if case .failure(let problem) = read(text) { return problem }
        return nil
    }

    @Test func chalklineCSVWithEveryColumn() throws {
        let text = """
            question,answer,answer,choices,time
            Capital of France?,Paris,,Paris|Rome|Madrid,15
            Capital of Brazil?,Brasília,Brasilia,,
            "Say ""hi"", in French",bonjour,salut,,2.5

            """
        let set = try Self.read(text, name: "capitals").get()
        #expect(set.name == "capitals")
        #expect(set.questions == [
            SetQuestion(text: "Capital of France?", answers: ["Paris"], choices: ["Paris", "Rome", "Madrid"], timeSeconds: 15),
            SetQuestion(text: "Capital of Brazil?", answers: ["Brasília", "Brasilia"]),
            SetQuestion(text: "Say \"hi\", in French", answers: ["bonjour", "salut"], timeSeconds: 2.5),
        ])
    }

    @Test func headerInAnyCaseAndOrderWithSpaces() throws {
        let questions = try Self.questions("Time , ANSWER,Question\n10,  4 , 2 + 2 \n")
        #expect(questions == [SetQuestion(text: "2 + 2", answers: ["4"], timeSeconds: 10)])
    }

    @Test func semicolonsAsCommaDecimalSpreadsheetsSaveThem() throws {
        let questions = try Self.questions("question;answer;time\nPi to two places?;3,14;7,5\n")
        #expect(questions == [SetQuestion(text: "Pi to two places?", answers: ["3,14"], timeSeconds: 7.5)])
    }

    @Test func termDefinitionLines() throws {
        let questions = try Self.questions("le chat\tthe cat\nl'élève\tthe pupil\tthe student\n\n\"la\" maison\tthe house\n")
        #expect(questions == [
            SetQuestion(text: "le chat", answers: ["the cat"]),
            SetQuestion(text: "l'élève", answers: ["the pupil", "the student"]),
            SetQuestion(text: "\"la\" maison", answers: ["the house"]),
        ])
    }

    /// Kahoot!'s template as a spreadsheet saves it: title rows, a header whose first column
    /// (the question's number) has no name, hints after each column's name, and the empty
    /// numbered rows the template comes with.
    static let kahoot = """
        Quiz template,,,,,,,
        "Add questions, at least two answer alternatives, time limit and choose correct answers (at least one).",,,,,,,
        ,,,,,,,
        ,Question - max 120 characters,Answer 1 - max 75 characters,Answer 2 - max 75 characters,Answer 3 - max 75 characters,Answer 4 - max 75 characters,"Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs",Correct answer(s) - choose at least one
        1,Capital of Italy?,Madrid,Rome,Paris,Oslo,20,2
        2,Even numbers?,2,3,4,5,30,"1,3"
        3,The sun is a star.,True,False,,,10,1
        4,,,,,,,
        """

    @Test func kahootTemplate() throws {
        let questions = try Self.questions(Self.kahoot)
        #expect(questions == [
            SetQuestion(text: "Capital of Italy?", answers: ["Rome"], choices: ["Madrid", "Rome", "Paris", "Oslo"], timeSeconds: 20),
            SetQuestion(text: "Even numbers?", answers: ["2", "4"], choices: ["2", "3", "4", "5"], timeSeconds: 30),
            SetQuestion(text: "The sun is a star.", answers: ["True"], choices: ["True", "False"], timeSeconds: 10),
        ])
    }

    @Test func kahootTemplateSavedWithSemicolons() throws {
        let semicolons = """
            Quiz template;;;;;;;
            ;Question - max 120 characters;Answer 1 - max 75 characters;Answer 2 - max 75 characters;Answer 3 - max 75 characters;Answer 4 - max 75 characters;Time limit (sec);Correct answer(s) - choose at least one
            1;Capitale de l'Italie ?;Madrid;Rome;;;20;2
            """
        #expect(try Self.questions(semicolons) == [
            SetQuestion(text: "Capitale de l'Italie ?", answers: ["Rome"], choices: ["Madrid", "Rome"], timeSeconds: 20),
        ])
    }

    // MARK: - A bad line in each format

    @Test func chalklineCSVBadLine() {
        let text = "question,answer\nOne?,1\n\nTwo?,\nThree?,3\n"
        #expect(Self.problem(text) == SetProblem(file: "demo.csv", line: 4, reason: "the answer is empty"))
        #expect(Self.problem(text)?.description == "demo.csv:4: the answer is empty")
    }

    @Test func anUnquotedCommaIsNamed() throws {
        let problem = try #require(Self.problem("question,answer\nCapital of France?,Paris, France\n"))
        #expect(problem.line == 2)
        #expect(problem.reason.contains("double quotes"), "\(problem)")
    }

    /// A quoted field over several lines: the row is named by the line it starts on, and the
    /// lines after it keep their own numbers.
    @Test func linesCountInsideQuotedFields() {
        let text = "question,answer\n\"Two\nlines?\",yes\n\"Three\n\nlines?\",\n"
        #expect(Self.problem(text)?.line == 4)
        #expect(Self.problem("question,answer\nOne?,1\n\"Open,2\nThree?,3\n") == SetProblem(file: "demo.csv", line: 3, reason: "a quote opened on this line is never closed"))
    }

    @Test func termLinesBadLine() {
        #expect(Self.problem("le chat\tthe cat\nle chien\n") == SetProblem(file: "demo.csv", line: 2, reason: "the definition is empty; a line is term<TAB>definition"))
        #expect(Self.problem("le chat\tthe cat\n\n\tthe dog\n")?.line == 3)
    }

    @Test func kahootBadLine() throws {
        let noAnswer = Self.kahoot.replacingOccurrences(of: "30,\"1,3\"", with: "30,")
        #expect(Self.problem(noAnswer)?.line == 6)
        let wrongNumber = Self.kahoot.replacingOccurrences(of: "10,1", with: "10,3")
        let problem = try #require(Self.problem(wrongNumber))
        #expect(problem.line == 7)
        #expect(problem.reason.contains("no answer 3"), "\(problem)")
    }

    @Test func notASetFile() throws {
        let problem = try #require(Self.problem("\n\nname,capital\nFrance,Paris\n"))
        #expect(problem.line == 3)
        #expect(problem.reason.contains("question,answer"), "\(problem)")
        #expect(Self.problem("question,answer,notes\nOne?,1,x\n") == SetProblem(
            file: "demo.csv", line: 1, reason: "the header has a column \"notes\"; the columns are question,answer (then more answer columns, choices, time)"))
    }

    @Test func badChoicesAndTimes() throws {
        let header = "question,answer,choices,time\n"
        #expect(Self.problem(header + "Q?,Paris,Rome|Madrid,\n")?.reason == "none of the choices is an answer: \"Paris\" must be one of them")
        #expect(Self.problem(header + "Q?,Paris,Paris,\n")?.reason == "1 choice; give 2 to 6, separated by |")
        #expect(Self.problem(header + "Q?,a,a|b|c|d|e|f|g,\n")?.reason == "7 choices; give 2 to 6, separated by |")
        #expect(Self.problem(header + "Q?,a,a|b|A,\n")?.reason == "the choice \"A\" is there twice")
        #expect(Self.problem(header + "Q?,a,,soon\n")?.reason == "the time \"soon\" is not a number of seconds")
        #expect(Self.problem(header + "Q?,a,,0.1\n")?.reason == "the time is 0.1 seconds; it must be 0.2 to 600")
        #expect(Self.problem(header + "Q?,a,,601\n")?.line == 2)
        #expect(try Self.questions(header + "Q?,a,,600\nR?,b,,0.2\n").map(\.timeSeconds) == [600, 0.2])
    }

    @Test func noQuestions() {
        #expect(Self.problem("question,answer\n\n,\n") == SetProblem(file: "demo.csv", reason: "the file has no questions"))
        #expect(Self.problem("") == SetProblem(file: "demo.csv", line: 1, reason: Self.problem("x")?.reason ?? ""))
    }
}
