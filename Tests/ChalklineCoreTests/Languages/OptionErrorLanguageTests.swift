import ChalklineTesting
import Testing
@testable import ChalklineCore

/// `/create`'s option errors (`bad_args`) read in the connection's language; the option names
/// and values in them stay as typed.
@Suite("Option errors speak the reader's language")
struct OptionErrorLanguageTests {
    /// The `message` of the reply to `line` after `/lang lang`, with its code.
    static func refusal(_ line: String, in lang: String,
                        on server: () throws -> ServerHarness = { try ServerHarness(.inProcess) }) throws -> (code: String?, message: String?) {
        let h = try server()
        let c1 = try h.jsonClient("Ann")
        _ = try c1.step("/lang \(lang)")
        let reply = try #require(try c1.step(line).messages(to: c1).first)
        return (reply.code, reply.string("message"))
    }

    @Test func aTableOutOfRangeIsRefusedInFrenchAndGerman() throws {
        let fr = try Self.refusal("/create times table=99", in: "fr")
        #expect(fr.code == "bad_args")
        #expect(fr.message == "table= prend all, un nombre (7), une plage (3-5) ou une liste (3,4,8), chacun de 1 à 20.")
        let de = try Self.refusal("/create times table=99", in: "de")
        #expect(de.code == "bad_args")
        #expect(de.message == "table= nimmt all, eine Zahl (7), einen Bereich (3-5) oder eine Liste (3,4,8), jeweils von 1 bis 20.")
    }

    /// A refusal built from the option's declaration (`OptionSpec.refusal`).
    @Test func aDeclaredRangeIsRefusedInFrenchAndGerman() throws {
        #expect(try Self.refusal("/create times max=99", in: "fr").message == "max= prend un nombre entier de 2 à 20.")
        #expect(try Self.refusal("/create times order=up", in: "de").message == "order= nimmt normal oder random.")
        #expect(try Self.refusal("/create times time=0.1", in: "fr").message == "time= prend un nombre de secondes de 0.2 à 600.")
    }

    @Test func anUnknownOptionIsRefusedInFrenchAndGerman() throws {
        let fr = try Self.refusal("/create times colour=red", in: "fr")
        #expect(fr.code == "bad_args")
        #expect(fr.message == "Ce jeu n'a pas d'option colour=. Essaie /help create.")
        #expect(try Self.refusal("/create times colour=red", in: "de").message == "Dieses Spiel hat keine Option colour=. Versuch /help create.")
    }

    @Test func aDoubledOptionIsRefusedInFrenchAndGerman() throws {
        let fr = try Self.refusal("/create times max=4 max=5", in: "fr")
        #expect(fr.code == "bad_args")
        #expect(fr.message == "L'option max= est donnée deux fois.")
        #expect(try Self.refusal("/create times max=4 max=5", in: "de").message == "Die Option max= steht zweimal da.")
    }

    /// The word puzzle reads its options apart from the quizzes; its refusals speak too.
    @Test func theWordPuzzlesOptionsAreRefusedInFrench() throws {
        #expect(try Self.refusal("/create words pack=test levels=0", in: "fr", on: WordsFixtures.server).message?
                    .hasPrefix("levels= prend un nombre entier de 1 à") == true)
        #expect(try Self.refusal("/create words pack=test speed=3", in: "fr", on: WordsFixtures.server).message
                == "Ce jeu n'a pas d'option speed=. Essaie /help create.")
    }

    @Test func englishIsAsBefore() throws {
        #expect(try Self.refusal("/create times table=99", in: "en").message
                == "table= takes all, a number (7), a range (3-5) or a list (3,4,8), each from 1 to 20.")
        #expect(try Self.refusal("/create times max=4 max=5", in: "en").message == "The option max= is given twice.")
    }
}
