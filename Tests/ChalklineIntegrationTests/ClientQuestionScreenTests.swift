import Foundation
import Testing
import ChalklineProtocol
@testable import ChalklineClient

/// The question on `play`'s full screen, read back from a real terminal (tmux): every character
/// drawn, nothing cut, and a sentence asked as it is.
@Suite(.serialized) struct ClientQuestionScreenTests {
    /// Starts a game of `game` with `options`, `play` in a terminal, and returns the first
    /// question's text (as the host received it) with the terminal showing it.
    private func firstQuestion(_ game: String, _ options: String, columns: Int = 80, rows: Int = 24)
        throws -> (server: LiveServer, host: TestHost, screen: TmuxScreen, text: String) {
        let server = try LiveServer()
        let host = try TestHost(server, game: game, create: "rounds=2 time=60 countdown=0 gap=0 \(options)")
        let screen = try TmuxScreen(["play", "127.0.0.1:\(server.port)", "--room", host.code, "--name", "sam"], columns: columns, rows: rows)
        try host.waitForPlayers(1)
        try screen.expect("Waiting for the host")
        _ = try host.client.command("/start")
        let text = try #require(try host.client.expect("question").string("text"))
        try screen.expect("Question 1/2")
        return (server, host, screen, text)
    }

    @Test func everyCharacterAQuestionCanHoldHasAGlyph() {
        for ch in "0123456789+-x/.,()%:'\"$€£¥₹ =?\u{2212}abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" {
            #expect(BigText.width(String(ch)) > 0, "no glyph for \(ch)")
            #expect(BigText.canDraw(String(ch)))
        }
        #expect(BigTextReader.read(BigText.rows("-13 - 67.2 / (-5.6) = ?").joined(separator: "\n")) == "-13-67.2/(-5.6)=?")
    }

    /// `86 - 40 / 5` once read `86 40 5 = ?` on the screen: the signs had no glyphs.
    @Test func anArithQuestionIsDrawnWithEverySign() throws {
        let game = try firstQuestion("arith", "ops=-/ terms=3 negatives=yes decimals=1 parens=yes seed=6", columns: 160, rows: 30)
        #expect(game.text.contains("-") && game.text.contains("/"), "the seed's first question: \(game.text)")
        let prompt = QuestionText.prompt(game.text)
        let screen = try game.screen.wait(for: "\(prompt) in block letters") { BigTextReader.read($0) == BigTextReader.expected(prompt) }
        game.screen.save("play-arith", screen: screen)
    }

    /// A question wider than the terminal is written plainly, wrapped, and whole.
    @Test func aQuestionTooWideForTheTerminalIsWrappedNotCut() throws {
        let game = try firstQuestion("arith", "ops=-/ terms=5 negatives=yes decimals=2 parens=yes seed=11", columns: 30, rows: 24)
        let prompt = QuestionText.prompt(game.text)
        #expect(BigText.width(prompt) > 30, "the question must not fit: \(prompt)")
        #expect(prompt.count > 30, "even as plain text, so a line cut at the edge would lose its end: \(prompt)")
        try game.screen.wait(for: prompt) { Self.flat($0).contains(prompt) }
    }

    /// Money and pace texts are sentences ending in `?`: no ` = ?` after them.
    @Test(arguments: ["money", "pace"]) func aSentenceIsAskedAsItIs(game kind: String) throws {
        let game = try firstQuestion(kind, "seed=4")
        #expect(game.text.hasSuffix("?"))
        let screen = try game.screen.wait(for: game.text) { Self.flat($0).contains(game.text) }
        #expect(!Self.flat(screen).contains("? = ?"), "\(screen)")
        game.screen.save("play-\(kind)", screen: screen)
    }

    @Test func aTimesQuestionIsBig() throws {
        let game = try firstQuestion("times", "table=7 seed=2")
        let prompt = QuestionText.prompt(game.text)
        let screen = try game.screen.wait(for: "\(prompt) in block letters") { BigTextReader.read($0) == BigTextReader.expected(prompt) }
        game.screen.save("play-times", screen: screen)
    }

    /// The screen's text with its rows joined and runs of spaces made one: wrapped text reads whole.
    static func flat(_ screen: String) -> String {
        screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }
}
