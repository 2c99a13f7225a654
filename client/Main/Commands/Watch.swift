import ArgumentParser
import ChalklineClient
import ChalklineProtocol

/// `chalkline watch`: a read-only second screen.
struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Watch a room without playing, e.g. on a second screen or projector.",
        discussion: """
        Joins room CODE as a watcher (the server's /watch): it shows what the players see \
        (the lobby, each question with its bar, the answers coming in, the round results, the \
        leaderboard and the final podium) but holds no seat and cannot answer. When the \
        teacher opens a new room from this one, it watches the new room by itself. Press q or \
        Ctrl-C to leave. Plain lines, one per event, when stdout is not a terminal or NO_COLOR \
        is set.

        Example:
          chalkline watch 192.168.1.20 QXRM
        """
    )

    @OptionGroup var languageOption: LanguageOption

    @Argument(help: ArgumentHelp("[HOST[:PORT]] CODE: the server (default: the one on the network that has the room, else 127.0.0.1:7420) and the room's 4-letter code.",
                                 valueName: "host-port-code"))
    var words: [String] = []

    mutating func validate() throws { _ = try target() }

    /// `HOST[:PORT]` is optional, so one word is the code and two are server and code.
    private func target() throws -> (server: Endpoint?, code: String) {
        switch words.count {
        case 1: return (nil, words[0])
        case 2:
            guard let endpoint = Endpoint.parse(words[0]) else { throw ValidationError("\(words[0]) is not HOST[:PORT].") }
            return (endpoint, words[1])
        default: throw ValidationError("Give the room's code, and before it the server if it is not on this machine.")
        }
    }

    func run() throws {
        let (server, code) = try target()
        let session = RoomSession(endpoint: try server ?? RoomFinder.find(code), model: RoomModel(role: .watcher, language: languageOption.chosen))
        session.setupLines = ["/watch \(code)"]
        session.footerHint = session.t("client.watch.keys")
        session.onKey = { session, key in
            if key == "q" || key == "Q" { session.quit() }
            return true
        }
        session.onMessage = { session, message in
            if message.event == .error, message.cmd == "watch" {
                session.quit(code: 1, farewell: "chalkline watch: \(message.string("message") ?? message.string("code") ?? "refused")")
            }
        }
        let status = session.run()
        if status != 0 { throw ExitCode(status) }
    }
}
