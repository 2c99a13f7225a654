import Foundation
import Testing

/// The word puzzle in-process and over real TCP, on a test-only pack given with `--levels`: two players race
/// for the same board, and every claim, refusal and total is checked against the rules written
/// in protocol.md (100 a letter group, +50% for the first word of a level), not against the
/// server's own arithmetic.
@Suite struct WordsRaceTCPTests {
    /// A connected player in json mode with a name.
    private func player(_ server: ServerHarness, _ name: String) throws -> HarnessClient {
        let c = try server.connect()
        try c.skipWelcome()
        #expect(try c.command("/format json").string("format") == "json")
        #expect(try c.expect("welcome").int("protocol") == 1)
        #expect(try c.command("/name \(name)").string("name") == name)
        return c
    }

    /// Each clue's `n` on this board, by its answer, using the pack's own clue → answer table.
    private func numbers(_ board: [String: Any], level: Int) throws -> [String: Int] {
        var numbers: [String: Int] = [:]
        for clue in board.list("clues") {
            let text = try #require(clue.string("clue"))
            let answer = try #require(ClassroomPack.answers[level - 1][text], "unknown clue \(text)")
            #expect(clue.int("letters") == answer.word.count)
            #expect(clue["solved_by"] is NSNull)
            #expect(clue["word"] is NSNull)
            numbers[answer.word] = clue.int("n")
        }
        return numbers
    }

    private func points(_ word: String, level: Int, first: Bool) -> Int {
        let groups = ClassroomPack.answers[level - 1].values.first { $0.word == word }!.groups
        return first ? groups * 150 : groups * 100
    }

    @Test(arguments: ServerBackend.lineBackends)
    func twoPlayersRaceThroughATeachersPack(backend: ServerBackend) throws {
        let pack = try ClassroomPack.write()
        defer { LevelFolder.remove(pack) }
        let server = try ServerHarness.scenario(backend, levels: [pack])
        let ann = try player(server, "ann"), ben = try player(server, "ben")

        let created = try ann.command("/create words pack=classroom level=1 time=120 gap=0 countdown=0 seed=11")
        #expect(created.string("type") == "ok")
        #expect(created.string("game") == "words")
        let settings = try #require(created["settings"] as? [String: Any])
        #expect(settings.string("pack") == "classroom")
        #expect(settings.int("levels") == 2)
        let code = try #require(created.string("room"))
        #expect(try ben.command("/join \(code)").string("state") == "lobby")
        #expect(try ann.command("/start").string("type") == "ok")

        var totals = ["ann": 0, "ben": 0]
        // Who claims what, in order, level by level; ben has the first word of level 2.
        let plays: [[(HarnessClient, String, String)]] = [
            [(ann, "ann", "teapot"), (ben, "ben", "SPATULA"), (ben, "ben", "Col Ander"), (ann, "ann", "toaster"),
             (ann, "ann", "kettle"), (ann, "ann", "Fridge"), (ann, "ann", "MICROWAVE")],
            [(ben, "ben", "rocket"), (ben, "ben", "galaxy"), (ann, "ann", "astronaut"), (ben, "ben", "telescope"),
             (ann, "ann", "comet"), (ann, "ann", "moon"), (ben, "ben", "planet")],
        ]
        for level in 1...2 {
            let board = try ann.expect("board")
            #expect(try ben.expect("board").list("clues").count == 7)
            #expect(board.int("level") == level)
            #expect(board.int("round") == level)
            #expect(board.int("levels") == 2)
            #expect(board.int("time_ms") == 120_000)
            #expect((board["groups"] as? [String])?.sorted() == ClassroomPack.groups[level - 1].sorted())
            let n = try numbers(board.object, level: level)
            #expect(Set(n.values) == Set(1...7))
            var claimedBy: [String: String] = [:]
            var levelPoints: [String: Int] = [:]

            for (index, (client, name, typed)) in plays[level - 1].enumerated() {
                let word = typed.uppercased().replacingOccurrences(of: " ", with: "")
                let expected = points(word, level: level, first: index == 0)
                let reply = try client.command(typed)
                #expect(reply.string("type") == "ok", "\(typed): \(reply)")
                #expect(reply.bool("correct") == true)
                #expect(reply.int("n") == n[word])
                #expect(reply.int("points") == expected, "\(word)")
                totals[name]! += expected
                levelPoints[word] = expected
                #expect(reply.int("score") == totals[name])
                claimedBy[word] = name
                // Both players see the claim, the claimer included.
                for watcher in [ann, ben] {
                    let solved = try watcher.expect("solved")
                    #expect(solved.int("n") == n[word])
                    #expect(solved.string("word") == word)
                    #expect(solved.string("name") == name)
                    #expect(solved.int("points") == expected)
                }

                if level == 1 && index == 0 {
                    // Already claimed, in any case and spacing: the error says who has it.
                    let again = try ben.command("Tea Pot")
                    #expect(again.string("code") == "already_solved")
                    #expect(again.int("n") == n["TEAPOT"])
                    #expect(again.string("name") == "ann")
                    // A wrong word: no penalty, nothing claimed, nobody told.
                    let wrong = try ben.command("saucepan")
                    #expect(wrong.string("type") == "ok")
                    #expect(wrong.bool("correct") == false)
                    #expect(wrong["n"] is NSNull)
                    #expect(wrong.int("points") == 0)
                    #expect(wrong.int("score") == 0)
                    // Not letters: refused, not judged.
                    #expect(try ben.command("tea-pot").string("code") == "bad_answer")
                    #expect(try ben.command("/answer 42").string("code") == "bad_answer")
                }
            }

            // The seventh claim closes the level for both, with every answer and the totals.
            for watcher in [ann, ben] {
                let end = try watcher.expect("level_end")
                #expect(end.int("level") == level)
                #expect(end.int("round") == level)
                #expect(end.int("levels") == 2)
                let clues = end.list("clues")
                #expect(clues.count == 7)
                for clue in clues {
                    let word = try #require(clue.string("word"))
                    #expect(clue.int("n") == n[word])
                    #expect(clue.string("solved_by") == claimedBy[word])
                    #expect(clue.int("points") == levelPoints[word])
                }
                let standings = end.list("standings")
                #expect(standings.map { $0.string("name") } == ["ann", "ben"])
                #expect(standings.map { $0.int("rank") } == [1, 2])
                #expect(standings.map { $0.int("score") } == [totals["ann"], totals["ben"]])
            }
        }
        // Level 1: ann 300+200+300+300+400, ben 300+300. Level 2: ben 450+300+400+200, ann 400+200+200.
        #expect(totals == ["ann": 2300, "ben": 1950])
        for watcher in [ann, ben] {
            let end = try watcher.expect("game_end")
            let standings = end.list("standings")
            #expect(standings.map { $0.string("name") } == ["ann", "ben"])
            #expect(standings.map { $0.int("score") } == [2300, 1950])
            #expect(standings.map { $0.int("rank") } == [1, 2])
            #expect(end.string("game")?.hasPrefix(code) == true)
        }
        // Between games a word is not judged.
        #expect(try ben.command("rocket").string("code") == "no_question")
    }

