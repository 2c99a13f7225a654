import ChalklineTesting
import Testing
@testable import ChalklineCore

/// `/lang` and `--language`: what a connection reads changes, the protocol does not.
@Suite("/lang")
struct LangCommandTests {
    @Test func langAloneListsAndLangCodeSwitches() throws {
        let h = try ServerHarness(.inProcess)
        let c1 = try h.connect()
        #expect(try c1.step("/lang").text(to: c1)
                == "Languages: en (English), fr (Français), es (Español), de (Deutsch), pt (Português). Now: English. Choose one with /lang CODE.\n")
        #expect(try c1.step("/lang FR").text(to: c1) == "Les messages sont maintenant en français.\n")
        #expect(try c1.step("/lang xx").text(to: c1)
                == "error bad_args: La langue « xx » n'existe pas. Langues : en (English), fr (Français), es (Español), de (Deutsch), pt (Português).\n")
    }

    @Test func jsonKeepsItsKeysAndCodesAndOnlyTheMessageFollows() throws {
        let h = try ServerHarness(.inProcess)
        let c1 = try h.jsonClient()
        let ok = try #require(try c1.step("/lang de").messages(to: c1).first)
        #expect(ok.type == "ok" && ok.cmd == "lang" && ok.string("lang") == "de")
        let error = try #require(try c1.step("/lang klingon").messages(to: c1).first)
        #expect(error.code == "bad_args")
        #expect(error.string("message")?.hasPrefix("Die Sprache „klingon“ gibt es nicht.") == true)
    }

    @Test func oneErrorReadsInEachRecipientsLanguage() {
        var out = Outbox()
        let config = ServerConfig()
        let en = Session(id: ConnectionID(1), peer: "a", config: config, now: 0)
        let fr = Session(id: ConnectionID(2), peer: "b", config: config, now: 0)
        let fr2 = Session(id: ConnectionID(3), peer: "c", config: config, now: 0)
        fr.language = Languages.named("fr")!
        fr2.language = Languages.named("fr")!
        out.send(ErrorReply("lang", .badArgs, Say("error.lang.unknown", ["code": "x", "list": "en"])), to: [en, fr, fr2])
        // Rendered once a language: two sends, the French one shared by both French connections.
        #expect(out.effects.count == 2)
    }

    @Test func theServersLanguageIsWhereNewConnectionsStart() throws {
        var config = ServerConfig()
        config.language = Languages.named("es")!
        let h = try ServerHarness(.inProcess, config: config)
        let c1 = try h.connect()
        #expect(try c1.step("/lang zz").text(to: c1).hasPrefix("error bad_args: No existe el idioma «zz»."))
    }
}
