import ChalklineTesting
import Testing
@testable import ChalklineCore

/// `/watch CODE`: a spectator hears the room's events, holds no seat and cannot answer.
@Suite struct WatchTests {
    private func room() throws -> (ServerHarness, host: HarnessClient, ann: HarnessClient, code: String) {
        let h = try ServerHarness(.inProcess)
        let host = try h.jsonClient("MsLee"), ann = try h.jsonClient("ann")
        let code = try #require(try host.command("/create times play=no countdown=0 time=2 gap=0 rounds=2 table=7").string("room"))
        _ = try ann.command("/join \(code)")
        return (h, host, ann, code)
    }

    @Test func watcherGetsTheRoomWithoutASeat() throws {
        let (h, _, _, code) = try room()
        let screen = try h.jsonClient()
        let reply = try screen.command("/watch \(code.lowercased())")
        #expect(reply.type == "ok")
        #expect(reply["room"] as? String == code)
        #expect(reply["state"] as? String == "lobby")
        #expect((reply["players"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["MsLee", "ann"])
        // Not a player: the room's list is unchanged and nobody was told someone joined.
        let who = try screen.command("/who")
        #expect((who["players"] as? [[String: Any]])?.count == 2)
    }

    @Test func theTextReplyCountsPlayersInWords() throws {
        let h = try ServerHarness(.inProcess)
        let code = try h.jsonClient("MsLee").command("/create times").string("room") ?? ""
        let screen = try h.connect()
        screen.take()
        try screen.send("/watch \(code)")
        #expect(screen.take().lines.joined(separator: "\n").contains("(times, 1 player)."))
    }

    @Test func watcherSeesTheWholeGame() throws {
        let (h, host, ann, code) = try room()
        let screen = try h.jsonClient()
        _ = try screen.command("/watch \(code)")
        let bob = try h.jsonClient("bob")
        _ = try bob.command("/join \(code)")
        #expect(screen.heard("joined").last?["name"] as? String == "bob")
        _ = try host.command("/start")
        let question = screen.heard("question")
        #expect(question.count == 1)
        #expect(question.first?["text"] as? String == "7 x 2")
        _ = try ann.command("14")
        _ = try bob.command("15")
        #expect(screen.heard("round_end").count == 1)
        h.advance(by: 2_000)
        #expect(screen.heard("round_end").count == 2)
        let end = screen.heard("game_end")
        #expect(end.count == 1)
        #expect((end.first?["standings"] as? [[String: Any]])?.first?["name"] as? String == "ann")
        _ = try host.command("/say well done")
        #expect(screen.heard("chat").count == 1)
    }

    @Test func watcherCannotAnswerOrChatOrStart() throws {
        let (h, host, ann, code) = try room()
        let screen = try h.jsonClient("proj")
        _ = try screen.command("/watch \(code)")
        _ = try host.command("/start")
        #expect(try screen.command("14").code == "not_playing")
        #expect(try screen.command("/answer 14").code == "not_playing")
        #expect(try screen.command("/say hi").code == "not_playing")
        #expect(try screen.command("/start").code == "not_in_room")
        #expect(try screen.command("/join \(code)").code == "already_in_room")
        #expect(try screen.command("/watch \(code)").code == "already_in_room")
        // The watcher's silence does not hold the round open: ann's answer alone closes it.
        _ = try ann.command("14")
        #expect(screen.heard("round_end").count == 1)
    }

    @Test func watchNeedsAnOpenRoom() throws {
        let (h, _, _, _) = try room()
        let screen = try h.jsonClient()
        #expect(try screen.command("/watch ZZZZ").code == "no_room")
        #expect(try screen.command("/watch").code == "bad_args")
    }

