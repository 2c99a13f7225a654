import Testing
@testable import ChalklineCore

/// Issue 30's teams, on the core with a manual clock: a team scores the mean of its members'
/// points (fair for unequal sizes), a team that empties mid-game keeps what its members earned,
/// `/teams balance` spreads players, `/teams rename`, and the errors.
@Suite struct TeamsTests {
    /// Ann hosts (play=no) a times room with `options`; players p1...pn join on 2...n+1.
    func room(_ options: String, players n: Int) -> (Harness, String) {
        let h = Harness()
        let code = h.room("table=7 max=4 time=20 gap=0 countdown=0 seed=1 play=no scoring=accuracy streak=off \(options)")
        for i in 0..<n { h.join(UInt64(i + 2), "p\(i + 1)", code) }
        return (h, code)
    }

    /// Each of `right` answers the open question right, each of `wrong` wrongly, a second apart.
    func answer(_ h: Harness, _ question: Msg?, right: [UInt64], wrong: [UInt64]) -> [Effect] {
        let product = AnswerNamesItsQuestionTests.product(question)
        var all: [Effect] = []
        for id in right + wrong {
            h.now += 1000
            all += h.line(id, "\(right.contains(id) ? product : product + 1)")
        }
        return all
    }

    func teamRows(_ msg: Msg?) -> [(String, Int, Int, Int)] {
        (msg?.list("teams") ?? []).map { ($0["name"] as? String ?? "", Msg.int($0["rank"]) ?? 0, Msg.int($0["score"]) ?? -1, Msg.int($0["members"]) ?? 0) }
    }

