import ChalklineTesting
import Foundation
import Testing
@testable import ChalklineCore

/// What a class's room gives away and keeps (review40 D1, D5): `/rooms` lists it to teacher
/// connections only (its code leads to the class's names), and the room its host opens next
/// from it stays the class's.
@Suite("ServerCore: a class's rooms, listed and moved on")
struct ClassRoomAccessTests {
    static func listed(_ k: ClassHarness, _ client: HarnessClient) throws -> [String] {
        try k.reply(client, "/rooms").list("rooms").compactMap { $0["code"] as? String }
    }

    @Test func aClassRoomIsListedToTeacherConnectionsOnly() throws {
        let k = try ClassHarness()
        let (_, classRoom) = try ClassJoinTests.classRoom(k)
        let plain = try #require(try k.reply(try k.student("Mo"), "/create times").string("room"))
        #expect(try Self.listed(k, try k.student()) == [plain], "a stranger sees the plain room only")
        #expect(try Self.listed(k, try k.teacher("T2")).sorted() == [classRoom, plain].sorted())
        let text = try k.h.connect()
        #expect(!(try text.step("/rooms").text(to: text)).contains(classRoom))
    }

    @Test func theNextRoomFromAClassRoomStaysTheClasssUnlessTheLineNamesAnother() throws {
        let k = try ClassHarness()
        let (t, first) = try ClassJoinTests.classRoom(k)
        let ana = try k.student()
        _ = try k.step(ana, "/join \(first) Ana")
        let next = try k.step(t, "/create times rounds=1 countdown=0")
        #expect((next.reply["settings"] as? [String: Any])?["class"] as? String == "4B", "\(next.reply.object)")
        let code = try #require(next.reply.string("room"))
        #expect(next.step.messages(to: ana).contains { $0.type == "moved" && $0.string("to") == code })
        #expect(k.core.rooms[code]?.schoolClass === k.core.schoolClass(named: "4B"))
        #expect(try k.reply(try k.student(), "/join \(code) Eve").code == "not_in_class")
        #expect(try k.reply(ana, "/join \(code) Ana").type == "ok")
        let started = try k.step(t, "/start")
        guard case .gameStarted(_, _, _, let players, let classUID)? = started.records.first else {
            Issue.record("no gameStarted: \(started.records)"); return
        }
        #expect(classUID == k.core.schoolClass(named: "4B")!.uid)
        #expect(players.first { $0.name == "Ana" }?.student == ClassJoinTests.uid(k, "Ana"), "\(players)")

        _ = try k.step(t, "/class add 5C Zed")
        let other = try k.reply(t, "/create times class=5C")
        #expect((other["settings"] as? [String: Any])?["class"] as? String == "5C", "class= on the line wins")
    }

    @Test func aHostWhoTookAClassRoomOverWithItsKeyIsAskedForTheSecret() throws {
        let k = try ClassHarness()
        let t = try k.teacher()
        _ = try k.step(t, "/class add 4B Ana")
        let created = try k.reply(t, "/create times class=4B")
        let code = try #require(created.string("room")), key = try #require(created.string("host_key"))
        let sub = try k.student("Sub", peer: "10.0.0.7")
        #expect(try k.reply(sub, "/claim \(code) \(key)").type == "ok")
        let refused = try k.reply(sub, "/create times")
        #expect(refused.code == "not_teacher" && refused.string("message")?.contains("/teacher") == true, "\(refused.object)")
        #expect(k.core.rooms[code] != nil, "refused before the class was moved")
    }
}
