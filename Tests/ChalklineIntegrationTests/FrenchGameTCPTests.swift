import Foundation
import Testing

/// Issue 42: a student at netcat who typed `/lang fr` plays a whole times-table game over TCP
/// and reads every line of it in French, while the teacher's bot and an English classmate in
/// the same room read theirs unchanged.
@Suite struct FrenchGameTCPTests {
    /// English words no French line of a game holds (whole words, any case). Words French
    /// shares with English (`question`, `points`, `score`, `final`) are not in it.
    static let englishWords: Set<String> = [
        "the", "you", "your", "joined", "left", "player", "players", "right", "wrong", "time", "standings", "game", "over",
        "host", "wait", "answer", "answers", "streak", "with", "room", "seconds", "get", "ready", "starts", "again",
        "type", "next", "comes", "level", "no", "and", "of", "is", "are", "in",
    ]

    static func englishIn(_ line: String) -> [String] {
        line.lowercased().split { !$0.isLetter }.map(String.init).filter { englishWords.contains($0) }
    }

    @Test func aTextPlayerAfterLangFrPlaysAWholeGameInFrench() throws {
        let server = try ServerHarness(.live)
        let teacher = try server.jsonClient("Ann")
        let created = try teacher.command("/create times table=7 rounds=3 time=2 countdown=2 gap=0 play=no")
        let code = try #require(created.string("room"))

        let zoe = try server.connect()
        try zoe.skipWelcome()
        try zoe.send("/lang fr")
        #expect(try zoe.line() == "Les messages sont maintenant en français.")
        try zoe.send("/join \(code) zoé")
        // The join's own reply is the commands' part; `/lang fr` again marks where the game's
        // lines begin, so every line read after its reply is one the room sent.
        try zoe.send("/lang fr")
        _ = try zoe.expectText("Les messages sont maintenant en français.")

        let lea = try server.connect()
        try lea.skipWelcome()
        try lea.send("/join \(code) lea")
        var read: [String] = []
        func next() throws -> String {
            let line = try zoe.line()
            read.append(line)
            return line
        }
        #expect(try next() == "lea est entré dans la salle \(code) (2 joueurs).")

        _ = try teacher.command("/start")
        // Every line until the game's last (`/start` another game): round 1 answered right,
        // round 2 wrong, round 3 not at all.
        repeat {
            let line = try next()
            guard let asked = line.firstMatch(of: #/^Question ([0-9])/3 :   7 x ([0-9]+) = \?/#) else { continue }
            let product = 7 * Int(asked.2)!
            if asked.1 == "1" { try zoe.send("\(product)") }
            if asked.1 == "2" { try zoe.send("1") }
        } while !read.last!.contains("/start")

        #expect(read.contains("Prépare-toi : la course commence dans 2 secondes !"), "\(read)")
        #expect(read.count { $0.hasPrefix("Question ") } == 3)
        #expect(read.contains { $0.hasPrefix("Bravo ! +") })
        #expect(read.contains { $0.hasPrefix("Faux. (score ") })
        #expect(read.count { $0.hasPrefix("Temps écoulé ! 7 x ") } == 3)
        #expect(read.count { $0 == "Classement :" } == 3)
        #expect(read.contains { $0.contains("zoé") && $0.contains("juste") })
        #expect(read.contains { $0.contains("zoé") && $0.contains("faux") })
        #expect(read.contains { $0.contains("zoé") && $0.contains("pas de réponse") })
        #expect(read.contains("Partie terminée ! Classement final :"))
        #expect(read.last == "L'hôte peut lancer une autre partie avec /start.")
        let english = read.filter { !Self.englishIn($0).isEmpty }
        #expect(english.isEmpty, "English in a French game: \(english)")
        // The English classmate read the same events in English.
        _ = try lea.expectText("Game over! Final standings:")
    }
}
