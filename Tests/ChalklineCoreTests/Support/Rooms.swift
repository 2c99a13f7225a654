import ChalklineTesting
import Testing
@testable import ChalklineCore

extension ServerHarness {
    /// Ann (json, the first client) creates a times room with `options`: her client and the code.
    func timesRoom(_ options: String = "table=7 max=4 rounds=3 time=10 gap=0 countdown=0 seed=1") throws -> (HarnessClient, String) {
        let ann = try jsonClient("Ann")
        let reply = try ann.step("/create times \(options)").messages(to: ann)
        let code = try #require(reply.first?.string("room"), "create failed: \(reply)")
        return (ann, code)
    }

    /// A json player `name` joins `code`: its client and the join reply.
    func join(_ name: String, _ code: String, peer: String? = nil) throws -> (HarnessClient, ServerLine) {
        let client = try jsonClient(peer: peer)
        let reply = try #require(try client.step("/join \(code) \(name)").messages(to: client).first)
        return (client, reply)
    }
}
