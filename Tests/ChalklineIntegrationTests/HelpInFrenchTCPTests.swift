import ChalklineTesting
import Foundation
import Testing

/// Issue 42 (review R15) over real TCP: `/help` in json after `/lang fr` keeps `text` in English,
/// as a bot reads it, and says the same help in French in `message`, which the terminal client
/// shows its person.
@Suite struct HelpInFrenchTCPTests {
    @Test func jsonHelpSpeaksTheConnectionsLanguageInMessage() throws {
        let server = try LiveServer()
        let bot = try server.connect()
        try bot.skipWelcome()
        try bot.enterJSON()
        // English first: no `message`, which would only repeat `text`.
        let english = try bot.command("/help")
        #expect(english.string("text")?.hasPrefix("Commands (type /help COMMAND for more):") == true, "\(english.line)")
        #expect(english.string("message") == nil, "\(english.line)")

        #expect(try bot.command("/lang fr").string("type") == "ok")
        let list = try bot.command("/help")
        #expect(list.string("text") == english.string("text"), "a bot's text is unchanged")
        let french = try #require(list.string("message"), "\(list.line)")
        #expect(french.hasPrefix("Commandes (tape /help COMMANDE pour en savoir plus) :"), "\(french)")
        #expect(french.contains("/join CODE [NAME]"), "usage lines stay as typed: \(french)")

        let times = try bot.command("/help create times")
        #expect(times.string("text")?.contains("Options (key=default):") == true, "\(times.line)")
        let timesFrench = try #require(times.string("message"), "\(times.line)")
        #expect(timesFrench.hasPrefix("/create times [key=value ...]\n  tables de multiplication"), "\(timesFrench)")
        #expect(timesFrench.contains("Options (clé=défaut) :"), "\(timesFrench)")
        #expect(!timesFrench.contains("Options (key=default):"), "\(timesFrench)")
    }
}
