import ChalklineStore
import Foundation
import Testing

/// Issue 40's classes over TCP against the real server, on SQLite and on PostgreSQL: a teacher
/// (`/teacher`) makes a class, it outlives a restart, a room is made for it, only its students
/// join (a stranger and a wrong picture code are refused), a game is played, and the stored
/// players are the students (`player.student_uid`, `game.class_uid`). Every json line is held
/// to the schema (`LiveServer` checks).
@Suite struct ClassesTCPTests {
    static func teacher(_ server: LiveServer) throws -> HarnessClient {
        let client = try server.player("Teacher")
        let secret = try #require(server.teacherSecret)
        let reply = try client.command("/teacher \(secret)")
        guard reply.type == "ok" else { throw TestFailure("/teacher: \(reply)") }
        return client
    }

    static func listed(_ teacher: HarnessClient, _ name: String) throws -> [String] {
        let reply = try teacher.command("/class list \(name)")
        let students = (reply["class"] as? [String: Any])?["students"] as? [[String: Any]] ?? []
        return students.map { "\($0["name"] as? String ?? "?") \($0["code"] as? String ?? "-")" }
    }

    /// The number in `7 x 8`-like question text, multiplied.
    static func product(_ question: ServerLine) -> Int {
        (question.string("text") ?? "").split(separator: " ").compactMap { Int($0) }.reduce(1, *)
    }

    @Test(arguments: Backend.allCases)
    func aClassOutlivesARestartAndItsStudentsPlayAsThemselves(_ backend: Backend) throws {
        let db = try backend.newDatabase()
        defer { backend.remove(db) }
        var codes: [String: String] = [:]
        do {
            let server = try LiveServer(["--db", db])
            let stranger = try server.player("Eve")
            #expect(try stranger.command("/class add 4B Ana").code == "not_teacher")
            let teacher = try Self.teacher(server)
            let made = try teacher.command("/class add 4B Ana Bo Cy")
            #expect(made.string("action") == "add" && made.bool("created") == true, "\(made)")
            _ = try teacher.command("/class remove 4B Cy")
            _ = try teacher.command("/class codes 4B on")
            for line in try Self.listed(teacher, "4B") {
                let parts = line.split(separator: " ")
                codes[String(parts[0])] = String(parts[1])
            }
            #expect(codes.keys.sorted() == ["Ana", "Bo"] && codes.values.allSatisfy { $0.count == 3 })
            try server.stop()
        }
        let server = try LiveServer(["--db", db])
        defer { try? server.stop() }
        let teacher = try Self.teacher(server)
        #expect(try Self.listed(teacher, "4b") == ["Ana \(codes["Ana"]!)", "Bo \(codes["Bo"]!)"], "the class outlived the restart")

        let created = try teacher.command("/create times rounds=1 time=10 countdown=0 gap=0 play=no class=4B")
        #expect((created["settings"] as? [String: Any])?["class"] as? String == "4B", "\(created)")
        let room = try #require(created.string("room"))
        let names = try server.connect().enterJSON().command("/names \(room)")
        #expect(names.string("class") == "4B" && names.bool("codes") == true, "\(names)")
        #expect(names.list("names").map { $0["name"] as? String ?? "" } == ["Ana", "Bo"])

        let ana = try server.connect().enterJSON(), bo = try server.connect().enterJSON(), eve = try server.connect().enterJSON()
        #expect(try eve.command("/join \(room) Eve").code == "not_in_class")
        #expect(try eve.command("/join \(room) Ana \(codes["Bo"]!)").code == "wrong_code")
        #expect(try ana.command("/join \(room) ana \(codes["Ana"]!)").string("name") == "Ana")
        #expect(try bo.command("/join \(room) BO \(codes["Bo"]!)").string("name") == "Bo")
        #expect(try teacher.command("/start").type == "ok")
        for student in [ana, bo] {
            let question = try student.expect("question")
            _ = try student.command("\(Self.product(question))")
        }
        _ = try teacher.expect("game_end", timeout: 30)

        let store = ResultsStores.make(db, server: nil)
        try store.connectExisting()
        let classUID = try store.report { db in try db.rows("SELECT uid FROM class", []).map { $0["uid"] as String } }
        let students = try store.report { db in
            try db.rows("SELECT name, uid FROM student WHERE removed = 0", []).reduce(into: [String: String]()) { $0[$1["name"]] = $1["uid"] }
        }
        let played = try store.report { db in
            try db.rows("SELECT p.name, p.student_uid, g.class_uid FROM player p JOIN game g ON g.id = p.game_id ORDER BY p.seat", [])
                .map { "\($0["name"] as String) \($0["student_uid"] as String? ?? "-") \($0["class_uid"] as String? ?? "-")" }
        }
        #expect(classUID.count == 1 && students.count == 2)
        #expect(played == ["Ana \(students["Ana"]!) \(classUID[0])", "Bo \(students["Bo"]!) \(classUID[0])"])
    }

    /// One game of 4B's (`class=4B`) with `name` the only player, to its end.
    static func playOne(_ server: LiveServer, _ teacher: HarnessClient, as name: String) throws {
        let created = try teacher.command("/create times rounds=1 time=10 countdown=0 gap=0 play=no class=4B")
        let room = try #require(created.string("room"))
        let student = try server.connect().enterJSON()
        #expect(try student.command("/join \(room) \(name)").string("name") == name)
        #expect(try teacher.command("/start").type == "ok")
        _ = try student.command("\(Self.product(try student.expect("question")))")
        _ = try teacher.expect("game_end", timeout: 30)
        _ = try student.command("/leave")
    }

    /// Review D4: a student taken off the list and added again (the wrong child removed, a list
    /// fixed by remove + add) is the same student, across a restart: both games' rows carry
    /// one `student_uid`, so their history stays in the class's progress.
    @Test(arguments: Backend.allCases)
    func aStudentRemovedAndAddedAgainKeepsTheirUID(_ backend: Backend) throws {
        let db = try backend.newDatabase()
        defer { backend.remove(db) }
        do {
            let server = try LiveServer(["--db", db])
            let teacher = try Self.teacher(server)
            _ = try teacher.command("/class add 4B Ana Bo")
            try Self.playOne(server, teacher, as: "Ana")
            #expect(try teacher.command("/class remove 4B Ana").string("action") == "remove")
            try server.stop()
        }
        let server = try LiveServer(["--db", db])
        defer { try? server.stop() }
        let teacher = try Self.teacher(server)
        #expect(try teacher.command("/class add 4B ANA").string("action") == "add")
        try Self.playOne(server, teacher, as: "ANA")

        let store = ResultsStores.make(db, server: nil)
        try store.connectExisting()
        let played = try store.report { db in
            try db.rows("SELECT p.student_uid FROM player p JOIN game g ON g.id = p.game_id ORDER BY g.id", [])
                .map { $0["student_uid"] as String? ?? "-" }
        }
        let listed = try store.report { db in
            try db.rows("SELECT name, uid FROM student WHERE removed = 0 ORDER BY position", []).map { "\($0["name"] as String) \($0["uid"] as String)" }
        }
        #expect(played.count == 2 && Set(played).count == 1 && played[0] != "-", "\(played)")
        #expect(listed.contains { $0.hasSuffix(" \(played[0])") }, "\(listed)")
    }
}
