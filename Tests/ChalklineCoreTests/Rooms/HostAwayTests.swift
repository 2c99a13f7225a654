import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Issue 27: a student used to inherit the host's role (and `/kick`) when the teacher's
/// connection went. A room whose host leaves now has no host until the host key comes back.
@Suite("Rooms: the host away")
struct HostAwayTests {
    /// Ann (1) creates with `options` and keeps the key; Bob (2) and Cy (3) join.
    private func classroom(_ options: String = "table=7 max=4 rounds=3 time=10 gap=0 countdown=0 seed=1",
                           config: ServerConfig = ServerConfig()) throws
        -> (ServerHarness, code: String, key: String, HarnessClient, HarnessClient, HarnessClient, InProcessServer) {
        let h = try ServerHarness(.inProcess, config: config)
        let c1 = try h.jsonClient("Ann")
        let created = try c1.step("/create times \(options)").messages(to: c1)[0]
        let code = created.string("room") ?? "", key = created.string("host_key") ?? ""
        let (c2, _) = try h.join("Bob", code)
        let (c3, _) = try h.join("Cy", code)
        return (h, code, key, c1, c2, c3, try #require(h.inProcess))
    }

    @Test func theHostLeavingInTheLobbyLeavesNoHostAndTellsThePlayers() throws {
        let (h, code, key, c1, c2, c3, clock) = try classroom()
        let effects = try c1.stepDisconnect()
        #expect(effects.messages(to: c2).map(\.line) == [
            #"{"type":"left","room":"\#(code)","name":"Ann","players":2,"reason":"disconnected"}"#,
            #"{"type":"host_away","running":false}"#,
        ])
        let c4 = try h.connect()
        try c4.step("/name Dee")
        let text = try c4.step("/join \(code)").text(to: c4)
        #expect(text.contains("You are in room"))
        // Nobody became host: not by being first, nor by joining after.
        for player in [c2, c3] {
            #expect(try player.step("/kick Dee").messages(to: player).first?.code == "not_host")
            #expect(try player.step("/start").messages(to: player).first?.code == "not_host")
        }
        let who = try c2.step("/who").messages(to: c2)[0]
        #expect(who.list("players").allSatisfy { $0["host"] as? Bool == false })
        // The teacher comes back with the key.
        let c5 = try h.jsonClient()
        let claim = try c5.step("/claim \(code) \(key)")
        #expect(claim.messages(to: c5).map(\.type) == ["ok", "host"])
        #expect(claim.messages(to: c2).map(\.type) == ["joined", "host"])
        #expect(try c5.step("/start").messages(to: c5).first?.type == "ok")
    }

    @Test func theTextModeSaysTheTeacherLeft() throws {
        let (h, code, _, c1, c2, c3, clock) = try classroom()
        let c6 = try h.connect()
        try c6.step("/join \(code) Eve")
        let text = try c1.step("/leave").text(to: c6)
        #expect(text.contains("The teacher left; waiting for them."))
        #expect(!text.contains("is now the host"))
    }

    /// The open question runs to its end; the next one waits for the host, and opens as soon as
    /// the host is back.
    @Test func aGameWithoutItsHostPausesAfterTheOpenQuestionAndGoesOnWhenTheyClaim() throws {
        let (h, code, key, c1, c2, c3, clock) = try classroom()
        try c1.step("/start")
        let drop = try c1.stepDisconnect().messages(to: c2)
        #expect(drop.map(\.type) == ["left", "host_away"])
        #expect(drop[1].bool("running") == true)
        #expect(try c2.step("/skip").messages(to: c2).first?.code == "not_host")
        clock.setTime(1_000)
        try c2.step("14")
        let closed = try c3.step("14").messages(to: c2)
        // Round 1 closes once both players answered; round 2 does not open.
        #expect(closed.map(\.type) == ["round_end"])
        #expect(clock.core.nextDeadline() == 1_000 + Limits.abandonedGameMs)
        #expect(clock.advance(to: 20_000).sends.isEmpty)
        clock.setTime(25_000)
        let c4 = try h.jsonClient()
        let claim = try c4.step("/claim \(code) \(key)")
        #expect(claim.messages(to: c4).map(\.type) == ["ok", "host", "question"])
        let resumed = claim.messages(to: c2)
        #expect(resumed.map(\.type) == ["joined", "host", "question"])
        #expect(resumed[2].int("round") == 2)
        #expect(clock.core.nextDeadline() == 35_000)
    }

    @Test func aPausedGameTheHostNeverComesBackToEndsAsStopped() throws {
        let (h, _, _, c1, c2, c3, clock) = try classroom("table=7 max=4 rounds=3 time=10 gap=2 countdown=0 seed=1")
        try c1.step("/start")
        try c1.step("/leave")
        // Round 1 times out, the gap passes, round 2 waits.
        #expect(clock.advance(to: 10_000).messages(to: c2).map(\.type) == ["round_end"])
        #expect(clock.advance(to: 12_000).messages(to: c2).isEmpty)
        #expect(clock.core.nextDeadline() == 12_000 + Limits.abandonedGameMs)
        let ended = clock.advance(to: 12_000 + Limits.abandonedGameMs).messages(to: c2)
        #expect(ended.map(\.type) == ["game_end"])
        // Only Ann's idle timeout is left, outside the room since /leave at 0.
        #expect(clock.core.nextDeadline() == ServerConfig().idleTimeout)
    }

    /// A teacher at netcat may use their seat's token: the creator's seat taken back is the host.
    @Test func theCreatorRejoiningTheirSeatIsTheHostAgain() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let c1 = try h.jsonClient("Ann")
        let created = try c1.step("/create times table=7 max=4 rounds=3 time=10 gap=0 countdown=0 seed=1").messages(to: c1)[0]
        let code = created.string("room") ?? "", token = created.string("token") ?? ""
        let (c2, _) = try h.join("Bob", code)
        try c1.step("/start")
        try c1.stepDisconnect()
        clock.advance(to: 10_000)
        let c4 = try h.jsonClient()
        let back = try c4.step("/rejoin \(code) \(token)")
        #expect(back.messages(to: c4).map(\.type) == ["ok", "host", "question"])
        #expect(back.messages(to: c2).map(\.type) == ["joined", "host", "question"])
    }
}
