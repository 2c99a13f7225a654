import Foundation
import Testing

/// `chalkline host` on a real terminal: the lobby's join QR code, replies that show, host
/// actions that are confirmed, and a question on the bottom line that behaves as one.
@Suite(.serialized) struct ClientHostScreenTests {
    /// Issue 26: the join URL and its QR code in half blocks beside the room code, all of it on
    /// an 80x24 terminal.
    @Test func theLobbyShowsTheJoinURLAndItsQRCodeAtEightyByTwentyFour() throws {
        let server = try LiveServer()
        let host = try TmuxHost(server, "times", ["table=7"])
        let url = "http://127.0.0.1:\(server.port)/?room=\(host.code)"
        let lobby = try host.screen.expect(url)
        let qrRows = lobby.rows.filter { $0.contains("▀") || $0.contains("▄") }
        #expect(qrRows.count >= 14, "a QR code of half blocks:\n\(lobby)")
        #expect(lobby.rows.count == 24 && lobby.rows.allSatisfy { $0.count <= 80 })
        #expect(lobby.contains("Room code"), "the code beside the QR")
        host.screen.save("host-lobby", screen: lobby)
    }

    /// /help, /who and /report showed nothing in the full screen; /lock, /ban and chat off
    /// showed no confirmation.
    @Test func repliesAndConfirmationsShow() throws {
        let server = try LiveServer()
        let host = try TmuxHost(server, "times", ["table=3", "rounds=1", "time=30", "countdown=0", "gap=0"])
        let ann = try host.join(server, "ann")
        let bob = try host.join(server, "bob")
        try host.screen.expect("2 players")

        try host.screen.type("/help")
        try host.screen.press("Enter")
        try host.screen.expect("Commands (type /help COMMAND for more)")
        try host.screen.expect("Esc closes")
        try host.screen.press("Escape")
        try host.screen.wait(for: "the lobby again") { $0.contains("Room code") && !$0.contains("Esc closes") }

        try host.screen.type("/who")
        try host.screen.press("Enter")
        try host.screen.expect("ann, bob")
        try host.screen.type("/lock")
        try host.screen.press("Enter")
        try host.screen.expect("Room locked: nobody new can join.")
        try host.screen.type("c")
        try host.screen.expect("Chat is off.")
        try host.screen.type("/ban bob")
        try host.screen.press("Enter")
        try host.screen.expect("bob was banned")

        try host.screen.press("Enter")                          // start
        let question = try ann.expect("question")
        _ = try ann.command("\(3 * (Int((question.string("text") ?? "").split(separator: " ").last ?? "0") ?? 0))")
        try host.screen.expect("Game over!")
        try host.screen.type("/report")
        try host.screen.press("Enter")
        let report = try host.screen.expect("Report of")
        #expect(report.contains("ann"))
        host.screen.save("host-report", screen: report)
        withExtendedLifetime(bob) {}
    }

    /// `k`: "Kick whom?" did not echo the name (its letters were taken as keys: s skipped), and
    /// its Enter went on to start a game.
    @Test func kickAsksEchoesCancelsAndKeepsItsEnter() throws {
        let server = try LiveServer()
        let host = try TmuxHost(server, "times", ["table=3", "countdown=0"])
        let sam = try host.join(server, "sam")
        let ann = try host.join(server, "ann")
        try host.screen.expect("2 players")

        try host.screen.type("k")
        try host.screen.expect("Kick whom?")
        try host.screen.type("sam")
        try host.screen.expect("Kick whom? sam")
        try host.screen.press("Escape")
        try host.screen.wait(for: "the question gone") { !$0.contains("Kick whom?") && $0.contains("k kick") }

        try host.screen.type("k")
        try host.screen.type("ann")
        try host.screen.expect("Kick whom? ann")
        try host.screen.press("Enter")
        try host.screen.expect("ann was removed")
        try host.screen.expect("1 player")
        // Had the Enter gone on, /start would have reached the server before this /ping.
        try sam.send("/ping")
        while true {
            let line = try sam.json(timeout: 5)
            #expect(line.string("type") != "countdown" && line.string("type") != "question", "a game started: \(line)")
            if line.string("cmd") == "ping" { break }
        }
        #expect(try host.screen.expect("Room code").contains("1 player"))
        #expect(try ann.expect("kicked").string("type") == "kicked")
    }

    /// `/report` printed nothing in plain mode either.
    @Test func reportPrintsInPlainMode() throws {
        let server = try LiveServer()
        let host = try ClientProcess.chalkline(["host", "127.0.0.1:\(server.port)", "times", "table=2", "rounds=1", "time=30",
                                                "countdown=0", "gap=0", "--name", "Ms"])
        let ready = try host.expect("is ready")
        let code = try #require(ready.split(separator: " ").dropFirst().first.map(String.init))
        let ann = try TmuxHost.joinPlayer(server, code, "ann")
        try host.expect("ann joined")
        host.type("")
        let question = try ann.expect("question")
        _ = try ann.command("\(2 * (Int((question.string("text") ?? "").split(separator: " ").last ?? "0") ?? 0))")
        try host.expect("Game over!")
        host.type("/report")
        try host.expect("Report of")
        try host.expect("ann")
        host.closeInput()
    }
}
