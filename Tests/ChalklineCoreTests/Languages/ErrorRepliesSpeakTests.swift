import Foundation
import Testing
@testable import ChalklineCore

/// No error is made from an English sentence: each is a catalog key (`Say`), so it reads in the
/// connection's language. The files listed are those converted so far; the list widens to every
/// file in Sources as each part of issue 42 lands.
@Suite("Errors speak the reader's language")
struct ErrorRepliesSpeakTests {
    static let converted = [
        "Sources/ChalklineCore/Commands/AnswerLine.swift",
        "Sources/ChalklineCore/Commands/ChatText.swift",
        "Sources/ChalklineCore/Commands/Command.swift",
        "Sources/ChalklineCore/Commands/CommandTable.swift",
        "Sources/ChalklineCore/Commands/Help.swift",
        "Sources/ChalklineCore/Commands/ListPage.swift",
        "Sources/ChalklineCore/Commands/RaceCatalog+Say.swift",
        "Sources/ChalklineCore/Commands/ServerCore+ChatAndWatch.swift",
        "Sources/ChalklineCore/Commands/ServerCore+Create.swift",
        "Sources/ChalklineCore/Commands/ServerCore+Game.swift",
        "Sources/ChalklineCore/Commands/ServerCore+Joining.swift",
        "Sources/ChalklineCore/Commands/ServerCore+Language.swift",
        "Sources/ChalklineCore/Commands/ServerCore+Listings.swift",
        "Sources/ChalklineCore/Commands/ServerCore+Moderation.swift",
        "Sources/ChalklineCore/Commands/ServerCore+Rejoin.swift",
        "Sources/ChalklineCore/Commands/ServerCore+Teacher.swift",
        "Sources/ChalklineCore/Commands/ServerCore+Teams.swift",
    ] + ["GuessLimiter", "LineBucket", "Names", "Script", "Secrets", "Session", "TeacherSecret", "Token"]
        .map { "Sources/ChalklineCore/Connections/\($0).swift" }

    /// `ErrorReply(cmd, .code, "..."` or `... cond ? "..." : ...`, over line breaks too; an
    /// `arityError` given as a sentence; an `OkReply(..., text: "...")`.
    static let sentences = [
        #"ErrorReply\([^()]*?,\s*\.[A-Za-z]+,\s*(?:[^,"()]*\?\s*)?""#,
        #"arityError:\s*\(\.[A-Za-z]+,\s*""#,
        #"OkReply\([^\n]*text:\s*(?:[^,"()]*\?\s*)?""#,
    ]

    static func sentencesIn(_ text: String) -> [String] {
        sentences.flatMap { pattern in text.matches(of: try! Regex(pattern)).map { String(text[$0.range].prefix(120)) } }
    }

    @Test func noErrorInTheConvertedFilesIsAnEnglishSentence() throws {
        let root = repositoryRoot()
        for path in Self.converted {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            let found = Self.sentencesIn(text)
            #expect(found.isEmpty, "\(path): \(found)")
        }
    }

    /// The check itself finds what it must, so an empty result above means something.
    @Test func theCheckFindsSentences() {
        #expect(Self.sentencesIn(#"throw ErrorReply("x", .badArgs, "Use /x.")"#).count == 1)
        #expect(Self.sentencesIn("throw ErrorReply(cmd, .rateLimited,\n    \"Wait \\(n) seconds.\")").count == 1)
        #expect(Self.sentencesIn(#"ErrorReply(cmd, .badPassword, none ? "Give one." : "Wrong.")"#).count == 1)
        #expect(Self.sentencesIn(#"arityError: (.badArgs, "Use /join CODE.")"#).count == 1)
        #expect(Self.sentencesIn(#"OkReply("x", [], text: "Done.")"#).count == 1)
        #expect(Self.sentencesIn(#"throw ErrorReply("x", .badArgs, Say("error.x.use"))"#).isEmpty)
        #expect(Self.sentencesIn(#"throw ErrorReply(cmd, error.code, error.message)"#).isEmpty)
    }
}
