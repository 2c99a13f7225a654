import ChalklineTesting
import Testing
@testable import ChalklineCore

/// The desk's commands in the reader's language (issue 42): classes, sets, homework and
/// `/report`'s refusals, after `/lang`. English is what the other suites check, unchanged.
@Suite("Desk commands in French and German")
struct DeskLanguageTests {
    /// A text connection that speaks `code` and holds the teacher's secret.
    static func teacher(_ h: ServerHarness, _ code: String) throws -> HarnessClient {
        let c = try h.connect()
        h.core!.sessions[c.connection]!.isTeacher = true
        _ = try c.step("/lang \(code)")
        return c
    }

    @Test func classRepliesAndErrorsInFrench() throws {
        let h = try ServerHarness(.inProcess)
        let t = try Self.teacher(h, "fr")
        #expect(try t.step("/class add 4B Ana Bo").text(to: t) == "La classe 4B est créée.\nClasse 4B : 2 élèves.\n  Ana\n  Bo\n")
        #expect(try t.step("/class add 4B Bo Cy").text(to: t)
                == "Ajoutés à la classe 4B : Cy. Déjà dedans : Bo.\nClasse 4B : 3 élèves.\n  Ana\n  Bo\n  Cy\n")
        #expect(try t.step("/class list").text(to: t) == "Classes (/class list CLASSE en montre une) :\n  4B  3 élèves\n")
        #expect(try t.step("/class frob").text(to: t)
                == "error bad_args: Tape /class list|add|remove|rename|codes|delete (/help class explique comment).\n")
        #expect(try t.step("/class remove 4B Zed").text(to: t) == "error not_in_class: Zed n'est pas dans la classe 4B. Rien n'a changé.\n")
        #expect(try t.step("/class list 5C").text(to: t).hasPrefix("error no_class: Il n'y a pas de classe 5C."))
    }

    @Test func classRepliesAndErrorsInGerman() throws {
        let h = try ServerHarness(.inProcess)
        let t = try Self.teacher(h, "de")
        #expect(try t.step("/class list").text(to: t) == "Es gibt noch keine Klassen. /class add 4B Ana Bo Cy legt eine an.\n")
        _ = try t.step("/class add 4B Ana")
        #expect(try t.step("/class codes 4B on").text(to: t).hasPrefix(
            "Die Klasse 4B tritt jetzt mit Bildcodes bei: drucke die Karten am Lehrerpult.\nKlasse 4B: 1 Schüler, mit Bildcodes (1 Sonne, 2 Mond"))
        #expect(try t.step("/class rename 4B Ana Anna").text(to: t).hasPrefix("In der Klasse 4B heißt Ana jetzt Anna.\n"))
        #expect(try t.step("/class delete").text(to: t) == "error bad_args: Gib /class delete KLASSE ein.\n")
    }

    @Test func setsInGermanAndFrench() throws {
        let h = try ServerHarness(.inProcess)
        let de = try Self.teacher(h, "de")
        #expect(try de.step("/sets new this-name-is-far-too-long-for-a-set-name").text(to: de)
                == "error bad_args: Der Name eines Fragensatzes hat 1 bis 32 Buchstaben, Ziffern, - oder _: this-name-is-far-too-long-for-a-set-name ist keiner.\n")
        #expect(try de.step("/sets new vokabeln").text(to: de) == "Fragensatz vokabeln begonnen: /sets add für seine Zeilen, dann /sets save.\n")
        #expect(try de.step("/sets add question,answer").text(to: de) == "Fragensatz vokabeln: bisher 1 Zeile.\n")
        #expect(try de.step(#"/sets add ["Hund,dog","Katze,cat"]"#).text(to: de) == "Fragensatz vokabeln: bisher 3 Zeilen.\n")
        let saved = try de.step("/sets save").text(to: de)
        #expect(saved == "vokabeln ist gespeichert (2 Fragen). /create quiz set=vokabeln spielt ihn.\n", "\(saved)")
        let fr = try Self.teacher(h, "fr")
        #expect(try fr.step("/sets cancel").text(to: fr) == "Aucune série n'était en cours.\n")
        #expect(try fr.step("/sets add x,y").text(to: fr)
                == "error bad_args: Aucune série n'est en cours sur cette connexion : /sets new NOM en commence une.\n")
        let deleted = try fr.step("/sets delete vokabeln").text(to: fr)
        #expect(deleted == "La série vokabeln est supprimée.\n", "\(deleted)")
    }

    @Test func homeworkForStudentsAndTeachersInFrenchAndGerman() throws {
        let (h, _) = try HomeworkTests.harness()
        let de = try h.connect()
        _ = try de.step("/lang de")
        #expect(try de.step("/assign times due=2026-11-26T18:00").text(to: de) == "error no_name: Wähle zuerst einen Namen: /name DEINNAME.\n")
        _ = try de.step("/name Lehrer")
        #expect(try de.step("/assign times due=2026-11-26T18:00 attempts=99").text(to: de)
                == "error bad_args: attempts= nimmt eine Zahl von Versuchen von 1 bis 20, oder best.\n")
        let set = try de.step("/assign \(HomeworkTests.options) due=2026-11-26T18:00 attempts=3").text(to: de)
        #expect(set.contains(" ist gestellt: times, fällig am 2026-11-26T18:00 (UTC). Jeder Schüler hat bis zu 3 Versuche; der beste zählt.\n"), "\(set)")
        let code = try #require(set.split(separator: " ").dropFirst(2).first.map(String.init))
        #expect(try de.step("/assignments").text(to: de) == "Deine offenen Hausaufgaben (UTC):\n  \(code)  times  fällig 2026-11-26T18:00  0 fertig, 0 begonnen\n")
        #expect(try de.step("/assignments close \(code) now").text(to: de) == "error bad_args: Gib /assignments close CODE ein, nichts danach.\n")

        let fr = try h.connect()
        _ = try fr.step("/lang fr")
        let joined = try fr.step("/join \(code) Zoé").text(to: fr)
        #expect(joined.hasPrefix("Devoir \(code) (times), à rendre le 2026-11-26T18:00 : tu joues seul, à ton rythme.\n"
                                 + "Après chaque réponse, tu vois la bonne réponse ; puis la question suivante"), "\(joined)")
        #expect(joined.contains("Si tu t'arrêtes, tape à nouveau /join \(code) Zoé plus tard pour continuer."))
        #expect(try fr.step("/next").text(to: fr).hasPrefix(
            "error wrong_state: Il n'y a rien de suivant pour l'instant : la prochaine question vient quand tu as répondu à celle-ci."))
    }

    @Test func reportRefusalsInGerman() throws {
        let h = try ServerHarness(.inProcess)
        let de = try Self.teacher(h, "de")
        #expect(try de.step("/report games limit=0").text(to: de) == "error bad_args: limit= nimmt 1 bis 1000.\n")
        #expect(try de.step("/report class 4B from=2026-13-01").text(to: de)
                == "error bad_args: from=2026-13-01 ist kein Datum: schreib JJJJ-MM-TT (YYYY-MM-DD).\n")
        #expect(try de.step("/report frob").text(to: de).hasPrefix("error bad_args: Es gibt keinen Bericht „frob“."))
    }

    @Test func theHomeworkEventReadsInEachTeachersLanguage() {
        let event = HomeworkCountsEvent(code: "QXRM", started: 3, finished: 1)
        #expect(event.text == "Homework QXRM: 3 started, 1 finished.")
        #expect(event.text(in: Languages.named("de")!) == "Hausaufgabe QXRM: 3 begonnen, 1 fertig.")
        #expect(event.text(in: Languages.named("fr")!) == "Devoir QXRM : 3 commencé(s), 1 fini(s).")
    }
}
