import ChalklineCore
import Testing

/// In-process only, for scenarios that need an exact time: Ann (json) hosts and plays a times
/// room (7 x 2 first, 10 s a question), Bob joins, and every inbox is empty with the clock at 0,
/// so `take()` then shows what the next step caused.
struct ClockRoom {
    let harness: ServerHarness
    let clock: InProcessServer
    let ann: HarnessClient
    let bob: HarnessClient
    let code: String
    let bobToken: String
    /// Ann's host key, from her `/create`.
    let hostKey: String?

    init(_ config: ServerConfig = ServerConfig(), _ options: String = "table=7 max=4 rounds=1 time=10 gap=0 countdown=0 seed=1") throws {
        harness = try ServerHarness(.inProcess, config: config)
        clock = try #require(harness.inProcess)
        ann = try harness.jsonClient("Ann")
        let created = try ann.command("/create times \(options)")
        code = try #require(created.string("room"), "create failed: \(created)")
        hostKey = created.string("host_key")
        (bob, bobToken) = try Self.join(harness, code, "Bob")
        ann.take()
    }

    /// A json player joins with `name`; its token, and its inbox emptied.
    func join(_ name: String) throws -> (HarnessClient, String) { try Self.join(harness, code, name) }

    private static func join(_ harness: ServerHarness, _ code: String, _ name: String) throws -> (HarnessClient, String) {
        let client = try harness.jsonClient()
        let joined = try client.command("/join \(code) \(name)")
        let token = try #require(joined.string("token"), "join failed: \(joined)")
        client.take()
        return (client, token)
    }

    /// The id a connected client has in the core.
    static func id(_ client: HarnessClient) throws -> ConnectionID { try #require(client.id) }
}
