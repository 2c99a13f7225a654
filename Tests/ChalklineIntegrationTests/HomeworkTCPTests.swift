import ChalklineTesting
import Foundation
import Testing

/// Issue 30's self-paced homework against the real server over TCP: `chalkline bot` players do
/// the homework alongside a student, each alone and at their own pace; the report tells who
/// finished and who of the class has not started; and a try survives the server being killed
/// between two answers, on both stores.
@Suite struct HomeworkTCPTests {
    /// Tomorrow at this hour, as `due=` is written in the server's (and this process's) zone.
    static var tomorrow: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return formatter.string(from: Date().addingTimeInterval(24 * 3600))
    }

    static let race = "times table=7 max=6 rounds=3 time=5 countdown=0"

    /// Plays the open homework try to its end, answering each question right, naming it.
    static func answerEverything(_ student: HarnessClient, from first: ServerLine? = nil) throws -> ServerLine {
        var pending = first
        while true {
            let line = try pending ?? student.json(timeout: 20)
            pending = nil
            switch line.string("type") {
            case "question":
                let product = (line.string("text") ?? "").split(separator: " ").compactMap { Int($0) }.reduce(1, *)
                let reply = try student.command("/answer id=\(line.int("id") ?? 0) \(product)")
                guard reply.string("type") == "ok", reply.bool("correct") == true else { throw TestFailure("answer: \(reply)") }
            case "game_end":
                return line
            default:
                continue
            }
        }
    }

    @Test func botsAndAStudentDoTheHomeworkAloneAndTheReportNamesWhoHasNotStarted() throws {
        let server = try LiveServer()
        // Set from the class's lobby: ann and cy are the class.
        let teacher = try server.player("Ms")
        let room = try teacher.command("/create times play=no")
        let code = room.string("room") ?? ""
        // Kept connected: a student who leaves the lobby is no longer in the class.
        let classroom = try ["ann", "cy"].map { try server.player($0) }
        for student in classroom { #expect(try student.command("/join \(code)").string("type") == "ok") }
        let set = try teacher.command("/assign \(Self.race) due=\(Self.tomorrow) attempts=2")
        #expect(set.string("type") == "ok", "\(set)")
        let homework = set.string("code") ?? ""
        #expect(set.int("roster") == 2)
        #expect(set.string("due") == Self.tomorrow)
        let bots = try ClientProcess.chalkline(["bot", "127.0.0.1:\(server.port)", "--room", homework, "--count", "3",
                                                "--think", "50", "--skill", "1", "--games", "1", "--timeout", "60"])
        let ann = try server.player("ann2")
        let joined = try ann.command("/join \(homework) ann")
        #expect(joined.string("state") == "running", "\(joined)")
        #expect((joined.object["homework"] as? [String: Any])?.int("tries_left") == 1)
        let end = try Self.answerEverything(ann)
        let place = end.object["homework"] as? [String: Any]
        #expect(place?.string("assignment") == homework)
        #expect(place?["counted"] as? Bool == true)
        #expect(end.list("standings").contains { $0.string("name") == "ann" })
        #expect(try bots.finish(timeout: 60) == 0, "\(bots.output)")
        // Everyone's try is in: three bots and ann.
        let listed = try teacher.command("/assignments").list("assignments")
        #expect(listed.map { $0.string("code") } == [homework])
        #expect(listed.first?.int("finished") == 4)
        #expect(listed.first?.int("started") == 4)
        try server.stop()
        let report = try jsonReport(["assignment", homework], db: server.databasePath)
        let students = report.list("students")
        #expect(students.count == 5, "four who finished and cy, who has not started: \(students)")
        #expect(students.filter { $0.string("status") == "finished" }.count == 4)
        #expect(students.last?.string("name") == "cy")
        #expect(students.last?.string("status") == "not started")
        let annRow = students.first { $0.string("name") == "ann" }
        #expect(annRow?.int("answers") == 3)
        #expect(annRow?.int("correct") == 3)
        // The class's hardest facts, from the tries that count: 4 students x 3 questions of table 7.
        let facts = report.list("facts")
        #expect(!facts.isEmpty, "\(report.keys)")
        #expect(facts.reduce(0) { $0 + ($1.int("seen") ?? 0) } == 12, "\(facts)")
        #expect(facts.allSatisfy { ($0.string("fact") ?? "").hasPrefix("7 x") }, "\(facts)")
    }

    @Test(arguments: Backend.allCases) func aTryGoesOnAfterTheServerIsKilledBetweenTwoAnswers(_ backend: Backend) throws {
        let db = try backend.newDatabase()
        defer { backend.remove(db) }
        var code = ""
        var scoreBefore = 0
        var firstText = ""
        do {
            let server = try LiveServer(["--db", db])
            let teacher = try server.player("Ms")
            let set = try teacher.command("/assign \(Self.race) due=\(Self.tomorrow)")
            code = set.string("code") ?? ""
            let ann = try server.player("ann")
            #expect(try ann.command("/join \(code)").string("type") == "ok")
            let question = try ann.expect("question")
            firstText = question.string("text") ?? ""
            let product = firstText.split(separator: " ").compactMap { Int($0) }.reduce(1, *)
            let reply = try ann.command("/answer id=\(question.int("id") ?? 0) \(product)")
            #expect(reply.bool("correct") == true)
            scoreBefore = reply.int("score") ?? 0
            // The next question is open; the server dies before ann answers it.
            #expect(try ann.expect("question").int("round") == 2)
            try server.stop(signal: SIGKILL)
        }
        let server = try LiveServer(["--db", db])
        let ann = try server.player("ann")
        let back = try ann.command("/join \(code)")
        #expect(back.string("type") == "ok", "the homework outlived the server: \(back)")
        let homework = back.object["homework"] as? [String: Any]
        #expect(homework?["resumed"] as? Bool == true)
        #expect(homework?.int("round") == 2)
        #expect(back.int("score") == scoreBefore)
        let question = try ann.expect("question")
        #expect(question.int("round") == 2)
        #expect(question.string("text") != firstText, "the second question, not the first again")
        let end = try Self.answerEverything(ann, from: question)
        #expect(end.string("game") == "\(code)-1")
        #expect((end.list("standings").first?.int("score") ?? 0) > scoreBefore)
        try server.stop()
        let report = try jsonReport(["assignment", code], db: db)
        let row = report.list("students").first
        #expect(row?.string("status") == "finished")
        #expect(row?.int("answers") == 3, "one answer a question, the unanswered round forgotten: \(report)")
        #expect(row?.int("correct") == 3)
        let game = try jsonReport(["game", "\(code)-1"], db: db)
        #expect(game.list("questions").count == 3)
    }

    /// The word puzzle as homework: a bot plays two levels alone, each level opening as soon as
    /// the last closed, and its try is stored level by level. (Without /usr/share/dict the bot's
    /// word list lacks two of level 1's words, so levels end on their 10 s, the shortest a level takes, not on the last word.)
    @Test func aBotDoesWordPuzzleHomework() throws {
        let server = try LiveServer()
        let teacher = try server.player("Ms")
        let set = try teacher.command("/assign words level=1 levels=2 time=10 countdown=0 due=\(Self.tomorrow)")
        #expect(set.string("type") == "ok", "\(set)")
        let code = try #require(set.string("code"), "\(set)")
        let bot = try ClientProcess.chalkline(["bot", "127.0.0.1:\(server.port)", "--room", code, "--count", "1",
                                               "--think", "20", "--skill", "1", "--games", "1", "--timeout", "60"])
        #expect(try bot.finish(timeout: 60) == 0, "\(bot.output)")
        let listed = try teacher.command("/assignments").list("assignments")
        #expect(listed.first?.int("finished") == 1, "\(listed)")
        try server.stop()
        let report = try jsonReport(["assignment", code], db: server.databasePath)
        let row = report.list("students").first
        #expect(row?.string("status") == "finished")
        #expect((row?.int("correct") ?? 0) >= 2, "words solved over two levels: \(report)")
        let game = try jsonReport(["game", "\(code)-1"], db: server.databasePath)
        #expect(Set(game.list("questions").compactMap { $0.string("level") }).count == 2, "\(game.list("questions"))")
    }

    /// `chalkline play` with stdout not a terminal does homework alone and ends with the
    /// student's place and the tries left, not "Game over!".
    @Test func chalklinePlayEndsAHomeworkTryWithThePlace() throws {
        let server = try LiveServer()
        let teacher = try server.player("Ms")
        let set = try teacher.command("/assign times table=7 rounds=2 time=20 countdown=0 attempts=2 due=\(Self.tomorrow)")
        #expect(set.string("type") == "ok", "\(set)")
        let code = try #require(set.string("code"))
        let play = try ClientProcess.chalkline(["play", "127.0.0.1:\(server.port)", "--room", code, "--name", "sam"])
        #expect(try play.expect("Question 1/2:") == "Question 1/2: 7 x 2 = ?  (20 s)")
        play.type("14")
        #expect(try play.expect("Question 2/2:") == "Question 2/2: 7 x 3 = ?  (20 s)")
        play.type("21")
        let end = try play.expect("Homework done!")
        #expect(end.hasPrefix("Homework done! You are 1st of 1 who have finished. You have 1 try left: /leave, then join again. Everyone who has finished: 1. sam "),
                "\(end)")
        play.closeInput()
        #expect(try play.finish() == 0)
    }

    /// The full screen of `chalkline play` at 80x24: the podium of a homework try says so, with
    /// the student's place and tries left wrapped to the terminal.
    @Test func chalklinePlaysScreenShowsTheHomeworkPlace() throws {
        let server = try LiveServer()
        let teacher = try server.player("Ms")
        let set = try teacher.command("/assign times table=7 rounds=2 time=20 countdown=0 attempts=2 due=\(Self.tomorrow)")
        let code = try #require(set.string("code"), "\(set)")
        let play = try TmuxScreen(["play", "127.0.0.1:\(server.port)", "--room", code, "--name", "sam"])
        for answer in ["14", "21"] {
            try play.expect(answer == "14" ? "Question 1/2" : "Question 2/2")
            try play.type(answer)
            try play.press("Enter")
        }
        let screen = try play.expect("Homework done!")
        play.save("play-homework-end", screen: screen)
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let title = try #require(rows.firstIndex { $0.hasPrefix("Homework done!") })
        #expect(rows[title + 1] == "You are 1st of 1 who have finished. You have 1 try left: /leave, then join", "\(screen)")
        #expect(rows[title + 2] == "again.")
        #expect(rows.allSatisfy { $0.count <= 80 })
    }
}
