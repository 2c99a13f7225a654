import Testing
import ChalklineProtocol
@testable import ChalklineClient

/// The client's words in the language the terminal or `--language` asks for.
@Suite struct ClientLanguageTests {
    @Test func theTerminalsLanguageIsFoundTheWayGettextFindsIt() {
        #expect(ClientLanguage.pick(option: nil, environment: ["LANG": "fr_FR.UTF-8"])?.code == "fr")
        #expect(ClientLanguage.pick(option: nil, environment: ["LANGUAGE": "sv:de", "LANG": "fr_FR.UTF-8"])?.code == "de")
        #expect(ClientLanguage.pick(option: nil, environment: ["LC_ALL": "C.UTF-8", "LANG": "fr_FR.UTF-8"])?.code == "en")
        #expect(ClientLanguage.pick(option: nil, environment: ["LC_ALL": "", "LC_MESSAGES": "es_ES", "LANG": "fr_FR"])?.code == "es")
        #expect(ClientLanguage.pick(option: nil, environment: [:])?.code == "en")
        #expect(ClientLanguage.pick(option: "PT", environment: ["LANG": "de_DE"])?.code == "pt")
        #expect(ClientLanguage.pick(option: "xx", environment: [:]) == nil)
    }

    private func model(_ code: String) -> RoomModel {
        var model = RoomModel(role: .player, me: "sam", language: Languages.named(code)!)
        model.apply(ServerMessage(line: #"{"type":"ok","cmd":"join","room":"QXRM","token":"t","game":"times","state":"lobby","players":[{"name":"sam","score":0,"connected":true,"host":false,"playing":true},{"name":"Maximilian","score":0,"connected":true,"host":false,"playing":true}],"name":"sam","score":0}"#)!, now: 0)
        return model
    }

    private func texts(_ model: RoomModel, now: Double = 1) -> [String] {
        RoomScreen(model: model, now: now, columns: 80, rows: 24, colour: false, footer: [.plain("> ")], joinHint: nil)
            .frame().lines.map { $0.map(\.text).joined() }
    }

    @Test(arguments: ["fr", "de"]) func theLobbyAndAQuestionInTheLanguage(code: String) {
        var m = model(code)
        let lobby = texts(m)
        #expect(lobby.contains { $0.contains(code == "fr" ? "2 joueurs" : "2 Spieler") }, "\(lobby)")
        #expect(!lobby.joined().contains("players"))
        m.apply(ServerMessage(line: #"{"type":"question","id":1,"round":1,"rounds":20,"text":"7 x 8","time_ms":10000}"#)!, now: 1)
        let asked = texts(m, now: 2)
        #expect(asked.contains { $0.contains(code == "fr" ? "Question 1/20" : "Frage 1/20") })
        #expect(asked.contains { $0.contains(code == "fr" ? "Tape ta réponse" : "Tippe deine Antwort") })
        #expect(asked.allSatisfy { $0.count <= 80 }, "German must fit 80 columns")
        m.apply(ServerMessage(line: #"{"type":"ok","cmd":"answer","correct":true,"points":1234,"score":1234}"#)!, now: 3)
        #expect(m.verdict == (code == "fr" ? "Juste ! +1\u{00A0}234 points (score 1\u{00A0}234)." : "Richtig! +1.234 Punkte (Punktestand 1.234)."))
        #expect(m.verdictRight)
    }

    @Test func aSentenceQuestionShowsTheServersMessage() {
        var m = model("fr")
        m.apply(ServerMessage(line: #"{"type":"question","id":1,"round":1,"rounds":2,"text":"Bill $48.00, tip 15%: the tip?","message":"Addition 48,00 $, pourboire 15 % : le pourboire ?","time_ms":10000}"#)!, now: 1)
        #expect(m.question?.text == "Addition 48,00 $, pourboire 15 % : le pourboire ?")
    }

    /// `/help`'s `message` is the connection's language; its `text` stays English for bots.
    @Test func helpShowsTheServersMessage() {
        let help = ServerMessage(line: #"{"type":"ok","cmd":"help","text":"/leave\n  Leave your room.","message":"/leave\n  Quitte ta salle."}"#)!
        #expect(ReplyText.lines(for: help, language: Languages.named("fr")!) == ["/leave", "  Quitte ta salle."])
        // A server older than `message`: its English text, rather than nothing.
        let old = ServerMessage(line: #"{"type":"ok","cmd":"help","text":"/leave\n  Leave your room."}"#)!
        #expect(ReplyText.lines(for: old) == ["/leave", "  Leave your room."])
    }

    @Test func plainLinesSpeakTheLanguageToo() {
        let m = model("es")
        let line = PlainLines.line(for: ServerMessage(line: #"{"type":"joined","name":"ana","players":3}"#)!, model: m)
        #expect(line == "ana se unió (3 jugadores).")
        let welcome = PlainLines.line(for: ServerMessage(line: #"{"type":"welcome","version":"1.0","protocol":1}"#)!, model: m)
        #expect(welcome == "Conectado a Chalkline 1.0 (protocolo 1).")
    }

    @Test func homeworkSaysThePlaceTheLanguagesWay() {
        let homework = JSON.object([("rank", .int(1)), ("finished", .int(3)), ("tries_left", .int(2))])
        #expect(HomeworkPlace.sentence(homework, Languages.named("fr")!) == "Tu es 1er sur 3 qui ont fini. Il te reste 2 essais : /leave, puis rejoins.")
        #expect(HomeworkPlace.sentence(homework) == "You are 1st of 3 who have finished. You have 2 tries left: /leave, then join again.")
    }
}
