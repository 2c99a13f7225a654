import Foundation
import Testing

/// The tables on the screens: the server's places, numbers are grouped alike, the host
/// sees who was right and wrong, and a tall terminal or PgDn shows the rest of the table.
@Suite(.serialized) struct ClientStandingsScreenTests {
    /// Two students on the same score: the screens show the server's places (issue 38: equal
    /// scores share a place only with equal times too, so the quicker of the two is 1st).
    @Test func equalScoresShowTheServersPlacesOnPlayAndHost() throws {
        let server = try LiveServer()
        let host = try TmuxHost(server, "times", ["table=4", "rounds=1", "time=60", "countdown=0", "gap=0", "scoring=accuracy"])
        let play = try TmuxScreen(["play", "127.0.0.1:\(server.port)", "--room", host.code, "--name", "sam"])
        let ann = try host.join(server, "ann")
        try host.screen.expect("2 players")
        try host.screen.press("Enter")
        let question = try ann.expect("question")
        let answer = 4 * (Int((question.string("text") ?? "").split(separator: " ").last ?? "0") ?? 0)
        try play.expect("Question 1/1")
        try play.type("\(answer)")
        try play.press("Enter")
        try play.expect("Right!")
        _ = try ann.command("\(answer)")
        let places = try ann.expect("game_end", timeout: 10).list("standings").map { JSONValue.int($0["rank"]) ?? 0 }
        for (name, screen) in [("play", play), ("host", host.screen)] {
            let end = try screen.expect("Game over!")
            let firsts = end.rows.filter { $0.hasPrefix("1st") }
            #expect(firsts.count == places.count { $0 == 1 }, "the server's \(places) on \(name):\n\(end)")
            #expect(firsts.allSatisfy { $0.contains("1,000") })
            #expect(end.contains("2nd") == places.contains(2))
            screen.save("\(name)-podium-tie", screen: end)
        }
        #expect(play.capture().contains("score 1,000"))
    }

    /// "10 of 30 right" was all the host saw; and the table stopped at 15 rows on any terminal.
    @Test func theHostSeesWhoWasRightAndPagesTheWholeTable() throws {
        let server = try LiveServer()
        let host = try TmuxHost(server, "times", ["table=5", "rounds=2", "time=60", "countdown=0", "gap=60", "scoring=accuracy"],
                                rows: 40)
        let players = try (1...30).map { try host.join(server, String(format: "p%02d", $0)) }
        try host.screen.expect("30 players")
        try host.screen.press("Enter")
        let question = try players[0].expect("question")
        let answer = 5 * (Int((question.string("text") ?? "").split(separator: " ").last ?? "0") ?? 0)
        for (i, player) in players.enumerated() where i < 20 {
            _ = try player.command(i < 10 ? "\(answer)" : "\(answer + 1)")
        }
        try host.screen.expect("Answers in: 20")
        try host.screen.type("s")
        let round = try host.screen.expect("10 of 30 right")
        #expect(round.contains("Right (10): p01"), "\(round)")
        #expect(round.contains("Wrong (10): p11"), "\(round)")
        #expect(round.contains("No answer (10): p21"), "\(round)")
        let tableRows = round.rows.filter { $0.firstMatch(of: /^\s*\d+\. +p\d\d/) != nil }
        #expect(tableRows.count > 15, "a 40-row terminal shows more than 15 rows:\n\(round)")
        host.screen.save("host-round-end-80x40", screen: round)
        try host.screen.resize(columns: 80, rows: 24)
        let small = try host.screen.wait(for: "the round on 24 rows") { Self.drawn($0, rows: 24) && $0.contains("10 of 30 right") }
        #expect(small.contains("No answer (10)"), "the names come before the table:\n\(small)")
        host.screen.save("host-round-end", screen: small)
        try host.screen.resize(columns: 80, rows: 40)

        try host.screen.type("q")                             // stop: the podium
        let podium = try host.screen.wait(for: "the podium on 40 rows") { Self.drawn($0, rows: 40) && $0.contains("Game over!") }
        host.screen.save("host-podium-80x40", screen: podium)
        #expect(podium.rows.filter { $0.firstMatch(of: /^\s*\d+\. +p\d\d/) != nil }.count > 15)
        // On 24 rows the table no longer fits: PgDn pages on to its last row.
        try host.screen.resize(columns: 80, rows: 24)
        var seen = try host.screen.wait(for: "the podium on 24 rows") { Self.drawn($0, rows: 24) && $0.contains("(PgUp/PgDn)") }
        host.screen.save("host-podium", screen: seen)
        for _ in 0..<5 where !seen.contains("p30") {
            try host.screen.press("PageDown")
            seen = try host.screen.wait(for: "the next page") { $0 != seen }
        }
        #expect(seen.contains("p30") && seen.contains("of 30"), "PgDn reaches the last row:\n\(seen)")
    }

    /// Whether the screen has been drawn for a terminal of `rows` rows: the footer on its last.
    static func drawn(_ screen: String, rows: Int) -> Bool {
        screen.rows.count == rows && screen.rows.last?.hasPrefix("Enter start/next") == true
    }
}
