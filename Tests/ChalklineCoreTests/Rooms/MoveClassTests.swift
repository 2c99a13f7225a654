import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Issue 38: the teacher's "New room" used to leave the class in a room with no host, where
/// every page waited for ever. `/create` from the host of a room now takes the class along, and
/// a host back with `/claim` mid-question learns how many answered already.
@Suite("Rooms: the class moves with its host")
struct MoveClassTests {
    @Test func createFromTheHostTellsEveryoneTheNewCodeAndClosesTheOldRoom() throws {
        let h = try ServerHarness(.inProcess)
        let (ann, code) = try h.timesRoom()
        let (bob, _) = try h.join("Bob", code)
        let screen = try h.jsonClient()
        try screen.step("/watch \(code)")
        let step = try ann.step("/create times rounds=2")
        let reply = try #require(step.messages(to: ann).first)
        #expect(reply.string("type") == "ok" && reply.string("room") != code, "\(reply)")
        let next = try #require(reply.string("room"))
        for client in [bob, screen] {
            #expect(step.messages(to: client).map(\.line) == [#"{"type":"moved","room":"\#(code)","to":"\#(next)"}"#])
        }
        #expect(step.messages(to: ann).map(\.type) == ["ok"], "the host hears only its reply")
        // The old room is gone; its players and watchers are outside any room.
        #expect(try bob.step("/rejoin \(code) x").messages(to: bob).first?.code == "no_room")
        #expect(try bob.step("/join \(next)").messages(to: bob).first?.string("type") == "ok")
        #expect(try screen.step("/watch \(next)").messages(to: screen).first?.string("type") == "ok")
        // The text mode says where to go.
        let (cy, _) = try h.join("Cy", next)
        _ = cy
        let text = try h.connect()
        try text.step("/name Dee")
        try text.step("/join \(next)")
        let said = try ann.step("/create times").text(to: text)
        #expect(said.contains("moved the class to room") && said.contains("/join"), "\(said)")
    }

    @Test func aRunningGameEndsBeforeTheMoveAndAPlayerCannotMoveTheClass() throws {
        let h = try ServerHarness(.inProcess)
        let (ann, code) = try h.timesRoom()
        let (bob, _) = try h.join("Bob", code)
        try ann.step("/start")
        #expect(try bob.step("/create times").messages(to: bob).first?.code == "already_in_room")
        let types = try ann.step("/create times").messages(to: bob).map(\.type)
        #expect(types.suffix(2) == ["game_end", "moved"], "\(types)")
    }

    @Test func aClaimDuringAQuestionGetsTheCountOfAnswers() throws {
        let h = try ServerHarness(.inProcess)
        let ann = try h.jsonClient("Ann")
        let created = try ann.step("/create times play=no table=7 max=4 rounds=3 time=10 gap=0 countdown=0 seed=1").messages(to: ann)[0]
        let (code, key) = (created.string("room") ?? "", created.string("host_key") ?? "")
        let (bob, _) = try h.join("Bob", code)
        let (cy, _) = try h.join("Cy", code)
        _ = cy
        let question = try #require(try ann.step("/start").messages(to: bob).first { $0.type == "question" })
        try bob.step("/answer \(product(question.string("text") ?? ""))")
        _ = try ann.stepDisconnect()
        let back = try h.jsonClient()
        let claim = try back.step("/claim \(code) \(key)").messages(to: back)
        #expect(claim.map(\.type) == ["ok", "host", "question", "progress"], "\(claim.map(\.line))")
        #expect(claim.last?.int("answers") == 1 && claim.last?.int("players") == 2 && claim.last?.int("id") == question.int("id"))
    }

    private func product(_ text: String) -> Int {
        text.split(separator: "x").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.reduce(1, *)
    }
}
