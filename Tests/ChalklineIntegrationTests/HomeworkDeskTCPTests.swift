import ChalklineTesting
import Foundation
import Testing

/// Issue 40's homework on the desk against the real server over TCP, on both stores: closing
/// early and extending (kept by a restart), the teacher's live counts, and adaptive practice
/// (a student who keeps missing 7 x 8 is asked it more than one who knows it, and a restart
/// rebuilds the boxes the draw reads).
@Suite struct HomeworkDeskTCPTests {
    /// `days` from now at this hour, as `due=` is written in the server's (and this process's) zone.
    static func due(inDays days: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return formatter.string(from: Date().addingTimeInterval(days * 24 * 3600))
    }

    /// A connection that gave the server's teacher's secret.
    static func teacher(_ server: LiveServer) throws -> HarnessClient {
        let teacher = try server.player("Ms")
        let reply = try teacher.command("/teacher \(try #require(server.teacherSecret))")
        guard reply.type == "ok" else { throw TestFailure("/teacher: \(reply)") }
        return teacher
    }

    /// One try at homework `code` as `name`, answering every question right except those in
    /// `wrong` (by their text, `7 x 8`), going on at once after each answer: the questions asked.
    static func doTry(_ server: LiveServer, _ code: String, _ name: String, wrong: Set<String> = []) throws -> [String] {
        let student = try server.connect().enterJSON()
        let joined = try student.command("/join \(code) \(name)")
        guard joined.type == "ok" else { throw TestFailure("/join \(code) \(name): \(joined)") }
        var asked: [String] = []
        while true {
            let line = try student.json(timeout: 20)
            switch line.type {
            case "question":
                let text = line.string("text") ?? ""
                asked.append(text)
                let product = text.split(separator: " ").compactMap { Int($0) }.reduce(1, *)
                try student.send("/answer id=\(line.int("id") ?? 0) \(wrong.contains(text) ? product + 1 : product)")
            case "pause" where line.bool("last") != true:
                try student.send("/next")
            case "game_end":
                student.disconnect()
                return asked
            default:
                continue
            }
        }
    }

    @Test(arguments: Backend.allCases) func closeAndExtendAreKeptByARestartAndTheTeacherHearsTheCounts(_ backend: Backend) throws {
        let db = try backend.newDatabase()
        defer { backend.remove(db) }
        let race = "times table=7 max=6 rounds=2 time=20 countdown=0"
        var (extended, closed, newDue) = ("", "", Self.due(inDays: 3))
        do {
            let server = try LiveServer(["--db", db])
            let setter = try server.player("Mr")
            extended = try setter.command("/assign \(race) due=\(Self.due(inDays: 1))").string("code") ?? ""
            closed = try setter.command("/assign \(race) due=\(Self.due(inDays: 1))").string("code") ?? ""
            let stranger = try server.player("Zed")
            #expect(try stranger.command("/assignments close \(closed)").code == "no_room", "neither the teacher nor whoever set it: as if it were no homework")
            let teacher = try Self.teacher(server)
            let moved = try teacher.command("/assignments extend \(extended) due=\(newDue)")
            #expect(moved.string("action") == "extend" && moved.string("due") == newDue, "\(moved)")
            let shut = try setter.command("/assignments close \(closed)")
            #expect(shut.string("action") == "close", "whoever set it may: \(shut)")
            #expect(try server.player("ann").command("/join \(closed) ann").code == "past_due")
            // The replies came after the commits: a server killed now keeps both.
            try server.stop(signal: SIGKILL)
        }
        let server = try LiveServer(["--db", db])
        let teacher = try Self.teacher(server)
        let open = try teacher.command("/assignments").list("assignments")
        #expect(open.map { $0["code"] as? String } == [extended], "the closed one is not taken up again: \(open)")
        #expect(open.first?["due"] as? String == newDue)
        #expect(try server.player("bo").command("/join \(closed) bo").code == "no_room")
        _ = try Self.doTry(server, extended, "ann")
        let begun = try teacher.expect("homework", timeout: 10)
        #expect(begun.string("code") == extended && begun.int("started") == 1 && begun.int("finished") == 0, "\(begun)")
        let finished = try teacher.expect("homework", timeout: 10)
        #expect(finished.int("started") == 1 && finished.int("finished") == 1, "\(finished)")
        try server.stop()
    }

    @Test(arguments: Backend.allCases) func aStudentWhoMissedSevenEightsIsAskedItMoreAndARestartKeepsWhatTheDrawReads(_ backend: Backend) throws {
        let db = try backend.newDatabase()
        defer { backend.remove(db) }
        let due = Self.due(inDays: 1)
        var firstQuestion = ""
        var restartCode = ""
        do {
            let server = try LiveServer(["--db", db])
            let teacher = try Self.teacher(server)
            #expect(try teacher.command("/class add 4B Ana Bo").type == "ok")
            // Ana misses 7 x 8 twice (once a try); Bo answers it right both times.
            let practice = try teacher.command("/assign times class=4B table=7 max=8 order=normal rounds=7 time=20 countdown=0 attempts=2 due=\(due)")
            let practiceCode = try #require(practice.string("code"), "\(practice)")
            for _ in 1...2 {
                #expect(try Self.doTry(server, practiceCode, "Ana", wrong: ["7 x 8"]).contains("7 x 8"))
                #expect(try Self.doTry(server, practiceCode, "Bo").contains("7 x 8"))
            }
            let refused = try teacher.command("/assign times adaptive=yes table=7 due=\(due)")
            #expect(refused.code == "bad_args" && refused.string("message")?.contains("class=") == true, "\(refused)")
            let adaptive = try teacher.command("/assign times class=4B adaptive=yes table=7 max=9 rounds=10 time=20 countdown=0 attempts=3 seed=5 due=\(due)")
            #expect(adaptive.bool("adaptive") == true && adaptive.string("class") == "4B", "\(adaptive)")
            let code = try #require(adaptive.string("code"))
            var ana: [String] = [], bo: [String] = []
            for _ in 1...3 {
                // Ana still does not know 7 x 8; Bo does.
                ana += try Self.doTry(server, code, "Ana", wrong: ["7 x 8"])
                bo += try Self.doTry(server, code, "Bo")
            }
            #expect(ana.count == 30 && bo.count == 30)
            let anaSevenEights = ana.count { $0 == "7 x 8" }, boSevenEights = bo.count { $0 == "7 x 8" }
            #expect(anaSevenEights > boSevenEights, "Ana was asked 7 x 8 \(anaSevenEights) times, Bo \(boSevenEights): \(ana) \(bo)")
            #expect(ana.allSatisfy { $0.hasPrefix("7 x ") })
            // The first question of a fresh adaptive try, drawn from Ana's boxes as they stand.
            let fresh = try teacher.command("/assign times class=4B adaptive=yes table=all rounds=5 time=20 countdown=0 seed=9 due=\(due)")
            restartCode = try #require(fresh.string("code"))
            let student = try server.connect().enterJSON()
            #expect(try student.command("/join \(restartCode) Ana").type == "ok")
            firstQuestion = try student.expect("question").string("text") ?? ""
            try server.stop(signal: SIGKILL)
        }
        // A new process reads Ana's boxes back from her stored answers: the same try draws the same.
        let server = try LiveServer(["--db", db])
        let student = try server.connect().enterJSON()
        let back = try student.command("/join \(restartCode) Ana")
        #expect(back.type == "ok", "\(back)")
        #expect(try student.expect("question").string("text") == firstQuestion)
        try server.stop()
    }
}
