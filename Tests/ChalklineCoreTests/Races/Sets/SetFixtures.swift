import ChalklineTesting
@testable import ChalklineCore

/// Question sets built in code, as the shell would hand them over.
enum SetFixtures {
    static let capitals = QuestionSet(name: "capitals", questions: [
        SetQuestion(text: "Capital of France?", answers: ["Paris"]),
        SetQuestion(text: "Capital of Italy?", answers: ["Rome", "Roma"]),
        SetQuestion(text: "Capital of Spain?", answers: ["Madrid"]),
        SetQuestion(text: "Capital of Germany?", answers: ["Berlin"]),
        SetQuestion(text: "Capital of Japan?", answers: ["Tokyo"], choices: ["Kyoto", "Tokyo", "Osaka"]),
        SetQuestion(text: "Capital of Peru?", answers: ["Lima"], timeSeconds: 7.5),
        SetQuestion(text: "Capital of Colombia?", answers: ["Bogotá"]),
        SetQuestion(text: "Year the Berlin wall fell?", answers: ["1989"]),
    ])

    /// French words and their English: a term/definition list.
    static let french = QuestionSet(name: "French", questions: [
        SetQuestion(text: "chien", answers: ["dog"]),
        SetQuestion(text: "chat", answers: ["cat"]),
        SetQuestion(text: "élève", answers: ["pupil", "student"]),
    ])

    static let pair = QuestionSet(name: "pair", questions: [
        SetQuestion(text: "One?", answers: ["1"]),
        SetQuestion(text: "Uno?", answers: ["1"]),
    ])

    static var library: SetLibrary {
        var sets = SetLibrary()
        for set in [capitals, french, pair] { sets.put(.init(set: set, source: .folder, file: set.name + ".csv")) }
        sets.leftOut(SetProblem(file: "broken.csv", line: 3, reason: "the answer is empty"), name: "broken")
        return sets
    }

    static var context: RaceContext { RaceContext(random: { 7 }, levelPacks: [], questionSets: library) }

    static func settings(_ words: String) throws(OptionError) -> QuizSettings<SetQuiz> {
        try QuizSettings<SetQuiz>.parse(CommandOptions(words.split(separator: " ").map(String.init)), context: context)
    }

    static func questions(_ words: String, seed: UInt64 = 1, count: Int? = nil) throws -> [SetQuizQuestion] {
        let settings = try settings(words)
        var source = settings.kind.questions(seed: seed)
        return (0..<(count ?? settings.rounds)).map { _ in source.next() }
    }

    /// An in-process server with these sets.
    static func server() throws -> ServerHarness {
        var config = ServerConfig()
        config.questionSets = library
        return try ServerHarness(.inProcess, config: config, seed: 2024)
    }
}
