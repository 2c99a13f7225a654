import ChalklineCore
import ChalklineTesting
import Foundation
import Testing

/// Issue 28: the server's own delays never take a student's time, on the real binary. An answer
/// that reached the server before time was up counts though the server read it late, and a
/// question held back behind a slow commit gets its whole time once it leaves.
@Suite(.serialized) struct RoundTimeTCPTests {
    /// The server is stopped (SIGSTOP) while pat's answer arrives, and woken after the question's
    /// 2 s ran out: libuv runs timers before it reads, so the round used to close first and
    /// refuse the answer as too late.
    @Test func anAnswerThatReachedAStoppedServerInTimeIsJudgedWhenItWakes() throws {
        let harness = try ServerHarness(.live)
        let server = try #require(harness.live)
        // The stopped server cannot say when time is up: a second one can. A connection left
        // silent outside any room there is told `bye` (idle) after `idleTimeout`.
        var clockConfig = ServerConfig()
        clockConfig.idleTimeout = 3_000
        let clockServer = try ServerHarness(.live, config: clockConfig)
        let room = try Classroom(harness, time: 2)
        #expect(try room.host.command("/start").type == "ok")
        let question = try room.pat.expect("question")
        // Connected once the question has arrived: its `bye` comes 3 s later, past the 2 s.
        let clock = try clockServer.jsonClient()
        let answer = try #require(product(of: question.string("text") ?? ""))
        // A reply means the server is past the turn that wrote the question (whose time starts
        // once it is written): the stop cannot fall between the write and that start.
        #expect(try room.pat.command("/ping").type == "ok")
        let pid = server.process.processIdentifier
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }
        try waitUntilStopped(pid)
        try room.pat.send("/answer id=\(question.int("id") ?? 0) \(answer)")
        // The scenario is the stall itself: time runs out while the server cannot read.
        #expect(try clock.expect("bye", timeout: 10).string("reason") == "idle")
        kill(pid, SIGCONT)
        var reply = try room.pat.next()
        while !reply.isReply { reply = try room.pat.next() }
        #expect(reply.type == "ok", "\(reply)")
        #expect(reply.bool("correct") == true)
        // Timed to the deadline at most: the slowest right answer's points.
        #expect(reply.int("points") == 500)
        let end = try room.pat.expect("round_end")
        let mine = try #require(end.list("results").first { $0["name"] as? String == "pat" })
        #expect(mine["correct"] as? Bool == true)
        #expect(JSONValue.int(mine["ms"]) == 2000)
    }

    /// Another process holds SQLite's write lock while round 1 closes: its `round_end` and
    /// question 2 (gap 0, 2 s) wait for the commit. Question 2's time starts when it leaves, so
    /// pat's answer right after it is judged, and fast.
    @Test func aQuestionHeldBehindASlowCommitGetsItsWholeTime() throws {
        // The server's own clock says when 3 s have passed: a connection left silent outside any
        // room is told `bye` (idle) after `idleTimeout`, and no commit holds that line.
        var config = ServerConfig()
        config.idleTimeout = 3_000
        let harness = try ServerHarness(.live, config: config)
        let server = try #require(harness.live)
        let room = try Classroom(harness, time: 2, rounds: 2)
        let locker = try SQLiteLocker(server.databasePath)
        defer { locker.release() }
        #expect(try room.host.command("/start").type == "ok")
        let first = try room.pat.expect("question")
        let reply = try room.pat.command("/answer id=\(first.int("id") ?? 0) \(product(of: first.string("text") ?? "") ?? 0)")
        #expect(reply.bool("correct") == true, "\(reply)")
        // The lock is held past the question's 2 s, by the server's clock: the commit of round 1
        // cannot finish meanwhile.
        let clock = try harness.jsonClient()
        #expect(try clock.expect("bye", timeout: 10).string("reason") == "idle")
        locker.release()
        _ = try room.pat.expect("round_end", timeout: 10)
        let second = try room.pat.expect("question", timeout: 10)
        let again = try room.pat.command("/answer id=\(second.int("id") ?? 0) \(product(of: second.string("text") ?? "") ?? 0)")
        #expect(again.type == "ok", "question 2 must still be open when it arrives: \(again)")
        #expect(again.bool("correct") == true)
        #expect((again.int("points") ?? 0) > 900, "timed from when question 2 left, not from when round 1 closed: \(again)")
        #expect(try room.pat.expect("game_end", timeout: 10).type == "game_end")
    }

    /// Waits for the kernel to report the child stopped (or gone), leaving its status for
    /// `Process` to collect (`WNOWAIT`): SIGSTOP cannot be caught, so one of the two comes.
    private func waitUntilStopped(_ pid: Int32) throws {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WSTOPPED | WEXITED | WNOWAIT) == 0, info.si_code == CLD_STOPPED else {
            throw TestFailure("the server did not stop (si_code \(info.si_code), errno \(errno))")
        }
    }
}

/// A second SQLite connection (Python's, as any other program's) that holds the database's write
/// lock until released: the server's commits wait on it, as on a slow disk.
private final class SQLiteLocker {
    private let process = Process()
    private let input = Pipe()
    private var released = false

    init(_ path: String) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            print("locked", flush=True)
            sys.stdin.read()
            db.execute("ROLLBACK")
            """, path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = try LineReader(fd: output.fileHandleForReading.fileDescriptor).readLine(deadline: Date().addingTimeInterval(10))
        guard line == "locked" else { throw TestFailure("the database could not be locked: \(line ?? "no output")") }
    }

    func release() {
        guard !released else { return }
        released = true
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
