import Foundation
import Testing

/// Issue 42: a class at netcat after `/lang fr` reads the commands' replies and errors in French,
/// in-process and over TCP; `/lang xx` lists the languages it could have asked for.
@Suite struct TextModeLanguageTests {
    @Test(arguments: ServerBackend.lineBackends)
    func aFrenchClassAtNetcat(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let teacher = try server.connect(), student = try server.connect()
        try teacher.skipWelcome()
        try student.skipWelcome()
        try teacher.send("/lang xx")
        #expect(try teacher.expectText("error bad_args")
                == "error bad_args: There is no language \"xx\". Languages: en (English), fr (Français), es (Español), de (Deutsch), pt (Português).")
        try teacher.send("/lang fr")
        #expect(try teacher.line() == "Les messages sont maintenant en français.")
        try student.send("/lang fr")
        _ = try student.line()

        try teacher.send("/name Mme.Roy")
        #expect(try teacher.line().hasPrefix("Bonjour, Mme.Roy ! Maintenant /join CODE, /create JEU ("))
        try teacher.send("/create times table=6 rounds=1 time=5 countdown=0 gap=0 play=no")
        let ready = try teacher.expectText("est prête")
        let code = try #require(ready.split(separator: " ").dropFirst(2).first.map(String.init))
        #expect(ready == "La salle \(code) est prête (times). Les joueurs tapent : /join \(code) NOM")

        try student.send("/join QQQQ sam")
        #expect(try student.line() == "error no_room: Il n'y a pas de salle QQQQ. Vérifie le code avec ton hôte.")
        try student.send("/join \(code) sam")
        #expect(try student.line() == "Tu es dans la salle \(code) sous le nom sam (times, 1 joueur).")
        #expect(try student.line() == "Attends que l'hôte lance la partie.")
        #expect(try student.expectText("/rejoin \(code) ").hasPrefix("Si ta connexion coupe : "))
        try student.send("/start")
        #expect(try student.line() == "error not_host: Seul l'hôte peut faire /start.")
        try teacher.send("/kick")
        #expect(try teacher.expectText("error bad_args") == "error bad_args: Écris /kick NAME.")
        try teacher.send("/kick nobody")
        #expect(try teacher.expectText("error no_such_player") == "error no_such_player: Personne dans la salle \(code) ne s'appelle nobody.")
        try student.send("/help leave")
        #expect(try student.line() == "/leave")
        #expect(try student.line() == "  Quitte ta salle.")
        try student.send("/leave")
        #expect(try student.line() == "Tu as quitté la salle \(code).")
    }
}
