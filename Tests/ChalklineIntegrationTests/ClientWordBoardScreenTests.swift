import Foundation
import Testing

/// The word board on `play` and `host`, read off real terminals: exactly the letter groups the
/// server says remain, under the header text mode uses.
@Suite(.serialized) struct ClientWordBoardScreenTests {
    /// After PRESENT (PRE|SE|NT) the screens kept SE and took S and E off instead: they worked
    /// the groups out from the word. Seed 1 puts S and E before SE on level 34's board, where
    /// that guess goes wrong.
    @Test func theBoardShowsTheGroupsTheServerSaysRemain() throws {
        let server = try LiveServer()
        let host = try TmuxHost(server, "words", ["level=34", "levels=5", "countdown=0", "time=120", "seed=1"])
        let play = try TmuxScreen(["play", "127.0.0.1:\(server.port)", "--room", host.code, "--name", "sam"])
        try play.expect("Waiting for the host")
        let ann = try host.join(server, "ann")
        try host.screen.expect("2 players")
        try host.screen.press("Enter")
        let board = try ann.expect("board")
        var groups = try #require(board["groups"] as? [String])
        #expect(groups.firstIndex(of: "S")! < groups.firstIndex(of: "SE")!, "the board that misled the screens")
        for screen in [play, host.screen] {
            try screen.expect("Level 34 (1 of 5)")
        }
        #expect(!play.capture().contains("Level 34/5"))

        _ = try ann.command("present")
        let solved = try ann.expect("solved")
        for group in try #require(solved["groups"] as? [String]) { groups.remove(at: groups.firstIndex(of: group)!) }
        #expect(groups.contains("S") && groups.contains("E") && !groups.contains("SE"))
        for (name, screen) in [("play", play), ("host", host.screen)] {
            let shown = try screen.wait(for: "the groups left after PRESENT on \(name)") {
                $0.contains("PRESENT") && Self.groups(on: $0)?.sorted() == groups.sorted()
            }
            screen.save("\(name)-words", screen: shown)
        }

        _ = try ann.command("cake")
        let cake = try ann.expect("solved")
        for group in try #require(cake["groups"] as? [String]) { groups.remove(at: groups.firstIndex(of: group)!) }
        for screen in [play, host.screen] {
            try screen.wait(for: "the groups left after CAKE") { $0.contains("CAKE") && Self.groups(on: $0)?.sorted() == groups.sorted() }
        }
    }

    /// The letter groups on a board screen: the rows after the seventh clue, up to a blank row.
    static func groups(on screen: String) -> [String]? {
        let rows = screen.rows
        guard let last = rows.lastIndex(where: { $0.hasPrefix("7. ") }) else { return nil }
        var groups: [String] = []
        for row in rows[(last + 2)...] {
            if row.trimmingCharacters(in: .whitespaces).isEmpty { break }
            groups += row.split(separator: " ").map(String.init)
        }
        return groups
    }
}
