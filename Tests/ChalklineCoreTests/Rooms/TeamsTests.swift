import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Issue 30's teams, on the core with a manual clock: a team scores the mean of its members'
/// points (fair for unequal sizes), a team that empties mid-game keeps what its members earned,
/// `/teams balance` spreads players, `/teams rename`, and the errors.
@Suite struct TeamsTests {
    /// Ann hosts (play=no) a times room with `options`; players p1...pn join on 2...n+1.
    /// The clients come back by those numbers: `c[1]` is Ann, `c[k]` is p(k-1) (`c[0]` is Ann too).
    func room(_ options: String, players n: Int) throws -> (ServerHarness, String, [HarnessClient]) {
        let h = try ServerHarness(.inProcess)
        let (ann, code) = try h.timesRoom("table=7 max=4 time=20 gap=0 countdown=0 seed=1 play=no scoring=accuracy streak=off \(options)")
        let players = try (0..<n).map { try h.join("p\($0 + 1)", code).0 }
        return (h, code, [ann, ann] + players)
    }

    /// Each of `right` answers the open question right, each of `wrong` wrongly, a second apart.
    func answer(_ h: ServerHarness, _ c: [HarnessClient], _ question: ServerLine?, right: [Int], wrong: [Int]) throws -> Step {
        let clock = try #require(h.inProcess)
        let product = AnswerNamesItsQuestionTests.product(question)
        var all: [Effect] = []
        for id in right + wrong {
            clock.setTime(clock.now + 1000)
            all += try c[id].step("\(right.contains(id) ? product : product + 1)").effects
        }
        return Step(effects: all)
    }

    func teamRows(_ msg: ServerLine?) -> [(String, Int, Int, Int)] {
        (msg?.list("teams") ?? []).map { ($0["name"] as? String ?? "", JSONValue.int($0["rank"]) ?? 0, JSONValue.int($0["score"]) ?? -1, JSONValue.int($0["members"]) ?? 0) }
    }

