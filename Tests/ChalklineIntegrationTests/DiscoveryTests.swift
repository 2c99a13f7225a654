import Foundation
import Testing
@testable import ChalklineClient

/// True when an Avahi daemon takes a browse: the discovery tests need one.
func avahiAnswers() -> Bool {
    if case .success = Discovery.browse(seconds: 0.1) { return true }
    return false
}

/// Finding the server on the LAN, for real: the server advertises through the Avahi daemon
/// (`make test` starts one on loopback where the machine allows it, tools/discovery), and the
/// client browses for it. Without a daemon these tests are skipped, and say so.
@Suite(.enabled(if: avahiAnswers(), "no Avahi daemon answers here (tools/discovery/start-avahi.sh says why)"))
struct DiscoveryTests {
    /// Browses until a server called `name` shows up, with a deadline.
    private func find(_ name: String, within seconds: Double = 10) -> FoundServer? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if case .success(let servers) = Discovery.browse(seconds: 0.5), let found = servers.first(where: { $0.name == name }) {
                return found
            }
        }
        return nil
    }

    @Test func aServerIsFoundByNameWithItsPortAndProtocol() throws {
        let name = "Chalkline test \(UUID().uuidString.prefix(8))"
        let server = try LiveServer(["--name", name])
        let found = try #require(find(name), "\(name) was not found; log: \(server.log)")
        #expect(found.port == Int(server.port))
        #expect(found.txt.contains("protocol=1"))
        #expect(found.host.hasSuffix(".local"))
        let listing = try ClientProcess.chalkline(["servers", "--wait", "2"])
        #expect(try listing.finish() == 0)
        #expect(listing.output.contains { $0.hasPrefix(name) && $0.contains(":\(server.port)") }, "\(listing.output)")
    }

    /// `chalkline bot --room CODE` with no address asks each server found for its rooms and
    /// joins the one that has CODE.
    @Test func aBotWithoutAnAddressFindsTheServerThatHasTheRoom() throws {
        let name = "Chalkline test \(UUID().uuidString.prefix(8))"
        let server = try LiveServer(["--name", name])
        _ = try #require(find(name))
        let host = try TestHost(server, create: "time=2 gap=0 countdown=0 rounds=1 table=3")
        let bot = try ClientProcess.chalkline(["bot", "--room", host.code, "--count", "1", "--games", "1", "--timeout", "20"])
        try host.waitForPlayers(1, timeout: 15)
        _ = try host.client.command("/start")
        _ = try host.client.expect("game_end", timeout: 10)
        #expect(try bot.finish() == 0, "\(bot.output)")
    }

    @Test func aRoomNoServerHasIsReportedWithTheServersSeen() throws {
        let name = "Chalkline test \(UUID().uuidString.prefix(8))"
        let server = try LiveServer(["--name", name])
        _ = try #require(find(name))
        let bot = try ClientProcess.chalkline(["bot", "--room", "ZZZZ", "--games", "1", "--timeout", "10"])
        #expect(try bot.finish() != 0)
        #expect(bot.output.contains { $0.contains("No server on the network has room ZZZZ") && $0.contains(name) }, "\(bot.output)")
        // Not a mistake in how the command was typed: no usage lines after the message.
        #expect(!bot.output.contains { $0.contains("USAGE") || $0.contains("Usage:") || $0.contains("--help") }, "\(bot.output)")
        _ = server
    }
}
