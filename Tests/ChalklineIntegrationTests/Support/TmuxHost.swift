import Foundation

/// `chalkline host` on a real terminal (tmux), with the room code read off its lobby screen.
struct TmuxHost {
    let screen: TmuxScreen
    let code: String

    /// Starts `chalkline host 127.0.0.1:PORT GAME OPTIONS --name Ms` and waits for its lobby.
    init(_ server: LiveServer, _ game: String, _ options: [String], columns: Int = 80, rows: Int = 24) throws {
        screen = try TmuxScreen(["host", "127.0.0.1:\(server.port)", game] + options + ["--name", "Ms"], columns: columns, rows: rows)
        let lobby = try screen.expect("--room ")
        guard let match = lobby.firstMatch(of: /--room ([A-Z]{4})/) else { throw TestFailure("no room code on the screen:\n\(lobby)") }
        code = String(match.1)
    }

    /// A player who joins over the protocol, in json.
    func join(_ server: LiveServer, _ name: String) throws -> HarnessClient {
        try Self.joinPlayer(server, code, name)
    }

    static func joinPlayer(_ server: LiveServer, _ code: String, _ name: String) throws -> HarnessClient {
        let client = try server.connect()
        try client.skipWelcome()
        _ = try client.command("/format json")
        let reply = try client.command("/join \(code) \(name)")
        guard reply.string("type") == "ok" else { throw TestFailure("\(name) could not join: \(reply)") }
        return client
    }
}

extension String {
    /// The screen's rows.
    var rows: [String] {
        var rows = split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if hasSuffix("\n") { rows.removeLast() }
        return rows
    }
}
