import ArgumentParser
import ChalklineClient
import Foundation

/// `chalkline play`: the student's screen.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play in a room: the question, a countdown bar, your answers and the leaderboard.",
        discussion: """
        Connects to the server and, with --room, joins that room as --name. On a terminal the \
        screen redraws in place (80x24 is enough): the players in the lobby, each question \
        large with a bar that runs down, the line you are typing, whether you were right and \
        your points, and the leaderboard after each round with your row marked. In the word \
        puzzle it shows the seven clues with their letter counts (or the word and who found it) \
        and the letter groups in five columns.

        Type an answer and press Enter. Lines starting with / are sent as commands (/say hi, \
        /scores, /leave, /join CODE NAME...). Ctrl-C leaves cleanly.

        When stdout is not a terminal, or NO_COLOR is set, it prints plain lines instead, one \
        per event, and reads answers line by line from stdin, so it can be scripted or piped.

        If the connection drops, it reconnects and takes its seat back with /rejoin and the \
        token from the join, keeping the score. When the teacher opens a new room from this \
        one, it joins the new room under the same name by itself and says so.

        Examples:
          chalkline play 192.168.1.20 --room QXRM --name sam
          chalkline play --room QXRM --name sam | tee game.log
        """
    )

    @Argument(help: "The server, as HOST[:PORT]; without it, the one on the network that has --room (else 127.0.0.1:7420).")
    var server: Endpoint?

    @Option(help: "Your name: 1 to 16 letters or digits of one alphabet, _ - or . (two names that look the same are one name)")
    var name: String?

    @Option(help: "The room's 4-letter code, from the host's screen.")
    var room: String?

    @OptionGroup var languageOption: LanguageOption

    func run() throws {
        var name = self.name
        if room != nil, name == nil {
            guard Terminal.wantsScreen else { throw ValidationError("--room needs --name when not on a terminal.") }
            Swift.print(languageOption.chosen.text("client.play.your_name"), terminator: "")
            name = readLine()?.trimmingCharacters(in: .whitespaces)
        }
        let endpoint = try server ?? room.map(RoomFinder.find) ?? Endpoint()
        let session = RoomSession(endpoint: endpoint, model: RoomModel(role: .player, me: name, language: languageOption.chosen))
        session.reconnects = true
        if let name, !name.isEmpty { session.setupLines.append("/name \(name)") }
        if let room { session.setupLines.append("/join \(room)") }
        if room == nil {
            session.model.notice = session.t("client.play.type_join")
        }
        let code = session.run()
        if code != 0 { throw ExitCode(code) }
    }
}
