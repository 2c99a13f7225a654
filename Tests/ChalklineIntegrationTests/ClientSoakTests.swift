import Foundation
import Testing

/// `chalkline soak` at a small size against the built server: the bots' scores agree with their
/// replies, none is dropped, and every misbehaving client meets the limit it is there for.
@Suite struct ClientSoakTests {
    @Test func aSmallSoakPassesEveryCheck() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("soak-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let soak = try ClientProcess.chalkline(["soak", "--server", BuiltProducts.path("chalkline-server"), "--log", log,
                                                "--rooms", "4", "--players", "5", "--rounds", "3", "--deadline", "60"])
        #expect(try soak.finish(timeout: 90) == 0, "\(soak.output)")
        let out = soak.output
        #expect(out.contains("soak: scores that differ from the sum of replied points: 0"), "\(out)")
        #expect(out.contains("soak: well-behaved players disconnected: 0"), "\(out)")
        #expect(out.contains("soak: well-behaved players that missed questions: 0"), "\(out)")
        #expect(out.contains { $0.hasPrefix("soak: 20 well-behaved players in 4 rooms, 3 rounds, 60 answers") }, "\(out)")
        #expect(!out.contains { $0.hasPrefix("soak: never seen") }, "\(out)")
    }

    @Test func aServerThatCannotStartIsReported() throws {
        let soak = try ClientProcess.chalkline(["soak", "--server", "/nonexistent/chalkline-server", "--rooms", "1", "--players", "1"])
        #expect(try soak.finish() == 1)
        #expect(soak.output.contains { $0.hasPrefix("soak: cannot start the server /nonexistent/chalkline-server") }, "\(soak.output)")
    }
}
