import Foundation
import Testing

/// The teacher's connection drops: the room waits without a host (the players' screens say
/// so) and `chalkline host` takes it back with /claim by itself.
@Suite(.serialized) struct ClientHostAwayScreenTests {
    @Test func theHostScreenClaimsItsRoomBackAndPlayersSeeTheWait() throws {
        let server = try LiveServer()
        let proxy = try CuttableProxy(to: server.port)
        let host = try TmuxScreen(["host", "127.0.0.1:\(proxy.port)", "times", "table=3", "--name", "Ms"])
        let lobby = try host.expect("--room ")
        let code = try #require(lobby.firstMatch(of: /--room ([A-Z]{4})/)).1
        let watcher = try TmuxHost.joinPlayer(server, String(code), "ann")
        let play = try TmuxScreen(["play", "127.0.0.1:\(server.port)", "--room", String(code), "--name", "sam"])
        try play.expect("Waiting for the host (Ms)")

        proxy.cut()
        _ = try watcher.expect("host_away")
        try play.expect("The teacher left; waiting for them.")
        var back: String?
        while back != "Ms" { back = try watcher.expect("host", timeout: 10).string("name") }
        let after = try play.wait(for: "the wait over") { !$0.contains("The teacher left") && $0.contains("Waiting for the host (Ms)") }
        #expect(after.contains("2 players"))
        try host.wait(for: "the host's lobby again") { $0.contains("Room code") && !$0.contains("Connection lost") }
    }
}
