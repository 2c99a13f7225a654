import ChalklineProtocol
import Testing
@testable import ChalklineClient

/// Review finding 4: `chalkline play` and `chalkline watch` stayed on a room the teacher had
/// closed with New room (`moved`), and `chalkline host` never showed a student's `/comeback`.
/// The model now says what to send to follow the class and what the screen should say.
@Suite struct FollowTheClassModelTests {
    private func apply(_ lines: [String], to model: inout RoomModel) throws {
        for line in lines { model.apply(try #require(ServerMessage(line: line), "\(line)"), now: 0) }
    }

    private func screen(_ model: RoomModel) -> [String] {
        RoomScreen(model: model, now: 0, columns: 80, rows: 24, colour: false, footer: [.plain("keys")], joinHint: nil)
            .frame().lines.map { $0.map(\.text).joined() }
    }

    private let join = #"{"type":"ok","cmd":"join","room":"QXRM","token":"t1","game":"times","state":"lobby","name":"sam","score":0,"players":[{"name":"Ms","score":0,"host":true,"playing":false,"connected":true},{"name":"sam","score":0,"host":false,"playing":true,"connected":true}]}"#
    private let moved = #"{"type":"moved","room":"QXRM","to":"BKZT"}"#

    @Test func aPlayerFollowsTheClassUnderItsNameAndIsToldSo() throws {
        var model = RoomModel(role: .player)
        try apply([join, moved], to: &model)
        #expect(model.followLine == "/join BKZT sam")
        guard case .outside = model.phase else { Issue.record("still in the closed room: \(model.phase)"); return }
        #expect(model.room == nil && model.token == nil)
        #expect(model.notice?.contains("BKZT") == true, "\(model.notice ?? "no notice")")
        let plain = PlainLines.line(for: try #require(ServerMessage(line: moved)), model: model)
        #expect(plain?.contains("moved the class to room BKZT") == true, "\(plain ?? "no line")")
        try apply([#"{"type":"ok","cmd":"join","room":"BKZT","token":"t2","game":"times","state":"lobby","name":"sam","score":0,"players":[{"name":"sam","score":0,"host":false,"playing":true,"connected":true}]}"#], to: &model)
        #expect(model.room == "BKZT" && model.token == "t2" && model.followLine == nil)
        #expect(screen(model).contains { $0.contains("moved the class from room QXRM to room BKZT") }, "\(screen(model))")
    }

    @Test func aWatcherFollowsByWatching() throws {
        var model = RoomModel(role: .watcher)
        try apply([#"{"type":"ok","cmd":"watch","room":"QXRM","game":"times","state":"lobby","players":[]}"#, moved], to: &model)
        #expect(model.followLine == "/watch BKZT")
        #expect(model.notice?.contains("BKZT") == true, "\(model.notice ?? "no notice")")
        try apply([#"{"type":"ok","cmd":"watch","room":"BKZT","game":"times","state":"lobby","players":[]}"#], to: &model)
        #expect(model.room == "BKZT" && model.followLine == nil)
        #expect(screen(model).contains { $0.contains("moved the class from room QXRM to room BKZT") }, "\(screen(model))")
    }

    /// The check number comes from the server when it sends one (`/letin NAME NUMBER`); without
    /// it the command is `/letin NAME`. The request stays on screen until it is answered.
    @Test func theHostSeesAComebackRequestWithTheCommandThatAnswersIt() throws {
        var model = RoomModel(role: .host, me: "Ms")
        try apply([#"{"type":"ok","cmd":"create","room":"QXRM","host_key":"k","token":"t","game":"times","settings":{"play":false}}"#,
                   #"{"type":"comeback","room":"QXRM","name":"ana","connected":false,"number":4821}"#,
                   #"{"type":"comeback","room":"QXRM","name":"bo","connected":true}"#], to: &model)
        let ana = try #require(ServerMessage(line: #"{"type":"comeback","room":"QXRM","name":"ana","connected":false,"number":4821}"#))
        #expect(PlainLines.line(for: ana, model: model)?.contains("/letin ana 4821") == true, "\(PlainLines.line(for: ana, model: model) ?? "no line")")
        try apply([#"{"type":"countdown","seconds":3}"#], to: &model)
        let lines = screen(model)
        #expect(lines.contains { $0.contains("ana") && $0.contains("/letin ana 4821") }, "\(lines)")
        #expect(lines.contains { $0.contains("bo") && $0.contains("/letin bo") }, "\(lines)")
        try apply([#"{"type":"ok","cmd":"letin","name":"ana","allowed":true}"#], to: &model)
        #expect(!screen(model).contains { $0.contains("/letin ana") }, "answered, the request goes")
        try apply([#"{"type":"error","cmd":"letin","code":"no_such_player","message":"Nobody is asking to come back as bo (they may have given up, or left)."}"#], to: &model)
        #expect(!screen(model).contains { $0.contains("/letin bo") }, "a request that is gone goes")
    }
}
