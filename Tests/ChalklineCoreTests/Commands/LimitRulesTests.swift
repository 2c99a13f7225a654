import Testing
@testable import ChalklineCore

/// The arithmetic of issue 5's limits, without a server: the flood bucket, the guess table's
/// bound, the peer-address key and what `Visible` keeps. The scenarios that run these rules
/// against a server, in-process and live, are the integration target's HardeningTests.
@Suite("Limits: the rules themselves")
struct LimitRulesTests {
    @Test func bucketLetsABurstThroughThenRefusesWithOneReplyPerRun() {
        var bucket = LineBucket(rate: 5, now: 0)
        let verdicts = (0..<13).map { _ in bucket.take(now: 0, floodTimeout: 10_000) }
        #expect(verdicts.prefix(10).allSatisfy { $0 == .run })
        #expect(Array(verdicts.suffix(3)) == [.refuse(reply: true), .refuse(reply: false), .refuse(reply: false)])
        // 200 ms at 5 a second is one token.
        #expect(bucket.take(now: 200, floodTimeout: 10_000) == .run)
        #expect(bucket.take(now: 200, floodTimeout: 10_000) == .refuse(reply: true))
    }

    @Test func bucketDisconnectsAFloodThatGoesOnAndForgivesOneThatStops() throws {
        var flooding = LineBucket(rate: 5, now: 0)
        var firstRefusal: Millis?
        var disconnectAt: Millis?
        // 10 lines a second, twice the rate: the burst lasts 2 s, then every other line is refused.
        for t in stride(from: Millis(0), through: 20_000, by: 100) where disconnectAt == nil {
            switch flooding.take(now: t, floodTimeout: 10_000) {
            case .run: break
            case .refuse: if firstRefusal == nil { firstRefusal = t }
            case .disconnect: disconnectAt = t
            }
        }
        let first = try #require(firstRefusal)
        #expect((1_900...2_100).contains(first))
        #expect(disconnectAt.map { $0 - first } == 10_000)

        var calm = LineBucket(rate: 5, now: 0)
        for _ in 0..<11 { _ = calm.take(now: 0, floodTimeout: 10_000) }
        #expect(calm.floodingSince == 0)
        // Quiet long enough to refill the bucket (2 s): the flood is over and the clock restarts.
        #expect(calm.take(now: 2_000, floodTimeout: 10_000) == .run)
        #expect(calm.floodingSince == nil)
    }

    @Test func rateZeroTurnsFloodControlOff() {
        var bucket = LineBucket(rate: 0, now: 0)
        #expect((0..<10_000).allSatisfy { _ in bucket.take(now: 0, floodTimeout: 0) == .run })
    }

    @Test func peerAddressKeys() {
        #expect(PeerAddress.key("10.0.0.7") == "10.0.0.7")
        #expect(PeerAddress.key("10.0.0.7:5123") == "10.0.0.7")
        #expect(PeerAddress.key("::FFFF:10.0.0.7") == "10.0.0.7")
        #expect(PeerAddress.key("[fe80::1]:80") == "fe80::1")
        #expect(PeerAddress.key("fe80::1") == "fe80::1")
    }

    @Test func visibleCleanKeepsWhatIsSafe() {
        #expect(Visible.clean("Zoë 7 x 8 = ?") == "Zoë 7 x 8 = ?")
        #expect(Visible.clean("a\u{1B}[38;5;196mred\u{1B}[0m") == "ared")
        #expect(Visible.clean("\u{1B}]8;;http://x\u{1B}\\link") == "link")
        #expect(Visible.clean("tab\there\u{7F}\u{85}") == "tabhere")
    }

    /// However many addresses guess wrong, the limiter remembers at most `maxAddresses`, even
    /// when every one of them is shut out.
    @Test func theGuessTableStaysBounded() {
        var rules = GuessRules()
        rules.free = 1
        let limiter = GuessLimiter(rules)
        for n in 0..<(GuessLimiter.maxAddresses + 500) {
            limiter.recordFailure("10.\(n / 65536).\(n / 256 % 256).\(n % 256)", now: 1_000)
        }
        #expect(limiter.count == GuessLimiter.maxAddresses)
    }
}
