import ChalklineCore
import Foundation
import Testing

/// Issue 41: question sets saved over the protocol (as the teacher page saves them), over TCP
/// against the real server, on SQLite and on PostgreSQL: saved in several lines, shown, listed,
/// still there after a restart on the same database, deleted for good; a bad one refused with
/// its line and nothing stored; the create password. Every json line is held to the schema.
@Suite struct SavedSetsTCPTests {
    static let password = "letmein"

    /// The lines of a set file as the page sends them: a header and three rows, one with two
    /// accepted answers and its own time.
    static let lines = [
        "question,answer,answer,time",
        "Capital of France?,Paris,,",
        "Capital of Spain?,Madrid,,",
        "\"Capital of Italy, in Italian?\",Roma,Rome,15",
    ]

    static func server(_ db: String) throws -> LiveServer {
        try LiveServer(["--db", db, "--create-password", password])
    }

    static func json(_ lines: [String]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: lines), as: UTF8.self)
    }

    /// `/sets show NAME` as `[question | answers | time]` lines, for comparing sets.
    static func shown(_ teacher: HarnessClient, _ name: String) throws -> [String] {
        let reply = try teacher.command("/sets show \(name) password=\(password)")
        guard reply.type == "ok" else { throw TestFailure("/sets show \(name): \(reply)") }
        return reply.list("questions").map { row in
            "\(row["question"] as? String ?? "?") | \((row["answers"] as? [String] ?? []).joined(separator: "/")) | \(JSONValue.double(row["time"]).map { "\($0)" } ?? "-")"
        }
    }

    static func listed(_ teacher: HarnessClient) throws -> [String] {
        try teacher.command("/sets").list("sets").filter { $0["source"] as? String == "saved" }
            .map { "\($0["name"] as? String ?? "?") \(JSONValue.int($0["questions"]) ?? -1)" }
    }

    static let expected = ["Capital of France? | Paris | -", "Capital of Spain? | Madrid | -", "Capital of Italy, in Italian? | Roma/Rome | 15.0"]

    @Test(arguments: Backend.allCases)
    func aSetSavedInSeveralLinesIsShownListedAndOutlivesARestart(_ backend: Backend) throws {
        let db = try backend.newDatabase()
        defer { backend.remove(db) }
        do {
            let server = try Self.server(db)
            let teacher = try server.connect().enterJSON()
            let started = try teacher.command("/sets new capitals-eu password=\(Self.password)")
            #expect(started.string("cmd") == "sets" && started.string("action") == "new", "\(started)")
            #expect(started.string("name") == "capitals-eu" && started.int("lines") == 0, "\(started)")
            #expect(try teacher.command("/sets add \(Self.json(Array(Self.lines.prefix(2))))").int("lines") == 2)
            #expect(try teacher.command("/sets add \(Self.json(Array(Self.lines.dropFirst(2))))").int("lines") == 4)
            let saved = try teacher.command("/sets save")
            #expect(saved.string("action") == "save" && saved.string("name") == "capitals-eu" && saved.int("questions") == 3 && saved.bool("replaced") == false, "\(saved)")
            #expect(try Self.shown(teacher, "capitals-eu") == Self.expected)
            #expect(try Self.listed(teacher) == ["capitals-eu 3"])
            // Another connection sees it at once.
            let other = try server.connect().enterJSON()
            #expect(try Self.listed(other) == ["capitals-eu 3"])
            try server.stop()
        }
        do {
            let server = try Self.server(db)
            let teacher = try server.connect().enterJSON()
            #expect(try Self.listed(teacher) == ["capitals-eu 3"], "the saved set outlived the restart")
            #expect(try Self.shown(teacher, "capitals-eu") == Self.expected)
            // Saved again under the name in other letters: replaced, not doubled.
            _ = try teacher.command("/sets new Capitals-EU password=\(Self.password)")
            _ = try teacher.command("/sets add \(Self.json(Array(Self.lines.prefix(2))))")
            let again = try teacher.command("/sets save")
            #expect(again.bool("replaced") == true && again.int("questions") == 1, "\(again)")
            try server.stop()
        }
        do {
            let server = try Self.server(db)
            let teacher = try server.connect().enterJSON()
            #expect(try Self.listed(teacher) == ["Capitals-EU 1"])
            let deleted = try teacher.command("/sets delete capitals-eu password=\(Self.password)")
            #expect(deleted.string("action") == "delete" && deleted.bool("deleted") == true, "\(deleted)")
            #expect(try Self.listed(teacher).isEmpty)
            try server.stop()
        }
        let server = try Self.server(db)
        #expect(try Self.listed(server.connect().enterJSON()).isEmpty, "the delete outlived the restart")
        try server.stop()
    }

    @Test(arguments: Backend.allCases)
    func aBadSetIsRefusedNamingItsLineAndNothingIsStored(_ backend: Backend) throws {
        let db = try backend.newDatabase()
        defer { backend.remove(db) }
        do {
            let server = try Self.server(db)
            let teacher = try server.connect().enterJSON()
            _ = try teacher.command("/sets new broken password=\(Self.password)")
            _ = try teacher.command("/sets add \(Self.json(["question,answer", "Capital of France?,Paris"]))")
            _ = try teacher.command("/sets add \(Self.json(["Capital of Spain?,Madrid", "Capital of Italy?,"]))")
            let refused = try teacher.command("/sets save")
            #expect(refused.code == "bad_args" && refused.string("cmd") == "sets" && refused.int("line") == 4, "\(refused)")
            #expect(refused.string("message")?.hasPrefix("line 4: ") == true, "\(refused)")
            #expect(try Self.listed(teacher).isEmpty)
            #expect(try teacher.command("/sets save").code == "bad_args", "the refused set is gone")
            try server.stop()
        }
        let server = try Self.server(db)
        #expect(try Self.listed(server.connect().enterJSON()).isEmpty, "nothing was stored")
        try server.stop()
    }

    /// A set saved from the page is a game after a restart: `/create quiz set=NAME` asks its
    /// questions in order and takes its answers.
    @Test func createQuizPlaysASavedSetAfterARestart() throws {
        let db = temporaryDatabasePath()
        defer { LiveServer.removeDatabase(db) }
        do {
            let server = try Self.server(db)
            let teacher = try server.connect().enterJSON()
            _ = try teacher.command("/sets new capitals-eu password=\(Self.password)")
            _ = try teacher.command("/sets add \(Self.json(Self.lines))")
            #expect(try teacher.command("/sets save").int("questions") == 3)
            try server.stop()
        }
        let server = try Self.server(db)
        let teacher = try server.player("MsLee")
        let created = try teacher.command("/create quiz set=CAPITALS-EU play=no time=30 countdown=0 gap=0 password=\(Self.password)")
        let code = try #require(created.string("room"), "\(created)")
        #expect((created["settings"] as? [String: Any])?["set"] as? String == "capitals-eu")
        let ann = try server.player("ann")
        #expect(try ann.command("/join \(code)").type == "ok")
        _ = try teacher.command("/start")
        var asked: [String] = []
        for answer in ["Paris", "Madrid", "Rome"] {
            let question = try ann.expect("question", timeout: 10)
            asked.append(question.string("text") ?? "")
            #expect(try ann.command("/answer id=\(question.int("id") ?? 0) \(answer)").bool("correct") == true, "\(answer)")
            _ = try ann.expect("round_end", timeout: 10)
        }
        #expect(asked == ["Capital of France?", "Capital of Spain?", "Capital of Italy, in Italian?"])
        let end = try ann.expect("game_end", timeout: 10)
        #expect((end.list("standings").first?["name"] as? String) == "ann")
        try server.stop()
    }

    /// The create password, over TCP: needed to start, show and delete a set; a connection
    /// that gave it may add and save.
    @Test func theCreatePasswordIsNeeded() throws {
        let server = try Self.server(temporaryDatabasePath())
        defer { LiveServer.removeDatabase(server.databasePath) }
        let teacher = try server.connect().enterJSON()
        for line in ["/sets new x", "/sets new x password=wrong", "/sets show x", "/sets delete x password=nope"] {
            #expect(try teacher.command(line).code == "bad_password", "\(line)")
        }
        #expect(try teacher.command("/sets new x password=\(Self.password)").type == "ok")
        #expect(try teacher.command("/sets add \(Self.json(Self.lines))").int("lines") == 4)
        #expect(try teacher.command("/sets save").int("questions") == 3)
    }

    /// protocol.md's example of a bot saving a set: every line it shows the server sending is
    /// what the server sends (on a server with the example's password).
    @Test func theProtocolExampleIsWhatTheServerSends() throws {
        let doc = try String(contentsOf: BuiltProducts.repository.appendingPathComponent("protocol.md"), encoding: .utf8)
        let section = try #require(doc.range(of: "### Question sets over the protocol\n"))
        let open = try #require(doc.range(of: "```\n", range: section.upperBound..<doc.endIndex))
        let close = try #require(doc.range(of: "\n```", range: open.upperBound..<doc.endIndex))
        let script = doc[open.upperBound..<close.lowerBound].split(separator: "\n")
        #expect(script.count >= 10)
        let server = try Self.server(temporaryDatabasePath())
        defer { LiveServer.removeDatabase(server.databasePath) }
        let bot = try server.connect().enterJSON()
        for line in script {
            if line.hasPrefix("> ") {
                try bot.send(String(line.dropFirst(2)))
            } else if line.hasPrefix("< ") {
                let want = try JSONSerialization.jsonObject(with: Data(line.dropFirst(2).utf8)) as? NSDictionary
                let got = try bot.json()
                #expect(want == (got.object as NSDictionary), "expected \(line.dropFirst(2))\n got      \(got.line)")
            }
        }
    }
}
