import Foundation
import Testing

/// A room of twelve, on every backend: a player ranked outside the top ten gets a cut table with their
/// own rows and where they stand; the host gets the whole table.
@Suite struct BigRoomTCPTests {
    @Test(arguments: ServerBackend.allCases)
    func aPlayerOutsideTheTopTenSeesTheirOwnRowAndRank(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let host = try server.player("Ms.Lee")
        let code = try #require(try host.command("/create times play=no table=7 max=4 rounds=1 time=30 gap=0 countdown=0 seed=1").string("room"))
        var players: [HarnessClient] = []
        for n in 0..<12 {
            let player = try server.player("p\(n)")
            _ = try player.command("/join \(code)")
            players.append(player)
        }
        _ = try host.command("/start")
        // In turn, so p11 answers last and wrong: it ranks 12th.
        for (n, player) in players.enumerated() {
            let question = try player.expect("question")
            let answer = product(of: question.string("text")!)!
            _ = try player.command("\(n == 11 ? answer + 1 : answer)")
        }
        let last = try players[11].expect("round_end")
        #expect(last.int("players") == 12)
        #expect(last.int("rank") == 12)
        #expect(last.list("standings").count == 11)
        #expect(last.list("standings").last?.string("name") == "p11")
        #expect(last.list("results").last?.string("name") == "p11")
        let first = try players[0].expect("round_end")
        #expect(first.int("rank") == 1 && first.list("standings").count == 10)
        let whole = try host.expect("round_end")
        #expect(whole.list("results").count == 12 && whole["players"] == nil)
        let end = try players[11].expect("game_end")
        #expect(end.int("rank") == 12 && end.list("standings").count == 11)
    }
}