    @Test func aTeamScoresTheMeanOfItsMembersSoASmallTeamIsNotBehindForItsSize() {
        let (h, _) = room("rounds=1 teams=2", players: 3)
        #expect(Harness.messages(h.line(2, "/team red"), to: 2).first?.string("team") == "Red")
        h.line(3, "/team Red")
        h.line(4, "/team 2")
        let started = h.line(1, "/start")
        let question = Harness.messages(started, to: 2).first { $0.type == "question" }
        let end = answer(h, question, right: [2, 4], wrong: [3])
        let roundEnd = Harness.messages(end, to: 2).first { $0.type == "round_end" }
        let gameEnd = Harness.messages(end, to: 2).first { $0.type == "game_end" }
        // Red: p1 1000 and p2 0, a mean of 500; Blue: p3 alone, 1000. Blue is first for being better, not bigger.
        let want = [("Blue", 1, 1000, 1), ("Red", 2, 500, 2)]
        #expect(teamRows(roundEnd).elementsEqual(want, by: ==), "\(String(describing: roundEnd))")
        #expect(teamRows(gameEnd).elementsEqual(want, by: ==), "\(String(describing: gameEnd))")
        // The host's copy carries them too, and the text format shows them.
        #expect(teamRows(Harness.messages(end, to: 1).first { $0.type == "game_end" }).count == 2)
        #expect(GameEndEvent(standings: [], game: "X-1", teams: [TeamStanding(rank: 1, name: "Blue", score: 1000, members: 1)])
            .text.contains("1. Blue  1,000  (1 player)"))
    }

    @Test func theMeanIsRoundedAndComparedExactly() {
        var teams = Teams(count: 2)
        teams.record(seat: 1, team: 0, name: "a", score: 1000)
        teams.record(seat: 2, team: 0, name: "b", score: 0)
        teams.record(seat: 3, team: 0, name: "c", score: 0)  // 333.3
        teams.record(seat: 4, team: 1, name: "d", score: 667)
        teams.record(seat: 5, team: 1, name: "e", score: 0)  // 333.5 rounds to 334
        #expect(teams.standings() == [TeamStanding(rank: 1, name: "Blue", score: 334, members: 2),
                                      TeamStanding(rank: 2, name: "Red", score: 333, members: 3)])
    }

    @Test func aTeamThatEmptiesMidGameKeepsItsMembersPoints() {
        let (h, _) = room("rounds=2 teams=2", players: 3)
        h.line(2, "/team Red")
        h.line(3, "/team Blue")
        h.line(4, "/team Blue")
        let q1 = Harness.messages(h.line(1, "/start"), to: 3).first { $0.type == "question" }
        let afterRound1 = answer(h, q1, right: [2, 3], wrong: [4])
        let q2 = Harness.messages(afterRound1, to: 3).first { $0.type == "question" }
        // Red's only member leaves: Red is empty for the rest of the game.
        h.line(2, "/leave")
        let end = answer(h, q2, right: [3, 4], wrong: [])
        let gameEnd = Harness.messages(end, to: 3).first { $0.type == "game_end" }
        // Blue: p2 2000 and p3 1000, mean 1500; Red keeps p1's 1000, over its one member.
        #expect(teamRows(gameEnd).elementsEqual([("Blue", 1, 1500, 2), ("Red", 2, 1000, 1)], by: ==), "\(String(describing: gameEnd))")
        #expect(gameEnd?.list("standings").count == 2, "the player who left is not in the players' standings")
    }

    @Test func whoHasNotPickedGoesToTheSmallestTeamAtStartAndIsTold() {
        let (h, _) = room("rounds=1 teams=2", players: 3)
        h.line(2, "/team Blue")
        let started = h.line(1, "/start")
        let got = Harness.messages(started, to: 3)
        let placed = got.first { $0.type == "teams" }
        #expect(placed?.string("reason") == "placed")
        #expect((placed?.object["placed"] as? [String]) == ["p2", "p3"])
        let lists = placed?.list("teams").map { $0["members"] as? [String] ?? [] }
        #expect(lists == [["p2", "p3"], ["p1"]], "p2 to Red (empty), then p3 to Red (first of the two smallest)")
        #expect(got.map(\.type).firstIndex(of: "teams")! < got.map(\.type).firstIndex(of: "question")!)
        #expect(TeamsEvent(reason: .placed, teams: [("Red", ["p2"])], placed: ["p2"]).text.contains("p2 went to the smallest"))
    }

    @Test func balanceSpreadsPlayersKeepingChoicesWherePossible() {
        let (h, _) = room("rounds=1 teams=3", players: 7)
        for id in 2...5 { h.line(UInt64(id), "/team Red") }
        h.line(6, "/team Blue")
        let effects = h.line(1, "/teams balance")
        let reply = Harness.messages(effects, to: 1).first
        #expect(reply?.type == "ok")
        let lists = reply?.list("teams").map { $0["members"] as? [String] ?? [] }
        // 7 over 3: Red keeps its first three; p6 and p7 (no team) are placed first, then p4.
        #expect(lists == [["p1", "p2", "p3"], ["p5", "p7"], ["p4", "p6"]], "\(String(describing: lists))")
        #expect(Harness.messages(effects, to: 5).first?.string("reason") == "balance")
        #expect(Teams.balance([(1, 0), (2, 0), (3, 1), (4, 1)], teams: 2) == [1: 0, 2: 0, 3: 1, 4: 1], "already even: nobody moves")
    }

    @Test func theHostRenamesATeam() {
        let (h, _) = room("rounds=1 teams=2", players: 2)
        let effects = h.line(1, "/teams rename red Sharks")
        #expect(Harness.messages(effects, to: 1).first?.list("teams").first?["name"] as? String == "Sharks")
        #expect(Harness.messages(effects, to: 2).first?.string("reason") == "rename")
        #expect(Harness.messages(h.line(2, "/team sharks"), to: 2).first?.string("team") == "Sharks")
        #expect(Harness.messages(h.line(1, "/teams rename Sharks blue"), to: 1).first?.code == "name_taken")
        #expect(Harness.messages(h.line(1, "/teams rename Green Owls"), to: 1).first?.code == "bad_args")
        #expect(Harness.messages(h.line(1, "/teams rename Blue Owls!"), to: 1).first?.code == "bad_name")
        #expect(Harness.messages(h.line(2, "/teams rename Blue Owls"), to: 2).first?.code == "not_host")
        let list = Harness.messages(h.line(3, "/teams"), to: 3).first
        #expect(list?.list("teams").map { $0["name"] as? String } == ["Sharks", "Blue"])
    }

    @Test func errorsAreClear() {
        let (h, _) = room("rounds=1 teams=2", players: 2)
        #expect(Harness.messages(h.line(2, "/team Purple"), to: 2).first?.code == "bad_args")
        #expect(Harness.messages(h.line(1, "/team Red"), to: 1).first?.code == "not_playing", "the host with play=no")
        #expect(Harness.messages(h.line(2, "/team"), to: 2).first?.code == "bad_args")
        #expect(Harness.messages(h.line(1, "/teams shuffle"), to: 1).first?.code == "bad_args")
        h.line(1, "/start")
        #expect(Harness.messages(h.line(2, "/team Blue"), to: 2).first?.code == "wrong_state")
        #expect(Harness.messages(h.line(1, "/teams balance"), to: 1).first?.code == "wrong_state")
        // A room without teams.
        let plain = Harness()
        let code = plain.room()
        plain.join(2, "p1", code)
        #expect(Harness.messages(plain.line(2, "/team Red"), to: 2).first?.code == "bad_args")
        #expect(Harness.messages(plain.line(2, "/teams"), to: 2).first?.code == "bad_args")
        let other = Harness()
        other.jsonClient(1, name: "Ann")
        #expect(Harness.messages(other.line(1, "/create times teams=1"), to: 1).first?.code == "bad_args")
        #expect(Harness.messages(other.line(1, "/create arith teams=9"), to: 1).first?.code == "bad_args")
        let words = Harness.messages(other.line(1, "/create arith teams=3"), to: 1).first
        #expect(words?.type == "ok")
        #expect((words?.object["settings"] as? [String: Any])?["teams"] as? Int == 3)
    }

    @Test func aRoomWithoutTeamsSendsNoTeamsField() {
        let (h, _) = room("rounds=1", players: 1)
        let question = Harness.messages(h.line(1, "/start"), to: 2).first { $0.type == "question" }
        let end = answer(h, question, right: [2], wrong: [])
        for msg in Harness.messages(end, to: 2) { #expect(msg.object["teams"] == nil) }
        #expect(!Harness.messages(end, to: 2).contains { $0.type == "teams" })
    }
}
