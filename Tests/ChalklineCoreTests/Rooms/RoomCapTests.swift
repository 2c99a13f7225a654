import ChalklineTesting
import Testing
@testable import ChalklineCore

/// The room caps and the room timeouts that keep one client from holding every room code.
@Suite("Rooms: caps and timeouts")
struct RoomCapTests {
    /// Every draw gives the same code: the second `/create` must answer (too_many_rooms)
    /// instead of drawing forever, as the code-drawing loop once did.
    @Test func drawingARoomCodeIsBounded() throws {
        let core = ServerCore(config: ServerConfig(), random: { 0 })
        let h = ServerHarness(core: core)
        let c1 = try h.jsonClient("Ann")
        #expect(try c1.step("/create times").messages(to: c1).first?.type == "ok")
        let c2 = try h.jsonClient("Bea")
        let refused = try c2.step("/create times").messages(to: c2).first
        #expect(refused?.code == "too_many_rooms")
        #expect(core.roomCount == 1)
    }

    /// One address, one open room at most here: a room it left open counts until it closes.
    @Test func perAddressCountsOnlyOpenRooms() throws {
        var config = ServerConfig()
        config.maxRoomsPerIP = 1
        let h = try ServerHarness(.inProcess, config: config)
        let clock = try #require(h.inProcess)
        var c1 = try h.jsonClient("Ann", peer: "10.0.0.1")
        #expect(try c1.step("/create times").messages(to: c1).first?.type == "ok")
        try c1.stepDisconnect()  // the room stays open for a while, for /claim
        c1 = try h.jsonClient("Ann", peer: "10.0.0.1")  // the same address again
        #expect(try c1.step("/create times").messages(to: c1).first?.code == "too_many_rooms")
        clock.advance(to: Limits.unjoinedRoomTimeoutMs)  // the room it left closes
        #expect(clock.core.roomCount == 0)
        #expect(try c1.step("/create times").messages(to: c1).first?.type == "ok")
    }

    /// A room only its creator ever sat in closes a minute after the creator drops.
    @Test func aRoomNobodyJoinedClosesSoonAfterItsCreatorLeaves() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let c1 = try h.jsonClient("Ann")
        _ = try c1.step("/create times")
        try c1.stepDisconnect()
        #expect(clock.core.nextDeadline() == Limits.unjoinedRoomTimeoutMs)
        clock.advance(to: Limits.unjoinedRoomTimeoutMs - 1)
        #expect(clock.core.roomCount == 1)
        clock.advance(to: Limits.unjoinedRoomTimeoutMs)
        #expect(clock.core.roomCount == 0)
    }
}
