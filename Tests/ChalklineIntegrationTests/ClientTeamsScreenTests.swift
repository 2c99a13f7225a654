import Foundation
import Testing
@testable import chalkline

/// Issue 30 on the terminal: in a room with teams `chalkline play` names the student's team in
/// its header, and `play` and `host` show the server's team table under the leaderboard after a
/// round and at the podium, on 80x24.
@Suite(.serialized) struct ClientTeamsScreenTests {
    @Test func playAndHostShowTheTeamTableAfterARoundAndAtThePodium() throws {
        let server = try TestServer()
        let host = try TmuxHost(server, "times", ["table=4", "rounds=2", "time=60", "countdown=0", "gap=60", "scoring=accuracy", "teams=2"])
        let play = try TmuxScreen(["play", "127.0.0.1:\(server.port)", "--room", host.code, "--name", "sam"])
        let ann = try host.join(server, "ann")
        let bo = try host.join(server, "bo")
        try host.screen.expect("3 players")
        try play.type("/team blue")
        try play.press("Enter")
        let picked = try play.wait(for: "sam's team in the header") { $0.rows.first?.contains("team Blue") == true }
        #expect(picked.rows.first?.contains("sam  ·  team Blue  ·  score 0") == true, "\(picked)")
        #expect(try ann.command("/team red").string("team") == "Red")
        // bo picks nothing: the server puts him on a team at /start.
        try host.screen.press("Enter")

        // Round 1: sam (Blue) and bo right, ann wrong.
        for round in 1...2 {
            let question = try ann.expect("question", timeout: 10)
            let answer = 4 * (Int((question.string("text") ?? "").split(separator: " ").last ?? "0") ?? 0)
            try play.expect("Question \(round)/2")
            try play.type("\(answer)")
            try play.press("Enter")
            try play.expect("Right!")
            _ = try ann.command(round == 1 ? "\(answer + 1)" : "\(answer)")
            _ = try bo.command("\(answer)")
            let end = try ann.expect(round == 1 ? "round_end" : "game_end", timeout: 10)
            let teams = end.list("teams")
            #expect(teams.count == 2, "\(end)")
            let lines = teams.map { t in
                let n = t.int("members") ?? 0
                return padLeft("\(t.int("rank") ?? 0).", 6) + " " + pad(t.string("name") ?? "", 18)
                    + padLeft((t.int("score") ?? 0).formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))), 9)
                    + "  (\(n) \(n == 1 ? "player" : "players"))"
            }
            let label = round == 1 ? "round" : "podium"
            for (name, screen) in [("play", play), ("host", host.screen)] {
                let shown = try screen.wait(for: "the team table on \(name) after \(label)") {
                    $0.contains("Teams  (mean points a member)") && $0.rows.count == 24 && lines.allSatisfy($0.contains)
                }
                #expect(round == 1 || shown.contains("Game over!"), "\(shown)")
                let table = shown.rows.firstIndex { $0.hasPrefix("Teams  (mean points a member)") } ?? 0
                #expect(shown.rows.firstIndex { $0.contains("Leaderboard") || $0.contains("Standings") || $0.contains("1st") } ?? 99 < table,
                        "the team table is under the leaderboard on \(name):\n\(shown)")
                if name == "play" {
                    #expect(shown.contains("Blue") && shown.rows.contains { $0.contains("Blue") && $0.hasSuffix("◀ your team") }, "\(shown)")
                    #expect(shown.rows.first?.contains("team Blue") == true)
                }
                if round == 2 {
                    let winner = try #require(teams.first?.string("name"))
                    #expect(shown.rows.contains { $0.contains(winner) && $0.contains("winners") }, "\(shown)")
                }
                screen.save("\(name)-teams-\(label)", screen: shown)
            }
            if round == 1 { try host.screen.press("Enter") }
        }
        // The means are the server's: Blue is sam alone, Red is ann and bo (placed at /start).
        _ = bo
    }
}
