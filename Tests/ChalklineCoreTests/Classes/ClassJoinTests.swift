import ChalklineTesting
import Foundation
import Testing
@testable import ChalklineCore

/// Rooms and homework made for a class (`class=`): `/names`, who `/join` lets in, picture codes
/// and the guess limit, and each student's uid in what is recorded. Over TCP with the stored
/// rows read back: `ClassesTCPTests`.
@Suite("ServerCore: a class's rooms and homework")
struct ClassJoinTests {
    /// A teacher with class 4B (Ana, Bo, Cy) and a room for it: the teacher and the room's code.
    static func classRoom(_ k: ClassHarness, codes: Bool = false, options: String = "times rounds=2 countdown=0")
        throws -> (HarnessClient, String) {
        let t = try k.teacher()
        _ = try k.step(t, "/class add 4B Ana Bo Cy")
        if codes { _ = try k.step(t, "/class codes 4B on") }
        let created = try k.reply(t, "/create \(options) class=4b")
        return (t, try #require(created.string("room")))
    }

    static func code(_ k: ClassHarness, _ name: String) -> String { k.core.schoolClass(named: "4B")!.student(named: name)!.code! }
    static func uid(_ k: ClassHarness, _ name: String) -> String { k.core.schoolClass(named: "4B")!.student(named: name)!.uid }

    @Test func createEchoesTheClassInItsSettings() throws {
        let k = try ClassHarness()
        let t = try k.teacher()
        _ = try k.step(t, "/class add 4B Ana")
        let created = try k.reply(t, "/create times class=4b")
        #expect((created["settings"] as? [String: Any])?["class"] as? String == "4B")
        let code = try #require(created.string("room"))
        let joined = try k.reply(try k.student(), "/join \(code) ana")
        #expect((joined["settings"] as? [String: Any])?["class"] as? String == "4B")
        #expect(try k.reply(try k.teacher("T2"), "/create times class=9Z").code == "no_class")
        #expect(try k.reply(try k.teacher("T3"), "/create times class=4B class=4B").code == "bad_args")
        // Without a class, the settings are the race's alone.
        let plain = try k.reply(try k.teacher("T4"), "/create times")
        #expect((plain["settings"] as? [String: Any])?.keys.contains("class") == false)
    }

    @Test func namesListsTheClassAndWhoIsSeated() throws {
        let k = try ClassHarness()
        let (_, code) = try Self.classRoom(k)
        let ana = try k.student()
        _ = try k.step(ana, "/join \(code) Ana")
        let names = try k.reply(try k.student(), "/names \(code.lowercased())")
        #expect(names.cmd == "names" && names.string("room") == code && names.string("class") == "4B" && names.bool("codes") == false)
        #expect(names.list("names").map { "\($0["name"] ?? "") \(JSONValue.bool($0["free"]) ?? true)" } == ["Ana false", "Bo true", "Cy true"])

        // A room without a class: no names, any name joins.
        let other = try k.reply(try k.teacher("T2"), "/create times")
        let plain = try k.reply(try k.student(), "/names \(try #require(other.string("room")))")
        #expect(plain.type == "ok" && plain["class"] is NSNull && plain.list("names").isEmpty)
        #expect(try k.reply(try k.student(), "/names QQQQ").code == "no_room")
    }

    @Test func onlyTheClassJoinsUnderTheListsSpelling() throws {
        let k = try ClassHarness()
        let (t, code) = try Self.classRoom(k)
        let stranger = try k.reply(try k.student(), "/join \(code) Zed")
        #expect(stranger.code == "not_in_class")
        #expect(stranger.string("message") == "Zed is not in class 4B: /names \(code) lists the class.")
        let joined = try k.reply(try k.student(), "/join \(code) ANA")
        #expect(joined.type == "ok" && joined.string("name") == "Ana")
        #expect(try k.reply(try k.student(), "/join \(code) ana").code == "name_taken")
        // A student added after /create joins too: the room reads the live class.
        _ = try k.step(t, "/class add 4B Dee")
        #expect(try k.reply(try k.student(), "/join \(code) dee").string("name") == "Dee")
        // Digits are read only where the class has codes; a word there is still refused.
        #expect(try k.reply(try k.student(), "/join \(code) Bo 123").type == "ok")
        #expect(try k.reply(try k.student(), "/join \(code) Cy abc").code == "bad_args")
    }

    @Test func aClassWithCodesTakesEachStudentsOwnCode() throws {
        let k = try ClassHarness()
        let (_, code) = try Self.classRoom(k, codes: true)
        let missing = try k.reply(try k.student(), "/join \(code) Ana")
        #expect(missing.code == "wrong_code")
        let anaCode = Self.code(k, "Ana"), boCode = Self.code(k, "Bo")
        // Bo's code is not Ana's, however close the two sit.
        #expect(try k.reply(try k.student(), "/join \(code) Ana \(boCode)").code == "wrong_code")
        let joined = try k.reply(try k.student(), "/join \(code) ana \(anaCode) bot")
        #expect(joined.type == "ok" && joined.string("name") == "Ana")
        #expect(k.core.rooms[code]!.seat(named: "Ana")!.isBot)
        #expect(try k.reply(try k.student(), "/join \(code) Bo \(boCode)").type == "ok")
        let names = try k.reply(try k.student(), "/names \(code)")
        #expect(names.bool("codes") == true && names.list("names").allSatisfy { $0["code"] == nil })
    }

    @Test func aWrongCodeCountsAsAWrongGuessAMissingOneDoesNot() throws {
        var config = ServerConfig()
        config.guesses.free = 3
        let k = try ClassHarness(config: config)
        let (_, code) = try Self.classRoom(k, codes: true)
        let wrong = Self.code(k, "Bo")
        for _ in 0..<5 { #expect(try k.reply(try k.student(peer: "10.0.0.9"), "/join \(code) Ana").code == "wrong_code") }
        for _ in 0..<3 { #expect(try k.reply(try k.student(peer: "10.0.0.9"), "/join \(code) Ana \(wrong)").code == "wrong_code") }
        let locked = try k.reply(try k.student(peer: "10.0.0.9"), "/join \(code) Ana \(Self.code(k, "Ana"))")
        #expect(locked.code == "rate_limited")
        #expect(try k.reply(try k.student(peer: "10.0.0.8"), "/join \(code) Ana \(Self.code(k, "Ana"))").type == "ok")
    }

    @Test func theGameAndEachStudentsSeatCarryTheirUIDs() throws {
        let k = try ClassHarness()
        let (t, code) = try Self.classRoom(k)
        let classUID = k.core.schoolClass(named: "4B")!.uid
        let ana = try k.student(), bo = try k.student()
        _ = try k.step(ana, "/join \(code) Ana")
        _ = try k.step(bo, "/join \(code) bo bot")
        let started = try k.step(t, "/start")
        guard case .gameStarted(_, _, let settings, let players, let stored)? = started.records.first else {
            Issue.record("no gameStarted"); return
        }
        #expect(stored == classUID && settings.contains(#""class":"4B""#))
        let byName = Dictionary(uniqueKeysWithValues: players.map { ($0.name, $0) })
        #expect(byName["Ana"]?.student == Self.uid(k, "Ana") && byName["Bo"]?.student == Self.uid(k, "Bo") && byName["Bo"]?.bot == true)
        #expect(byName["Teacher"]?.student == nil)
        // Every answer's player too.
        let answered = try k.step(ana, "1")
        let answers = answered.records.compactMap { if case .answer(_, _, let answer) = $0 { answer } else { nil } }
        #expect(!answers.isEmpty && answers.allSatisfy { $0.player.student == Self.uid(k, "Ana") })
    }

    @Test func homeworkOfAClassTakesItsStudentsAndEachTryIsTheirs() throws {
        let k = try ClassHarness()
        k.core.wallOffsetMs = HomeworkTests.wallStart
        let t = try k.teacher()
        _ = try k.step(t, "/class add 4B Ana Bo")
        _ = try k.step(t, "/class codes 4B on")
        let (reply, records, _) = try k.step(t, "/assign \(HomeworkTests.options) due=2026-11-26T18:00 class=4B")
        let code = try #require(reply.string("code"))
        guard case .assignmentCreated(let record)? = records.first else { Issue.record("no assignment"); return }
        #expect(record.classUID == k.core.schoolClass(named: "4B")!.uid && record.roster == ["Ana", "Bo"])
        #expect(try k.reply(try k.teacher("T2"), "/assign times due=2026-11-26T18:00 class=9Z").code == "no_class")

        #expect(try k.reply(try k.student(), "/join \(code) Zed").code == "not_in_class")
        #expect(try k.reply(try k.student(), "/join \(code) Ana").code == "wrong_code")
        let names = try k.reply(try k.student(), "/names \(code)")
        #expect(names.string("class") == "4B" && names.list("names").allSatisfy { $0["free"] as? Bool == true })
        let ana = try k.student()
        let joined = try k.step(ana, "/join \(code) ANA \(Self.code(k, "Ana"))")
        #expect(joined.reply.string("name") == "Ana")
        guard case .gameStarted(_, _, _, let players, let classUID)? = joined.records.first else { Issue.record("no try"); return }
        #expect(classUID == record.classUID && players.map(\.student) == [Self.uid(k, "Ana")])
    }

    /// Review D6: a seated student renamed on the desk is still seated: `/names` shows the new
    /// name taken, and a second `/join` as that student is `name_taken` (a seat holding their
    /// uid is theirs, whatever spelling it has), so no second seat answers under one uid.
    @Test func aSeatedStudentRenamedIsStillTaken() throws {
        let k = try ClassHarness()
        let (t, code) = try Self.classRoom(k)
        _ = try k.step(try k.student(peer: "10.0.0.1"), "/join \(code) Cy")
        #expect(try k.reply(t, "/class rename 4B Cy Cyrus").string("action") == "rename")
        let names = try k.reply(try k.student(), "/names \(code)")
        #expect(names.list("names").map { "\($0["name"] ?? "") \(JSONValue.bool($0["free"]) ?? true)" } == ["Ana true", "Bo true", "Cyrus false"])
        #expect(try k.reply(try k.student(peer: "10.0.0.2"), "/join \(code) Cyrus").code == "name_taken")
        #expect(try k.reply(try k.student(peer: "10.0.0.3"), "/join \(code) Cy").code == "not_in_class")
        #expect(k.core.rooms[code]!.students.count == 1)
    }
}
