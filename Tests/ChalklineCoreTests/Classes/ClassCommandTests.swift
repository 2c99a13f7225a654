import ChalklineTesting
import Testing
@testable import ChalklineCore

/// `/class list|add|remove|rename|codes|delete` in the core: each verb, its refusals, the
/// limits, and the record stored before each reply. Keeping a class over a restart is
/// `ClassesTCPTests`' (over TCP, on both databases).
@Suite("ServerCore: classes")
struct ClassCommandTests {
    @Test func everyVerbIsTheTeachersOnly() throws {
        let k = try ClassHarness()
        let student = try k.student("Ana")
        for line in ["/class", "/class list", "/class add 4B Ana", "/class remove 4B Ana", "/class rename 4B 5B",
                     "/class codes 4B on", "/class delete 4B"] {
            let (reply, records, _) = try k.step(student, line)
            #expect(reply.code == "not_teacher" && reply.cmd == "class", "\(line)")
            #expect(records.isEmpty)
        }
        #expect(try k.reply(student, "/create times class=4B").code == "not_teacher")
        #expect(try k.reply(student, "/assign times due=2099-01-01T10:00 class=4B").code == "not_teacher")
    }

    @Test func addMakesTheClassAndStoresItBeforeTheReply() throws {
        let k = try ClassHarness()
        let t = try k.teacher()
        let (reply, records, step) = try k.step(t, "/class add 4B Ana Bo Cy")
        #expect(reply.type == "ok" && reply.string("action") == "add" && reply.bool("created") == true)
        #expect(ClassHarness.students(reply).map(\.name) == ["Ana", "Bo", "Cy"])
        #expect(ClassHarness.students(reply).allSatisfy { $0.code == nil })
        #expect((reply["class"] as? [String: Any])?["codes"] as? Bool == false)
        guard case .classSaved(let record)? = records.first else { Issue.record("no classSaved"); return }
        #expect(record.name == "4B" && record.students.map(\.name) == ["Ana", "Bo", "Cy"] && !record.codes)
        #expect(Set(record.students.map(\.uid)).count == 3)
        // The record comes before the reply, which waits for its commit.
        let recordAt = step.effects.firstIndex { if case .record = $0 { true } else { false } }
        let sendAt = step.effects.firstIndex { if case .send = $0 { true } else { false } }
        #expect(try #require(recordAt) < #require(sendAt))

        // Again: the names already there stay as they are, each student keeps their uid.
        let (again, more, _) = try k.step(t, "/class add 4b ana Dee DEE")
        #expect(again.bool("created") == false && again["already"] as? [String] == ["ana", "DEE"])
        #expect(ClassHarness.students(again).map(\.name) == ["Ana", "Bo", "Cy", "Dee"])
        guard case .classSaved(let second)? = more.first else { Issue.record("no classSaved"); return }
        #expect(second.uid == record.uid && Array(second.students.prefix(3)) == record.students)
    }

    @Test func namesFollowNamesRulesAndNothingChangesOnARefusal() throws {
        let k = try ClassHarness()
        let t = try k.teacher()
        let bad = try k.step(t, "/class add 4B Ana B\u{200B}o")
        #expect(bad.reply.code == "bad_name" && bad.records.isEmpty)
        #expect(try k.reply(t, "/class add 4\u{200B}B Ana").code == "bad_name")
        #expect(try k.reply(t, "/class list").list("classes").isEmpty)
        #expect(try k.reply(t, "/class add").code == "bad_args")
        #expect(try k.reply(t, "/class frobnicate 4B").code == "bad_args")
    }

    @Test func aClassHoldsAtMostItsLimitOfStudents() throws {
        let k = try ClassHarness()
        let t = try k.teacher()
        let names = (1...Limits.classStudents).map { "S\($0)" }
        #expect(try k.reply(t, "/class add 4B " + names.dropLast().joined(separator: " ")).type == "ok")
        let over = try k.step(t, "/class add 4B X1 X2")
        #expect(over.reply.code == "bad_args" && over.records.isEmpty)
        #expect(over.reply.string("message")?.contains("at most \(Limits.classStudents) students") == true)
        #expect(try k.reply(t, "/class add 4B X1").type == "ok")
        #expect(ClassHarness.students(try k.reply(t, "/class list 4B")).count == Limits.classStudents)
    }

    @Test func theServerKeepsAtMostItsLimitOfClasses() throws {
        var config = ServerConfig()
        config.linesPerSecond = 1_000
        let k = try ClassHarness(config: config)
        let t = try k.teacher()
        for n in 1...Limits.classes { _ = try k.step(t, "/class add C\(n)") }
        #expect(try k.reply(t, "/class list").list("classes").count == Limits.classes)
        let over = try k.step(t, "/class add One-more Ana")
        #expect(over.reply.code == "bad_args" && over.records.isEmpty)
        // A class already there still takes students.
        #expect(try k.reply(t, "/class add C7 Ana").type == "ok")
    }

