import ChalklineTesting
import Foundation
import Testing

/// Issue 38's review, finding 3, against the real server and its database: a student whose
/// connection drops in the pause after a homework try's last round has finished the try. The
/// teacher's count, the report and a server started again on the same database all say so, and
/// coming back gets `no_attempts_left`, not a fourth question of three.
@Suite struct HomeworkLastPauseTCPTests {
    @Test func aDropInThePauseAfterTheLastQuestionLeavesAFinishedTryInTheReport() throws {
        let db = try Backend.sqlite.newDatabase()
        defer { Backend.sqlite.remove(db) }
        var code = ""
        do {
            let server = try LiveServer(["--db", db])
            let teacher = try server.player("Ms")
            let set = try teacher.command("/assign \(HomeworkTCPTests.race) due=\(HomeworkTCPTests.tomorrow)")
            code = try #require(set.string("code"), "\(set)")
            let ann = try server.player("ann")
            #expect(try ann.command("/join \(code)").string("type") == "ok")
            while true {
                let question = try ann.expect("question")
                let product = (question.string("text") ?? "").split(separator: " ").compactMap { Int($0) }.reduce(1, *)
                #expect(try ann.command("/answer id=\(question.int("id") ?? 0) \(product)").bool("correct") == true)
                if try ann.expect("pause").bool("last") == true { break }
            }
            // The verdict of the last question is on the screen; the tab closes before the result.
            ann.disconnect()
            let listed = try teacher.command("/assignments").list("assignments")
            #expect(listed.first?.int("finished") == 1, "\(listed)")
            try server.stop()
        }
        let report = try jsonReport(["assignment", code], db: db)
        let row = report.list("students").first { $0.string("name") == "ann" }
        #expect(row?.string("status") == "finished", "\(report)")
        #expect(row?.int("answers") == 3)
        // The try is finished for the next process too: no question 4 of 3.
        let server = try LiveServer(["--db", db])
        let ann = try server.player("ann")
        let back = try ann.command("/join \(code)")
        #expect(back.string("code") == "no_attempts_left", "\(back)")
        try server.stop()
    }
}
