import Foundation
import Testing

/// Issue 30's teams over TCP against the real server: a student picks a team, three
/// `chalkline bot` players are put on the smallest teams at `/start`, the game is played, and
/// `game_end`'s team scores are the means of the members' final scores.
@Suite struct TeamsTCPTests {
    @Test func aTeamGameWithBotsEndsWithEachTeamsMeanScore() throws {
        let server = try LiveServer()
        let host = try TestHost(server, create: "table=7 rounds=3 time=5 gap=0 countdown=0 teams=2")
        let ann = try server.player("ann")
        #expect(try ann.command("/join \(host.code)").string("type") == "ok")
        #expect(try ann.command("/team blue").string("team") == "Blue")
        let bots = try ClientProcess.chalkline(["bot", "127.0.0.1:\(server.port)", "--room", host.code, "--count", "3",
                                                "--think", "80", "--skill", "0.7", "--games", "1", "--timeout", "60"])
        try host.waitForPlayers(4)
        #expect(try host.client.command("/start").string("type") == "ok")
        // The players who had not picked are put on the smallest teams, and everyone is told.
        let placed = try host.client.expect("teams")
        #expect(placed.string("reason") == "placed")
        #expect((placed["placed"] as? [String])?.count == 3, "\(placed)")
        var members: [String: [String]] = [:]
        for team in placed.list("teams") { members[team.string("name") ?? ""] = team["members"] as? [String] ?? [] }
        #expect(members["Blue"]?.contains("ann") == true)
        #expect(members.values.map(\.count).sorted() == [2, 2], "three bots and ann spread two and two: \(members)")
        // Ann answers every question right, naming it.
        while true {
            let line = try ann.json(timeout: 30)
            if line.string("type") == "question" {
                let product = (line.string("text") ?? "").split(separator: " ").compactMap { Int($0) }.reduce(1, *)
                try ann.send("/answer id=\(line.int("id") ?? 0) \(product)")
            } else if line.string("type") == "game_end" {
                break
            }
        }
        let end = try host.client.expect("game_end", timeout: 30)
        var scores: [String: Int] = [:]
        for row in end.list("standings") { scores[row.string("name") ?? ""] = row.int("score") }
        let teams = end.list("teams")
        #expect(teams.count == 2, "\(end)")
        for team in teams {
            let names = members[team.string("name") ?? ""] ?? []
            let total = names.reduce(0) { $0 + (scores[$1] ?? 0) }
            let mean = (2 * total + names.count) / (2 * names.count)  // half up, as protocol.md says
            #expect(team.int("score") == mean, "\(team) from \(names.map { ($0, scores[$0] ?? -1) })")
            #expect(team.int("members") == names.count)
        }
        #expect(teams.map { $0.int("rank") } == [1, 2])
        #expect((teams.first?.int("score") ?? 0) >= (teams.last?.int("score") ?? 0))
        #expect(try bots.finish() == 0, "\(bots.output)")
        // The stored report keeps who played for which team, and ranks the teams as game_end did.
        try server.stop()
        let report = try jsonReport(["game", end.string("game") ?? ""], db: server.databasePath)
        let stored = report.list("teams").map { "\($0.int("rank") ?? 0) \($0.string("team") ?? "") \($0.int("score") ?? -1) \($0.int("members") ?? 0)" }
        #expect(stored == teams.map { "\($0.int("rank") ?? 0) \($0.string("name") ?? "") \($0.int("score") ?? -1) \($0.int("members") ?? 0)" })
    }
}
