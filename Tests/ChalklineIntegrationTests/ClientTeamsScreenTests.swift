import Foundation
import Testing
@testable import ChalklineClient

/// Issue 30 on the terminal: in a room with teams `chalkline play` names the student's team in
/// its header, and `play` and `host` show the server's team table under the leaderboard after a
/// round and at the podium, on 80x24.
@Suite(.serialized) struct ClientTeamsScreenTests {
    @Test func playAndHostShowTheTeamTableAfterARoundAndAtThePodium() throws {
        let server = try LiveServer()
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

        // Round 1: sam (Blue) and bo right, ann wrong; then the host stops the game (q): the podium.
        let question = try ann.expect("question", timeout: 10)
        let answer = 4 * (Int((question.string("text") ?? "").split(separator: " ").last ?? "0") ?? 0)
        try play.expect("Question 1/2")
        try play.type("\(answer)")
        try play.press("Enter")
        try play.expect("Right!")
        _ = try ann.command("\(answer + 1)")
        _ = try bo.command("\(answer)")
        for stage in ["round_end", "game_end"] {
            let end = try ann.expect(stage, timeout: 10)
            let teams = end.list("teams")
            #expect(teams.map { $0.string("name") } == ["Blue", "Red"], "sam's 1,000 alone, ann's 0 and bo's 1,000: \(end)")
            let lines = teams.map { t in
                let n = t.int("members") ?? 0
                return padLeft("\(t.int("rank") ?? 0).", 6) + " " + pad(t.string("name") ?? "", 18)
                    + padLeft((t.int("score") ?? 0).formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))), 9)
                    + "  (\(n) \(n == 1 ? "player" : "players"))"
            }
            let label = stage == "round_end" ? "round" : "podium"
            for (name, screen) in [("play", play), ("host", host.screen)] {
                let shown = try screen.wait(for: "the team table on \(name) after the \(label)") {
                    $0.contains("Teams  (mean points a member)") && $0.rows.count == 24 && lines.allSatisfy($0.contains)
                        && (stage == "round_end" || $0.contains("Game over!"))
                }
                let table = shown.rows.firstIndex { $0.hasPrefix("Teams  (mean points a member)") } ?? 0
                let players = shown.rows.firstIndex { $0.hasPrefix("Leaderboard") || $0.hasPrefix("1st") } ?? 99
                #expect(players < table, "the team table is under the players' on \(name):\n\(shown)")
                if name == "play" {
                    #expect(shown.rows.contains { $0.contains("Blue") && $0.hasSuffix("◀ your team") }, "\(shown)")
                    #expect(shown.rows.first?.contains("team Blue") == true)
                }
                if stage == "game_end" {
                    #expect(shown.rows.contains { $0.contains("1. Blue") && $0.contains("winners") }, "\(shown)")
                }
                screen.save("\(name)-teams-\(label)", screen: shown)
            }
            if stage == "round_end" { try host.screen.type("q") }
        }
    }
}
