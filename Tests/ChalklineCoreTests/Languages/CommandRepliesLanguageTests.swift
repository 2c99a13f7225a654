import ChalklineTesting
import Testing
@testable import ChalklineCore

/// The text mode's replies, errors and `/help` follow `/lang`; the json mode keeps its codes and
/// only its `message` follows.
@Suite("Command replies in each language")
struct CommandRepliesLanguageTests {
    private func client(_ h: ServerHarness, _ code: String) throws -> HarnessClient {
        let c = try h.connect()
        _ = try c.step("/lang \(code)")
        return c
    }

    @Test func frenchRepliesAndErrors() throws {
        let h = try ServerHarness(.inProcess)
        let c = try client(h, "fr")
        #expect(try c.step("/frobnicate").text(to: c) == "error unknown_command: La commande /frobnicate n'existe pas. Tape /help pour la liste.\n")
        #expect(try c.step("/join").text(to: c) == "error bad_args: Écris /join CODE ou /join CODE NOM.\n")
        #expect(try c.step("/join ZZZZ").text(to: c) == "error no_name: Choisis d'abord un nom : /join CODE NOM, ou /name TONNOM.\n")
        #expect(try c.step("/join ZZZZ Ana").text(to: c) == "error no_room: Il n'y a pas de salle ZZZZ. Vérifie le code avec ton hôte.\n")
        #expect(try c.step("/name a b").text(to: c).hasPrefix("error bad_name: Un nom a de 1 à 16 lettres"))
        #expect(try c.step("/name Ana").text(to: c).hasPrefix("Bonjour, Ana ! Maintenant /join CODE, /create JEU ("))
        #expect(try c.step("/start").text(to: c) == "error not_in_room: Tu n'es dans aucune salle. Fais d'abord /join CODE.\n")
        #expect(try c.step("/ping").text(to: c) == "pong\n")
        let ready = try c.step("/create arith").text(to: c)
        #expect(ready.hasPrefix("La salle ") && ready.contains(" est prête (arith). Les joueurs tapent : /join "))
        #expect(ready.hasSuffix("\nTu es l'hôte : /start quand tout le monde est là.\n"))
        #expect(try c.step("/kick Bo").text(to: c).hasPrefix("error no_such_player: Personne dans la salle "))
        #expect(try c.step("/lock").text(to: c).contains(" est fermée : personne de nouveau ne peut entrer"))
        #expect(try c.step("/set chat=off").text(to: c) == "La discussion est coupée : seul l'hôte peut faire /say.\n")
        #expect(try c.step("/teams").text(to: c).contains("n'a pas d'équipes (une salle en a quand elle est créée avec teams=2 à"))
        #expect(try c.step("/who x").text(to: c) == "error bad_args: Écris /who ou /who PAGE (un numéro de page, à partir de 1).\n")
        #expect(try c.step("/who").text(to: c).contains("(arith, salon) :\n  Ana"))
        #expect(try c.step("/quit").text(to: c) == "Au revoir !\n")
    }

    @Test func germanRepliesErrorsAndHelp() throws {
        let h = try ServerHarness(.inProcess)
        let c = try client(h, "de")
        #expect(try c.step("/kick").text(to: c) == "error not_in_room: Du bist in keinem Raum. Mach zuerst /join CODE.\n")
        #expect(try c.step("/name Bo").text(to: c).hasPrefix("Hallo, Bo! Jetzt /join CODE, /create SPIEL ("))
        _ = try c.step("/create arith")
        #expect(try c.step("/kick").text(to: c) == "error bad_args: Schreib /kick NAME.\n")
        #expect(try c.step("/kick Bo").text(to: c) == "error bad_args: Du kannst dich nicht selbst herausnehmen; benutze /leave.\n")
        #expect(try c.step("/help").text(to: c).hasPrefix("Befehle (tippe /help BEFEHL für mehr):\n  /name NAME"))
        #expect(try c.step("/help join").text(to: c).hasPrefix("/join CODE [NAME]\n  Betritt den Raum mit diesem Code aus 4 Buchstaben.\n"))
        #expect(try c.step("/help nope").text(to: c).hasPrefix("error unknown_command: Den Befehl /nope gibt es nicht."))
        #expect(try c.step("/help create chess").text(to: c).hasPrefix("error bad_args: Das Spiel „chess“ gibt es nicht. Spiele: "))
        #expect(try c.step("/leave").text(to: c).hasPrefix("Du hast Raum "))
    }

    /// Every language's `/help` fits an 80-column netcat, as the English one does.
    @Test(arguments: Languages.codes)
    func helpFitsAnEightyColumnTerminalInEveryLanguage(code: String) throws {
        let h = try ServerHarness(.inProcess)
        let c = try client(h, code)
        var texts = [try c.step("/help").text(to: c)]
        for command in ServerCore.commands {
            h.advance(by: 100)  // under the line limit
            texts.append(try c.step("/help \(command.name)").text(to: c))
        }
        for text in texts {
            #expect(!text.contains("help."), "\(code): a key shown as itself")
            for line in text.split(separator: "\n") { #expect(line.count < 80, "\(code): \(line)") }
        }
        // One line a command: a summary too long for its line would go on under itself, but the
        // list reads best when each fits (a translator keeps help.VERB's first sentence short).
        #expect(texts[0].split(separator: "\n").count == 1 + ServerCore.commands.count, "\(code): a summary wraps")
    }

    /// Every command of the table has its help in English (and so, by the catalog tests, in every language).
    @Test func everyCommandHasItsHelpKey() {
        for command in ServerCore.commands {
            #expect(Languages.english.entries["help.\(command.name)"] != nil, "help.\(command.name)")
        }
    }

    @Test func jsonKeepsItsCodesWithSpanishMessages() throws {
        let h = try ServerHarness(.inProcess)
        let c = try h.jsonClient()
        _ = try c.step("/lang es")
        let unknown = try #require(try c.step("/frobnicate").messages(to: c).first)
        #expect(unknown.type == "error" && unknown.code == "unknown_command" && unknown.cmd == "frobnicate")
        #expect(unknown.string("message") == "No existe el comando /frobnicate. Escribe /help para ver la lista.")
        let noRoom = try #require(try c.step("/join ZZZZ Ana").messages(to: c).first)
        #expect(noRoom.code == "no_room" && noRoom.string("message") == "No hay ninguna sala ZZZZ. Comprueba el código con tu anfitrión.")
        let arity = try #require(try c.step("/claim X").messages(to: c).first)
        #expect(arity.code == "bad_args" && arity.string("message") == "Escribe /claim CÓDIGO HOST_KEY (la host_key te llegó con /create).")
        // An ok reply's fields are the protocol's: the same in every language.
        let name = try #require(try c.step("/name Ana").messages(to: c).first)
        #expect(name.type == "ok" && name.string("name") == "Ana")
    }

    @Test func aWaitIsWrittenInTheReadersLanguage() {
        #expect(Languages.named("fr")!(ServerCore.waitSay(1_000)) == "une seconde")
        #expect(Languages.named("de")!(ServerCore.waitSay(30_000)) == "30 Sekunden")
        #expect(Languages.english(ServerCore.waitSay(300_000)) == "5 minutes")
    }
}
