import Foundation
@testable import ChalklineCore

/// This checkout's top folder (the one holding Package.swift), wherever the asking test file
/// sits in the tests' folders.
func repositoryRoot(_ file: String = #filePath) -> URL {
    var url = URL(fileURLWithPath: file).deletingLastPathComponent()
    while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        url = url.deletingLastPathComponent()
    }
    return url
}

/// A quiz kind's settings as `/create KIND words` would read them.
func quizKind<Kind: QuizKind>(_ kind: Kind.Type, _ words: String) throws -> Kind {
    try QuizSettings<Kind>.parse(CommandOptions(words.split(separator: " ").map(String.init)), random: { 1 }).kind
}

/// The first `count` questions of a game of `kind` with `words`, from `seed`.
func quizQuestions<Kind: QuizKind>(_ kind: Kind.Type, _ words: String, seed: UInt64 = 1, count: Int = 200) throws -> [Kind.Question] {
    var source = try quizKind(kind, words).questions(seed: seed)
    return (0..<count).map { _ in source.next() }
}
