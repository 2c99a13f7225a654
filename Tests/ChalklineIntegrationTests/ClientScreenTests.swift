import Foundation
import Testing
import ChalklineProtocol

/// `play` and `watch` with stdout not a terminal: one plain line per event, answers from stdin.
@Suite struct ClientScreenTests {
    @Test func playPrintsOneLinePerEventForAScriptedSession() throws {
        let server = try LiveServer()
        let host = try TestHost(server, create: "time=5 gap=0 countdown=1 rounds=2 table=7")
        let play = try ClientProcess.chalkline(["play", "127.0.0.1:\(server.port)", "--room", host.code, "--name", "sam"])
        try play.expect("You are in room \(host.code) as sam (times, 1 player).")
        try host.waitForPlayers(1)
        _ = try host.client.command("/say Good luck")
        try play.expect("MsLee (host): Good luck")
        _ = try host.client.command("/start")
        try play.expect("Get ready: the race starts in 1 s.")
        #expect(try play.expect("Question 1/2:") == "Question 1/2: 7 x 2 = ?  (5 s)")
        play.type("14")
        #expect(try play.expect("Right!").hasPrefix("Right! +"))
        #expect(try play.expect("Time!").hasPrefix("Time! The answer was 14. Standings: 1. sam "))
        #expect(try play.expect("Question 2/2:") == "Question 2/2: 7 x 3 = ?  (5 s)")
        play.type("22")
        #expect(try play.expect("Wrong.").hasPrefix("Wrong. (score "))
        try play.expect("Time! The answer was 21.")
        #expect(try play.expect("Game over!").hasPrefix("Game over! Final standings: 1. sam "))
        play.type("/say bye")
        try play.expect("sam: bye")
        play.closeInput()
        #expect(try play.finish() == 0)
        #expect(try host.client.expect("left").string("name") == "sam")
    }

    @Test func playReportsAnErrorLine() throws {
        let server = try LiveServer()
        let play = try ClientProcess.chalkline(["play", "127.0.0.1:\(server.port)", "--room", "ZZZZ", "--name", "sam"])
        try play.expect("error no_room:")
        play.closeInput()
        #expect(try play.finish() == 0)
    }

    @Test func watchShowsTheRoomWithoutJoiningIt() throws {
        let server = try LiveServer()
        let host = try TestHost(server, create: "time=5 gap=0 countdown=0 rounds=1 table=3")
        let ann = try server.connect()
        try ann.skipWelcome()
        _ = try ann.command("/format json")
        _ = try ann.command("/join \(host.code) ann")
        let watch = try ClientProcess.chalkline(["watch", "127.0.0.1:\(server.port)", host.code])
        try watch.expect("Watching room \(host.code) (times, 1 player).")
        _ = try host.client.command("/start")
        #expect(try watch.expect("Question 1/1:") == "Question 1/1: 3 x 2 = ?  (5 s)")
        _ = try ann.command("6")
        try watch.expect("Time! The answer was 6. Standings: 1. ann ")
        try watch.expect("Game over! Final standings: 1. ann ")
        #expect(try host.client.command("/who").list("players").count == 2, "host and ann: the watcher holds no seat")
        watch.process.interrupt()
        #expect(try watch.finish() == 0)
    }
}

/// `play` after a dropped connection: it reconnects by itself and `/rejoin`s with its token.
@Suite struct ClientReconnectTests {
    /// The projector's laptop drops mid-game: `chalkline host` reconnects and takes the room
    /// back with `/claim`, and can run the game again.
    @Test func hostReclaimsItsRoomAfterADrop() throws {
        let server = try LiveServer()
        let proxy = try CuttableProxy(to: server.port)
        let host = try ClientProcess.chalkline(["host", "127.0.0.1:\(proxy.port)", "times", "time=30", "gap=0", "countdown=0",
                                                "rounds=2", "table=3", "--name", "Ms"])
        let sam = try server.connect()
        func step<T>(_ name: String, _ body: () throws -> T) throws -> T {
            do { return try body() } catch {
                throw TestFailure("\(name): \(error); sam got \(sam.received.suffix(6)); host printed \(host.output.suffix(8))")
            }
        }
        let ready = try step("create") { try host.expect("is ready") }
        let code = try #require(ready.split(separator: " ").dropFirst().first.map(String.init))
        try step("welcome") { try sam.skipWelcome() }
        _ = try step("format") { try sam.command("/format json") }
        #expect(try step("join") { try sam.command("/join \(code) sam") }.string("type") == "ok")
        host.type("")                                          // Enter: start
        _ = try step("question") { try sam.expect("question") }

        proxy.cut()
        #expect(try step("left") { try sam.expect("left") }.string("name") == "Ms")
        _ = try step("host away") { try sam.expect("host_away") }
        try step("lost") { try host.expect("Connection lost; reconnecting") }
        try step("back") { try host.expect("Reconnected:") }
        // The room's host is Ms again (the room had none while Ms was away).
        var hostName: String?
        while hostName != "Ms" { hostName = try step("host event") { try sam.expect("host") }.string("name") }
        host.type("")                                          // Enter: close the open question
        #expect(try step("round_end") { try sam.expect("round_end") }.int("answer") == 6)
        host.closeInput()
    }

    @Test func playRejoinsAfterADropAndKeepsItsScore() throws {
        let server = try LiveServer()
        let proxy = try CuttableProxy(to: server.port)
        let host = try TestHost(server, create: "time=10 gap=0 countdown=0 rounds=2 table=4")
        let play = try ClientProcess.chalkline(["play", "127.0.0.1:\(proxy.port)", "--room", host.code, "--name", "sam"])
        try play.expect("You are in room \(host.code) as sam")
        try host.waitForPlayers(1)
        _ = try host.client.command("/start")
        try play.expect("Question 1/2: 4 x 2 = ?")
        play.type("8")
        let right = try play.expect("Right!")
        let score = try #require(right.split(separator: " ").firstIndex(of: "(score").map { Int(right.split(separator: " ")[$0 + 1].dropLast(1).filter { $0 != "," }) } ?? nil)
        try play.expect("Time! The answer was 8.")
        try play.expect("Question 2/2: 4 x 3 = ?")

        proxy.cut()
        #expect(try host.client.expect("left").string("reason") == "disconnected")
        try play.expect("Connection lost; reconnecting")
        #expect(try play.expect("Reconnected:") == "Reconnected: back in room \(host.code) with score \(NumberText.thousands(score)).")
        #expect(try host.client.expect("joined").string("name") == "sam")
        // The seat is the same one: its next answer adds to the same score.
        play.type("12")
        let second = try play.expect("Right!")
        #expect(second.contains("streak 2"), "the streak survived the drop: \(second)")
        let end = try host.client.expect("game_end")
        #expect(end.list("standings").first?.string("name") == "sam")
        #expect((end.list("standings").first?.int("score") ?? 0) > score)
        play.closeInput()
        #expect(try play.finish() == 0)
    }
}
