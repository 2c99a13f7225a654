import Foundation
import ChalklineTesting
import Testing
@testable import ChalklineCore

/// A times race driven end to end with synthetic time: Ann (1) hosts and plays, Bob (2) plays.
private func race(_ options: String = "table=7 max=4 rounds=3 time=10 gap=0 countdown=0 seed=1",
                  config: ServerConfig = ServerConfig()) throws
    -> (ServerHarness, String, ann: HarnessClient, bob: HarnessClient, clock: InProcessServer) {
    let h = try ServerHarness(.inProcess, config: config)
    let (c1, code) = try h.timesRoom(options)
    let (c2, _) = try h.join("Bob", code)
    return (h, code, c1, c2, try #require(h.inProcess))
}

@Suite("ServerCore: the times race")
struct ServerCoreRaceTests {
    @Test func startWithNoCountdownRepliesThenOpensTheFirstQuestion() throws {
        let (h, _, c1, c2, clock) = try race()
        clock.setTime(1_000)
        let sends = try c1.step("/start").sends
        #expect(sends.map(\.to) == [[c1.connection], [c1.connection, c2.connection]])
        #expect(sends.map(\.string) == [
            #"{"type":"ok","cmd":"start"}"# + "\n",
            #"{"type":"question","id":1,"round":1,"rounds":3,"text":"7 x 2","time_ms":10000,"game":"times"}"# + "\n",
        ])
        #expect(clock.core.nextDeadline() == 11_000)
    }

    @Test func countdownThenFirstQuestionOnTick() throws {
        let (h, _, c1, c2, clock) = try race("table=7 max=4 rounds=3 time=10 gap=0 countdown=3")
        clock.setTime(500)
        let start = try c1.step("/start")
        #expect(start.messages(to: c2).map(\.line) == [#"{"type":"countdown","seconds":3.0}"#])
        #expect(start.messages(to: c1).map(\.type) == ["ok", "countdown"])
        #expect(clock.core.nextDeadline() == 3_500)
        #expect(clock.advance(to: 3_499).isEmpty)
        let q = clock.advance(to: 3_500).messages(to: c2)
        #expect(q.map(\.type) == ["question"])
        #expect(q.first?.int("id") == 1)
        #expect(clock.core.nextDeadline() == 13_500)
        // Answer time counts from the question, not from /start.
        clock.setTime(4_500)
        #expect(try c2.step("14").messages(to: c2).first?.int("points") == 950)
    }

    @Test func answersEarnTheExactPointsAndTheLastAnswerClosesTheRound() throws {
        let (h, _, c1, c2, clock) = try race()
        clock.setTime(1_000)
        try c1.step("/start")

        clock.setTime(3_650)   // 2650 ms: 1000 * (1 - 2650/20000) = 867.5, rounded up
        let bob = try c2.step("14")
        // Bob's reply, and a progress line for Ann's screen: she hosts the room.
        #expect(bob.sends.count == 2)
        #expect(bob.messages(to: c1).map(\.type) == ["progress"])
        #expect(bob.messages(to: c2).map(\.line)
                == [#"{"type":"ok","cmd":"answer","id":1,"correct":true,"points":868,"score":868,"streak":1}"#])

        clock.setTime(4_000)
        let ann = try c1.step("15")
        let toAnn = ann.messages(to: c1)
        #expect(toAnn.map(\.type) == ["ok", "progress", "round_end", "question"])
        #expect(toAnn[0].line == #"{"type":"ok","cmd":"answer","id":1,"correct":false,"points":0,"score":0,"streak":0}"#)
        #expect(toAnn[1].line == #"{"type":"progress","id":1,"answers":2,"players":2}"#)
        let end = toAnn[2]
        #expect(end.int("id") == 1)
        #expect(end.int("answer") == 14)
        #expect(end.results == ["Ann false 0 3000", "Bob true 868 2650"])
        #expect(end.standings == ["1 Bob 868", "2 Ann 0"])
        // gap=0: the next question opens at once, timed from now.
        #expect(toAnn[3].string("text") == "7 x 3")
        #expect(toAnn[3].int("id") == 2)
        #expect(toAnn[3].int("round") == 2)
        #expect(clock.core.nextDeadline() == 14_000)
        // Bob got the same events, without Ann's reply.
        #expect(ann.messages(to: c2).map(\.type) == ["round_end", "question"])

        let scores = try c2.step("/scores").messages(to: c2)[0]
        #expect(scores.standings == ["1 Bob 868", "2 Ann 0"])
        #expect(scores.line.hasPrefix(#"{"type":"ok","cmd":"scores","standings":[{"rank":1,"name":"Bob","score":868}"#))
    }

    @Test func aWrongAnswerNeverRevealsTheRightOne() throws {
        let (h, _, c1, c2, clock) = try race()
        try c1.step("/start")
        let reply = try c2.step("15").messages(to: c2)
        #expect(reply.count == 1)
        #expect(reply[0].object["answer"] == nil)
        #expect(!reply[0].line.contains("14"))
    }

    @Test func roundEndsOnTimeoutViaTick() throws {
        let (h, _, c1, c2, clock) = try race()
        clock.setTime(0)
        try c1.step("/start")
        #expect(clock.core.nextDeadline() == 10_000)
        #expect(clock.advance(to: 9_999).isEmpty)
        let effects = clock.advance(to: 10_000)
        let msgs = effects.messages(to: c2)
        #expect(msgs.map(\.type) == ["round_end", "question"])
        #expect(msgs[0].results == ["Ann false 0 -", "Bob false 0 -"])
        #expect(msgs[0].line.contains(#"{"name":"Ann","correct":false,"points":0,"ms":null}"#))
        #expect(msgs[0].standings == ["1 Ann 0", "1 Bob 0"])  // equal on points and time: one place
        #expect(msgs[1].int("id") == 2)
        #expect(clock.core.nextDeadline() == 20_000)
    }

    @Test func answerAtTheLimitScores500AndAfterItTheRoundIsOver() throws {
        let (h, _, c1, c2, clock) = try race()
        try c1.step("/start")
        clock.setTime(10_000)
        // Read at the very deadline, before the shell's tick: still in time, the minimum.
        #expect(try c2.step("14").messages(to: c2).first?.int("points") == 500)
        let end = clock.advance(to: 10_000).messages(to: c2)
        #expect(end.first?.results == ["Ann false 0 -", "Bob true 500 10000"])
    }

    /// One millisecond late, read before the shell's timer fired: not judged, and the round
    /// closes there and then (the reply first, then `round_end`).
    @Test func anAnswerPastTheLimitIsTooLateEvenBeforeTheTick() throws {
        let (h, _, c1, c2, clock) = try race()
        try c1.step("/start")
        clock.setTime(10_001)
        let msgs = try c2.step("14").messages(to: c2)
        #expect(msgs.first?.code == "no_question")
        #expect(msgs.dropFirst().first?.type == "round_end")
        #expect(msgs.dropFirst().first?.results == ["Ann false 0 -", "Bob false 0 -"])
    }

    @Test func onlyConnectedParticipantsAreWaitedFor() throws {
        let (h, code, c1, c2, clock) = try race()
        let (c3, _) = try h.join("Cy", code)
        try c1.step("/start")
        clock.setTime(100)
        try c1.step("14")
        try c3.stepDisconnect()   // Cy drops: the round no longer waits for him...
        clock.setTime(200)
        let msgs = try c2.step("14").messages(to: c2)
        #expect(msgs.map(\.type) == ["ok", "round_end", "question"])
        // ...but he still appears in the round's results, with no answer.
        #expect(msgs[1].results == ["Ann true 995 100", "Bob true 990 200", "Cy false 0 -"])
    }

    @Test func streakBonusGrowsAndAWrongAnswerResetsIt() throws {
        let (h, _, c1, c2, clock) = try race("table=7 max=12 rounds=4 time=10 gap=0 countdown=0 play=no")
        var points: [Int] = []
        var streaks: [Int] = []
        let answers = ["14", "21", "0", "35"]   // right, right, wrong, right
        try c1.step("/start")
        for answer in answers {
            let reply = try c2.step(answer).messages(to: c2)[0]
            points.append(reply.int("points") ?? -1)
            streaks.append(reply.int("streak") ?? -1)
        }
        #expect(points == [1000, 1100, 0, 1000])
        #expect(streaks == [1, 2, 0, 1])
    }

    @Test func streakBonusCapsAt500() throws {
        let (h, _, c1, c2, clock) = try race("table=7 max=12 rounds=8 time=10 gap=0 countdown=0 play=no")
        try c1.step("/start")
        var points: [Int] = []
        for m in 2...9 {
            points.append(try c2.step("\(7 * m)").messages(to: c2)[0].int("points") ?? -1)
        }
        #expect(points == [1000, 1100, 1200, 1300, 1400, 1500, 1500, 1500])
    }

    @Test func streakOffGivesSpeedPointsOnly() throws {
        let (h, _, c1, c2, clock) = try race("table=7 max=4 rounds=3 time=10 gap=0 countdown=0 play=no streak=off")
        try c1.step("/start")
        let points = try ["14", "21", "28"].map { try c2.step($0).messages(to: c2)[0].int("points") ?? -1 }
        #expect(points == [1000, 1000, 1000])
    }

    @Test func missingARoundResetsTheStreak() throws {
        let (h, _, c1, c2, clock) = try race("table=7 max=4 rounds=3 time=10 gap=0 countdown=0 play=no")
        try c1.step("/start")
        #expect(try c2.step("14").messages(to: c2)[0].int("streak") == 1)
        clock.advance(to: 10_000)   // round 2 times out unanswered
        clock.setTime(10_000)
        let reply = try c2.step("28").messages(to: c2)[0]
        #expect(reply.int("streak") == 1)
        #expect(reply.int("points") == 1000)
        #expect(reply.int("score") == 2000)
    }

    @Test func answerErrors() throws {
        let (h, code, c1, c2, clock) = try race()
        let codeOf = { (client: HarnessClient, line: String) in try client.step(line).messages(to: client).map { $0.code ?? "ok" } }
        #expect(try codeOf(c2, "14") == ["no_question"])   // lobby
        try c1.step("/start")
        #expect(try codeOf(c2, "fourteen") == ["bad_answer"])
        #expect(try codeOf(c2, "/answer") == ["bad_answer"])
        #expect(try codeOf(c2, "1 4") == ["bad_answer"])
        // A bad answer does not use up the attempt; numbers compare as whole numbers.
        let ok = try c2.step("/answer  +014 ").messages(to: c2)[0]
        #expect(ok.bool("correct") == true)
        #expect(try codeOf(c2, "14") == ["already_answered"])
        #expect(try codeOf(c2, "fourteen") == ["already_answered"])
        // A late joiner plays from the next question.
        let (c3, joined3) = try h.join("Cy", code)
        let late = joined3
        #expect(late.string("state") == "running")
        #expect(try codeOf(c3, "14") == ["no_question"])
        // Ann's answer closes the round: Cy is not waited for.
        let next = try c1.step("14").messages(to: c3)
        #expect(next.map(\.type) == ["round_end", "question"])
        #expect(next[0].results.map { String($0.prefix(while: { $0 != " " })) } == ["Ann", "Bob"])
        #expect(try codeOf(c3, "21") == ["ok"])
    }

    @Test func aHostWhoDoesNotPlayCannotAnswer() throws {
        let (h, _, c1, c2, clock) = try race("table=7 max=4 rounds=3 time=10 gap=0 countdown=0 play=no")
        try c1.step("/start")
        #expect(try c1.step("14").messages(to: c1).map { $0.code ?? "ok" } == ["not_playing"])
        // Bob alone completes the round.
        #expect(try c2.step("14").messages(to: c1).map(\.type) == ["progress", "round_end", "question"])
    }

    @Test func lateJoinCanBeRefused() throws {
        let (h, code, c1, c2, clock) = try race("table=7 max=4 rounds=3 time=10 gap=0 countdown=0 late=no")
        try c1.step("/start")
        let (c3, joined3) = try h.join("Cy", code)
        #expect(joined3.code == "wrong_state")
    }

    @Test func lastRoundEndsTheGameAndTheRoomIsBackInItsLobby() throws {
        let (h, code, c1, c2, clock) = try race("table=7 max=4 rounds=2 time=10 gap=0 countdown=0")
        try c1.step("/start")
        try c1.step("14")
        try c2.step("14")
        clock.setTime(1_000)
        try c1.step("21")
        let effects = try c2.step("0")
        let msgs = effects.messages(to: c2)
        #expect(msgs.map(\.type) == ["ok", "round_end", "game_end"])
        let end = msgs[2]
        #expect(end.string("game") == "\(code)-1")
        #expect(end.standings == ["1 Ann 2050", "2 Bob 1000"])
        #expect(end.line == #"{"type":"game_end","standings":[{"rank":1,"name":"Ann","score":2050},{"rank":2,"name":"Bob","score":1000}],"game":"\#(code)-1"}"#)
        #expect(clock.core.nextDeadline() == nil)
        #expect(clock.advance(to: 1_000_000).isEmpty)
        let rooms = try c2.step("/rooms").messages(to: c2)[0]
        #expect(rooms.list("rooms").first?["state"] as? String == "lobby")
        #expect(try c2.step("14").messages(to: c2).first?.code == "no_question")
        // Another game: scores reset, the same seed gives the same first question, a new game id.
        let again = try c1.step("/start").messages(to: c1)
        #expect(again.map(\.type) == ["ok", "question"])
        #expect(again[1].string("text") == "7 x 2")
        #expect(again[1].int("id") == 3)   // ids are unique within the room
        #expect(try c1.step("/scores").messages(to: c1)[0].standings == ["1 Ann 0", "1 Bob 0"])
        let stop = try c1.step("/stop").messages(to: c1)
        #expect(stop.last?.string("game") == "\(code)-2")
    }

    /// Equal on points and on time: one place (1, 1), the rows by name (issue 38).
    @Test func equalScoresAndTimesShareAPlaceListedByName() throws {
        let (h, _, c1, c2, clock) = try race("table=7 max=4 rounds=2 time=10 gap=0 countdown=0 streak=off")
        try c1.step("/start")
        clock.setTime(1_000)
        try c2.step("14")     // Bob 950 (1000 ms)
        clock.setTime(2_000)
        try c1.step("14")     // Ann 900 (2000 ms); round 2 opens at 2000
        clock.setTime(4_000)
        try c1.step("21")     // Ann 900 (2000 ms): 1800 in 4000 ms
        clock.setTime(5_000)
        let end = try c2.step("21").messages(to: c1)   // Bob 850 (3000 ms): 1800 in 4000 ms
        #expect(end.map(\.type) == ["progress", "round_end", "game_end"])
        #expect(end.last?.standings == ["1 Ann 1800", "1 Bob 1800"])
    }

    @Test func equalScoresGoToTheFasterCorrectTimeBeforeTheName() throws {
        let (h, _, c1, c2, clock) = try race("table=7 max=4 rounds=1 time=10 gap=0 countdown=0")
        try c1.step("/start")
        try c2.step("14")     // Bob at 0 ms: 1000
        clock.setTime(9)
        try c1.step("14")     // Ann at 9 ms: 999.55, also 1000
        #expect(try c1.step("/scores").messages(to: c1)[0].standings == ["1 Bob 1000", "2 Ann 1000"])
    }

    @Test func tickAtEachDeadlineWalksThroughTheGame() throws {
        let (h, _, c1, c2, clock) = try race("table=7 max=4 rounds=3 time=1 gap=2 countdown=1")
        try c1.step("/start")
        var types: [String] = []
        var deadlines: [Millis] = []
        while let next = clock.core.nextDeadline() {
            deadlines.append(next)
            types += clock.advance(to: next).messages(to: c2).map(\.type)
        }
        #expect(deadlines == [1_000, 2_000, 4_000, 5_000, 7_000, 8_000])
        #expect(types == ["question", "round_end", "question", "round_end", "question", "round_end", "game_end"])
    }

    /// A late tick opens the question when it is really sent, so players still get the full time.
    @Test func aLateTickTimesTheQuestionFromTheTick() throws {
        let (h, _, c1, c2, clock) = try race("table=7 max=4 rounds=3 time=1 gap=2 countdown=1")
        try c1.step("/start")
        #expect(clock.advance(to: 5_000).messages(to: c2).map(\.type) == ["question"])
        #expect(clock.core.nextDeadline() == 6_000)
        clock.setTime(5_500)
        #expect(try c2.step("14").messages(to: c2).first?.int("points") == 750)
    }

    @Test func gapBetweenRounds() throws {
        let (h, _, c1, c2, clock) = try race("table=7 max=4 rounds=3 time=10 gap=2.5 countdown=0")
        try c1.step("/start")
        clock.setTime(1_000)
        try c1.step("14")
        let end = try c2.step("14").messages(to: c2)
        #expect(end.map(\.type) == ["ok", "round_end"])
        #expect(clock.core.nextDeadline() == 3_500)
        #expect(clock.advance(to: 3_499).isEmpty)
        let q = clock.advance(to: 3_500).messages(to: c2)
        #expect(q.map(\.type) == ["question"])
        #expect(clock.core.nextDeadline() == 13_500)
    }

    @Test func hostCommandsDuringTheGame() throws {
        let (h, _, c1, c2, clock) = try race("table=7 max=4 rounds=3 time=10 gap=5 countdown=0")
        let codeOf = { (client: HarnessClient, line: String) in try client.step(line).messages(to: client).map { $0.code ?? "ok" } }
        #expect(try codeOf(c1, "/skip") == ["no_question"])
        #expect(try codeOf(c1, "/stop") == ["wrong_state"])
        try c1.step("/start")
        #expect(try codeOf(c1, "/start") == ["wrong_state"])
        #expect(try codeOf(c2, "/skip") == ["not_host"])
        #expect(try codeOf(c2, "/stop") == ["not_host"])
        #expect(clock.core.nextDeadline() == 10_000)   // untouched by the refused commands

        clock.setTime(400)
        try c2.step("14")
        let skip = try c1.step("/skip")
        let toAnn = skip.messages(to: c1)
        #expect(toAnn.map(\.type) == ["ok", "round_end"])
        #expect(toAnn[0].line == #"{"type":"ok","cmd":"skip"}"#)
        #expect(toAnn[1].results == ["Ann false 0 -", "Bob true 980 400"])
        #expect(clock.core.nextDeadline() == 5_400)
        #expect(try codeOf(c1, "/skip") == ["no_question"])   // in the gap

        let stop = try c1.step("/stop").messages(to: c2)
        #expect(stop.map(\.type) == ["game_end"])
        #expect(stop[0].standings == ["1 Bob 980", "2 Ann 0"])
        #expect(clock.core.nextDeadline() == nil)
    }

    @Test func stopDuringAnOpenQuestionSendsNoRoundEnd() throws {
        let (h, _, c1, c2, clock) = try race()
        try c1.step("/start")
        let msgs = try c1.step("/stop").messages(to: c2)
        #expect(msgs.map(\.type) == ["game_end"])
        #expect(clock.advance(to: 100_000).isEmpty)
    }

    // MARK: Replies and rendering

    /// Every command or answer line gets exactly one reply, and it precedes any event it caused.
    @Test func everyLineGetsExactlyOneReplyBeforeItsEvents() throws {
        let (h, code, c1, c2, clock) = try race("table=7 max=4 rounds=3 time=10 gap=0 countdown=0")
        let script: [(UInt64, String, String)] = [
            (2, "/who", "who"), (2, "/scores", "scores"), (2, "/start", "start"), (2, "14", "answer"),
            (1, "/start", "start"), (1, "/start", "start"), (2, "abc", "answer"), (2, "14", "answer"),
            (2, "14", "answer"), (2, "/ping", "ping"), (1, "/SKIP", "skip"), (2, "/nope", "nope"),
            (1, "21", "answer"), (2, "/answer 21", "answer"), (1, "/kick Bob", "kick"), (2, "/join \(code) Bob", "join"),
            (1, "/stop", "stop"), (1, "/stop", "stop"), (2, "/leave", "leave"), (2, "/leave", "leave"),
            (2, "/format text", "format"), (2, "/help", "help"), (2, "/rooms", "rooms"), (2, "/quit", "quit"),
        ]
        let clients: [UInt64: HarnessClient] = [1: c1, 2: c2]
        for (n, line, verb) in script {
            clock.setTime(clock.now + 10)
            let client = try #require(clients[n])
            let effects = try client.step(line)
            let sends = effects.sends
            #expect(sends.first?.to == [client.connection], "\(line): the reply is not the first effect")
            // The reply is the only message of its kind for the sender: json sender, count ok/error.
            if line == "/format text" || line == "/help" || line == "/rooms" || line == "/quit" {
                #expect(sends.filter { $0.to.contains(client.connection) }.count == 1, "\(line)")
                continue
            }
            let msgs = effects.messages(to: client)
            #expect(msgs.replies.count == 1, "\(line): \(msgs)")
            #expect(msgs.first?.isReply == true, "\(line): \(msgs)")
            #expect(msgs.first?.cmd == verb, "\(line): \(msgs)")
        }
    }

    @Test func broadcastsRenderOncePerFormat() throws {
        let (h, code, c1, c2, clock) = try race()                 // Ann and Bob: json
        let c3 = try h.connect()                           // Cy: text
        try c3.step("/join \(code) Cy")
        let effects = try c1.step("/start")
        let sends = effects.sends
        #expect(sends.count == 3)              // the reply, then the question once per format
        #expect(sends.map(\.to) == [[c1.connection], [c1.connection, c2.connection], [c3.connection]])
        #expect(sends[1].string == #"{"type":"question","id":1,"round":1,"rounds":3,"text":"7 x 2","time_ms":10000,"game":"times"}"# + "\n")
        #expect(sends[2].string == "Question 1/3:   7 x 2 = ?   (10 s)\n")

        // The text player's answer reply reads as a sentence.
        clock.setTime(1_234)
        #expect(try c3.step("14").text(to: c3) == "Right! +938 points (score 938, streak 1).\n")
        clock.setTime(2_000)
        #expect(try c1.step("15").messages(to: c1).first?.bool("correct") == false)

        let timeout = clock.advance(to: 10_000).sends
        // round_end and question 2, each rendered once per format, shared by all recipients.
        #expect(timeout.map(\.to) == [[c1.connection, c2.connection], [c3.connection],
                                      [c1.connection, c2.connection], [c3.connection]])
        #expect(timeout[1].string == """
            Time! 7 x 2 = 14
              Cy    right        +938  1.2 s
              Ann   wrong          +0  2.0 s
              Bob   no answer      +0
            Standings:
                1. Cy      938
                2. Ann       0
                2. Bob       0

            """)
    }

    @Test func aRoomInOneFormatGetsOneSendPerEvent() throws {
        let (h, code, c1, c2, clock) = try race()
        let (c3, _) = try h.join("Cy", code)
        let sends = try c1.step("/start").sends
        #expect(sends.count == 2)
        #expect(sends[1].to == [c1.connection, c2.connection, c3.connection])
    }

    // MARK: Dropping and coming back

    @Test func aPlayerWhoDropsKeepsTheSeatAndRejoinsWithScoreAndStreak() throws {
        let (h, code, c1, c2, clock) = try race("table=7 max=4 rounds=3 time=10 gap=0 countdown=0")
        let (c3, joined3) = try h.join("Cy", code)
        let token = joined3.string("token") ?? ""
        try c1.step("/start")
        try c1.step("14")
        try c2.step("14")
        try c3.step("14")          // Cy: 1000, streak 1; round 2 opens
        let drop = try c3.stepDisconnect()
        #expect(drop.messages(to: c1).map(\.line)
                == [#"{"type":"left","room":"\#(code)","name":"Cy","players":3,"reason":"disconnected"}"#])
        let who = try c1.step("/who").messages(to: c1)[0]
        #expect(who.list("players").compactMap { JSONValue.bool($0["connected"]) } == [true, true, false])

        let c7 = try h.connect()
        try c7.step("/format json")
        let effects = try c7.step("/rejoin \(code.lowercased()) \(token)")
        let r = effects.messages(to: c7)
        #expect(r.count == 2)
        #expect(r[0].cmd == "rejoin")
        #expect(r[1].type == "question" && r[1].string("text") == "7 x 3", "the open question comes again")
        #expect(r[0].string("name") == "Cy")
        #expect(r[0].int("score") == 1000)
        #expect(r[0].string("state") == "running")
        #expect(effects.messages(to: c1).map(\.line) == [#"{"type":"joined","room":"\#(code)","name":"Cy","players":3}"#])
        // Still a participant of the open round, with the streak kept.
        let answer = try c7.step("21").messages(to: c7)[0]
        #expect(answer.int("streak") == 2)
        #expect(answer.int("points") == 1100)
        #expect(answer.int("score") == 2100)
    }

    @Test func seatsOfPlayersStillAwayAreReleasedWhenTheGameEnds() throws {
        let (h, code, c1, c2, clock) = try race()
        let (c3, joined3) = try h.join("Cy", code)
        let token = joined3.string("token") ?? ""
        try c1.step("/start")
        try c3.stepDisconnect()
        try c1.step("/stop")
        let who = try c1.step("/who").messages(to: c1)[0]
        #expect(who.list("players").map { $0["name"] as? String } == ["Ann", "Bob"])
        let c7 = try h.jsonClient()
        #expect(try c7.step("/rejoin \(code) \(token)").messages(to: c7).first?.code == "bad_token")
    }

    /// Issue 27: nobody inherits the host's role; the game waits for the host after the open round.
    @Test func theHostDroppingMidGameLeavesNoHostAndTheGameWaitsAfterTheRound() throws {
        let (h, _, c1, c2, clock) = try race()
        try c1.step("/start")
        let drop = try c1.stepDisconnect().messages(to: c2)
        #expect(drop.map(\.type) == ["left", "host_away"])
        #expect(clock.core.nextDeadline() == 10_000)
        // Bob, the only one connected, completes the round by answering; the next one waits.
        #expect(try c2.step("14").messages(to: c2).map(\.type) == ["ok", "round_end"])
        #expect(try c2.step("/stop").messages(to: c2).map(\.code) == ["not_host"])
    }

    @Test func aGameEveryoneDroppedOutOfEndsByItselfAndItsRoomCloses() throws {
        var config = ServerConfig()
        config.emptyRoomTimeout = 60_000
        let (h, _, c1, c2, clock) = try race(config: config)
        try c1.step("/start")
        clock.setTime(1_000)
        try c1.stepDisconnect()
        try c2.stepDisconnect()
        #expect(clock.core.roomCount == 1)                 // seats are kept while the game runs
        #expect(clock.core.nextDeadline() == 10_000)       // the round still times out first
        for t: Millis in [10_000, 20_000] {
            #expect(clock.advance(to: t).sends.isEmpty)  // nobody to tell; the game runs out (and is recorded)
            #expect(clock.core.roomCount == 1)
        }
        // Nobody hosts, so the game waits after its first round (issue 27) until, 30 s after the
        // last one went, it ends, which releases every seat: nobody can come back, so the room goes.
        #expect(clock.advance(to: 30_000).sends.isEmpty)
        #expect(clock.core.roomCount == 1)
        #expect(clock.advance(to: 31_000).sends.isEmpty)
        #expect(clock.core.roomCount == 0)
        #expect(clock.core.nextDeadline() == nil)
    }

    /// A game everyone dropped out of ends `abandonedGameTimeout` after the last one went (as
    /// if stopped), so a class that went home does not keep writing "no answer" rows; its kept
    /// seats go with it, and so does the room.
    @Test func aGameWithNobodyConnectedEndsAfterTheGraceAndTheRoomCloses() throws {
        var config = ServerConfig()
        config.emptyRoomTimeout = 60_000
        config.abandonedGameTimeout = 30_000
        let (h, _, c1, c2, clock) = try race("table=7 max=4 rounds=20 time=10 gap=0 countdown=0 seed=1", config: config)
        try c1.step("/start")
        clock.setTime(1_000)
        try c1.stepDisconnect()
        try c2.stepDisconnect()
        for t: Millis in [10_000, 20_000, 30_000] {
            #expect(clock.advance(to: t).sends.isEmpty)
        }
        #expect(clock.core.roomCount == 1)
        #expect(clock.core.nextDeadline() == 31_000)
        let end = clock.advance(to: 31_000)
        let records = end.compactMap { effect -> GameRecord? in
            if case .record(let record) = effect { return record }
            return nil
        }
        #expect(records.contains { if case .gameEnded(_, _, let stopped) = $0 { stopped } else { false } })
        #expect(clock.core.roomCount == 0)
        #expect(clock.core.nextDeadline() == nil)
        // Nothing more is recorded for it.
        #expect(clock.advance(to: 41_000).isEmpty)
    }

    @Test func shutdownTellsEveryoneOnceThenClosesEachConnection() throws {
        let (h, _, c1, c2, clock) = try race()
        let c3 = try h.connect()
        let effects = Step(effects: clock.core.shutdown(message: "bye"))
        let sends = effects.sends
        #expect(sends.map(\.to) == [[c1.connection, c2.connection], [c3.connection]])
        #expect(sends[0].string == #"{"type":"shutdown","message":"bye"}"# + "\n")
        #expect(sends[1].string == "Server: bye\n")
        #expect(effects.closes == [c1.connection, c2.connection, c3.connection])
        #expect(try c1.step("/ping").isEmpty)
    }
}
