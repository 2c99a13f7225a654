import Foundation
import Testing

/// `chalkline bench` at a tiny size: it must finish by itself and print every figure.
@Suite struct ClientBenchTests {
    @Test func benchPlaysSmallRoomsAndPrintsItsTable() throws {
        let server = try LiveServer()
        let bench = try ClientProcess.chalkline(["bench", "127.0.0.1:\(server.port)", "--rooms", "2", "--players", "3",
                                                 "--questions", "2", "--time", "1", "--spread", "0.3", "--say", "5", "--timeout", "30"])
        #expect(try bench.finish(timeout: 40) == 0, "\(bench.output)")
        let out = bench.output
        #expect(out.contains { $0.hasPrefix("connections held    8 (6 players joined, 0 dropped)") }, "\(out)")
        #expect(out.contains { $0.hasPrefix("answers judged      12 (12 right)") }, "\(out)")
        #expect(out.contains { $0.hasPrefix("answers/s") })
        #expect(out.contains { $0.hasPrefix("/say deliveries     30 of 30") }, "\(out)")
        #expect(out.contains { $0.hasPrefix("errors              0") })
        for label in ["question fan-out", "answer -> reply"] {
            let row = try #require(out.first { $0.hasPrefix(label) })
            let samples = row.split(separator: " ").last.flatMap { Int($0) }
            #expect(samples == 12, "\(row)")
        }
    }

    @Test func benchRefusesAnotherMachine() throws {
        let bench = try ClientProcess.chalkline(["bench", "192.0.2.1:7420", "--timeout", "5"])
        #expect(try bench.finish() != 0)
        #expect(bench.output.contains { $0.contains("only targets this machine") })
    }
}
