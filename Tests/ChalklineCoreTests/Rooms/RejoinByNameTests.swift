import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Issue 27: a student at netcat who dropped mid-game met `name_taken` under their own name
/// until the game ended, and text mode never showed the token `/help rejoin` speaks of.
@Suite("Rooms: back by name, and the token in text")
struct RejoinByNameTests {
    /// Ann (json, 10.0.0.1) hosts; sam plays from netcat at 10.0.0.9 and scores in round 1.
    private func droppedSam(options: String = "") throws -> (ServerHarness, String, HarnessClient, InProcessServer) {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (c1, code) = try h.timesRoom("table=7 max=4 rounds=3 time=10 gap=0 countdown=0 seed=1 " + options)
        let c2 = try h.connect(peer: "10.0.0.9:5000")
        try c2.step("/join \(code) sam")
        try c1.step("/start")
        clock.setTime(1_000)
        try c2.step("14")
        try c2.stepDisconnect()
        return (h, code, c1, clock)
    }

    @Test func theTextJoinReplyShowsTheToken() throws {
        let h = try ServerHarness(.inProcess)
        let (c1, code) = try h.timesRoom()
        let c2 = try h.connect()
        let text = try c2.step("/join \(code) sam").text(to: c2)
        let token = text.split(separator: " ").last.map { String($0.dropLast()) } ?? ""
        #expect(text.hasSuffix("If your connection drops: /rejoin \(code) \(token)\n"))
        #expect(token.count == 32)
        // It really is the seat's token (taken from the connection still holding it).
        let c3 = try h.connect()
        #expect(try c3.step("/rejoin \(code) \(token)").text(to: c3).hasPrefix("You are in room \(code) as sam"))
    }

    @Test func aDroppedPlayerTakesTheirSeatBackByNameFromTheSameAddress() throws {
        let (h, code, c1, clock) = try droppedSam(options: "late=no")
        try c1.step("/lock")
        clock.setTime(1_000 + Limits.nameRejoinGraceMs)
        let c3 = try h.connect(peer: "10.0.0.9:6000")
        let back = try c3.step("/join \(code) SAM")
        let text = back.text(to: c3)
        #expect(text.hasPrefix("You are in room \(code) as sam (times, 2 players).\nWelcome back: your score is 950.\n"))
        #expect(back.messages(to: c1).map(\.type) == ["joined"])
        // The seat, not a new one: the same score goes on in the standings.
        let scores = try c1.step("/scores").messages(to: c1)[0]
        #expect(scores.standings.contains("1 sam 950"))
        #expect(try c1.step("/who").messages(to: c1)[0].list("players").count == 2)
    }

    @Test func byNameIsRefusedFromAnotherAddressOrAfterTheGrace() throws {
        let (h, code, c1, clock) = try droppedSam()
        let c3 = try h.connect(peer: "10.0.0.8")
        let other = try c3.step("/join \(code) sam").text(to: c3)
        #expect(other.hasPrefix("error name_taken: "))
        #expect(other.contains("/comeback \(code) sam"))
        clock.setTime(1_001 + Limits.nameRejoinGraceMs)
        let c4 = try h.connect(peer: "10.0.0.9")
        #expect(try c4.step("/join \(code) sam").text(to: c4).hasPrefix("error name_taken: "))
    }

    /// A seat still held by a live connection is never taken by name, whatever the address.
    @Test func byNameNeverTakesAConnectedSeat() throws {
        let h = try ServerHarness(.inProcess)
        let (c1, code) = try h.timesRoom()
        let c2 = try h.connect(peer: "10.0.0.9")
        try c2.step("/join \(code) sam")
        try c1.step("/start")
        let c3 = try h.connect(peer: "10.0.0.9")
        #expect(try c3.step("/join \(code) sam").text(to: c3).hasPrefix("error name_taken: "))
    }
}
