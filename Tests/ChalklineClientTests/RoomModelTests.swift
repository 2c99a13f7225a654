import ChalklineProtocol
import Testing
@testable import ChalklineClient

/// The room model is every screen's state, rebuilt from the server's lines alone; these feed it
/// lines as protocol.md writes them and check what a screen would show.
@Suite struct RoomModelTests {
    private func apply(_ lines: [String], to model: inout RoomModel, at now: Double = 0) throws {
        for line in lines { model.apply(try #require(ServerMessage(line: line), "\(line)"), now: now) }
    }

    private let join = #"{"type":"ok","cmd":"join","room":"QXRM","token":"t1","game":"times","state":"lobby","name":"sam","score":0,"players":[{"name":"Ms","score":0,"host":true,"playing":false,"connected":true},{"name":"sam","score":0,"host":false,"playing":true,"connected":true}]}"#

    @Test func aJoinFillsTheLobbyAndArrivalsAndLeaversChangeIt() throws {
        var model = RoomModel(role: .player)
        try apply([join], to: &model)
        #expect(model.room == "QXRM" && model.token == "t1" && model.me == "sam" && model.game == "times")
        guard case .lobby = model.phase else { Issue.record("not in the lobby: \(model.phase)"); return }
        #expect(model.hostName == "Ms")
        #expect(model.playing.map(\.name) == ["sam"])
        try apply([#"{"type":"joined","name":"leo","players":2}"#], to: &model)
        #expect(model.playing.map(\.name) == ["sam", "leo"])
        // In the lobby a dropped player is gone; the host who does not play keeps the seat.
        try apply([#"{"type":"left","name":"leo","reason":"disconnected","players":1}"#,
                   #"{"type":"left","name":"Ms","reason":"disconnected","players":1}"#], to: &model)
        #expect(model.playing.map(\.name) == ["sam"])
        #expect(model.players.first { $0.name == "Ms" }?.connected == false)
        try apply([#"{"type":"host_away","room":"QXRM"}"#], to: &model)
        #expect(model.hostAway && model.hostName == nil)
        try apply([#"{"type":"host","name":"sam"}"#], to: &model)
        #expect(!model.hostAway && model.hostName == "sam")
    }

    @Test func aRoundGivesTheQuestionTheVerdictAndTheStandings() throws {
        var model = RoomModel(role: .player)
        try apply([join, #"{"type":"question","id":4,"round":1,"rounds":2,"text":"7 x 2","time_ms":8000}"#], to: &model, at: 10)
        guard case .question = model.phase else { Issue.record("no question: \(model.phase)"); return }
        #expect(model.question?.text == "7 x 2" && model.question?.openedAt == 10 && model.answersIn == 0)
        try apply([#"{"type":"ok","cmd":"answer","correct":true,"points":943,"score":943,"streak":1}"#,
                   #"{"type":"progress","answers":1,"of":2}"#], to: &model)
        #expect(model.verdict == "Right! +943 points (score 943, streak 1).")
        #expect(model.answeredThisQuestion && model.answersIn == 1)
        try apply([#"{"type":"round_end","id":4,"answer":14,"answer_text":"14","results":[{"name":"sam","correct":true,"points":943,"ms":900},{"name":"leo","correct":false,"points":0,"ms":null}],"standings":[{"rank":1,"name":"sam","score":943},{"rank":2,"name":"leo","score":0}]}"#], to: &model)
        #expect(model.roundAnswer == "14")
        #expect(model.roundResults.map(\.name) == ["sam", "leo"] && model.roundResults[1].ms == nil)
        #expect(model.standings == [StandingRow(rank: 1, name: "sam", score: 943), StandingRow(rank: 2, name: "leo", score: 0)])
        #expect(model.myScore == 943)
        try apply([#"{"type":"game_end","standings":[{"rank":1,"name":"sam","score":1999}]}"#], to: &model)
        guard case .gameEnd = model.phase else { Issue.record("not over: \(model.phase)"); return }
        #expect(model.myScore == 1999 && model.question == nil)
    }

    /// A wrong answer, and an old server's `round_end` without `answer_text`.
    @Test func aWrongAnswerAndAnAnswerWithoutItsText() throws {
        var model = RoomModel(role: .player)
        try apply([join, #"{"type":"question","id":1,"round":1,"rounds":1,"text":"3 x 3","time_ms":8000}"#,
                   #"{"type":"ok","cmd":"answer","correct":false,"points":0,"score":0}"#,
                   #"{"type":"round_end","id":1,"answer":9,"results":[],"standings":[]}"#], to: &model)
        #expect(model.verdict == "Wrong. (score 0)")
        #expect(model.roundAnswer == "9")
    }

    @Test func repliesBelongToTheStateTheyCameIn() throws {
        var model = RoomModel(role: .host, me: "Ms")
        try apply([join, #"{"type":"error","cmd":"start","code":"not_host","message":"Only the host can start."}"#], to: &model)
        #expect(model.currentReplies == ["Only the host can start."])
        try apply([#"{"type":"countdown","seconds":3}"#], to: &model, at: 5)
        #expect(model.currentReplies.isEmpty, "a new state clears the last one's replies")
        guard case .countdown(let until) = model.phase else { Issue.record("no countdown"); return }
        #expect(until == 8)
        #expect(model.log.map(\.text) == ["Only the host can start."], "the log keeps them")
    }

    @Test func rejoiningARunningGameWaitsForTheNextQuestion() throws {
        var model = RoomModel(role: .player)
        try apply([#"{"type":"ok","cmd":"rejoin","room":"QXRM","token":"t1","game":"times","state":"running","name":"sam","score":1200,"players":[]}"#], to: &model)
        guard case .waiting = model.phase else { Issue.record("not waiting: \(model.phase)"); return }
        #expect(model.myScore == 1200 && model.question == nil)
    }

    @Test func beingKickedOrBannedLeavesTheRoomWithANotice() throws {
        var model = RoomModel(role: .player)
        try apply([join, #"{"type":"kicked","room":"QXRM","banned":true}"#], to: &model)
        guard case .outside = model.phase else { Issue.record("still inside: \(model.phase)"); return }
        #expect(model.room == nil && model.token == nil)
        #expect(model.notice == "The host banned you from room QXRM.")
        try apply([#"{"type":"bye","reason":"flood","message":"Goodbye: too many lines."}"#], to: &model)
        #expect(model.farewell == "Server: Goodbye: too many lines.")
    }

    @Test func aWordBoardLosesTheGroupsOfEachSolvedWord() throws {
        var model = RoomModel(role: .player)
        try apply([join, #"{"type":"board","id":9,"level":3,"round":1,"levels":2,"time_ms":60000,"clues":[{"n":1,"clue":"Colours after rain","letters":7},{"n":2,"clue":"Not absent","letters":7}],"groups":["PRE","BOW","SE","RAIN","NT"]}"#], to: &model)
        try apply([#"{"type":"solved","n":1,"word":"RAINBOW","name":"leo","points":300}"#], to: &model)
        #expect(model.board?.groups == ["PRE", "SE", "NT"])
        #expect(model.board?.clues.first?.solvedBy == "leo" && model.board?.clues.first?.word == "RAINBOW")
        // The server's own list of the groups taken wins over spelling the word out.
        try apply([#"{"type":"solved","n":2,"word":"PRESENT","name":"sam","points":300,"groups":["PRE","SE","NT"]}"#], to: &model)
        #expect(model.board?.groups == [])
        try apply([#"{"type":"level_end","level":3,"clues":[{"n":1,"clue":"Colours after rain","letters":7,"word":"RAINBOW","solved_by":"leo"}],"standings":[{"rank":1,"name":"sam","score":300}]}"#], to: &model)
        guard case .levelEnd = model.phase else { Issue.record("level not over: \(model.phase)"); return }
        #expect(model.myScore == 300)
    }

    @Test func chatKeepsTheLastFourLinesAndMarksTheHost() throws {
        var model = RoomModel(role: .player)
        try apply([join] + (1...5).map { #"{"type":"chat","name":"Ms","host":true,"text":"line \#($0)"}"# }, to: &model)
        #expect(model.chat == (2...5).map { "Ms (host): line \($0)" })
    }
}

/// The end of a homework try, read from `game_end`'s `homework`.
@Suite struct HomeworkPlaceTests {
    @Test func theSentenceSaysThePlaceAndTheTriesLeft() throws {
        func sentence(_ json: String) throws -> String { HomeworkPlace.sentence(try #require(JSON.parse(json))) }
        #expect(try sentence(#"{"assignment":"ABCD","rank":2,"finished":5,"tries_left":0,"counted":true}"#)
                == "You are 2nd of 5 who have finished. That was your last try.")
        #expect(try sentence(#"{"assignment":"ABCD","rank":1,"finished":1,"tries_left":2,"counted":false}"#)
                == "You are 1st of 1 who have finished (an earlier try of yours was better and counts). You have 2 tries left: /leave, then join again.")
        #expect(try sentence(#"{"assignment":"ABCD","rank":3,"finished":3,"tries_left":null,"counted":true}"#)
                == "You are 3rd of 3 who have finished. /leave, then join again to beat it.")
    }
}
