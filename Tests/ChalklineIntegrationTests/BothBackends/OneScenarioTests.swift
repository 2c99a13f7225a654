import ChalklineCore
import Foundation
import Testing

/// The harness's promise (issue 29): one scenario body, run against the core with a manual
/// clock and against the real binary over TCP and over WebSocket, passes the same way on each;
/// and a scenario waiting for a line that never comes fails on each, instead of hanging or
/// passing.
@Suite struct OneScenarioTests {
    @Test(arguments: ServerBackend.allCases)
    func aTimesGamePlaysTheSameOnEveryBackend(backend: ServerBackend) throws {
        let harness = try ServerHarness.scenario(backend)
        let host = try harness.jsonClient("teach")
        let created = try host.command("/create times table=7 rounds=3 time=2 gap=0 countdown=0 play=no")
        let code = try #require(created.string("room"), "\(created)")
        let pat = try harness.jsonClient("pat")
        #expect(try pat.command("/join \(code)").type == "ok")
        #expect(try host.expect("joined").int("players") == 1)
        #expect(try host.command("/start").type == "ok")
        var replied = 0
        for round in 1...3 {
            let question = try pat.expect("question")
            #expect(question.int("round") == round)
            let answer = try #require(product(of: question.string("text") ?? ""))
            // Round 2 is left to run out: the clock (manual or real) closes it.
            if round != 2 {
                let reply = try pat.command("\(answer)")
                #expect(reply.bool("correct") == true)
                replied += reply.int("points") ?? 0
            }
            let end = try pat.expect("round_end")
            #expect(end.int("answer") == answer)
            #expect(end.results.first?.hasPrefix(round == 2 ? "pat false 0 -" : "pat true ") == true, "\(end)")
        }
        let final = try host.expect("game_end")
        #expect(final.standings == ["1 pat \(replied)"])
        if let inProcess = harness.inProcess {
            // In-process the answers took no time at all, and every round's record was kept.
            #expect(replied == 2_000)
            #expect(!inProcess.records.isEmpty)
        }
    }

    @Test(arguments: ServerBackend.allCases)
    func waitingForALineThatNeverComesFails(backend: ServerBackend) throws {
        let harness = try ServerHarness.scenario(backend)
        let client = try harness.jsonClient("sam")
        #expect(throws: TestFailure.self) { try client.expect("question", timeout: 0.3) }
        // The connection is still fine afterwards.
        #expect(try client.command("/ping").type == "ok")
    }
}
