import ChalklineTesting
import Foundation
import Testing

/// Review D7 of issue 40: the desk's reports read on their own connection, so a report in
/// progress never holds back a room's commits. The server's test hook holds every read job on a
/// FIFO (`CHALKLINE_TEST_HOLD_READS`) until the test opens it for writing and closes it: a report
/// that takes as long as the test likes, with no sleep and no big database.
@Suite(.serialized) struct DeskReadsTCPTests {
    @Test func aRoundEndsWhileTheTeachersReportIsStillBeingRead() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("chalkline-hold-\(UUID().uuidString)").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        var held = true
        /// Opening for writing waits for the read job to open its end; closing gives it EOF.
        func letTheReadGo() {
            guard held else { return }
            held = false
            let fd = open(fifo, O_WRONLY)
            if fd >= 0 { close(fd) }
        }
        let server = try LiveServer(environment: ["CHALKLINE_TEST_HOLD_READS": fifo])
        defer { letTheReadGo() }
        let teacher = try DeskViewsLiveTests.teacher(server, students: ["Ana"])
        let host = try server.player("Host")
        let created = try host.command("/create times play=no time=30 countdown=0 gap=0 rounds=1 table=7")
        let code = try #require(created.string("room"), "\(created)")
        let pupil = try server.player("Pat")
        #expect(try pupil.command("/join \(code) Pat").type == "ok")

        // The teacher browses past games: the read starts and is held.
        try teacher.send("/report games")
        #expect(try host.command("/start").type == "ok")
        let question = try pupil.expect("question", timeout: 10)
        let answer = try #require(product(of: question.string("text") ?? ""))
        try pupil.send("/answer id=\(question.int("id") ?? 0) \(answer)")
        // The round's results are committed and sent while the report is still being read.
        let end = try pupil.expect("round_end", timeout: 10)
        #expect(end.list("results").first?["name"] as? String == "Pat")
        #expect(teacher.take().allSatisfy { !$0.isReply }, "the report was not held")

        letTheReadGo()
        let report = try teacher.expect("ok", timeout: 10)
        #expect(report.string("cmd") == "report")
        #expect(report.string("subject") == "games")
    }
}
