import Testing
@testable import ChalklineCore

/// The room caps and the room timeouts that keep one client from holding every room code.
@Suite("Rooms: caps and timeouts")
struct RoomCapTests {
    /// Every draw gives the same code: the second `/create` must answer (too_many_rooms)
    /// instead of drawing forever, as the code-drawing loop once did.
    @Test func drawingARoomCodeIsBounded() {
        let core = ServerCore(config: ServerConfig(), random: { 0 })
        let h = Harness(core: core)
        h.jsonClient(1, name: "Ann")
        #expect(Harness.messages(h.line(1, "/create times"), to: 1).first?.type == "ok")
        h.jsonClient(2, name: "Bea")
        let refused = Harness.messages(h.line(2, "/create times"), to: 2).first
        #expect(refused?.code == "too_many_rooms")
        #expect(core.roomCount == 1)
    }

    /// One address, one open room at most here: a room it left open counts until it closes.
    @Test func perAddressCountsOnlyOpenRooms() {
        var config = ServerConfig()
        config.maxRoomsPerIP = 1
        let h = Harness(config: config)
        h.jsonClient(1, name: "Ann")
        #expect(Harness.messages(h.line(1, "/create times"), to: 1).first?.type == "ok")
        h.disconnect(1)  // the room stays open for a while, for /claim
        h.jsonClient(1, name: "Ann")  // the same address again
        #expect(Harness.messages(h.line(1, "/create times"), to: 1).first?.code == "too_many_rooms")
        h.tick(Limits.unjoinedRoomTimeoutMs)  // the room it left closes
        #expect(h.core.roomCount == 0)
        #expect(Harness.messages(h.line(1, "/create times"), to: 1).first?.type == "ok")
    }

    /// A room only its creator ever sat in closes a minute after the creator drops.
    @Test func aRoomNobodyJoinedClosesSoonAfterItsCreatorLeaves() {
        let h = Harness()
        h.jsonClient(1, name: "Ann")
        _ = h.line(1, "/create times")
        h.disconnect(1)
        #expect(h.core.nextDeadline() == Limits.unjoinedRoomTimeoutMs)
        h.tick(Limits.unjoinedRoomTimeoutMs - 1)
        #expect(h.core.roomCount == 1)
        h.tick(Limits.unjoinedRoomTimeoutMs)
        #expect(h.core.roomCount == 0)
    }
}
