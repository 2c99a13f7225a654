import Testing
@testable import ChalklineCore

/// Issue 27: a student used to inherit the host's role (and `/kick`) when the teacher's
/// connection went. A room whose host leaves now has no host until the host key comes back.
@Suite("Rooms: the host away")
struct HostAwayTests {
    /// Ann (1) creates with `options` and keeps the key; Bob (2) and Cy (3) join.
    private func classroom(_ options: String = "table=7 max=4 rounds=3 time=10 gap=0 countdown=0 seed=1",
                           config: ServerConfig = ServerConfig()) -> (Harness, code: String, key: String) {
        let h = Harness(config: config)
        h.jsonClient(1, name: "Ann")
        let created = Harness.messages(h.line(1, "/create times \(options)"), to: 1)[0]
        let code = created.string("room") ?? "", key = created.string("host_key") ?? ""
        h.join(2, "Bob", code)
        h.join(3, "Cy", code)
        return (h, code, key)
    }

    @Test func theHostLeavingInTheLobbyLeavesNoHostAndTellsThePlayers() {
        let (h, code, key) = classroom()
        let effects = h.disconnect(1)
        #expect(Harness.messages(effects, to: 2).map(\.line) == [
            #"{"type":"left","room":"\#(code)","name":"Ann","players":2,"reason":"disconnected"}"#,
            #"{"type":"host_away","running":false}"#,
        ])
        h.connect(4)
        h.line(4, "/name Dee")
        let text = Harness.text(h.line(4, "/join \(code)"), to: 4)
        #expect(text.contains("You are in room"))
        // Nobody became host: not by being first, nor by joining after.
        for n: UInt64 in [2, 3] {
            #expect(Harness.messages(h.line(n, "/kick Dee"), to: n).first?.code == "not_host")
            #expect(Harness.messages(h.line(n, "/start"), to: n).first?.code == "not_host")
        }
        let who = Harness.messages(h.line(2, "/who"), to: 2)[0]
        #expect(who.list("players").allSatisfy { $0["host"] as? Bool == false })
        // The teacher comes back with the key.
        h.jsonClient(5)
        let claim = h.line(5, "/claim \(code) \(key)")
        #expect(Harness.messages(claim, to: 5).map(\.type) == ["ok", "host"])
        #expect(Harness.messages(claim, to: 2).map(\.type) == ["joined", "host"])
        #expect(Harness.messages(h.line(5, "/start"), to: 5).first?.type == "ok")
    }

    @Test func theTextModeSaysTheTeacherLeft() {
        let (h, code, _) = classroom()
        h.connect(6)
        h.line(6, "/join \(code) Eve")
        let text = Harness.text(h.line(1, "/leave"), to: 6)
        #expect(text.contains("The teacher left; waiting for them."))
        #expect(!text.contains("is now the host"))
    }

    /// The open question runs to its end; the next one waits for the host, and opens as soon as
    /// the host is back.
    @Test func aGameWithoutItsHostPausesAfterTheOpenQuestionAndGoesOnWhenTheyClaim() {
        let (h, code, key) = classroom()
        h.line(1, "/start")
        let drop = Harness.messages(h.disconnect(1), to: 2)
        #expect(drop.map(\.type) == ["left", "host_away"])
        #expect(drop[1].bool("running") == true)
        #expect(Harness.messages(h.line(2, "/skip"), to: 2).first?.code == "not_host")
        h.now = 1_000
        h.line(2, "14")
        let closed = Harness.messages(h.line(3, "14"), to: 2)
        // Round 1 closes once both players answered; round 2 does not open.
        #expect(closed.map(\.type) == ["round_end"])
        #expect(h.core.nextDeadline() == 1_000 + Limits.abandonedGameMs)
        #expect(Harness.sends(h.tick(20_000)).isEmpty)
        h.now = 25_000
        h.jsonClient(4)
        let claim = h.line(4, "/claim \(code) \(key)")
        #expect(Harness.messages(claim, to: 4).map(\.type) == ["ok", "host", "question"])
        let resumed = Harness.messages(claim, to: 2)
        #expect(resumed.map(\.type) == ["joined", "host", "question"])
        #expect(resumed[2].int("round") == 2)
        #expect(h.core.nextDeadline() == 35_000)
    }

    @Test func aPausedGameTheHostNeverComesBackToEndsAsStopped() {
        let (h, _, _) = classroom("table=7 max=4 rounds=3 time=10 gap=2 countdown=0 seed=1")
        h.line(1, "/start")
        h.line(1, "/leave")
        // Round 1 times out, the gap passes, round 2 waits.
        #expect(Harness.messages(h.tick(10_000), to: 2).map(\.type) == ["round_end"])
        #expect(Harness.messages(h.tick(12_000), to: 2).isEmpty)
        #expect(h.core.nextDeadline() == 12_000 + Limits.abandonedGameMs)
        let ended = Harness.messages(h.tick(12_000 + Limits.abandonedGameMs), to: 2)
        #expect(ended.map(\.type) == ["game_end"])
        // Only Ann's idle timeout is left, outside the room since /leave at 0.
        #expect(h.core.nextDeadline() == ServerConfig().idleTimeout)
    }

    /// A teacher at netcat may use their seat's token: the creator's seat taken back is the host.
    @Test func theCreatorRejoiningTheirSeatIsTheHostAgain() {
        let h = Harness()
        h.jsonClient(1, name: "Ann")
        let created = Harness.messages(h.line(1, "/create times table=7 max=4 rounds=3 time=10 gap=0 countdown=0 seed=1"), to: 1)[0]
        let code = created.string("room") ?? "", token = created.string("token") ?? ""
        h.join(2, "Bob", code)
        h.line(1, "/start")
        h.disconnect(1)
        h.tick(10_000)
        h.jsonClient(4)
        let back = h.line(4, "/rejoin \(code) \(token)")
        #expect(Harness.messages(back, to: 4).map(\.type) == ["ok", "host", "question"])
        #expect(Harness.messages(back, to: 2).map(\.type) == ["joined", "host", "question"])
    }
}