    @Test func aTeamScoresTheMeanOfItsMembersSoASmallTeamIsNotBehindForItsSize() throws {
        let (h, _, c) = try room("rounds=1 teams=2", players: 3)
        #expect(try c[2].step("/team red").messages(to: c[2]).first?.string("team") == "Red")
        try c[3].step("/team Red")
        try c[4].step("/team 2")
        let started = try c[1].step("/start")
        let question = started.messages(to: c[2]).first { $0.type == "question" }
        let end = try answer(h, c, question, right: [2, 4], wrong: [3])
        let roundEnd = end.messages(to: c[2]).first { $0.type == "round_end" }
        let gameEnd = end.messages(to: c[2]).first { $0.type == "game_end" }
        // Red: p1 1000 and p2 0, a mean of 500; Blue: p3 alone, 1000. Blue is first for being better, not bigger.
        let want = [("Blue", 1, 1000, 1), ("Red", 2, 500, 2)]
        #expect(teamRows(roundEnd).elementsEqual(want, by: ==), "\(String(describing: roundEnd))")
        #expect(teamRows(gameEnd).elementsEqual(want, by: ==), "\(String(describing: gameEnd))")
        // The host's copy carries them too, and the text format shows them.
        #expect(teamRows(end.messages(to: c[1]).first { $0.type == "game_end" }).count == 2)
        #expect(GameEndEvent(standings: [], game: "X-1", teams: [TeamStanding(rank: 1, name: "Blue", score: 1000, members: 1)])
            .text.contains("1. Blue  1,000  (1 player)"))
    }

    @Test func theMeanIsRoundedAndComparedExactly() throws {
        var teams = Teams(count: 2)
        teams.record(seat: 1, team: 0, name: "a", score: 1000)
        teams.record(seat: 2, team: 0, name: "b", score: 0)
        teams.record(seat: 3, team: 0, name: "c", score: 0)  // 333.3
        teams.record(seat: 4, team: 1, name: "d", score: 667)
        teams.record(seat: 5, team: 1, name: "e", score: 0)  // 333.5 rounds to 334
        #expect(teams.standings() == [TeamStanding(rank: 1, name: "Blue", score: 334, members: 2),
                                      TeamStanding(rank: 2, name: "Red", score: 333, members: 3)])
    }

    @Test func aTeamThatEmptiesMidGameKeepsItsMembersPoints() throws {
        let (h, _, c) = try room("rounds=2 teams=2", players: 3)
        try c[2].step("/team Red")
        try c[3].step("/team Blue")
        try c[4].step("/team Blue")
        let q1 = try c[1].step("/start").messages(to: c[3]).first { $0.type == "question" }
        let afterRound1 = try answer(h, c, q1, right: [2, 3], wrong: [4])
        let q2 = afterRound1.messages(to: c[3]).first { $0.type == "question" }
        // Red's only member leaves: Red is empty for the rest of the game.
        try c[2].step("/leave")
        let end = try answer(h, c, q2, right: [3, 4], wrong: [])
        let gameEnd = end.messages(to: c[3]).first { $0.type == "game_end" }
        // Blue: p2 2000 and p3 1000, mean 1500; Red keeps p1's 1000, over its one member.
        #expect(teamRows(gameEnd).elementsEqual([("Blue", 1, 1500, 2), ("Red", 2, 1000, 1)], by: ==), "\(String(describing: gameEnd))")
        #expect(gameEnd?.list("standings").count == 2, "the player who left is not in the players' standings")
    }

    @Test func whoHasNotPickedGoesToTheSmallestTeamAtStartAndIsTold() throws {
        let (h, _, c) = try room("rounds=1 teams=2", players: 3)
        try c[2].step("/team Blue")
        let started = try c[1].step("/start")
        let got = started.messages(to: c[3])
        let placed = got.first { $0.type == "teams" }
        #expect(placed?.string("reason") == "placed")
        #expect((placed?.object["placed"] as? [String]) == ["p2", "p3"])
        let lists = placed?.list("teams").map { $0["members"] as? [String] ?? [] }
        #expect(lists == [["p2", "p3"], ["p1"]], "p2 to Red (empty), then p3 to Red (first of the two smallest)")
        #expect(got.map(\.type).firstIndex(of: "teams")! < got.map(\.type).firstIndex(of: "question")!)
        #expect(TeamsEvent(reason: .placed, teams: [("Red", ["p2"])], placed: ["p2"]).text.contains("p2 went to the smallest"))
    }

    @Test func balanceSpreadsPlayersKeepingChoicesWherePossible() throws {
        let (h, _, c) = try room("rounds=1 teams=3", players: 7)
        for id in 2...5 { try c[id].step("/team Red") }
        try c[6].step("/team Blue")
        let effects = try c[1].step("/teams balance")
        let reply = effects.messages(to: c[1]).first
        #expect(reply?.type == "ok")
        let lists = reply?.list("teams").map { $0["members"] as? [String] ?? [] }
        // 7 over 3: Red keeps its first three; p6 and p7 (no team) are placed first, then p4.
        #expect(lists == [["p1", "p2", "p3"], ["p5", "p7"], ["p4", "p6"]], "\(String(describing: lists))")
        #expect(effects.messages(to: c[5]).first?.string("reason") == "balance")
        #expect(Teams.balance([(1, 0), (2, 0), (3, 1), (4, 1)], teams: 2) == [1: 0, 2: 0, 3: 1, 4: 1], "already even: nobody moves")
    }

    @Test func theHostRenamesATeam() throws {
        let (h, _, c) = try room("rounds=1 teams=2", players: 2)
        let effects = try c[1].step("/teams rename red Sharks")
        #expect(effects.messages(to: c[1]).first?.list("teams").first?["name"] as? String == "Sharks")
        #expect(effects.messages(to: c[2]).first?.string("reason") == "rename")
        #expect(try c[2].step("/team sharks").messages(to: c[2]).first?.string("team") == "Sharks")
        #expect(try c[1].step("/teams rename Sharks blue").messages(to: c[1]).first?.code == "name_taken")
        #expect(try c[1].step("/teams rename Green Owls").messages(to: c[1]).first?.code == "bad_args")
        #expect(try c[1].step("/teams rename Blue Owls!").messages(to: c[1]).first?.code == "bad_name")
        #expect(try c[2].step("/teams rename Blue Owls").messages(to: c[2]).first?.code == "not_host")
        let list = try c[3].step("/teams").messages(to: c[3]).first
        #expect(list?.list("teams").map { $0["name"] as? String } == ["Sharks", "Blue"])
    }

    @Test func errorsAreClear() throws {
        let (h, _, c) = try room("rounds=1 teams=2", players: 2)
        #expect(try c[2].step("/team Purple").messages(to: c[2]).first?.code == "bad_args")
        #expect(try c[1].step("/team Red").messages(to: c[1]).first?.code == "not_playing", "the host with play=no")
        #expect(try c[2].step("/team").messages(to: c[2]).first?.code == "bad_args")
        #expect(try c[1].step("/teams shuffle").messages(to: c[1]).first?.code == "bad_args")
        try c[1].step("/start")
        #expect(try c[2].step("/team Blue").messages(to: c[2]).first?.code == "wrong_state")
        #expect(try c[1].step("/teams balance").messages(to: c[1]).first?.code == "wrong_state")
        // A room without teams.
        let plain = try ServerHarness(.inProcess)
        let (_, code) = try plain.timesRoom()
        let (p1, _) = try plain.join("p1", code)
        #expect(try p1.step("/team Red").messages(to: p1).first?.code == "bad_args")
        #expect(try p1.step("/teams").messages(to: p1).first?.code == "bad_args")
        let ann = try ServerHarness(.inProcess).jsonClient("Ann")
        #expect(try ann.step("/create times teams=1").messages(to: ann).first?.code == "bad_args")
        #expect(try ann.step("/create arith teams=9").messages(to: ann).first?.code == "bad_args")
        let words = try ann.step("/create arith teams=3").messages(to: ann).first
        #expect(words?.type == "ok")
        #expect((words?.object["settings"] as? [String: Any])?["teams"] as? Int == 3)
    }

    @Test func aRoomWithoutTeamsSendsNoTeamsField() throws {
        let (h, _, c) = try room("rounds=1", players: 1)
        let question = try c[1].step("/start").messages(to: c[2]).first { $0.type == "question" }
        let end = try answer(h, c, question, right: [2], wrong: [])
        for msg in end.messages(to: c[2]) { #expect(msg.object["teams"] == nil) }
        #expect(!end.messages(to: c[2]).contains { $0.type == "teams" })
    }
}
