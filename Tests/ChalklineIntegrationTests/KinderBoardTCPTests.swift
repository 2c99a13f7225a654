import ChalklineTesting
import Foundation
import Testing

/// Issue 30's accuracy scoring and kinder leaderboard over TCP against the real server, with
/// `chalkline bot` players: every right answer pays the same, the projector's table is cut to the
/// top five without names, and a student below the top five still sees their own place.
@Suite struct KinderBoardTCPTests {
    @Test func accuracyTopFiveAndHiddenNamesWithSevenBots() throws {
        let server = try LiveServer()
        let host = try TestHost(server, create: "table=6 rounds=2 time=3 gap=0 countdown=0 streak=off scoring=accuracy board=top5 names=hidden")
        let bots = try ClientProcess.chalkline(["bot", "127.0.0.1:\(server.port)", "--room", host.code, "--count", "7",
                                                "--think", "30", "--skill", "1", "--games", "1", "--timeout", "60"])
        try host.waitForPlayers(7)
        // Ann joins last and never answers (each question waits its 3 s for her): she is at the
        // bottom, below the cut.
        let ann = try server.player("ann")
        #expect(try ann.command("/join \(host.code)").string("type") == "ok")
        #expect(try host.client.command("/start").string("type") == "ok")
        let projector = try host.client.expect("round_end", timeout: 30)
        let standings = projector.list("standings")
        #expect(standings.count == 5, "\(projector)")
        #expect(standings.allSatisfy { $0.string("name") == "" }, "names hidden on the projector: \(standings)")
        #expect(standings.allSatisfy { $0.int("score") == 1000 }, "every right answer pays 1,000 whatever its speed: \(standings)")
        let own = try ann.expect("round_end", timeout: 30)
        #expect(own.int("rank") == 8, "\(own)")
        #expect(own.list("standings").count == 6, "the top five and ann's own row")
        #expect(own.list("standings").last?.string("name") == "ann")
        #expect(own.list("standings").prefix(5).allSatisfy { ($0.string("name") ?? "").hasPrefix("bot") }, "players see names")
        let end = try host.client.expect("game_end", timeout: 30)
        #expect(end.list("standings").count == 8, "the podium is whole")
        #expect(end.list("standings").filter { $0.int("score") == 2000 }.count == 7)
        #expect(try bots.finish() == 0, "\(bots.output)")
    }
}
