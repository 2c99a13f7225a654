import Foundation
import Testing
@testable import ChalklineCore

/// No error is made from an English sentence: each is a catalog key (`Say`), so it reads in the
/// connection's language, in every file of the server and the client.
@Suite("Errors speak the reader's language")
struct ErrorRepliesSpeakTests {
    /// Every Swift file of the server and the client: issue 42 converted them all.
    static let converted: [String] = {
        let root = repositoryRoot()
        var paths: [String] = []
        for folder in ["Sources", "client"] {
            let found = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = found?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                paths.append(String(url.path.dropFirst(root.path.count + 1)))
            }
        }
        return paths
    }()

    /// `ErrorReply(cmd, .code, "..."` or `... cond ? "..." : ...`, over line breaks too; an
    /// `arityError` given as a sentence; an `OkReply(..., text: "...")`; an option's refusal
    /// (`OptionError`) made from a sentence rather than a `Say`.
    static let sentences = [
        #"ErrorReply\([^()]*?,\s*\.[A-Za-z]+,\s*(?:[^,"()]*\?\s*)?""#,
        #"arityError:\s*\(\.[A-Za-z]+,\s*""#,
        #"OkReply\([^\n]*text:\s*(?:[^,"()]*\?\s*)?""#,
        #"OptionError\((?:message:)?\s*""#,
    ]

    static func sentencesIn(_ text: String) -> [String] {
        sentences.flatMap { pattern in text.matches(of: try! Regex(pattern)).map { String(text[$0.range].prefix(120)) } }
    }

    @Test func noErrorInTheConvertedFilesIsAnEnglishSentence() throws {
        let root = repositoryRoot()
        #expect(Self.converted.count > 300, "the walk found \(Self.converted.count) files")
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
        #expect(Self.sentencesIn(#"throw OptionError(message: "ops= takes +.")"#).count == 1)
        #expect(Self.sentencesIn(#"let bad = OptionError("table= takes all.")"#).count == 1)
        #expect(Self.sentencesIn(#"throw OptionError(Say("error.option.arith.ops"))"#).isEmpty)
        #expect(Self.sentencesIn(#"throw ErrorReply("x", .badArgs, Say("error.x.use"))"#).isEmpty)
        #expect(Self.sentencesIn(#"throw ErrorReply(cmd, error.code, error.message)"#).isEmpty)
    }
}
