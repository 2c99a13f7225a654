import ArgumentParser
import ChalklineClient
import Foundation

/// `chalkline host`: the teacher's projector screen.
struct Host: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Host a room on the projector: the code to join, the lobby, each round, the podium.",
        discussion: """
        Creates a room for GAME (any kind the server offers: /help create lists them) with the options \
        given as key=value (as /create takes them, e.g. table=7 rounds=10 time=8; see \
        /help create). The host runs the game and does not play (play=no) unless you pass \
        play=yes.

        The screen shows the room code large, with the command students type to join, and the \
        lobby filling up; then each question with the count of answers in, the round results \
        and the leaderboard; at the end a podium (top three) and the final table.

        Keys:
          Enter   start the game (in the lobby), or close the open question
          s       skip: close the open question now
          k       kick a player (asks for the name; Esc cancels)
          c       turn players' chat off or on
          l       read the log of replies (/help, /who, /report and every confirmation)
          PgDn    page on through the leaderboard and the final table (PgUp back)
          q       stop the game; in the lobby, leave
          /       type any command, e.g. /say Pencils down

        Plain mode (stdout not a terminal, or NO_COLOR): one line per event; type an empty \
        line to start or skip, s, k NAME, q, or any /command.

        A student back on another device (a new tablet) asks for their seat: the request \
        stays at the bottom of the screen with the command that answers it (/letin NAME, with \
        the number their device shows when there is one, or /letin NAME no) until you answer.

        If the connection drops, it reconnects and takes the room back with /claim and the \
        room's host key; the game goes on meanwhile.

        Examples:
          chalkline host times table=7 rounds=10
          chalkline host 192.168.1.20 times table=2-5 time=8 chat=off
        """
    )

    @Argument(help: ArgumentHelp("[HOST[:PORT]] GAME [key=value ...]: the server (default 127.0.0.1:7420), the game, its options.",
                                 valueName: "host-port-game-options"))
    var words: [String] = []

    @OptionGroup var languageOption: LanguageOption

    @Option(help: "The host's name, shown to the players.")
    var name: String = "Teacher"

    mutating func validate() throws { _ = try target() }

    /// `HOST[:PORT]` is optional, and the client keeps no list of games (the server's catalog
    /// decides): the first word is the server when the second is not an option either, as in
    /// `laptop.local times`; in `times table=7` the game comes first.
    func target() throws -> (server: Endpoint, game: String, options: [String]) {
        var rest = words[...]
        var server = Endpoint()
        if let first = rest.first, !first.contains("="), rest.count >= 2, !rest[rest.index(after: rest.startIndex)].contains("=") {
            guard let endpoint = Endpoint.parse(first) else { throw ValidationError("\(first) is not HOST[:PORT].") }
            server = endpoint
            rest = rest.dropFirst()
        }
        guard let game = rest.first, !game.contains("=") else { throw ValidationError("Say which game, e.g. times (the server's /help create lists them).") }
        return (server, game, Array(rest.dropFirst()))
    }

    func run() throws {
        let (server, game, options) = try target()
        let session = RoomSession(endpoint: server, model: RoomModel(role: .host, me: name, language: languageOption.chosen))
        var create = "/create \(game)"
        if !options.contains(where: { $0.lowercased().hasPrefix("play=") }) { create += " play=no" }
        for option in options { create += " \(option)" }
        session.setupLines = ["/name \(name)", create]
        session.reconnects = true
        session.footerHint = session.t("client.host.keys")
        session.onMessage = { session, message in
            if message.event == .ok, message.cmd == "create", let code = message.string("room") {
                let address = server.host == "127.0.0.1" || server.host == "localhost" ? (LocalAddress.lan() ?? server.host) : server.host
                let portPart = server.port == Endpoint.defaultPort ? "" : ":\(server.port)"
                session.joinHint = session.t("client.host.join_hint", ["address": .text("\(address)\(portPart)"), "room": .text(code), "mdns": .text(LocalAddress.mdnsName),
                                                                       "host": .text(address), "port": .text(String(server.port))])
                if !session.screenMode {
                    if let url = message.string("join_url") { print(session.t("client.lobby.join_at", ["url": .text(url)])) }
                    print(session.joinHint!)
                }
            }
            if message.event == .error, message.cmd == "create" || message.cmd == "name" {
                session.quit(code: 1, farewell: "chalkline host: \(message.string("message") ?? message.string("code") ?? "refused")")
            }
        }
        session.onKey = { session, key in
            switch key {
            case "s", "S": session.send("/skip")
            case "k", "K":
                session.ask(session.t("client.host.kick_whom")) { session, name in
                    if !name.isEmpty { session.send("/kick \(name)") }
                }
            case "c", "C": session.send("/set chat=\(session.model.chatOn ? "off" : "on")")
            case "l", "L": session.openLog()
            case "q", "Q": Host.stopOrLeave(session)
            case "/": return false
            default: return true
            }
            return true
        }
        session.onSubmit = { session, line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            switch trimmed.lowercased() {
            case "": Host.startOrNext(session)
            case "s": session.send("/skip")
            case "q": Host.stopOrLeave(session)
            default:
                if trimmed.lowercased().hasPrefix("k ") { session.send("/kick \(trimmed.dropFirst(2))") } else { return false }
            }
            return true
        }
        let status = session.run()
        if status != 0 { throw ExitCode(status) }
    }

    private static func startOrNext(_ session: RoomSession) {
        switch session.model.phase {
        case .lobby, .gameEnd: session.send("/start")
        case .question, .board: session.send("/skip")
        default: break
        }
    }

    private static func stopOrLeave(_ session: RoomSession) {
        switch session.model.phase {
        case .lobby, .gameEnd, .outside: session.quit()
        default: session.send("/stop")
        }
    }
}
