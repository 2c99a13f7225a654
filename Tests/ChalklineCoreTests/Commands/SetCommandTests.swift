import ChalklineTesting
import Foundation
import Testing
@testable import ChalklineCore

/// `/sets` and `/sets show|new|add|save|cancel|delete` in the core: the draft's limits, the
/// refusals, the password, and what is recorded. Saving a set that reads, and keeping it over a
/// restart, is `SavedSetsTCPTests`' (over TCP, on both databases).
@Suite("ServerCore: question sets over the protocol")
struct SetCommandTests {
    static let capitals = QuestionSet(name: "capitals", questions: [
        SetQuestion(text: "Capital of France?", answers: ["Paris"]),
        SetQuestion(text: "Capital of Spain?", answers: ["Madrid"], choices: ["Madrid", "Rome"], timeSeconds: 12),
    ])

    /// A server with one folder set, one saved set and one file left out.
    static func config(password: String? = nil) -> ServerConfig {
        var config = ServerConfig()
        config.createPassword = password
        config.questionSets.put(SetLibrary.Entry(set: capitals, source: .folder, file: "capitals.csv"))
        config.questionSets.put(SetLibrary.Entry(set: QuestionSet(name: "Week3", questions: [SetQuestion(text: "because", answers: ["because"])]),
                                                 source: .saved))
        config.questionSets.leftOut(SetProblem(file: "broken.csv", line: 3, reason: "the answer is empty"), name: "broken")
        return config
    }

    private func reply(_ client: HarnessClient, _ line: String) throws -> ServerLine {
        try #require(try client.step(line).messages(to: client).first)
    }

    private func records(_ step: Step) -> [GameRecord] {
        step.effects.compactMap { if case .record(let record) = $0 { record } else { nil } }
    }

