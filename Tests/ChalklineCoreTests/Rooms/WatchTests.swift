import Testing
@testable import ChalklineCore

/// `/watch CODE`: a spectator hears the room's events, holds no seat and cannot answer.
@Suite struct WatchTests {
    private func room() -> (ChatDriver, host: ConnectionID, ann: ConnectionID, code: String) {
        let d = ChatDriver()
        let host = d.connect("MsLee"), ann = d.connect("ann")
        let code = d.send(host, "/create times play=no countdown=0 time=2 gap=0 rounds=2 table=7")["room"] as! String
        d.send(ann, "/join \(code)")
        return (d, host, ann, code)
    }

    @Test func watcherGetsTheRoomWithoutASeat() {
        let (d, _, _, code) = room()
        let screen = d.connect()
        let reply = d.send(screen, "/watch \(code.lowercased())")
        #expect(reply.type == "ok")
        #expect(reply["room"] as? String == code)
        #expect(reply["state"] as? String == "lobby")
        #expect((reply["players"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["MsLee", "ann"])
        // Not a player: the room's list is unchanged and nobody was told someone joined.
        let who = d.send(screen, "/who")
        #expect((who["players"] as? [[String: Any]])?.count == 2)
    }

    @Test func theTextReplyCountsPlayersInWords() {
        let h = Harness()
        h.jsonClient(1, name: "MsLee")
        let code = Harness.messages(h.line(1, "/create times"), to: 1).first?.string("room") ?? ""
        h.connect(2)
        #expect(Harness.text(h.line(2, "/watch \(code)"), to: 2).contains("(times, 1 player)."))
    }

    @Test func watcherSeesTheWholeGame() {
        let (d, host, ann, code) = room()
        let screen = d.connect()
        d.send(screen, "/watch \(code)")
        let bob = d.connect("bob")
        d.send(bob, "/join \(code)")
        #expect(d.events(screen, "joined").last?["name"] as? String == "bob")
        d.send(host, "/start")
        let question = d.events(screen, "question")
        #expect(question.count == 1)
        #expect(question.first?["text"] as? String == "7 x 2")
        d.send(ann, "14")
        d.send(bob, "15")
        #expect(d.events(screen, "round_end").count == 1)
        d.advance(2_000)
        #expect(d.events(screen, "round_end").count == 2)
        let end = d.events(screen, "game_end")
        #expect(end.count == 1)
        #expect((end.first?["standings"] as? [[String: Any]])?.first?["name"] as? String == "ann")
        d.send(host, "/say well done")
        #expect(d.events(screen, "chat").count == 1)
    }

    @Test func watcherCannotAnswerOrChatOrStart() {
        let (d, host, _, code) = room()
        let screen = d.connect("proj")
        d.send(screen, "/watch \(code)")
        d.send(host, "/start")
        #expect(d.send(screen, "14").code == "not_playing")
        #expect(d.send(screen, "/answer 14").code == "not_playing")
        #expect(d.send(screen, "/say hi").code == "not_playing")
        #expect(d.send(screen, "/start").code == "not_in_room")
        #expect(d.send(screen, "/join \(code)").code == "already_in_room")
        #expect(d.send(screen, "/watch \(code)").code == "already_in_room")
        // The watcher's silence does not hold the round open: ann's answer alone closes it.
        let ann = d.inbox.keys.sorted()[1]
        d.send(ann, "14")
        #expect(d.events(screen, "round_end").count == 1)
    }

    @Test func watchNeedsAnOpenRoom() {
        let (d, _, _, _) = room()
        let screen = d.connect()
        #expect(d.send(screen, "/watch ZZZZ").code == "no_room")
        #expect(d.send(screen, "/watch").code == "bad_args")
    }

    @Test func leaveStopsWatching() {
        let (d, host, _, code) = room()
        let screen = d.connect()
        d.send(screen, "/watch \(code)")
        #expect(d.send(screen, "/leave")["room"] as? String == code)
        d.send(host, "/say anyone?")
        #expect(d.events(screen, "chat").isEmpty)
        #expect(d.send(screen, "/who").code == "not_in_room")
    }

    @Test func aWatcherDoesNotKeepAnEmptyRoomOpen() {
        let (d, host, ann, code) = room()
        let screen = d.connect()
        d.send(screen, "/watch \(code)")
        d.send(ann, "/leave")
        d.send(host, "/leave")
        #expect(d.core.roomCount == 0)
        #expect(d.send(screen, "/who").code == "not_in_room")
        #expect(d.send(screen, "/watch \(code)").code == "no_room")
    }

    @Test func aDroppedWatcherIsForgotten() {
        let (d, host, _, code) = room()
        let screen = d.connect()
        d.send(screen, "/watch \(code)")
        d.drop(screen)
        d.clear()
        d.send(host, "/say still there?")
        #expect(d.inbox[screen]?.isEmpty ?? true)
        #expect(d.events(host, "chat").count == 1)
    }
}

/// `progress`: the host and watchers count answers as they come in; players are not told.
@Suite struct WatchProgressTests {
    @Test func hostAndWatchersGetAProgressLinePerJudgedAnswer() {
        let d = ChatDriver()
        let host = d.connect("MsLee"), ann = d.connect("ann"), bob = d.connect("bob")
        let code = d.send(host, "/create times play=no countdown=0 time=5 table=7")["room"] as! String
        d.send(ann, "/join \(code)")
        d.send(bob, "/join \(code)")
        let screen = d.connect()
        d.send(screen, "/watch \(code)")
        d.send(host, "/start")
        d.send(ann, "not a number")
        #expect(d.events(host, "progress").isEmpty, "a bad answer is not judged")
        d.send(ann, "14")
        for id in [host, screen] {
            let progress = d.events(id, "progress")
            #expect(progress.count == 1)
            #expect(progress.first?["answers"] as? Int == 1)
            #expect(progress.first?["players"] as? Int == 2)
        }
        #expect(d.events(bob, "progress").isEmpty)
        #expect(d.events(ann, "progress").isEmpty)
        d.send(bob, "13")
        #expect(d.events(screen, "progress").last?["answers"] as? Int == 2)
    }

    /// Answers closer together than `progressEveryMs` share a line: the first goes at once, the
    /// latest count follows when the interval is up (the room's deadline asks the shell for a
    /// tick then), and the round's last count comes before its `round_end`.
    @Test func answersInQuickSuccessionShareAProgressLine() {
        let d = ChatDriver()
        let host = d.connect("MsLee")
        let players = ["ann", "bob", "cy", "dee"].map { d.connect($0) }
        let code = d.send(host, "/create times play=no countdown=0 time=5 table=7")["room"] as! String
        for p in players { d.send(p, "/join \(code)") }
        d.send(host, "/start")
        d.send(players[0], "1")
        #expect(d.events(host, "progress").map { $0["answers"] as? Int } == [1])
        d.now += 10
        d.send(players[1], "2")
        d.now += 10
        d.send(players[2], "3")
        #expect(d.events(host, "progress").count == 1, "two more answers within 100 ms wait")
        #expect(d.core.nextDeadline() == d.now - 20 + Room.progressEveryMs)
        d.advance(79)
        #expect(d.events(host, "progress").count == 1)
        d.advance(1)
        #expect(d.events(host, "progress").map { $0["answers"] as? Int } == [1, 3])
        d.now += 10
        d.send(players[3], "4")
        let lines = d.inbox[host, default: []].compactMap { $0["type"] as? String }
        #expect(Array(lines.suffix(2)) == ["progress", "round_end"])
        #expect(d.events(host, "progress").map { $0["answers"] as? Int } == [1, 3, 4])
    }
}
