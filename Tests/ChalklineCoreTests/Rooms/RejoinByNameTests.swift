import Testing
@testable import ChalklineCore

/// Issue 27: a student at netcat who dropped mid-game met `name_taken` under their own name
/// until the game ended, and text mode never showed the token `/help rejoin` speaks of.
@Suite("Rooms: back by name, and the token in text")
struct RejoinByNameTests {
    /// Ann (json, 10.0.0.1) hosts; sam plays from netcat at 10.0.0.9 and scores in round 1.
    private func droppedSam(options: String = "") -> (Harness, String) {
        let h = Harness()
        let code = h.room("table=7 max=4 rounds=3 time=10 gap=0 countdown=0 seed=1 " + options)
        h.connect(2, peer: "10.0.0.9:5000")
        h.line(2, "/join \(code) sam")
        h.line(1, "/start")
        h.now = 1_000
        h.line(2, "14")
        h.disconnect(2)
        return (h, code)
    }

    @Test func theTextJoinReplyShowsTheToken() {
        let h = Harness()
        let code = h.room()
        h.connect(2)
        let text = Harness.text(h.line(2, "/join \(code) sam"), to: 2)
        let token = text.split(separator: " ").last.map { String($0.dropLast()) } ?? ""
        #expect(text.hasSuffix("If your connection drops: /rejoin \(code) \(token)\n"))
        #expect(token.count == 32)
        // It really is the seat's token (taken from the connection still holding it).
        h.connect(3)
        #expect(Harness.text(h.line(3, "/rejoin \(code) \(token)"), to: 3).hasPrefix("You are in room \(code) as sam"))
    }

    @Test func aDroppedPlayerTakesTheirSeatBackByNameFromTheSameAddress() {
        let (h, code) = droppedSam(options: "late=no")
        h.line(1, "/lock")
        h.now = 1_000 + Limits.nameRejoinGraceMs
        h.connect(3, peer: "10.0.0.9:6000")
        let back = h.line(3, "/join \(code) SAM")
        let text = Harness.text(back, to: 3)
        #expect(text.hasPrefix("You are in room \(code) as sam (times, 2 players).\nWelcome back: your score is 950.\n"))
        #expect(Harness.messages(back, to: 1).map(\.type) == ["joined"])
        // The seat, not a new one: the same score goes on in the standings.
        let scores = Harness.messages(h.line(1, "/scores"), to: 1)[0]
        #expect(scores.standings.contains("1 sam 950"))
        #expect(Harness.messages(h.line(1, "/who"), to: 1)[0].list("players").count == 2)
    }

    @Test func byNameIsRefusedFromAnotherAddressOrAfterTheGrace() {
        let (h, code) = droppedSam()
        h.connect(3, peer: "10.0.0.8")
        let other = Harness.text(h.line(3, "/join \(code) sam"), to: 3)
        #expect(other.hasPrefix("error name_taken: "))
        #expect(other.contains("/rejoin \(code) TOKEN"))
        h.now = 1_001 + Limits.nameRejoinGraceMs
        h.connect(4, peer: "10.0.0.9")
        #expect(Harness.text(h.line(4, "/join \(code) sam"), to: 4).hasPrefix("error name_taken: "))
    }

    /// A seat still held by a live connection is never taken by name, whatever the address.
    @Test func byNameNeverTakesAConnectedSeat() {
        let h = Harness()
        let code = h.room()
        h.connect(2, peer: "10.0.0.9")
        h.line(2, "/join \(code) sam")
        h.line(1, "/start")
        h.connect(3, peer: "10.0.0.9")
        #expect(Harness.text(h.line(3, "/join \(code) sam"), to: 3).hasPrefix("error name_taken: "))
    }
}
