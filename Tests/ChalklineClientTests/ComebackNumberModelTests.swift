import ChalklineProtocol
import Testing
@testable import ChalklineClient

/// Review findings 1, 2, 8 in the `chalkline` client: `chalkline host` dropped `comeback`, so a
/// teacher there never saw a request, nor the number to check, nor its withdrawal; a student
/// whose room closed while waiting was told "the host did not let you back in".
@Suite struct ComebackNumberModelTests {
    private func apply(_ line: String, to model: inout RoomModel) throws {
        model.apply(try #require(ServerMessage(line: line), "\(line)"), now: 0)
    }

    @Test func theHostSeesTheNumberTheWarningAndTheWithdrawal() throws {
        var host = RoomModel(role: .host)
        try apply(#"{"type":"comeback","room":"QXRM","name":"ana","number":472,"connected":true,"waiting":true}"#, to: &host)
        let asked = host.notice ?? ""
        #expect(asked.contains("/letin ana 472"), "\(asked)")
        #expect(asked.contains("still connected and playing"), "\(asked)")
        try apply(#"{"type":"comeback","room":"QXRM","name":"ana","number":472,"connected":false,"waiting":false}"#, to: &host)
        #expect(host.notice?.contains("went away") == true, "\(host.notice ?? "")")
    }

    @Test func theStudentSeesTheNumberAndAClosedRoom() throws {
        #expect(ReplyText.lines(for: try #require(ServerMessage(line: #"{"type":"ok","cmd":"comeback","room":"QXRM","name":"ana","waiting":true,"number":472}"#)))?
            .joined().contains("Show your teacher this number: 472") == true)
        var phone = RoomModel(role: .player)
        try apply(#"{"type":"let_in","allowed":false,"room":"QXRM","name":"ana","reason":"closed"}"#, to: &phone)
        #expect(phone.notice?.contains("closed") == true, "\(phone.notice ?? "")")
    }
}
