import ChalklineStore
import Foundation
import Testing

/// review40 D1 and D5 over TCP against the real server, on SQLite and on PostgreSQL: a class's
/// room is not in a stranger's `/rooms`, and the teacher's `/create` from its lobby (no
/// `class=`) opens the class's next room, whose game is stored as the class's with each
/// student's uid.
@Suite struct ClassNextRoomTCPTests {
    @Test(arguments: Backend.allCases)
    func theNextRoomsGameIsStoredAsTheClasss(_ backend: Backend) throws {
        let db = try backend.newDatabase()
        defer { backend.remove(db) }
        let server = try LiveServer(["--db", db])
        defer { try? server.stop() }
        let teacher = try ClassesTCPTests.teacher(server)
        _ = try teacher.command("/class add 4B Ana Bo")
        let first = try #require(try teacher.command("/create times class=4B").string("room"))
        let stranger = try server.connect().enterJSON()
        #expect(try stranger.command("/rooms").list("rooms").isEmpty, "a class's room is the teacher's to list")
        #expect(try teacher.command("/rooms").list("rooms").map { $0["code"] as? String } == [first])

        let ana = try server.connect().enterJSON()
        #expect(try ana.command("/join \(first) Ana").type == "ok")
        let next = try teacher.command("/create times rounds=1 time=10 countdown=0 gap=0 play=no")
        #expect((next["settings"] as? [String: Any])?["class"] as? String == "4B", "\(next)")
        let room = try #require(next.string("room"))
        #expect(try ana.expect("moved").string("to") == room)
        #expect(try ana.command("/join \(room) Ana").type == "ok")
        #expect(try server.connect().enterJSON().command("/join \(room) Eve").code == "not_in_class")
        #expect(try teacher.command("/start").type == "ok")
        _ = try ana.command("\(ClassesTCPTests.product(try ana.expect("question")))")
        _ = try teacher.expect("game_end", timeout: 30)

        let store = ResultsStores.make(db, server: nil)
        try store.connectExisting()
        let classUID = try store.report { db in try db.rows("SELECT uid FROM class", []).map { $0["uid"] as String } }
        let anaUID = try store.report { db in try db.rows("SELECT uid FROM student WHERE name = 'Ana'", []).map { $0["uid"] as String } }
        let played = try store.report { db in
            try db.rows("SELECT p.name, p.student_uid, g.class_uid FROM player p JOIN game g ON g.id = p.game_id", [])
                .map { "\($0["name"] as String) \($0["student_uid"] as String? ?? "-") \($0["class_uid"] as String? ?? "-")" }
        }
        #expect(classUID.count == 1 && anaUID.count == 1)
        #expect(played == ["Ana \(anaUID.first ?? "?") \(classUID.first ?? "?")"])
    }
}