    @Test func aLevelEndsWhenItsTimeRunsOut() throws {
        let pack = try ClassroomPack.write(name: "space")
        defer { LevelFolder.remove(pack) }
        // Live only: it times the level on the wall clock.
        let server = try ServerHarness.scenario(.live, levels: [pack])
        let ann = try player(server, "ann")
        // 10 s is the shortest level the protocol allows.
        let code = try #require(try ann.command("/create words pack=space level=2 levels=1 time=10 gap=0 countdown=0").string("room"))
        #expect(code.count == 4)
        _ = try ann.command("/start")
        let board = try ann.expect("board")
        let opened = Date()
        #expect(board.int("level") == 2)
        #expect(board.int("levels") == 1)
        let n = try numbers(board.object, level: 2)
        #expect(try ann.command("moon").int("points") == 300)
        _ = try ann.expect("solved")

        let end = try ann.expect("level_end", timeout: 15)
        let waited = Date().timeIntervalSince(opened)
        #expect(waited > 9.5, "the level closed after \(waited) s of its 10")
        let clues = end.list("clues")
        #expect(clues.count == 7)
        for clue in clues {
            let word = try #require(clue.string("word"), "level_end reveals every answer")
            #expect(clue.int("n") == n[word])
            if word == "MOON" {
                #expect(clue.string("solved_by") == "ann")
                #expect(clue.int("points") == 300)
            } else {
                #expect(clue["solved_by"] is NSNull, "\(word)")
                #expect(clue["points"] is NSNull)
            }
        }
        #expect(end.list("standings").map { $0.int("score") } == [300])
        let gameEnd = try ann.expect("game_end")
        #expect(gameEnd.list("standings").first?.string("name") == "ann")
        #expect(try ann.command("rocket").string("code") == "no_question")
    }
}