    @Test func leaveStopsWatching() throws {
        let (h, host, _, code) = try room()
        let screen = try h.jsonClient()
        _ = try screen.command("/watch \(code)")
        #expect(try screen.command("/leave")["room"] as? String == code)
        _ = try host.command("/say anyone?")
        #expect(screen.heard("chat").isEmpty)
        #expect(try screen.command("/who").code == "not_in_room")
    }

    @Test func aWatcherDoesNotKeepAnEmptyRoomOpen() throws {
        let (h, host, ann, code) = try room()
        let screen = try h.jsonClient()
        _ = try screen.command("/watch \(code)")
        _ = try ann.command("/leave")
        _ = try host.command("/leave")
        #expect(h.core?.roomCount == 0)
        #expect(try screen.command("/who").code == "not_in_room")
        #expect(try screen.command("/watch \(code)").code == "no_room")
    }

    @Test func aDroppedWatcherIsForgotten() throws {
        let (h, host, _, code) = try room()
        let screen = try h.jsonClient()
        _ = try screen.command("/watch \(code)")
        screen.disconnect()
        screen.forget()
        host.forget()
        _ = try host.command("/say still there?")
        #expect(screen.heard.isEmpty)
        #expect(host.heard("chat").count == 1)
    }
}

/// `progress`: the host and watchers count answers as they come in; players are not told.
@Suite struct WatchProgressTests {
    @Test func hostAndWatchersGetAProgressLinePerJudgedAnswer() throws {
        let h = try ServerHarness(.inProcess)
        let host = try h.jsonClient("MsLee"), ann = try h.jsonClient("ann"), bob = try h.jsonClient("bob")
        let code = try #require(try host.command("/create times play=no countdown=0 time=5 table=7").string("room"))
        _ = try ann.command("/join \(code)")
        _ = try bob.command("/join \(code)")
        let screen = try h.jsonClient()
        _ = try screen.command("/watch \(code)")
        _ = try host.command("/start")
        _ = try ann.command("not a number")
        #expect(host.heard("progress").isEmpty, "a bad answer is not judged")
        _ = try ann.command("14")
        for client in [host, screen] {
            let progress = client.heard("progress")
            #expect(progress.count == 1)
            #expect(progress.first?["answers"] as? Int == 1)
            #expect(progress.first?["players"] as? Int == 2)
        }
        #expect(bob.heard("progress").isEmpty)
        #expect(ann.heard("progress").isEmpty)
        _ = try bob.command("13")
        #expect(screen.heard("progress").last?["answers"] as? Int == 2)
    }

    /// Answers closer together than `progressEveryMs` share a line: the first goes at once, the
    /// latest count follows when the interval is up (the room's deadline asks the shell for a
    /// tick then), and the round's last count comes before its `round_end`.
    @Test func answersInQuickSuccessionShareAProgressLine() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let host = try h.jsonClient("MsLee")
        let players = try ["ann", "bob", "cy", "dee"].map { try h.jsonClient($0) }
        let code = try #require(try host.command("/create times play=no countdown=0 time=5 table=7").string("room"))
        for p in players { _ = try p.command("/join \(code)") }
        _ = try host.command("/start")
        _ = try players[0].command("1")
        #expect(host.heard("progress").map { $0["answers"] as? Int } == [1])
        h.advance(by: 10)
        _ = try players[1].command("2")
        h.advance(by: 10)
        _ = try players[2].command("3")
        #expect(host.heard("progress").count == 1, "two more answers within 100 ms wait")
        #expect(clock.core.nextDeadline() == clock.now - 20 + Room.progressEveryMs)
        h.advance(by: 79)
        #expect(host.heard("progress").count == 1)
        h.advance(by: 1)
        #expect(host.heard("progress").map { $0["answers"] as? Int } == [1, 3])
        h.advance(by: 10)
        _ = try players[3].command("4")
        #expect(Array(host.heard.filter(\.isJSON).types.suffix(2)) == ["progress", "round_end"])
        #expect(host.heard("progress").map { $0["answers"] as? Int } == [1, 3, 4])
    }
}
