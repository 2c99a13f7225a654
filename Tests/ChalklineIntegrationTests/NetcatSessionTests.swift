import Foundation
import Testing

/// A round played the way a student at netcat plays it: text mode, bare answers; in-process
/// and over TCP, save the shutdown, which only the binary has.
@Suite struct NetcatSessionTests {
    @Test(arguments: ServerBackend.lineBackends)
    func textModeRoundReadsLikeSentences(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let teacher = try server.connect(), student = try server.connect()
        #expect(try teacher.expectText("Welcome to Chalkline").contains("protocol 1"))
        _ = try student.expectText("Welcome to Chalkline")
        try teacher.send("/name Ms.Lee")
        _ = try teacher.expectText("Hello, Ms.Lee")
        try teacher.send("/create times table=6 rounds=1 time=5 countdown=0 gap=0 play=no")
        let ready = try teacher.expectText("is ready")
        let code = try #require(ready.split(separator: " ").dropFirst().first.map(String.init))
        #expect(code.count == 4)

        try student.send("/join \(code.lowercased()) sam")
        #expect(try student.expectText("You are in room \(code) as sam") == "You are in room \(code) as sam (times, 1 player).")
        #expect(try student.line() == "Wait for the host to start.")
        #expect(try teacher.expectText("sam joined room \(code)").contains("1 player"))
        try student.send("/start")
        #expect(try student.expectText("error not_host").contains("Only the host"))

        try teacher.send("/start")
        let question = try student.expectText("Question 1/1:")
        #expect(question.contains("6 x 2 = ?"))
        _ = try teacher.expectText("Question 1/1:")
        try student.send("banana")
        #expect(try student.expectText("error bad_answer").contains("whole number"))
        try student.send("12\r")  // a CR from a telnet client is dropped
        #expect(try student.expectText("Right! +").contains("score"))
        #expect(try teacher.expectText("Time! 6 x 2 = 12").hasPrefix("Time!"))
        let row = try teacher.expectText("sam")
        #expect(row.contains("right"))
        _ = try teacher.expectText("Game over! Final standings:")
        let winner = try teacher.expectText("1.")
        #expect(winner.contains("sam"))
    }

    /// Issue 27: the join reply shows the token, and a student whose netcat dropped mid-game is
    /// back under their own name from the same address (not `name_taken`), score and all.
    @Test(arguments: ServerBackend.lineBackends)
    func aDroppedStudentIsBackByNameWithTheirScore(backend: ServerBackend) throws {
        let server = try ServerHarness.scenario(backend)
        let teacher = try server.connect()
        try teacher.skipWelcome()
        try teacher.send("/name Ms.Lee")
        try teacher.send("/create times table=6 rounds=3 time=30 countdown=0 gap=0 play=no")
        let code = try #require(try teacher.expectText("is ready").split(separator: " ").dropFirst().first.map(String.init))
        let student = try server.connect()
        try student.skipWelcome()
        try student.send("/join \(code) sam")
        #expect(try student.expectText("If your connection drops: /rejoin \(code) ").count == "If your connection drops: /rejoin \(code) ".count + 32)
        try teacher.send("/start")
        _ = try student.expectText("Question 1/3:")
        try student.send("12")
        let right = try student.expectText("Right! +")
        student.disconnect()
        _ = try teacher.expectText("sam lost their connection")
        let back = try server.connect()
        try back.skipWelcome()
        try back.send("/join \(code) sam")
        #expect(try back.line() == "You are in room \(code) as sam (times, 1 player).")
        let score = try back.line()
        #expect(score.hasPrefix("Welcome back: your score is "))
        #expect(right.contains("score \(score.dropFirst(28).dropLast())"), "\(right) / \(score)")
        _ = try teacher.expectText("sam joined room \(code)")
    }

    @Test func shutdownTellsEveryoneAndExitsZero() throws {
        let server = try LiveServer()
        let a = try server.connect(), b = try server.connect()
        try a.skipWelcome()
        try b.skipWelcome()
        try b.send("/format json")
        _ = try b.expect("ok")
        let status = try server.stop(signal: SIGTERM, timeout: 3)
        #expect(status == 0)
        #expect(try a.expectText("Server:").contains("shutting down"))
        #expect(try b.expect("shutdown").string("message")?.isEmpty == false)
        #expect(try a.waitForClose())
        #expect(try b.waitForClose())
    }
}
