import ChalklineTesting
@testable import ChalklineCore

/// The classes suites' shared steps: a teacher without `/teacher` (the flag set directly, as
/// `/teacher` would), one reply, and what a step recorded.
struct ClassHarness {
    let h: ServerHarness
    var core: ServerCore { h.core! }

    init(config: ServerConfig = ServerConfig(), seed: UInt64 = 42) throws {
        h = try ServerHarness(.inProcess, config: config, seed: seed)
    }

    /// A json connection named `name` whose session gave the teacher's secret.
    func teacher(_ name: String = "Teacher", peer: String? = nil) throws -> HarnessClient {
        let client = try h.jsonClient(name, peer: peer)
        core.sessions[client.connection]!.isTeacher = true
        return client
    }

    func student(_ name: String? = nil, peer: String? = nil) throws -> HarnessClient {
        try h.jsonClient(name, peer: peer)
    }

    /// The reply to `line` (the first line it got).
    func reply(_ client: HarnessClient, _ line: String) throws -> ServerLine {
        try step(client, line).reply
    }

    func step(_ client: HarnessClient, _ line: String) throws -> (reply: ServerLine, records: [GameRecord], step: Step) {
        let step = try client.step(line)
        guard let reply = step.messages(to: client).first(where: \.isReply) else { throw TestFailure("no reply to \(line)") }
        return (reply, step.effects.compactMap { if case .record(let record) = $0 { record } else { nil } }, step)
    }

    /// The class in a `/class` reply: its students' names and codes (nil where none is shown).
    static func students(_ reply: ServerLine) -> [(name: String, code: String?)] {
        let list = (reply["class"] as? [String: Any])?["students"] as? [[String: Any]] ?? []
        return list.map { ($0["name"] as? String ?? "", $0["code"] as? String) }
    }
}
