import ChalklineTesting
import Testing
@testable import ChalklineCore

/// The events a room broadcasts, in the reader's language: counts, ordinals, numbers and tables
/// the language's way, and one broadcast rendered once a language.
@Suite("Events in the reader's language")
struct EventTextTests {
    let fr = Languages.named("fr")!
    let de = Languages.named("de")!
    /// French groups thousands with a no-break space.
    let nbsp = "\u{00A0}"

    @Test func joinsAndLeavesCountPlayersTheLanguagesWay() {
        #expect(JoinedEvent(room: "ABCD", name: "zoé", players: 1).text(in: fr) == "zoé est entré dans la salle ABCD (1 joueur).")
        #expect(JoinedEvent(room: "ABCD", name: "zoé", players: 3).text(in: fr) == "zoé est entré dans la salle ABCD (3 joueurs).")
        #expect(LeftEvent(room: "ABCD", name: "Jonas", players: 1, reason: .disconnected).text(in: de)
                == "Jonas hat die Verbindung verloren (1 Spieler).")
        #expect(LeftEvent(room: "ABCD", name: "Jonas", players: 2, reason: .banned).text(in: de)
                == "Jonas wurde von der Spielleitung gesperrt (2 Spieler).")
        // English as it always was.
        #expect(JoinedEvent(room: "ABCD", name: "sam", players: 1).text == "sam joined room ABCD (1 player).")
    }

    @Test func aRoundEndInGermanLinesUpItsLongWords() {
        let event = RoundEndEvent(
            id: 4, reveal: "7 x 8 = 56", answer: .int(56), answerText: "56",
            results: [RoundResult(name: "Maximilian-Alexander", correct: true, points: 1_250, ms: 1_234),
                      RoundResult(name: "Jo", correct: false, points: 0, ms: 3_000),
                      RoundResult(name: "Änne", correct: false, points: 0, ms: nil)],
            standings: [Standing(rank: 1, name: "Maximilian-Alexander", score: 12_345, correctMs: 0, seat: 1),
                        Standing(rank: 2, name: "Jo", score: 980, correctMs: 0, seat: 2),
                        Standing(rank: 3, name: "Änne", score: 0, correctMs: 0, seat: 3)])
        let lines = event.text(in: de).split(separator: "\n").map(String.init)
        #expect(lines.first == "Zeit um! 7 x 8 = 56")
        let results = Array(lines[1...3])
        #expect(results[0].contains("richtig") && results[0].contains("+1.250") && results[0].hasSuffix("1,2 s"))
        #expect(results[1].contains("falsch") && results[2].contains("keine Antwort"))
        // The points column ends at the same place on every row, past the longest verdict.
        let pointsEnd = results.map { row in row.distance(from: row.startIndex, to: row.firstRange(of: #/\+[0-9.]+/#)!.upperBound) }
        #expect(Set(pointsEnd).count == 1, "\(results)")
        #expect(lines[4] == "Rangliste:")
        let standings = Array(lines[5...7])
        #expect(standings[0] == "    1. Maximilian-Alexander  12.345")
        #expect(Set(standings.map(\.count)).count == 1, "\(standings)")
        #expect(standings[2].hasSuffix("     0"))
    }

    @Test func placesAndPointsReadAsTheLanguageWritesThem() {
        let place = YourPlace(players: 1_000, rank: 3, score: 2_350)
        #expect(place.text(in: de) == "Du bist 3. von 1.000 mit 2.350 Punkten.")
        #expect(YourPlace(players: 1_000, rank: 1, score: 1).text(in: fr) == "Tu es 1er sur 1\(nbsp)000 avec 1 point.")
        #expect(place.text(in: Languages.english) == "You are 3rd of 1,000 with 2,350 points.")
        let reply = QuizAnswerReply(id: 1, correct: true, points: 1_500, score: 12_000, streak: 3)
        #expect(reply.text(in: fr) == "Bravo ! +1\(nbsp)500 points (score 12\(nbsp)000, série 3).")
        #expect(reply.text(in: de) == "Richtig! +1.500 Punkte (Punktestand 12.000, Serie 3).")
    }

    @Test func theGamesEndAndAHomeworkTryInFrenchAndGerman() {
        let end = GameEndEvent(standings: [Standing(rank: 1, name: "zoé", score: 2_000, correctMs: 0, seat: 1)], game: "ABCD-1")
        #expect(end.text(in: fr) == "Partie terminée ! Classement final :\n    1. zoé   2\(nbsp)000\nL'hôte peut lancer une autre partie avec /start.")
        let homework = HomeworkPlace(code: "HW12", rank: 2, finished: 5, triesLeft: 1, counted: true)
        #expect(homework.text(in: de)
                == "Du bist 2. von 5, die fertig sind (dieser Versuch zählt). Du darfst es noch mal versuchen (noch 1): /leave, dann wieder /join HW12.")
        #expect(homework.text(in: fr)
                == "Tu es 2e sur 5 qui ont fini (cet essai compte). Tu peux réessayer (il t'en reste 1) : /leave, puis de nouveau /join HW12.")
    }

    @Test func waitsCountdownsAndPausesInTheLanguagesWords() {
        #expect(TextFormat.wait(1_000, in: fr) == "une seconde")
        #expect(TextFormat.wait(40_000, in: de) == "40 Sekunden")
        #expect(TextFormat.wait(150_000, in: fr) == "3 minutes")
        #expect(TextFormat.wait(40_000) == "40 seconds")
        #expect(CountdownEvent(seconds: 2.5).text(in: fr) == "Prépare-toi : la course commence dans 2,5 secondes !")
        #expect(CountdownEvent(seconds: 1).text(in: de) == "Mach dich bereit: Das Rennen startet in 1 Sekunde!")
        #expect(CountdownEvent(seconds: 3).text == "Get ready: the race starts in 3 seconds!")
        #expect(PauseEvent(ms: 4_000, last: false).text(in: de) == "Die nächste Frage kommt in 4,0 s. Tippe /next, um sofort weiterzumachen.")
        #expect(TextFormat.standings([], in: de) == ["  (keine Spieler)"])
    }

    @Test func byeAndShutdownSpeakInJSONToo() {
        let bye = ByeEvent(reason: .idle, limit: 1_000)
        #expect(bye.jsonSpeaks)
        #expect(bye.text(in: fr) == "Au revoir : Ta connexion est fermée : on n'a rien reçu de toi pendant 1,0 s, et tu n'étais dans aucune salle.")
        #expect(bye.json.encoded() == Array(#"{"type":"bye","reason":"idle","message":"Closing your connection: nothing was heard from you for 1.0 s outside a room."}"#.utf8))
        #expect(ShutdownEvent().text(in: de) == "Server: Der Server wird beendet. Danke fürs Mitspielen!")
    }

    /// One broadcast to a mixed room: json once for all (a room's events say nothing in json
    /// that a language changes), text once a language, the same bytes to each reader of it.
    @Test func aMixedRoomGetsOneSendALanguage() {
        let config = ServerConfig()
        func session(_ n: UInt64, _ format: OutputFormat, _ code: String) -> Session {
            let s = Session(id: ConnectionID(n), peer: "p\(n)", config: config, now: 0)
            s.format = format
            s.language = Languages.named(code)!
            return s
        }
        let en = session(1, .text, "en"), fr1 = session(2, .text, "fr"), fr2 = session(3, .text, "fr")
        let json1 = session(4, .json, "en"), json2 = session(5, .json, "fr")
        var out = Outbox()
        out.send(JoinedEvent(room: "ABCD", name: "zoé", players: 2), to: [en, fr1, json1, fr2, json2])
        let sends = out.effects.compactMap { effect -> ([ConnectionID], String)? in
            guard case .send(let ids, let payload) = effect else { return nil }
            return (ids, payload.string)
        }
        #expect(sends.count == 3)
        #expect(sends.contains { $0.0 == [json1.id, json2.id] && $0.1.hasPrefix(#"{"type":"joined""#) })
        #expect(sends.contains { $0.0 == [en.id] && $0.1 == "zoé joined room ABCD (2 players).\n" })
        #expect(sends.contains { $0.0 == [fr1.id, fr2.id] && $0.1 == "zoé est entré dans la salle ABCD (2 joueurs).\n" })
    }

    /// A big room's cut table is made for each player from the template in json, and for a
    /// person at netcat from their own cut event: in their language.
    @Test func aBigRoomsCutTableReadsInEachPlayersLanguage() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (ann, code) = try h.timesRoom("table=7 max=4 rounds=1 time=10 gap=0 countdown=0 seed=1 play=no")
        var players: [HarnessClient] = []
        for n in 0..<Limits.fullTablePlayers { players.append(try h.join("p\(n)", code).0) }
        let zoe = try h.connect(), sam = try h.connect()
        try zoe.step("/lang fr")
        try zoe.step("/join \(code) zoé")
        try sam.step("/join \(code) sam")
        try ann.step("/start")
        for player in players {
            clock.setTime(clock.now + 1)
            try player.step("14")
        }
        let end = clock.advance(to: 20_000)
        let french = end.text(to: zoe), english = end.text(to: sam)
        #expect(french.contains("Temps écoulé ! 7 x 2 = 14"), "\(french)")
        #expect(french.contains(#/Tu es 1[12]e sur 12 avec 0 point\./#), "\(french)")
        #expect(french.contains("Partie terminée ! Classement final :"))
        #expect(english.contains("Time! 7 x 2 = 14") && english.contains(#/You are 1[12]th of 12 with 0 points\./#), "\(english)")
        // The json players' cuts are unchanged: made from the template, in no language.
        #expect(end.messages(to: players[0]).first { $0.type == "round_end" }?.int("players") == 12)
    }
}
