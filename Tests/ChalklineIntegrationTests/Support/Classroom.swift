import Foundation
import Testing

/// A room with a teacher who hosts (play=no) and one well-behaved player, `pat`, whose round
/// must come out right whatever else a scenario throws at the server, on either backend.
struct Classroom {
    let server: ServerHarness
    let host: HarnessClient
    let pat: HarnessClient
    let code: String
    let hostKey: String
    let patToken: String
    let limitMs: Int

    init(_ server: ServerHarness, time: Double = 1, rounds: Int = 1, gap: Double = 0, password: String? = nil) throws {
        self.server = server
        limitMs = Int(time * 1000)
        host = try server.jsonClient("teach")
        let created = try host.command("/create times table=7 max=4 rounds=\(rounds) time=\(time) gap=\(gap) countdown=0 play=no"
                                       + (password.map { " password=\($0)" } ?? ""))
        guard created.type == "ok", let code = created.string("room"), let key = created.string("host_key") else {
            throw TestFailure("create failed: \(created)")
        }
        self.code = code
        hostKey = key
        pat = try server.jsonClient("pat")
        let joined = try pat.command("/join \(code)")
        guard let token = joined.string("token") else { throw TestFailure("join failed: \(joined)") }
        patToken = token
    }

    /// Starts the game (from `starter`, the host unless it was reclaimed) and plays one round as pat.
    func playRound(starter: HarnessClient? = nil, round: Int = 1, streak: Int = 1) throws {
        if round == 1 {
            let started = try (starter ?? host).command("/start")
            #expect(started.type == "ok", "start: \(started)")
        }
        try pat.answersCorrectly(limitMs: limitMs, streak: streak)
    }
}

extension HarnessClient {
    /// Waits for the question, answers it right, and checks the points against the formula and
    /// against `round_end`.
    func answersCorrectly(limitMs: Int, streak: Int = 1) throws {
        let question = try expect("question")
        let answer = try #require(product(of: question.string("text") ?? ""))
        let reply = try command("\(answer)")
        #expect(reply.bool("correct") == true, "\(reply)")
        let end = try expect("round_end")
        let mine = try #require(end.list("results").first { $0["name"] as? String == "pat" })
        let ms = try #require(JSONValue.int(mine["ms"]))
        let points = expectedPoints(ms: ms, limitMs: limitMs, streak: streak)
        #expect(reply.int("points") == points)
        #expect(JSONValue.int(mine["points"]) == points)
        #expect(end.list("standings").contains { $0["name"] as? String == "pat" && JSONValue.int($0["score"]) == reply.int("score") })
    }
}