    @Test func setsListsEverySetAndTheFilesLeftOut() throws {
        let h = try ServerHarness(.inProcess, config: Self.config())
        let c = try h.jsonClient()
        let sets = try reply(c, "/sets")
        #expect(sets.list("sets").map { "\($0["name"] ?? "") \($0["questions"] ?? "") \($0["source"] ?? "")" }
                == ["capitals 2 folder", "Week3 1 saved"])
        let problem = try #require(sets.list("problems").first)
        #expect(problem["set"] as? String == "broken" && problem["file"] as? String == "broken.csv" && JSONValue.int(problem["line"]) == 3)
        #expect(problem["reason"] as? String == "the answer is empty")
    }

    @Test func showGivesEveryQuestionWithItsAnswersChoicesAndTime() throws {
        let h = try ServerHarness(.inProcess, config: Self.config())
        let c = try h.jsonClient()
        let shown = try reply(c, "/sets show CAPITALS")
        #expect(shown.string("cmd") == "sets" && shown.string("action") == "show")
        #expect(shown.string("name") == "capitals" && shown.string("source") == "folder")
        let rows = shown.list("questions")
        #expect(rows.count == 2)
        #expect(rows[1]["question"] as? String == "Capital of Spain?")
        #expect(rows[1]["answers"] as? [String] == ["Madrid"] && rows[1]["choices"] as? [String] == ["Madrid", "Rome"])
        #expect(JSONValue.int(rows[1]["time"]) == 12 && JSONValue.int(rows[0]["time"]) == nil && rows[0].keys.contains("time"))
        #expect(try reply(c, "/sets show nope").string("message")?.contains("There is no set nope. Sets: capitals, Week3.") == true)
        #expect(try reply(c, "/sets show broken").string("message")?.contains("The set broken was left out: broken.csv:3: the answer is empty") == true)
    }

    @Test func aDraftNeedsANewSetFirstAndAGoodName() throws {
        let h = try ServerHarness(.inProcess, config: Self.config())
        let c = try h.jsonClient()
        for line in [#"/sets add ["question,answer"]"#, "/sets save"] {
            let refused = try reply(c, line)
            #expect(refused.code == "bad_args" && refused.string("cmd") == "sets" && refused.string("message")?.contains("/sets new NAME") == true, "\(line): \(refused)")
        }
        for name in ["a.b", String(repeating: "x", count: 33), "a/b", "a=b", "ça!"] {
            #expect(try reply(c, "/sets new \(name)").code == "bad_args", "\(name)")
        }
        // A folder's set keeps its name; a saved set's name may be saved again (it is replaced).
        let taken = try reply(c, "/sets new Capitals")
        #expect(taken.code == "bad_args" && taken.string("message")?.contains("capitals.csv") == true, "\(taken)")
        let started = try reply(c, "/sets new week3")
        #expect(started.string("action") == "new" && started.string("name") == "week3" && started.int("lines") == 0)
        #expect(try reply(c, "/sets new élèves-5e").string("name") == "élèves-5e", "letters of any alphabet, as a file's name")
        #expect(try reply(c, "/sets new").code == "bad_args")
    }

    @Test func addTakesAJSONArrayOrOneLineAndCountsTheFilesLines() throws {
        let h = try ServerHarness(.inProcess, config: Self.config())
        let c = try h.jsonClient()
        _ = try reply(c, "/sets new spelling")
        let added = try reply(c, #"/sets add ["question,answer","because,because"]"#)
        #expect(added.string("cmd") == "sets" && added.string("action") == "add" && added.int("lines") == 2)
        #expect(try reply(c, "/sets add   necessary , necessary").int("lines") == 3)
        // A quoted field over two lines is two lines of the file, as problems number them.
        #expect(try reply(c, #"/sets add ["\"two\nlines\",x"]"#).int("lines") == 5)
        for bad in [#"/sets add ["a", 3]"#, #"/sets add ["a""#, "/sets add", #"/sets add [["a"]]"#] {
            #expect(try reply(c, bad).code == "bad_args", "\(bad)")
        }
        // A refused add leaves the draft as it was.
        #expect(try reply(c, #"/sets add []"#).int("lines") == 5)
        let session = try #require(h.core?.sessions[c.connection])
        #expect(session.setDraft?.text == "question,answer\nbecause,because\nnecessary , necessary\n\"two\nlines\",x")
    }

    @Test func aDraftOverItsLinesIsDroppedWhole() throws {
        let h = try ServerHarness(.inProcess, config: Self.config())
        let c = try h.jsonClient()
        _ = try reply(c, "/sets new long")
        let ten = "[" + Array(repeating: #""q,a""#, count: 10).joined(separator: ",") + "]"
        for n in 1...(Limits.setDraftLines / 10) {
            h.advance(by: 100)
            #expect(try reply(c, "/sets add \(ten)").int("lines") == 10 * n)
        }
        h.advance(by: 100)
        let over = try reply(c, #"/sets add ["q,a"]"#)
        #expect(over.code == "bad_args" && over.string("message")?.contains("\(Limits.setDraftLines) lines") == true, "\(over)")
        #expect(try reply(c, #"/sets add ["q,a"]"#).string("message")?.contains("/sets new NAME") == true, "the draft is gone")
    }

    @Test func aDraftOverItsBytesIsDroppedWhole() throws {
        let h = try ServerHarness(.inProcess, config: Self.config())
        let c = try h.jsonClient()
        _ = try reply(c, "/sets new big")
        // 1,000 bytes a line: the bytes run out long before the lines.
        let line = #"/sets add [""# + String(repeating: "x", count: 999) + #""]"#
        var added = 0
        while added * 1_000 + 1_000 <= Limits.setDraftBytes {
            h.advance(by: 100)
            #expect(try reply(c, line).int("lines") == added + 1)
            added += 1
        }
        #expect(added < Limits.setDraftLines)
        h.advance(by: 100)
        let over = try reply(c, line)
        #expect(over.code == "bad_args" && over.string("message")?.contains("\(Limits.setDraftBytes / 1024) KB") == true, "\(over)")
        #expect(h.core?.sessions[c.connection]?.setDraft == nil)
    }

    /// A set that does not read is refused with its line; nothing is recorded or listed, and
    /// the draft is gone. (`SetFile.read` here is whatever the files part makes of the lines: an
    /// empty answer is a problem on its line in every format.)
    @Test func aDraftThatDoesNotReadIsRefusedWithItsLineAndNothingIsStored() throws {
        let h = try ServerHarness(.inProcess, config: Self.config())
        let c = try h.jsonClient()
        _ = try reply(c, "/sets new bad")
        _ = try reply(c, #"/sets add ["question,answer","Capital of France?,Paris","Capital of Italy?,"]"#)
        let step = try c.step("/sets save")
        let refused = try #require(step.messages(to: c).first)
        #expect(refused.code == "bad_args", "\(refused)")
        #expect(refused.string("message")?.hasSuffix("Nothing was saved.") == true)
        #expect(records(step).isEmpty)
        #expect(h.core?.questionSets.entry(named: "bad") == nil)
        #expect(try reply(c, "/sets save").string("message")?.contains("/sets new NAME") == true, "the draft is gone")
    }

    /// A set that reads is recorded (its CSV, which reads back equal) before the reply, which
    /// waits for the commit; it is playable at once.
    @Test func aSavedSetIsRecordedBeforeItsReplyAndPlayable() throws {
        let h = try ServerHarness(.inProcess, config: Self.config())
        let c = try h.jsonClient("Ann")
        _ = try reply(c, "/sets new Spelling")
        _ = try reply(c, #"/sets add ["question,answer,answer","because,because","necessary,neccessary,necessary"]"#)
        let step = try c.step("/sets save")
        guard case .setSaved(let record)? = records(step).first else { Issue.record("no record: \(step.effects)"); return }
        #expect(record.name == "Spelling" && record.questions == 2)
        #expect(try SetFile.read(record.body, name: "Spelling", file: "x").get() == h.core?.questionSets.entry(named: "spelling")?.set)
        let recordAt = step.effects.firstIndex { if case .record = $0 { true } else { false } }
        let sendAt = step.effects.firstIndex { if case .send = $0 { true } else { false } }
        #expect(recordAt! < sendAt!)
        let saved = try #require(step.messages(to: c).first)
        #expect(saved.string("action") == "save" && saved.string("name") == "Spelling" && saved.int("questions") == 2 && saved.bool("replaced") == false)
        #expect(try reply(c, "/create quiz set=spelling play=no").string("room") != nil)
    }

    /// 200 sets a server, shipped, folder and saved together: a new name past it is refused,
    /// while a saved set may still be saved again in its place.
    @Test func theServersSetsAreCappedButASavedOneMayBeReplaced() throws {
        var config = Self.config()
        for n in config.questionSets.entries.count..<SetLimits.sets {
            config.questionSets.put(SetLibrary.Entry(set: QuestionSet(name: "s\(n)", questions: [SetQuestion(text: "q", answers: ["a"])]),
                                                     source: .folder))
        }
        let h = try ServerHarness(.inProcess, config: config)
        let c = try h.jsonClient()
        let lines = #"/sets add ["question,answer","2+2,4"]"#
        _ = try reply(c, "/sets new one-more")
        _ = try reply(c, lines)
        let step = try c.step("/sets save")
        let refused = try #require(step.messages(to: c).first)
        #expect(refused.code == "bad_args" && refused.string("message")?.contains("\(SetLimits.sets)") == true, "\(refused)")
        #expect(records(step).isEmpty)
        _ = try reply(c, "/sets new week3")
        _ = try reply(c, lines)
        let replaced = try reply(c, "/sets save")
        #expect(replaced.bool("replaced") == true && replaced.string("name") == "week3", "\(replaced)")
        #expect(h.core?.questionSets.entries.count == SetLimits.sets)
    }

    @Test func cancelDropsTheDraftAndIsNoErrorWithoutOne() throws {
        let h = try ServerHarness(.inProcess, config: Self.config())
        let c = try h.jsonClient()
        _ = try reply(c, "/sets new x")
        let cancelled = try reply(c, "/sets cancel")
        #expect(cancelled.string("action") == "cancel" && cancelled.bool("dropped") == true)
        #expect(try reply(c, "/sets cancel").bool("dropped") == false)
        #expect(try reply(c, "/sets save").code == "bad_args")
    }

    @Test func deleteTakesSavedSetsOnlyAndIsRecordedBeforeItsReply() throws {
        let h = try ServerHarness(.inProcess, config: Self.config())
        let c = try h.jsonClient()
        let folder = try reply(c, "/sets delete capitals")
        #expect(folder.code == "bad_args" && folder.string("message")?.contains("remove the file") == true, "\(folder)")
        let step = try c.step("/sets delete WEEK3")
        #expect(records(step) == [.setDeleted(name: "Week3")])
        let recordAt = step.effects.firstIndex { if case .record = $0 { true } else { false } }
        let sendAt = step.effects.firstIndex { if case .send = $0 { true } else { false } }
        #expect(recordAt! < sendAt!, "the record comes before the reply, which waits for its commit")
        let deleted = try #require(step.messages(to: c).first)
        #expect(deleted.string("action") == "delete" && deleted.string("name") == "Week3" && deleted.bool("deleted") == true)
        #expect(try reply(c, "/sets").list("sets").count == 1)
        #expect(try reply(c, "/sets delete week3").code == "bad_args")
    }

    /// `/sets new|show|delete` need the create password where the server has one, through the
    /// same check as `/create`, and a wrong one is a wrong guess like a wrong room code.
    @Test func thePasswordIsCreatesAndAWrongOneIsAGuess() throws {
        let h = try ServerHarness(.inProcess, config: Self.config(password: "letmein"))
        let c = try h.jsonClient("Ann")
        // A host, for the room setting checked below.
        #expect(try reply(c, "/create times password=letmein").string("room") != nil)
        for line in ["/sets new x", "/sets show capitals", "/sets delete week3"] {
            let refused = try reply(c, line)
            #expect(refused.code == "bad_password" && refused.string("message")?.contains("password=") == true, "\(line): \(refused)")
        }
        #expect(try reply(c, "/sets new x password=letmein").string("name") == "x")
        #expect(try reply(c, #"/sets add ["question,answer"]"#).int("lines") == 1, "the draft needs no password again")
        #expect(try reply(c, "/sets show capitals password=letmein").string("name") == "capitals")
        // `/sets` names the sets but shows no answers: anyone may.
        #expect(try reply(c, "/sets").list("sets").count == 2)
        var last: ServerLine?
        for _ in 0..<Limits.failedGuesses + 1 {
            h.advance(by: 60)
            last = try reply(c, "/sets new x password=nope")
        }
        #expect(last?.code == "rate_limited", "\(String(describing: last))")
        // The room setting takes no secret: a shut-out address still mutes its class.
        #expect(try reply(c, "/set chat=off").bool("chat") == false)
    }

    @Test func chatIsStillTheHostsAndOnlyTheHosts() throws {
        let h = try ServerHarness(.inProcess)
        let (host, code) = try h.timesRoom()
        let (bob, _) = try h.join("Bob", code)
        #expect(try reply(bob, "/set chat=off").code == "not_host")
        #expect(try reply(host, "/set chat=off").bool("chat") == false)
        #expect(try reply(host, "/set chat=off chat=on").code == "bad_args")
        #expect(try reply(host, "/set").code == "bad_args")
        let outside = try h.jsonClient()
        #expect(try reply(outside, "/set chat=on").code == "not_in_room")
        // A set's steps are /sets': /set means the room setting alone.
        #expect(try reply(outside, "/set new x").code == "not_in_room")
        #expect(try reply(host, "/set new x").code == "bad_args")
        #expect(try reply(outside, "/sets nonsense").code == "bad_args")
    }

    /// Sets saved on earlier runs come back through the parser; a name a folder's set has now
    /// stays the folder's, and the limit on sets holds.
    @Test func restoreLeavesOutWhatAFolderNowNamesOrWhatDoesNotRead() throws {
        let core = ServerCore(config: Self.config())
        let problems = core.restore(savedSets: [SavedSetRecord(name: "capitals", body: "question,answer\nx,y", questions: 1),
                                                SavedSetRecord(name: "garbage", body: "", questions: 0)])
        #expect(problems.count == 2)
        #expect(problems[0].description.contains("comes from a file"), "\(problems[0])")
        #expect(core.questionSets.entry(named: "capitals")?.source == .folder)
        #expect(core.questionSets.entry(named: "garbage") == nil)
        #expect(core.questionSets.problems["garbage"] != nil, "/sets says why it is left out")
    }
}
