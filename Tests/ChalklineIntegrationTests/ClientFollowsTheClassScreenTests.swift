import Foundation
import Testing

/// Review finding 4 on real terminals (tmux): `chalkline play` and `chalkline watch` follow the
/// teacher's New room by themselves and say so; `chalkline host` shows a student's `/comeback`
/// with the command that answers it.
@Suite(.serialized) struct ClientFollowsTheClassScreenTests {
    @Test func playAndWatchFollowTheClassToTheNewRoom() throws {
        let server = try LiveServer()
        let host = try TestHost(server, create: "rounds=2 time=60 countdown=0 table=6")
        let play = try TmuxScreen(["play", "127.0.0.1:\(server.port)", "--room", host.code, "--name", "sam"])
        try play.expect("Waiting for the host")
        let watch = try TmuxScreen(["watch", "127.0.0.1:\(server.port)", host.code])
        try watch.expect("sam")
        let created = try host.client.command("/create times play=no rounds=3")
        let next = try #require(created.string("room"), "\(created)")
        let said = "moved the class from room \(host.code) to room \(next)"
        let screen = try play.wait(for: "sam in \(next), told so") { $0.contains(said) && $0.contains(next) }
        Self.keep("play-followed", screen)
        let watched = try watch.wait(for: "the watcher on \(next), told so") { $0.contains(said) && $0.contains("sam") }
        Self.keep("watch-followed", watched)
        let who = try host.client.command("/who")
        #expect(who.list("players").compactMap { $0["name"] as? String }.contains("sam"), "sam is seated in \(next): \(who)")
    }

    @Test func theHostScreenShowsAComebackWithTheCommandThatAnswersIt() throws {
        let server = try LiveServer()
        let host = try TmuxScreen(["host", "127.0.0.1:\(server.port)", "times", "table=3", "--name", "Ms"])
        let lobby = try host.expect("--room ")
        let code = String(try #require(lobby.firstMatch(of: /--room ([A-Z]{4})/)).1)
        let ann = try TmuxHost.joinPlayer(server, code, "ann")
        _ = ann
        let tablet = try server.connect()
        try tablet.skipWelcome()
        _ = try tablet.command("/format json")
        #expect(try tablet.command("/comeback \(code) ann").bool("waiting") == true)
        let screen = try host.wait(for: "the request with /letin") { $0.contains("ann asks to come back") && $0.contains("/letin ann") }
        Self.keep("host-comeback", screen)
    }

    /// The screen as text under $CHALKLINE_CAPTURES/screens, for a person to read (when set).
    static func keep(_ name: String, _ screen: String) {
        guard let dir = ProcessInfo.processInfo.environment["CHALKLINE_CAPTURES"], !dir.isEmpty else { return }
        try? FileManager.default.createDirectory(atPath: dir + "/screens", withIntermediateDirectories: true)
        try? screen.write(toFile: "\(dir)/screens/\(name).txt", atomically: true, encoding: .utf8)
    }
}
