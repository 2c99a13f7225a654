import ChalklineTesting
import Foundation
import Testing

/// Issue 42 over the real server: a teacher's `/report` in text mode after `/lang fr` comes in
/// French, written off the loop in the language the request carried; `chalkline-server report`
/// takes `--language`, and otherwise the terminal's LC_ALL / LC_MESSAGES / LANG.
@Suite struct ReportLanguageTCPTests {
    @Test func aTeachersReportAfterLangFrIsInFrench() throws {
        let server = try LiveServer()
        let teacher = try server.connect()
        try teacher.skipWelcome()
        let secret = try #require(server.teacherSecret)
        try teacher.send("/teacher \(secret)")
        _ = try teacher.expectText("teacher")
        try teacher.send("/lang fr")
        _ = try teacher.expectText("Les messages sont maintenant en français.")
        try teacher.send("/class add 4B Ana Bo")
        _ = try teacher.expectText("La classe 4B est créée.")

        try teacher.send("/report games")
        _ = try teacher.expectText("Parties récentes")
        #expect(try teacher.line() == "  (aucun)")

        try teacher.send("/report class 4B")
        // The class in one record (heading: value, no title), then its students' table.
        #expect(try teacher.expectText("Classe :") == "Classe :            4B")
        #expect(try teacher.line() == "Élèves :            2")
        _ = try teacher.expectText("Essais de devoirs : 0")
        #expect(try teacher.expectText("  Élève  ") == "  Élève  Parties  Réponses  Justes  Réussite  Temps médian")
        #expect(try teacher.line() == "  Ana          0         0       0         -             -")

        try teacher.send("/report player Zed class=4B")
        #expect(try teacher.expectText("error") == "error not_in_class: Il n'y a pas de Zed dans la classe 4B (/class list 4B les nomme).")
        try teacher.send("/report games limit=x")
        #expect(try teacher.expectText("error") == "error bad_args: limit= prend de 1 à 1000.")
    }

    @Test func theReportCommandTakesALanguageOrTheTerminals() throws {
        let server = try LiveServer()
        let teacher = try DeskViewsLiveTests.teacher(server, students: ["Ana"])
        #expect(try teacher.command("/report class 4B").type == "ok")  // the class is stored

        let german = try FinishedRun.server(["report", "--db", server.databasePath, "--language", "de", "class", "4B"])
        #expect(german.status == 0, "\(german.stderr)")
        #expect(german.stdout.hasPrefix("Klasse:                4B\nSchüler:               1\nSpiele:                0\nHausaufgaben-Versuche: 0\n"),
                "\(german.stdout)")
        #expect(german.stdout.contains("\nBraucht Hilfe\n  (keine)\n"))
        let missing = try FinishedRun.server(["report", "--db", server.databasePath, "--language", "de", "class", "5C"])
        #expect(missing.status == 1 && missing.stderr.contains("Es gibt keine Klasse 5C in der Datenbank"))
        let csv = try FinishedRun.server(["report", "--db", server.databasePath, "--language", "de", "--csv", "class", "4B"])
        #expect(csv.stdout.hasPrefix("class,students,games,homework,from,to\r\n"))

        let unknown = try FinishedRun.server(["report", "--db", server.databasePath, "--language", "xx", "games"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("--language: there is no language xx. Languages: en (English), fr (Français), es (Español), de (Deutsch), pt (Português)."),
                "\(unknown.stderr)")

        // No --language: the terminal's, when Chalkline has it; C is English.
        let env = "/usr/bin/env"
        let binary = BuiltProducts.path("chalkline-server")
        let portuguese = try FinishedRun.program(env, ["LC_ALL=", "LC_MESSAGES=", "LANG=pt_BR.UTF-8", binary, "report", "--db", server.databasePath, "games"])
        #expect(portuguese.stdout.hasPrefix("Partidas recentes\n"), "\(portuguese.stdout)")
        let spanish = try FinishedRun.program(env, ["LC_ALL=es_ES.UTF-8", "LANG=de_DE.UTF-8", binary, "report", "--db", server.databasePath, "games"])
        #expect(spanish.stdout.hasPrefix("Partidas recientes\n"), "LC_ALL wins over LANG: \(spanish.stdout)")
        let plain = try FinishedRun.program(env, ["LC_ALL=C", "LANG=fr_FR.UTF-8", binary, "report", "--db", server.databasePath, "games"])
        #expect(plain.stdout.hasPrefix("Recent games\n"), "\(plain.stdout)")
    }
}
