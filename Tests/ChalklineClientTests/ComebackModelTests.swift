import ChalklineProtocol
import Testing
@testable import ChalklineClient

/// Issue 38 in `chalkline play`'s model: a seat given back after `/comeback`, the device that
/// lost it, and homework's pause.
@Suite struct ComebackModelTests {
    private func apply(_ lines: [String], to model: inout RoomModel, at now: Double = 0) throws {
        for line in lines { model.apply(try #require(ServerMessage(line: line), "\(line)"), now: now) }
    }

    private let join = #"{"type":"ok","cmd":"join","room":"QXRM","token":"t1","game":"times","state":"lobby","name":"sam","score":0,"players":[{"name":"sam","score":0,"host":false,"playing":true,"connected":true}]}"#

    /// Issue 38: let back in after `/comeback`, the model holds the seat and its new token as
    /// after a rejoin; the device that held it is out of the room; homework's pause is shown.
    @Test func letInTakesTheSeatAndSeatMovedLeavesTheRoom() throws {
        var phone = RoomModel(role: .player)
        try apply([#"{"type":"let_in","allowed":true,"room":"QXRM","token":"t2","game":"times","state":"running","name":"ana","score":950,"settings":{"chat":true},"players":[{"name":"ana","score":950,"host":false,"playing":true,"connected":true}]}"#], to: &phone)
        #expect(phone.room == "QXRM" && phone.token == "t2" && phone.me == "ana" && phone.myScore == 950)
        guard case .waiting = phone.phase else { Issue.record("not in the running game: \(phone.phase)"); return }
        var tablet = RoomModel(role: .player)
        try apply([join, #"{"type":"seat_moved","room":"QXRM","name":"sam"}"#], to: &tablet)
        guard case .outside = tablet.phase else { Issue.record("still in the room: \(tablet.phase)"); return }
        #expect(tablet.room == nil && tablet.token == nil)
        #expect(tablet.notice?.contains("another device") == true)
        var refused = RoomModel(role: .player)
        try apply([#"{"type":"let_in","allowed":false,"room":"QXRM","name":"sam"}"#], to: &refused)
        #expect(refused.room == nil && refused.notice?.contains("did not let you back in") == true)
    }

    @Test func homeworksPauseIsKeptUntilTheNextQuestion() throws {
        var model = RoomModel(role: .player)
        try apply([join, #"{"type":"question","id":1,"round":1,"rounds":2,"text":"7 x 2","time_ms":8000}"#,
                   #"{"type":"round_end","id":1,"answer":14,"answer_text":"14","results":[],"standings":[]}"#,
                   #"{"type":"pause","ms":4000,"last":false}"#], to: &model, at: 10)
        #expect(model.pauseUntil == 14 && !model.pauseIsLast)
        try apply([#"{"type":"question","id":2,"round":2,"rounds":2,"text":"7 x 3","time_ms":8000}"#], to: &model, at: 11)
        #expect(model.pauseUntil == nil)
    }
}