    @Test func listShowsEveryClassOrOne() throws {
        let k = try ClassHarness()
        let t = try k.teacher()
        _ = try k.step(t, "/class add 5C Zed")
        _ = try k.step(t, "/class add 4B Ana Bo")
        _ = try k.step(t, "/class codes 4B on")
        let all = try k.reply(t, "/class list")
        #expect(all.string("action") == "list")
        #expect(all.list("classes").map { "\($0["name"] ?? "") \(JSONValue.int($0["students"]) ?? -1) \(JSONValue.bool($0["codes"]) ?? false)" }
                == ["4B 2 true", "5C 1 false"])
        let one = try k.reply(t, "/class list 4b")
        #expect((one["class"] as? [String: Any])?["name"] as? String == "4B")
        #expect(ClassHarness.students(one).allSatisfy { $0.code.map(PictureCode.isWellFormed) == true })
        #expect(try k.reply(t, "/class list 9Z").code == "no_class")
    }

    @Test func removeTakesStudentsOff() throws {
        let k = try ClassHarness()
        let t = try k.teacher()
        _ = try k.step(t, "/class add 4B Ana Bo Cy")
        let (reply, records, _) = try k.step(t, "/class remove 4B cy Ana")
        #expect(reply.string("action") == "remove" && reply["removed"] as? [String] == ["Ana", "Cy"])
        #expect(ClassHarness.students(reply).map(\.name) == ["Bo"])
        guard case .classSaved(let record)? = records.first else { Issue.record("no classSaved"); return }
        #expect(record.students.map(\.name) == ["Bo"])
        let missing = try k.step(t, "/class remove 4B Bo Zed")
        #expect(missing.reply.code == "not_in_class" && missing.records.isEmpty)
        #expect(try k.reply(t, "/class remove 9Z Bo").code == "no_class")
        #expect(try k.reply(t, "/class remove 4B").code == "bad_args")
    }

    @Test func renameRenamesAStudentOrTheClassKeepingUIDs() throws {
        let k = try ClassHarness()
        let t = try k.teacher()
        _ = try k.step(t, "/class add 4B Ana Bo Cy")
        _ = try k.step(t, "/class add 5C Zed")
        let uid = k.core.schoolClass(named: "4B")!.students[2].uid
        let student = try k.step(t, "/class rename 4B cy Cyrus")
        #expect(student.reply.string("action") == "rename" && student.reply.string("old") == "Cy" && student.reply.string("new") == "Cyrus")
        guard case .classSaved(let record)? = student.records.first else { Issue.record("no classSaved"); return }
        #expect(record.students[2] == StudentRecord(uid: uid, name: "Cyrus"))
        #expect(try k.reply(t, "/class rename 4B Cyrus ana").code == "name_taken")
        #expect(try k.reply(t, "/class rename 4B Ana ANA").type == "ok")
        #expect(try k.reply(t, "/class rename 4B Zed Zee").code == "not_in_class")
        #expect(try k.reply(t, "/class rename 4B Bo B\u{200B}").code == "bad_name")

        let classUID = k.core.schoolClass(named: "4B")!.uid
        let renamed = try k.step(t, "/class rename 4B 4C")
        #expect(renamed.reply.string("old") == "4B" && renamed.reply.string("new") == "4C")
        guard case .classSaved(let again)? = renamed.records.first else { Issue.record("no classSaved"); return }
        #expect(again.uid == classUID && again.name == "4C")
        #expect(try k.reply(t, "/class rename 4C 5c").code == "name_taken")
        #expect(try k.reply(t, "/class rename 4B 4D").code == "no_class")
        #expect(try k.reply(t, "/class rename 4C").code == "bad_args")
    }

    @Test func codesAreThreeDistinctDigitsUniqueWithinTheClass() throws {
        let k = try ClassHarness()
        let t = try k.teacher()
        let names = (2...Limits.classStudents).map { "S\($0)" }
        _ = try k.step(t, "/class add 4B " + names.joined(separator: " "))
        let on = try k.step(t, "/class codes 4B on")
        #expect(on.reply.string("action") == "codes" && (on.reply["class"] as? [String: Any])?["codes"] as? Bool == true)
        let codes = ClassHarness.students(on.reply).compactMap(\.code)
        #expect(codes.count == Limits.classStudents - 1 && Set(codes).count == codes.count)
        #expect(codes.allSatisfy(PictureCode.isWellFormed))
        guard case .classSaved(let record)? = on.records.first else { Issue.record("no classSaved"); return }
        #expect(record.codes && record.students.map(\.code) == codes)

        // A student added now gets a code of their own.
        let added = ClassHarness.students(try k.reply(t, "/class add 4B New")).last
        #expect(added?.code.map(PictureCode.isWellFormed) == true && !codes.contains(added!.code!))

        // New: everyone a new code, still unique.
        let fresh = ClassHarness.students(try k.reply(t, "/class codes 4B new")).compactMap(\.code)
        #expect(Set(fresh).count == fresh.count && fresh.count == codes.count + 1)
        #expect(zip(fresh, codes).filter { $0 == $1 }.isEmpty)

        // Off: not shown, not asked; on again: the cards printed still work.
        let off = try k.reply(t, "/class codes 4B off")
        #expect((off["class"] as? [String: Any])?["codes"] as? Bool == false && ClassHarness.students(off).allSatisfy { $0.code == nil })
        #expect(ClassHarness.students(try k.reply(t, "/class codes 4B on")).compactMap(\.code) == fresh)
        #expect(try k.reply(t, "/class codes 4B maybe").code == "bad_args")
        #expect(try k.reply(t, "/class codes 9Z on").code == "no_class")
    }

    @Test func pictureCodesAreAllFiveHundredAndFourAndADrawAvoidsTheTaken() {
        #expect(PictureCode.all.count == 504 && Set(PictureCode.all).count == 504)
        #expect(PictureCode.all.allSatisfy(PictureCode.isWellFormed))
        let taken = Set(PictureCode.all.dropLast())
        #expect(PictureCode.draw(avoiding: taken, { 12345 }) == PictureCode.all.last)
        #expect(PictureCode.all.contains(PictureCode.draw(avoiding: Set(PictureCode.all), { 7 })))
        #expect(!PictureCode.isWellFormed("112") && !PictureCode.isWellFormed("012") && !PictureCode.isWellFormed("1234"))
    }

    @Test func deleteDropsTheClassAndRecordsIt() throws {
        let k = try ClassHarness()
        let t = try k.teacher()
        _ = try k.step(t, "/class add 4B Ana")
        let uid = k.core.schoolClass(named: "4B")!.uid
        let (reply, records, _) = try k.step(t, "/class delete 4b")
        #expect(reply.string("action") == "delete" && reply.string("name") == "4B")
        #expect(records == [.classDeleted(uid: uid, name: "4B")])
        #expect(try k.reply(t, "/class list").list("classes").isEmpty)
        #expect(try k.reply(t, "/class delete 4B").code == "no_class")
        #expect(try k.reply(t, "/class delete").code == "bad_args")
    }

    @Test func restoredClassesAreTheStoredOnes() throws {
        let k = try ClassHarness()
        k.core.restore(classes: [ClassRecord(uid: "u1", name: "4B", codes: true, students: [StudentRecord(uid: "s1", name: "Ana", code: "374")])])
        let t = try k.teacher()
        let one = try k.reply(t, "/class list 4B")
        #expect(ClassHarness.students(one).map { "\($0.name) \($0.code ?? "-")" } == ["Ana 374"])
    }

    /// Review D3: a class an open room or open homework is made for is not deleted (as a set in
    /// use is not): the refusal says which, and nothing is recorded. Once they are gone, it is.
    @Test func aClassInUseIsNotDeleted() throws {
        let k = try ClassHarness()
        k.core.wallOffsetMs = HomeworkTests.wallStart
        let t = try k.teacher()
        _ = try k.step(t, "/class add 4B Ana")
        let room = try #require(try k.reply(t, "/create times class=4B").string("room"))
        let (inRoom, records, _) = try k.step(try k.teacher("T2"), "/class delete 4B")
        #expect(inRoom.code == "wrong_state" && inRoom.string("message")?.contains(room) == true, "\(inRoom)")
        #expect(records.isEmpty && k.core.schoolClass(named: "4B") != nil)
        _ = try k.step(t, "/leave")
        #expect(k.core.rooms[room] == nil)
        let homework = try #require(try k.reply(t, "/assign \(HomeworkTests.options) due=2026-11-26T18:00 class=4B").string("code"))
        let open = try k.reply(t, "/class delete 4B")
        #expect(open.code == "wrong_state" && open.string("message")?.contains(homework) == true, "\(open)")
        k.core.wallOffsetMs = CivilTime(text: "2026-11-26T18:01")!.epochMs
        #expect(try k.reply(t, "/class delete 4B").string("action") == "delete")
    }
}
