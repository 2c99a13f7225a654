import Foundation
import Testing
@testable import ChalklineCore

/// A times race driven end to end with synthetic time: Ann (1) hosts and plays, Bob (2) plays.
private func race(_ options: String = "table=7 max=4 rounds=3 time=10 gap=0 countdown=0 seed=1",
                  config: ServerConfig = ServerConfig()) -> (Harness, String) {
    let h = Harness(config: config)
    let code = h.room(options)
    h.join(2, "Bob", code)
    return (h, code)
}

@Suite("ServerCore: the times race")
struct ServerCoreRaceTests {
    @Test func startWithNoCountdownRepliesThenOpensTheFirstQuestion() {
        let (h, _) = race()
        h.now = 1_000
        let sends = Harness.sends(h.line(1, "/start"))
        #expect(sends.map(\.to) == [[ConnectionID(1)], [ConnectionID(1), ConnectionID(2)]])
        #expect(sends.map(\.string) == [
            #"{"type":"ok","cmd":"start"}"# + "\n",
            #"{"type":"question","id":1,"round":1,"rounds":3,"text":"7 x 2","time_ms":10000,"game":"times"}"# + "\n",
        ])
        #expect(h.core.nextDeadline() == 11_000)
    }

    @Test func countdownThenFirstQuestionOnTick() {
        let (h, _) = race("table=7 max=4 rounds=3 time=10 gap=0 countdown=3")
        h.now = 500
        let start = h.line(1, "/start")
        #expect(Harness.messages(start, to: 2).map(\.line) == [#"{"type":"countdown","seconds":3.0}"#])
        #expect(Harness.messages(start, to: 1).map(\.type) == ["ok", "countdown"])
        #expect(h.core.nextDeadline() == 3_500)
        #expect(h.tick(3_499).isEmpty)
        let q = Harness.messages(h.tick(3_500), to: 2)
        #expect(q.map(\.type) == ["question"])
        #expect(q.first?.int("id") == 1)
        #expect(h.core.nextDeadline() == 13_500)
        // Answer time counts from the question, not from /start.
        h.now = 4_500
        #expect(Harness.messages(h.line(2, "14"), to: 2).first?.int("points") == 950)
    }

    @Test func answersEarnTheExactPointsAndTheLastAnswerClosesTheRound() {
        let (h, _) = race()
        h.now = 1_000
        h.line(1, "/start")

        h.now = 3_650   // 2650 ms: 1000 * (1 - 2650/20000) = 867.5, rounded up
        let bob = h.line(2, "14")
        // Bob's reply, and a progress line for Ann's screen: she hosts the room.
        #expect(Harness.sends(bob).count == 2)
        #expect(Harness.messages(bob, to: 1).map(\.type) == ["progress"])
        #expect(Harness.messages(bob, to: 2).map(\.line)
                == [#"{"type":"ok","cmd":"answer","id":1,"correct":true,"points":868,"score":868,"streak":1}"#])

        h.now = 4_000
        let ann = h.line(1, "15")
        let toAnn = Harness.messages(ann, to: 1)
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
        #expect(h.core.nextDeadline() == 14_000)
        // Bob got the same events, without Ann's reply.
        #expect(Harness.messages(ann, to: 2).map(\.type) == ["round_end", "question"])

        let scores = Harness.messages(h.line(2, "/scores"), to: 2)[0]
        #expect(scores.standings == ["1 Bob 868", "2 Ann 0"])
        #expect(scores.line.hasPrefix(#"{"type":"ok","cmd":"scores","standings":[{"rank":1,"name":"Bob","score":868}"#))
    }

    @Test func aWrongAnswerNeverRevealsTheRightOne() {
        let (h, _) = race()
        h.line(1, "/start")
        let reply = Harness.messages(h.line(2, "15"), to: 2)
        #expect(reply.count == 1)
        #expect(reply[0].object["answer"] == nil)
        #expect(!reply[0].line.contains("14"))
    }

    @Test func roundEndsOnTimeoutViaTick() {
        let (h, _) = race()
        h.now = 0
        h.line(1, "/start")
        #expect(h.core.nextDeadline() == 10_000)
        #expect(h.tick(9_999).isEmpty)
        let effects = h.tick(10_000)
        let msgs = Harness.messages(effects, to: 2)
        #expect(msgs.map(\.type) == ["round_end", "question"])
        #expect(msgs[0].results == ["Ann false 0 -", "Bob false 0 -"])
        #expect(msgs[0].line.contains(#"{"name":"Ann","correct":false,"points":0,"ms":null}"#))
        #expect(msgs[0].standings == ["1 Ann 0", "2 Bob 0"])
        #expect(msgs[1].int("id") == 2)
        #expect(h.core.nextDeadline() == 20_000)
    }

    @Test func answerAtTheLimitScores500AndAfterItTheRoundIsOver() {
        let (h, _) = race()
        h.line(1, "/start")
        h.now = 10_000
        // Read at the very deadline, before the shell's tick: still in time, the minimum.
        #expect(Harness.messages(h.line(2, "14"), to: 2).first?.int("points") == 500)
        let end = Harness.messages(h.tick(10_000), to: 2)
        #expect(end.first?.results == ["Ann false 0 -", "Bob true 500 10000"])
    }

    /// One millisecond late, read before the shell's timer fired: not judged, and the round
    /// closes there and then (the reply first, then `round_end`).
    @Test func anAnswerPastTheLimitIsTooLateEvenBeforeTheTick() {
        let (h, _) = race()
        h.line(1, "/start")
        h.now = 10_001
        let msgs = Harness.messages(h.line(2, "14"), to: 2)
        #expect(msgs.first?.code == "no_question")
        #expect(msgs.dropFirst().first?.type == "round_end")
        #expect(msgs.dropFirst().first?.results == ["Ann false 0 -", "Bob false 0 -"])
    }

    @Test func onlyConnectedParticipantsAreWaitedFor() {
        let (h, code) = race()
        h.join(3, "Cy", code)
        h.line(1, "/start")
        h.now = 100
        h.line(1, "14")
        h.disconnect(3)   // Cy drops: the round no longer waits for him...
        h.now = 200
        let msgs = Harness.messages(h.line(2, "14"), to: 2)
        #expect(msgs.map(\.type) == ["ok", "round_end", "question"])
        // ...but he still appears in the round's results, with no answer.
        #expect(msgs[1].results == ["Ann true 995 100", "Bob true 990 200", "Cy false 0 -"])
    }

    @Test func streakBonusGrowsAndAWrongAnswerResetsIt() {
        let (h, _) = race("table=7 max=12 rounds=4 time=10 gap=0 countdown=0 play=no")
        var points: [Int] = []
        var streaks: [Int] = []
        let answers = ["14", "21", "0", "35"]   // right, right, wrong, right
        h.line(1, "/start")
        for answer in answers {
            let reply = Harness.messages(h.line(2, answer), to: 2)[0]
            points.append(reply.int("points") ?? -1)
            streaks.append(reply.int("streak") ?? -1)
        }
        #expect(points == [1000, 1100, 0, 1000])
        #expect(streaks == [1, 2, 0, 1])
    }

    @Test func streakBonusCapsAt500() {
        let (h, _) = race("table=7 max=12 rounds=8 time=10 gap=0 countdown=0 play=no")
        h.line(1, "/start")
        var points: [Int] = []
        for m in 2...9 {
            points.append(Harness.messages(h.line(2, "\(7 * m)"), to: 2)[0].int("points") ?? -1)
        }
        #expect(points == [1000, 1100, 1200, 1300, 1400, 1500, 1500, 1500])
    }

    @Test func streakOffGivesSpeedPointsOnly() {
        let (h, _) = race("table=7 max=4 rounds=3 time=10 gap=0 countdown=0 play=no streak=off")
        h.line(1, "/start")
        let points = ["14", "21", "28"].map { Harness.messages(h.line(2, $0), to: 2)[0].int("points") ?? -1 }
        #expect(points == [1000, 1000, 1000])
    }

    @Test func missingARoundResetsTheStreak() {
        let (h, _) = race("table=7 max=4 rounds=3 time=10 gap=0 countdown=0 play=no")
        h.line(1, "/start")
        #expect(Harness.messages(h.line(2, "14"), to: 2)[0].int("streak") == 1)
        h.tick(10_000)   // round 2 times out unanswered
        h.now = 10_000
        let reply = Harness.messages(h.line(2, "28"), to: 2)[0]
        #expect(reply.int("streak") == 1)
        #expect(reply.int("points") == 1000)
        #expect(reply.int("score") == 2000)
    }

    @Test func answerErrors() {
        let (h, code) = race()
        let codeOf = { (n: UInt64, line: String) in Harness.messages(h.line(n, line), to: n).map { $0.code ?? "ok" } }
        #expect(codeOf(2, "14") == ["no_question"])   // lobby
        h.line(1, "/start")
        #expect(codeOf(2, "fourteen") == ["bad_answer"])
        #expect(codeOf(2, "/answer") == ["bad_answer"])
        #expect(codeOf(2, "1 4") == ["bad_answer"])
        // A bad answer does not use up the attempt; numbers compare as whole numbers.
        let ok = Harness.messages(h.line(2, "/answer  +014 "), to: 2)[0]
        #expect(ok.bool("correct") == true)
        #expect(codeOf(2, "14") == ["already_answered"])
        #expect(codeOf(2, "fourteen") == ["already_answered"])
        // A late joiner plays from the next question.
        let late = h.join(3, "Cy", code)
        #expect(late.string("state") == "running")
        #expect(codeOf(3, "14") == ["no_question"])
        // Ann's answer closes the round: Cy is not waited for.
        let next = Harness.messages(h.line(1, "14"), to: 3)
        #expect(next.map(\.type) == ["round_end", "question"])
        #expect(next[0].results.map { String($0.prefix(while: { $0 != " " })) } == ["Ann", "Bob"])
        #expect(codeOf(3, "21") == ["ok"])
    }

    @Test func aHostWhoDoesNotPlayCannotAnswer() {
        let (h, _) = race("table=7 max=4 rounds=3 time=10 gap=0 countdown=0 play=no")
        h.line(1, "/start")
        #expect(Harness.messages(h.line(1, "14"), to: 1).map { $0.code ?? "ok" } == ["not_playing"])
        // Bob alone completes the round.
        #expect(Harness.messages(h.line(2, "14"), to: 1).map(\.type) == ["progress", "round_end", "question"])
    }

    @Test func lateJoinCanBeRefused() {
        let (h, code) = race("table=7 max=4 rounds=3 time=10 gap=0 countdown=0 late=no")
        h.line(1, "/start")
        #expect(h.join(3, "Cy", code).code == "wrong_state")
    }

    @Test func lastRoundEndsTheGameAndTheRoomIsBackInItsLobby() {
        let (h, code) = race("table=7 max=4 rounds=2 time=10 gap=0 countdown=0")
        h.line(1, "/start")
        h.line(1, "14")
        h.line(2, "14")
        h.now = 1_000
        h.line(1, "21")
        let effects = h.line(2, "0")
        let msgs = Harness.messages(effects, to: 2)
        #expect(msgs.map(\.type) == ["ok", "round_end", "game_end"])
        let end = msgs[2]
        #expect(end.string("game") == "\(code)-1")
        #expect(end.standings == ["1 Ann 2050", "2 Bob 1000"])
        #expect(end.line == #"{"type":"game_end","standings":[{"rank":1,"name":"Ann","score":2050},{"rank":2,"name":"Bob","score":1000}],"game":"\#(code)-1"}"#)
        #expect(h.core.nextDeadline() == nil)
        #expect(h.tick(1_000_000).isEmpty)
        let rooms = Harness.messages(h.line(2, "/rooms"), to: 2)[0]
        #expect(rooms.list("rooms").first?["state"] as? String == "lobby")
        #expect(Harness.messages(h.line(2, "14"), to: 2).first?.code == "no_question")
        // Another game: scores reset, the same seed gives the same first question, a new game id.
        let again = Harness.messages(h.line(1, "/start"), to: 1)
        #expect(again.map(\.type) == ["ok", "question"])
        #expect(again[1].string("text") == "7 x 2")
        #expect(again[1].int("id") == 3)   // ids are unique within the room
        #expect(Harness.messages(h.line(1, "/scores"), to: 1)[0].standings == ["1 Ann 0", "2 Bob 0"])
        let stop = Harness.messages(h.line(1, "/stop"), to: 1)
        #expect(stop.last?.string("game") == "\(code)-2")
    }

    @Test func equalScoresAndTimesRankByName() {
        let (h, _) = race("table=7 max=4 rounds=2 time=10 gap=0 countdown=0 streak=off")
        h.line(1, "/start")
        h.now = 1_000
        h.line(2, "14")     // Bob 950 (1000 ms)
        h.now = 2_000
        h.line(1, "14")     // Ann 900 (2000 ms); round 2 opens at 2000
        h.now = 4_000
        h.line(1, "21")     // Ann 900 (2000 ms): 1800 in 4000 ms
        h.now = 5_000
        let end = Harness.messages(h.line(2, "21"), to: 1)   // Bob 850 (3000 ms): 1800 in 4000 ms
        #expect(end.map(\.type) == ["progress", "round_end", "game_end"])
        #expect(end.last?.standings == ["1 Ann 1800", "2 Bob 1800"])
    }

    @Test func equalScoresGoToTheFasterCorrectTimeBeforeTheName() {
        let (h, _) = race("table=7 max=4 rounds=1 time=10 gap=0 countdown=0")
        h.line(1, "/start")
        h.line(2, "14")     // Bob at 0 ms: 1000
        h.now = 9
        h.line(1, "14")     // Ann at 9 ms: 999.55, also 1000
        #expect(Harness.messages(h.line(1, "/scores"), to: 1)[0].standings == ["1 Bob 1000", "2 Ann 1000"])
    }

    @Test func tickAtEachDeadlineWalksThroughTheGame() {
        let (h, _) = race("table=7 max=4 rounds=3 time=1 gap=2 countdown=1")
        h.line(1, "/start")
        var types: [String] = []
        var deadlines: [Millis] = []
        while let next = h.core.nextDeadline() {
            deadlines.append(next)
            types += Harness.messages(h.tick(next), to: 2).map(\.type)
        }
        #expect(deadlines == [1_000, 2_000, 4_000, 5_000, 7_000, 8_000])
        #expect(types == ["question", "round_end", "question", "round_end", "question", "round_end", "game_end"])
    }

    /// A late tick opens the question when it is really sent, so players still get the full time.
    @Test func aLateTickTimesTheQuestionFromTheTick() {
        let (h, _) = race("table=7 max=4 rounds=3 time=1 gap=2 countdown=1")
        h.line(1, "/start")
        #expect(Harness.messages(h.tick(5_000), to: 2).map(\.type) == ["question"])
        #expect(h.core.nextDeadline() == 6_000)
        h.now = 5_500
        #expect(Harness.messages(h.line(2, "14"), to: 2).first?.int("points") == 750)
    }

    @Test func gapBetweenRounds() {
        let (h, _) = race("table=7 max=4 rounds=3 time=10 gap=2.5 countdown=0")
        h.line(1, "/start")
        h.now = 1_000
        h.line(1, "14")
        let end = Harness.messages(h.line(2, "14"), to: 2)
        #expect(end.map(\.type) == ["ok", "round_end"])
        #expect(h.core.nextDeadline() == 3_500)
        #expect(h.tick(3_499).isEmpty)
        let q = Harness.messages(h.tick(3_500), to: 2)
        #expect(q.map(\.type) == ["question"])
        #expect(h.core.nextDeadline() == 13_500)
    }

    @Test func hostCommandsDuringTheGame() {
        let (h, _) = race("table=7 max=4 rounds=3 time=10 gap=5 countdown=0")
        let codeOf = { (n: UInt64, line: String) in Harness.messages(h.line(n, line), to: n).map { $0.code ?? "ok" } }
        #expect(codeOf(1, "/skip") == ["no_question"])
        #expect(codeOf(1, "/stop") == ["wrong_state"])
        h.line(1, "/start")
        #expect(codeOf(1, "/start") == ["wrong_state"])
        #expect(codeOf(2, "/skip") == ["not_host"])
        #expect(codeOf(2, "/stop") == ["not_host"])
        #expect(h.core.nextDeadline() == 10_000)   // untouched by the refused commands

        h.now = 400
        h.line(2, "14")
        let skip = h.line(1, "/skip")
        let toAnn = Harness.messages(skip, to: 1)
        #expect(toAnn.map(\.type) == ["ok", "round_end"])
        #expect(toAnn[0].line == #"{"type":"ok","cmd":"skip"}"#)
        #expect(toAnn[1].results == ["Ann false 0 -", "Bob true 980 400"])
        #expect(h.core.nextDeadline() == 5_400)
        #expect(codeOf(1, "/skip") == ["no_question"])   // in the gap

        let stop = Harness.messages(h.line(1, "/stop"), to: 2)
        #expect(stop.map(\.type) == ["game_end"])
        #expect(stop[0].standings == ["1 Bob 980", "2 Ann 0"])
        #expect(h.core.nextDeadline() == nil)
    }

    @Test func stopDuringAnOpenQuestionSendsNoRoundEnd() {
        let (h, _) = race()
        h.line(1, "/start")
        let msgs = Harness.messages(h.line(1, "/stop"), to: 2)
        #expect(msgs.map(\.type) == ["game_end"])
        #expect(h.tick(100_000).isEmpty)
    }

    // MARK: Replies and rendering

    /// Every command or answer line gets exactly one reply, and it precedes any event it caused.
    @Test func everyLineGetsExactlyOneReplyBeforeItsEvents() {
        let (h, code) = race("table=7 max=4 rounds=3 time=10 gap=0 countdown=0")
        let script: [(UInt64, String, String)] = [
            (2, "/who", "who"), (2, "/scores", "scores"), (2, "/start", "start"), (2, "14", "answer"),
            (1, "/start", "start"), (1, "/start", "start"), (2, "abc", "answer"), (2, "14", "answer"),
            (2, "14", "answer"), (2, "/ping", "ping"), (1, "/SKIP", "skip"), (2, "/nope", "nope"),
            (1, "21", "answer"), (2, "/answer 21", "answer"), (1, "/kick Bob", "kick"), (2, "/join \(code) Bob", "join"),
            (1, "/stop", "stop"), (1, "/stop", "stop"), (2, "/leave", "leave"), (2, "/leave", "leave"),
            (2, "/format text", "format"), (2, "/help", "help"), (2, "/rooms", "rooms"), (2, "/quit", "quit"),
        ]
        for (n, line, verb) in script {
            h.now += 10
            let effects = h.line(n, line)
            let sends = Harness.sends(effects)
            #expect(sends.first?.to == [ConnectionID(n)], "\(line): the reply is not the first effect")
            // The reply is the only message of its kind for the sender: json sender, count ok/error.
            if line == "/format text" || line == "/help" || line == "/rooms" || line == "/quit" {
                #expect(sends.filter { $0.to.contains(ConnectionID(n)) }.count == 1, "\(line)")
                continue
            }
            let msgs = Harness.messages(effects, to: n)
            #expect(msgs.replies.count == 1, "\(line): \(msgs)")
            #expect(msgs.first?.isReply == true, "\(line): \(msgs)")
            #expect(msgs.first?.cmd == verb, "\(line): \(msgs)")
        }
    }

    @Test func broadcastsRenderOncePerFormat() {
        let (h, code) = race()                 // Ann and Bob: json
        h.connect(3)                           // Cy: text
        h.line(3, "/join \(code) Cy")
        let effects = h.line(1, "/start")
        let sends = Harness.sends(effects)
        #expect(sends.count == 3)              // the reply, then the question once per format
        #expect(sends.map(\.to) == [[ConnectionID(1)], [ConnectionID(1), ConnectionID(2)], [ConnectionID(3)]])
        #expect(sends[1].string == #"{"type":"question","id":1,"round":1,"rounds":3,"text":"7 x 2","time_ms":10000,"game":"times"}"# + "\n")
        #expect(sends[2].string == "Question 1/3:   7 x 2 = ?   (10 s)\n")

        // The text player's answer reply reads as a sentence.
        h.now = 1_234
        #expect(Harness.text(h.line(3, "14"), to: 3) == "Right! +938 points (score 938, streak 1).\n")
        h.now = 2_000
        #expect(Harness.messages(h.line(1, "15"), to: 1).first?.bool("correct") == false)

        let timeout = Harness.sends(h.tick(10_000))
        // round_end and question 2, each rendered once per format, shared by all recipients.
        #expect(timeout.map(\.to) == [[ConnectionID(1), ConnectionID(2)], [ConnectionID(3)],
                                      [ConnectionID(1), ConnectionID(2)], [ConnectionID(3)]])
        #expect(timeout[1].string == """
            Time! 7 x 2 = 14
              Cy    right        +938  1.2 s
              Ann   wrong          +0  2.0 s
              Bob   no answer      +0
            Standings:
                1. Cy      938
                2. Ann       0
                3. Bob       0

            """)
    }

    @Test func aRoomInOneFormatGetsOneSendPerEvent() {
        let (h, code) = race()
        h.join(3, "Cy", code)
        let sends = Harness.sends(h.line(1, "/start"))
        #expect(sends.count == 2)
        #expect(sends[1].to == [ConnectionID(1), ConnectionID(2), ConnectionID(3)])
    }

    // MARK: Dropping and coming back

    @Test func aPlayerWhoDropsKeepsTheSeatAndRejoinsWithScoreAndStreak() {
        let (h, code) = race("table=7 max=4 rounds=3 time=10 gap=0 countdown=0")
        let token = h.join(3, "Cy", code).string("token") ?? ""
        h.line(1, "/start")
        h.line(1, "14")
        h.line(2, "14")
        h.line(3, "14")          // Cy: 1000, streak 1; round 2 opens
        let drop = h.disconnect(3)
        #expect(Harness.messages(drop, to: 1).map(\.line)
                == [#"{"type":"left","room":"\#(code)","name":"Cy","players":3,"reason":"disconnected"}"#])
        let who = Harness.messages(h.line(1, "/who"), to: 1)[0]
        #expect(who.list("players").compactMap { Msg.bool($0["connected"]) } == [true, true, false])

        h.connect(7)
        h.line(7, "/format json")
        let effects = h.line(7, "/rejoin \(code.lowercased()) \(token)")
        let r = Harness.messages(effects, to: 7)
        #expect(r.count == 2)
        #expect(r[0].cmd == "rejoin")
        #expect(r[1].type == "question" && r[1].string("text") == "7 x 3", "the open question comes again")
        #expect(r[0].string("name") == "Cy")
        #expect(r[0].int("score") == 1000)
        #expect(r[0].string("state") == "running")
        #expect(Harness.messages(effects, to: 1).map(\.line) == [#"{"type":"joined","room":"\#(code)","name":"Cy","players":3}"#])
        // Still a participant of the open round, with the streak kept.
        let answer = Harness.messages(h.line(7, "21"), to: 7)[0]
        #expect(answer.int("streak") == 2)
        #expect(answer.int("points") == 1100)
        #expect(answer.int("score") == 2100)
    }

    @Test func seatsOfPlayersStillAwayAreReleasedWhenTheGameEnds() {
        let (h, code) = race()
        let token = h.join(3, "Cy", code).string("token") ?? ""
        h.line(1, "/start")
        h.disconnect(3)
        h.line(1, "/stop")
        let who = Harness.messages(h.line(1, "/who"), to: 1)[0]
        #expect(who.list("players").map { $0["name"] as? String } == ["Ann", "Bob"])
        h.jsonClient(7)
        #expect(Harness.messages(h.line(7, "/rejoin \(code) \(token)"), to: 7).first?.code == "bad_token")
    }

    /// Issue 27: nobody inherits the host's role; the game waits for the host after the open round.
    @Test func theHostDroppingMidGameLeavesNoHostAndTheGameWaitsAfterTheRound() {
        let (h, _) = race()
        h.line(1, "/start")
        let drop = Harness.messages(h.disconnect(1), to: 2)
        #expect(drop.map(\.type) == ["left", "host_away"])
        #expect(h.core.nextDeadline() == 10_000)
        // Bob, the only one connected, completes the round by answering; the next one waits.
        #expect(Harness.messages(h.line(2, "14"), to: 2).map(\.type) == ["ok", "round_end"])
        #expect(Harness.messages(h.line(2, "/stop"), to: 2).map(\.code) == ["not_host"])
    }

    @Test func aGameEveryoneDroppedOutOfEndsByItselfAndItsRoomCloses() {
        var config = ServerConfig()
        config.emptyRoomTimeout = 60_000
        let (h, _) = race(config: config)
        h.line(1, "/start")
        h.now = 1_000
        h.disconnect(1)
        h.disconnect(2)
        #expect(h.core.roomCount == 1)                 // seats are kept while the game runs
        #expect(h.core.nextDeadline() == 10_000)       // the round still times out first
        for t: Millis in [10_000, 20_000] {
            #expect(Harness.sends(h.tick(t)).isEmpty)  // nobody to tell; the game runs out (and is recorded)
            #expect(h.core.roomCount == 1)
        }
        // Nobody hosts, so the game waits after its first round (issue 27) until, 30 s after the
        // last one went, it ends, which releases every seat: nobody can come back, so the room goes.
        #expect(Harness.sends(h.tick(30_000)).isEmpty)
        #expect(h.core.roomCount == 1)
        #expect(Harness.sends(h.tick(31_000)).isEmpty)
        #expect(h.core.roomCount == 0)
        #expect(h.core.nextDeadline() == nil)
    }

    /// A game everyone dropped out of ends `abandonedGameTimeout` after the last one went (as
    /// if stopped), so a class that went home does not keep writing "no answer" rows; its kept
    /// seats go with it, and so does the room.
    @Test func aGameWithNobodyConnectedEndsAfterTheGraceAndTheRoomCloses() {
        var config = ServerConfig()
        config.emptyRoomTimeout = 60_000
        config.abandonedGameTimeout = 30_000
        let (h, _) = race("table=7 max=4 rounds=20 time=10 gap=0 countdown=0 seed=1", config: config)
        h.line(1, "/start")
        h.now = 1_000
        h.disconnect(1)
        h.disconnect(2)
        for t: Millis in [10_000, 20_000, 30_000] {
            #expect(Harness.sends(h.tick(t)).isEmpty)
        }
        #expect(h.core.roomCount == 1)
        #expect(h.core.nextDeadline() == 31_000)
        let end = h.tick(31_000)
        let records = end.compactMap { effect -> GameRecord? in
            if case .record(let record) = effect { return record }
            return nil
        }
        #expect(records.contains { if case .gameEnded(_, _, let stopped) = $0 { stopped } else { false } })
        #expect(h.core.roomCount == 0)
        #expect(h.core.nextDeadline() == nil)
        // Nothing more is recorded for it.
        #expect(h.tick(41_000).isEmpty)
    }

    @Test func shutdownTellsEveryoneOnceThenClosesEachConnection() {
        let (h, _) = race()
        h.connect(3)
        let effects = h.core.shutdown(message: "bye")
        let sends = Harness.sends(effects)
        #expect(sends.map(\.to) == [[ConnectionID(1), ConnectionID(2)], [ConnectionID(3)]])
        #expect(sends[0].string == #"{"type":"shutdown","message":"bye"}"# + "\n")
        #expect(sends[1].string == "Server: bye\n")
        #expect(Harness.closes(effects) == [ConnectionID(1), ConnectionID(2), ConnectionID(3)])
        #expect(h.line(1, "/ping").isEmpty)
    }
}
