import Foundation
import Testing

/// Issue 42 (review R12, R5): why a question set was refused, and `/catalog`, in the language
/// the connection chose with `/lang`, over TCP against the real server. The json error carries
/// the bare reason in `reason`, so a page puts its own number before it in any language.
@Suite struct SetErrorsLanguageTCPTests {
    @Test func aFrenchTeacherAtNetcatReadsWhyTheSetWasRefusedInFrench() throws {
        let server = try LiveServer()
        defer { _ = try? server.stop() }
        let teacher = try server.connect()
        try teacher.skipWelcome()
        try teacher.send("/lang fr")
        _ = try teacher.line()
        try teacher.send("/sets new semaine3")
        _ = try teacher.line()
        try teacher.send("/sets add question,answer")
        _ = try teacher.line()
        try teacher.send("/sets add Capitale de l'Allemagne ?,")
        _ = try teacher.line()
        try teacher.send("/sets save")
        #expect(try teacher.line() == "error bad_args: ligne 2 : la réponse est vide. Rien n'a été enregistré.")

        // A problem of the whole set has no line.
        try teacher.send("/sets new vide")
        _ = try teacher.line()
        try teacher.send("/sets add question,answer")
        _ = try teacher.line()
        try teacher.send("/sets save")
        #expect(try teacher.line() == "error bad_args: Rien n'a été enregistré : le fichier n'a aucune question.")

        // /catalog: each kind's /help create KIND, in German after /lang de.
        try teacher.send("/lang de")
        _ = try teacher.line()
        try teacher.send("/catalog")
        #expect(try teacher.line() == "/create times [key=value ...]")
        #expect(try teacher.line() == "  Einmaleins: eine Aufgabe pro Frage, z. B. 7 x 8")
        #expect(try teacher.line() == "  Optionen (Schlüssel=Standard):")
    }

    @Test func aJSONConnectionGetsTheBareReasonBesideItsLineInItsLanguage() throws {
        let server = try LiveServer()
        defer { _ = try? server.stop() }
        for (code, message, reason) in [("en", "line 3: the answer is empty. Nothing was saved.", "the answer is empty"),
                                        ("fr", "ligne 3 : la réponse est vide. Rien n'a été enregistré.", "la réponse est vide"),
                                        ("de", "Zeile 3: die Antwort ist leer. Nichts wurde gespeichert.", "die Antwort ist leer")] {
            let page = try server.connect().enterJSON()
            #expect(try page.command("/lang \(code)").type == "ok")
            #expect(try page.command("/sets new week3").type == "ok")
            #expect(try page.command(#"/sets add ["question,answer","Capital of France?,Paris","Capital of Germany?,"]"#).type == "ok")
            let refused = try page.command("/sets save")
            #expect(refused.type == "error" && refused.string("code") == "bad_args", "\(refused)")
            #expect(refused.int("line") == 3, "\(refused)")
            #expect(refused.string("message") == message, "\(refused)")
            #expect(refused.string("reason") == reason, "\(refused)")
        }
    }
}
