import ChalklineCore
import Foundation
import Testing
@testable import ChalklineClient

/// Every kind in the race catalog, over real TCP against the real server: a short game, where
/// a player answers every quiz question with the bundled bot's solver for that kind (so a kind
/// without a solver, or a solver that misreads its questions, fails here).
@Suite struct CatalogTCPTests {
    @Test(arguments: RaceCatalog.names)
    func aShortGameOverTCP(name: String) throws {
        let kind = try #require(RaceCatalog.kind(named: name))
        let isQuiz: Bool
        switch kind.style {
        case .quiz: isQuiz = true
        case .board: isQuiz = false
        }
        let options = isQuiz ? "rounds=3 time=5 gap=0 countdown=0 seed=11" : "levels=1 time=30 gap=0 countdown=0 seed=11"
        let server = try TestServer()
        let host = try TestHost(server, game: name, create: options)
        let player = try server.connect()
        try player.skipWelcome()
        _ = try player.command("/format json")
        let joined = try player.command("/join \(host.code) pat")
        #expect(joined.string("game") == name)
        try host.waitForPlayers(1)
        #expect(try host.client.command("/start").string("type") == "ok")

        var replied = 0
        var questions = 0
        while true {
            let event = try player.json(timeout: 10)
            let type = event.string("type")
            if type == "question" {
                questions += 1
                #expect(event.string("game") == name)
                let text = try #require(event.string("text"))
                let solver = try #require(QuizSolvers.solver(for: name), "no bot solver for \(name)")
                let answer = try #require(solver.answer(to: text), "the \(name) solver cannot read \(text)")
                let reply = try player.command("/answer \(answer)")
                #expect(reply.bool("correct") == true, "\(name): \(text) answered \(answer): \(reply)")
                replied += reply.int("points") ?? 0
            } else if type == "round_end" {
                #expect(event.string("answer_text")?.isEmpty == false)
                #expect(event["answer"] is NSNumber, "a quiz's answer is a number: \(event)")
            } else if type == "board" {
                _ = try host.client.command("/skip")
            } else if type == "game_end" {
                let mine = event.list("standings").first { $0.string("name") == "pat" }
                #expect(mine?.int("score") == replied)
                break
            }
        }
        #expect(isQuiz ? questions == 3 : questions == 0)
    }

    @Test(arguments: RaceCatalog.names)
    func theBotHasASolverForEveryQuizKind(name: String) throws {
        let kind = try #require(RaceCatalog.kind(named: name))
        if case .quiz = kind.style {
            #expect(QuizSolvers.solver(for: name) != nil, "chalkline bot cannot play \(name)")
        }
    }
}
