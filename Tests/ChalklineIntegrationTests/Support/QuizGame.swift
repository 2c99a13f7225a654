import Foundation
import Testing
@testable import ChalklineClient

/// A whole quiz game over TCP against the real server: two `chalkline bot` players, and a
/// student in text mode at "netcat" (this test, reading the text lines as a person would and
/// answering with the bot's solver for the kind). Returns the text student's name and its
/// score as `game_end` gave it and as its own replies added up.
struct QuizGame {
    let server: LiveServer
    let code: String
    var replied = 0
    var final: Int?
    var questions: [String] = []

    static func play(_ kind: String, _ options: String, rounds: Int) throws -> QuizGame {
        let server = try LiveServer()
        let host = try TestHost(server, game: kind, create: "rounds=\(rounds) gap=0 countdown=0 \(options)")
        let bots = try ClientProcess.chalkline(["bot", "127.0.0.1:\(server.port)", "--room", host.code, "--count", "2",
                                                "--think", "80", "--skill", "0.7", "--games", "1", "--timeout", "60"])
        let pupil = try server.connect()
        try pupil.skipWelcome()
        try pupil.send("/join \(host.code) pupil")
        _ = try pupil.expectText("You are in room")
        try host.waitForPlayers(3)
        #expect(try host.client.command("/start").string("type") == "ok")
        var game = QuizGame(server: server, code: host.code)
        let solver = try #require(QuizSolvers.solver(for: kind))
        var inStandings = false
        while true {
            let line = try pupil.line(timeout: 30)
            if line.hasPrefix("Question "), let start = line.range(of: ":   "), let end = line.range(of: "   (", options: .backwards) {
                let prompt = String(line[start.upperBound..<end.lowerBound])
                let text = prompt.hasSuffix(" = ?") ? String(prompt.dropLast(4)) : prompt
                game.questions.append(text)
                // Right every other question, wrong otherwise: both paths are scored.
                let typed = game.questions.count % 2 == 1 ? solver.answer(to: text) : solver.wrongAnswer(to: text, draw: 1)
                try pupil.send(try #require(typed, "the \(kind) solver cannot read \(text)"))
            } else if line.hasPrefix("Right! +"), let points = Int(line.dropFirst(8).prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)) {
                game.replied += points
            } else if line.hasPrefix("Game over!") {
                inStandings = true
            } else if inStandings, line.contains(" pupil ") {
                game.final = Int(line.split(separator: " ").last!.filter(\.isNumber))
                break
            }
        }
        _ = try host.client.expect("game_end", timeout: 30)
        #expect(try bots.finish() == 0, "\(bots.output)")
        #expect(bots.output.contains { $0.contains("scores agree") }, "\(bots.output)")
        #expect(game.questions.count == rounds)
        return game
    }
}
