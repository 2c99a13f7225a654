import Testing
@testable import ChalklineCore

/// `/help create KIND` after `/lang`: in another language the teacher reads the create form's
/// words (`option.*`) after each token, which stays as typed; English is unchanged.
@Suite("/help create in the connection's language")
struct HelpCreateLanguageTests {
    static func language(_ code: String) -> Language { Languages.all.first { $0.code == code }! }

    @Test(arguments: ["fr", "de"])
    func theOptionsAreTheFormsWords(_ code: String) throws {
        let say = Self.language(code)
        let times = try #require(RaceCatalog.kind(named: "times"))
        let text = Help.kindText(times, in: say)
        #expect(text.hasPrefix("/create times [key=value ...]\n  \(say.text("option.times.summary"))\n  \(say.text("text.help.create_options"))"), "\(text)")
        // The token as typed, then the label and the line the form shows under the field.
        let rounds = try #require(text.split(separator: "\n").first { $0.hasPrefix("  rounds=") })
        #expect(rounds.contains(say.text("option.rounds.label") + ":"), "\(rounds)")
        #expect(text.replacingOccurrences(of: "\n    ", with: " ").contains(say.text("option.rounds.help")))
        let words = try #require(RaceCatalog.kind(named: "words"))
        #expect(Help.kindText(words, in: say).replacingOccurrences(of: "\n   ", with: "").contains(say.text("option.words.time.label")))
    }

    @Test func englishIsAsBefore() {
        for kind in RaceCatalog.kinds {
            #expect(Help.kindText(kind, in: Languages.english) == Help.kindText(kind))
            #expect(Help.kindText(kind).contains("  Options (key=default):"))
        }
    }
}
