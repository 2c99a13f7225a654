import ChalklineCore
import Foundation
import Testing
@testable import ChalklineClient

/// The settings issue 38 found accepted and then ignored, played over TCP against the real
/// server binary: every question read back from the wire keeps them.
@Suite struct ArithSettingsLiveTests {
    @Test(arguments: ["ops=/ terms=5 max=1000 decimals=2", "ops=x terms=5 max=1000 negatives=yes"])
    func everyQuestionKeepsTheSettings(options: String) throws {
        let harness = try ServerHarness.scenario(.live)
        let host = try harness.jsonClient("MsLee")
        let created = try host.command("/create arith play=no \(options) rounds=20 time=5 gap=0 countdown=0 seed=7")
        #expect(created.type == "ok", "\(created)")
        let code = try #require(created.string("room"))
        let player = try harness.jsonClient()
        #expect(try player.command("/join \(code) pat").type == "ok")
        _ = try host.expect("joined")
        #expect(try host.command("/start").type == "ok")
        let op = options.contains("ops=/") ? "/" : "x"
        var texts: [String] = []
        while true {
            let event = try player.next(timeout: 10)
            if event.type == "question", let text = event.string("text") {
                texts.append(text)
                let words = text.split(separator: " ")
                let ops = words.filter { $0.count == 1 && "+-x/".contains($0) }
                let numbers = words.filter { !($0.count == 1 && "+-x/".contains($0)) }
                    .map { $0.filter { $0 != "(" && $0 != ")" } }
                #expect(ops.count == 4 && ops.allSatisfy { $0 == Substring(op) }, "\(options): \(text)")
                #expect(numbers.count == 5, "\(options): \(text)")
                #expect(numbers.allSatisfy { abs(Double($0) ?? .infinity) <= 1000 }, "\(options): \(text)")
                _ = try host.command("/skip")
            } else if event.type == "game_end" {
                break
            }
        }
        #expect(texts.count == 20)
        #expect(zip(texts, texts.dropFirst()).allSatisfy { $0 != $1 }, "a question twice in a row: \(texts)")
    }

    /// A comma room writes its questions with a comma (`7,2 / 0,8`, `12,5 km`): the bundled
    /// bot still reads them, and its answers, written with the room's comma, are right.
    @Test(arguments: ["arith decimals=2 decimal=comma", "pace level=3 decimal=comma ask=time,distance,pace,speed"])
    func theBotReadsACommaRoom(options: String) throws {
        let name = String(options.prefix { $0 != " " })
        let harness = try ServerHarness.scenario(.live)
        let host = try harness.jsonClient("MsLee")
        let code = try #require(try host.command("/create \(options) play=no rounds=12 time=10 gap=0 countdown=0 seed=5").string("room"))
        let player = try harness.jsonClient()
        #expect(try player.command("/join \(code) pat").type == "ok")
        _ = try host.expect("joined")
        #expect(try host.command("/start").type == "ok")
        let solver = try #require(QuizSolvers.solver(for: name))
        var sawComma = false
        while true {
            let event = try player.next(timeout: 10)
            if event.type == "question", let text = event.string("text") {
                #expect(!text.contains(where: { $0 == "." }), "a comma room wrote a point: \(text)")
                sawComma = sawComma || text.contains(where: { $0 == "," }) && text.range(of: #"\d,\d"#, options: .regularExpression) != nil
                let answer = try #require(solver.answer(to: text), "the \(name) solver cannot read \(text)")
                let reply = try player.command("/answer \(answer.replacingOccurrences(of: ".", with: ","))")
                #expect(reply.bool("correct") == true, "\(text) answered \(answer): \(reply)")
            } else if event.type == "round_end" {
                #expect(event.string("answer_text")?.contains(".") == false, "\(event)")
            } else if event.type == "game_end" {
                break
            }
        }
        #expect(sawComma, "no question of 12 had a decimal")
    }
}
