import Foundation
import ChalklineTesting
import Testing
@testable import ChalklineCore

/// Connecting, names, formats, rooms and the errors around them; no game is played here.
@Suite("ServerCore: connections and commands")
struct ServerCoreCommandTests {
    // MARK: Connecting and formats

    @Test func welcomeIsTheFirstLineAndComesInText() throws {
        var config = ServerConfig()
        config.version = "9.8.7"
        let h = try ServerHarness(.inProcess, config: config)
        let clock = try #require(h.inProcess)
        let (c1, effects) = try h.connectStep()
        let sends = effects.sends
        #expect(effects.count == 1)
        #expect(sends.map(\.to) == [[c1.connection]])
        #expect(sends.first?.string == "Welcome to Chalkline 9.8.7 (protocol 1).\n"
                + "Set your name: /name YOURNAME. Then /join CODE, \(RaceCatalog.createHint).\n"
                + "Type /help for all commands.\n")
        #expect(clock.core.connectionCount == 1)
    }

    @Test func welcomeInJSON() throws {
        let bytes = WelcomeEvent(version: "0.1.0").rendered(.json).string
        #expect(bytes == #"{"type":"welcome","server":"chalkline","version":"0.1.0","protocol":1}"# + "\n")
        let m = ServerLine(String(bytes.dropLast()))
        #expect(m.type == "welcome")
        #expect(m.int("protocol") == 1)
    }

    @Test func formatSwitchesAndTheReplyIsAlreadyInTheNewFormat() throws {
        let h = try ServerHarness(.inProcess)
        let c1 = try h.connect()
        #expect(try c1.step("/format json").text(to: c1) == #"{"type":"ok","cmd":"format","format":"json"}"# + "\n"
                + #"{"type":"welcome","server":"chalkline","version":"0.1.0","protocol":1}"# + "\n")
        #expect(try c1.step("/FORMAT Text").text(to: c1) == "Output is now text.\n")
        #expect(try c1.step("/format xml").text(to: c1) == "error bad_args: Use /format text or /format json.\n")
        #expect(try c1.step("/format").text(to: c1) == "error bad_args: Use /format text or /format json.\n")
    }

    // MARK: Lines the core cannot read

    @Test func overlongLineGetsOneErrorWithEmptyCmdAndTheConnectionGoesOn() throws {
        let h = try ServerHarness(.inProcess)
        let c1 = try h.jsonClient()
        let effects = try c1.stepRaw(Array(String(repeating: "7", count: 3000).utf8) + Array("\n/ping\n".utf8))
        let msgs = effects.messages(to: c1)
        #expect(msgs.map(\.type) == ["error", "ok"])
        #expect(msgs.first?.cmd == "")
        #expect(msgs.first?.code == "line_too_long")
        #expect(msgs.last?.cmd == "ping")
    }

    @Test func badUTF8GetsAnErrorWithEmptyCmd() throws {
        let h = try ServerHarness(.inProcess)
        let c1 = try h.jsonClient()
        let msgs = try c1.stepRaw([0x2F, 0x6E, 0xFE, 0x0A]).messages(to: c1)
        #expect(msgs.count == 1)
        #expect(msgs.first?.cmd == "")
        #expect(msgs.first?.code == "bad_utf8")
    }

    @Test func blankLinesGetNoReply() throws {
        let h = try ServerHarness(.inProcess)
        let c1 = try h.jsonClient()
        #expect(try c1.stepRaw(Array("\n   \n\t\r\n".utf8)).isEmpty)
    }

    @Test func telnetNegotiationIsInvisibleToCommands() throws {
        let h = try ServerHarness(.inProcess)
        let c1 = try h.jsonClient()
        let msgs = try c1.stepRaw([0xFF, 0xFD, 0x03, 0xFF, 0xFB, 0x18] + Array("/ping\r\n".utf8)).messages(to: c1)
        #expect(msgs.map(\.line) == [#"{"type":"ok","cmd":"ping"}"#])
    }

    @Test func severalCommandsInOnePushAreAnsweredInOrder() throws {
        let h = try ServerHarness(.inProcess)
        let c1 = try h.jsonClient()
        let msgs = try c1.stepRaw(Array("/ping\n\n/rooms\n/dance\n56\n/pi".utf8)).messages(to: c1)
        #expect(msgs.map(\.type) == ["ok", "ok", "error", "error"])
        #expect(msgs.map { $0.cmd ?? "?" } == ["ping", "rooms", "dance", "answer"])
        #expect(msgs.map { $0.code ?? "" } == ["", "", "unknown_command", "not_in_room"])
        // The unfinished "/pi" is answered once its line ends.
        #expect(try c1.step("ng").messages(to: c1).map(\.cmd) == ["ping"])
    }

    @Test func quitRepliesThenClosesAndReadsNothingMore() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let c1 = try h.jsonClient()
        let effects = try c1.stepRaw(Array("/quit\n/ping\n".utf8))
        #expect(effects.count == 2)
        #expect(effects.sends.map(\.string) == [#"{"type":"ok","cmd":"quit"}"# + "\n"])
        guard case .close(let id) = effects.last else {
            Issue.record("the last effect is not a close: \(effects)")
            return
        }
        #expect(id == c1.connection)
        #expect(try c1.step("/ping").isEmpty)
        #expect(try c1.stepDisconnect().isEmpty)
        #expect(clock.core.connectionCount == 0)
    }

    @Test func helpAndPing() throws {
        let h = try ServerHarness(.inProcess)
        let c1 = try h.connect()
        #expect(try c1.step("/ping").text(to: c1) == "pong\n")
        // Issue 27 added the bot word's paragraph.
        #expect(try c1.step("/help /JOIN").text(to: c1).hasPrefix("/join CODE [NAME]\n  Join the room with that 4-letter code.\n  A program playing adds"))
        let all = try c1.step("/help").text(to: c1)
        #expect(all.hasPrefix("Commands (type /help COMMAND for more):\n"))
        #expect(all.split(separator: "\n").count == 1 + Help.topics.count)
    }

    /// `/help` is read at an 80-column netcat: one line a command, and nothing wider than 79
    /// (a line of exactly 80 makes some terminals add a blank line after it).
    @Test func helpFitsAnEightyColumnTerminal() throws {
        let h = try ServerHarness(.inProcess)
        let c1 = try h.connect()
        let list = try c1.step("/help").text(to: c1)
        #expect(list.contains("  /name NAME                Choose your name, before joining a room.\n"))
        var texts = [list]
        for topic in Help.topics { texts.append(try c1.step("/help \(topic.verb)").text(to: c1)) }
        for text in texts {
            for line in text.split(separator: "\n") { #expect(line.count < 80, "\(line)") }
        }
        #expect(texts.last { $0.hasPrefix("/create") }?.contains("  words options: pack=builtin") == true)
    }

    @Test(arguments: ["/start", "/stop", "/skip", "/kick Bob", "/leave", "/scores", "/who", "/answer 5", "5"])
    func roomCommandsOutsideARoomAreNotInRoom(line: String) throws {
        let h = try ServerHarness(.inProcess)
        let c1 = try h.jsonClient("Ann")
        let msgs = try c1.step(line).messages(to: c1)
        let verb = line.hasPrefix("/") ? String(line.dropFirst().prefix { $0 != " " }) : "answer"
        #expect(msgs.count == 1)
        #expect(msgs.first?.type == "error")
        #expect(msgs.first?.cmd == verb)
        #expect(msgs.first?.code == "not_in_room")
    }

    @Test func unknownVerbIsUnknownCommandWithTheVerbAsCmd() throws {
        let h = try ServerHarness(.inProcess)
        let c1 = try h.jsonClient()
        let m = try c1.step("/DANCE now").messages(to: c1)
        #expect(m.first?.code == "unknown_command")
        #expect(m.first?.cmd == "dance")
        #expect(m.first?.string("message") == "There is no command /dance. Type /help for the list.")
    }

    // MARK: Names

    @Test(arguments: ["Ann", "Zoë", "sam_2", "a.b-c", "x", "abcdefghijklmnop", "Влад"])
    func validNames(name: String) throws {
        let h = try ServerHarness(.inProcess)
        let c1 = try h.jsonClient()
        let m = try c1.step("/name \(name)").messages(to: c1)
        #expect(m.map(\.line) == [#"{"type":"ok","cmd":"name","name":"\#(name)"}"#])
    }

    @Test(arguments: ["/name", "/name ann smith", "/name abcdefghijklmnopq", "/name a/b", "/name ann!", "/name <b>", "/name a\u{1B}[31m"])
    func badNames(line: String) throws {
        let h = try ServerHarness(.inProcess)
        let c1 = try h.jsonClient()
        let m = try c1.step(line).messages(to: c1)
        #expect(m.map(\.type) == ["error"])
        #expect(m.first?.code == "bad_name")
    }

    @Test func nameInsideARoomIsAlreadyInRoom() throws {
        let h = try ServerHarness(.inProcess)
        let (c1, _) = try h.timesRoom()
        #expect(try c1.step("/name Other").messages(to: c1).first?.code == "already_in_room")
    }

    // MARK: Create

    @Test func createRepliesWithRoomSecretsAndEverySetting() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let c1 = try h.jsonClient("Ann")
        let msgs = try c1.step("/create TIMES table=3-5 max=6 seed=11 time=1.5 countdown=0").messages(to: c1)
        #expect(msgs.count == 1)
        let m = msgs[0]
        #expect(m.type == "ok")
        #expect(m.cmd == "create")
        #expect(m.string("game") == "times")
        let code = m.string("room") ?? ""
        #expect(code.count == 4)
        #expect(code.allSatisfy { "ABCDEFGHJKLMNPQRSTUVWXYZ".contains($0) })
        let hex = { (s: String?) in s?.count == 32 && s!.allSatisfy { "0123456789abcdef".contains($0) } }
        #expect(hex(m.string("host_key")))
        #expect(hex(m.string("token")))
        #expect(m.string("host_key") != m.string("token"))
        // Field order as protocol.md lists it, and the settings with defaults filled in.
        #expect(m.line.hasPrefix(#"{"type":"ok","cmd":"create","room":"\#(code)","host_key":"#))
        #expect(m.line.hasSuffix(#""game":"times","settings":{"table":"3-5","max":6,"order":"normal","rounds":20,"streak":true,"time":1.5,"gap":3.0,"countdown":0.0,"seed":11,"play":true,"late":true,"chat":true,"scoring":"speed","board":"all","names":"shown","teams":null}}"#))
        #expect(clock.core.roomCount == 1)
        // The creator is the host and a player.
        let who = try c1.step("/who").messages(to: c1)[0]
        #expect(who.line == #"{"type":"ok","cmd":"who","players":[{"name":"Ann","score":0,"connected":true,"host":true,"playing":true}],"total":1,"page":1,"pages":1}"#)
    }

    @Test func createWithPlayNoMakesAHostWhoDoesNotPlay() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (c1, _) = try h.timesRoom("play=no")
        let who = try c1.step("/who").messages(to: c1)[0]
        #expect(who.line == #"{"type":"ok","cmd":"who","players":[{"name":"Ann","score":0,"connected":true,"host":true,"playing":false}],"total":1,"page":1,"pages":1}"#)
        // Not a player: an empty scoreboard, and /start has nobody to play with.
        #expect(try c1.step("/scores").messages(to: c1)[0].line == #"{"type":"ok","cmd":"scores","standings":[]}"#)
        let start = try c1.step("/start").messages(to: c1)
        #expect(start.map { $0.code ?? "" } == ["wrong_state"])
        #expect(clock.core.nextDeadline() == nil)
    }

    @Test(arguments: [
        ("/create times", "no_name", false),
        ("/create", "bad_args", true),
        ("/create chess", "unknown_game", true),
        ("/create times max=99", "bad_args", true),
        ("/create times table=7 table=8", "bad_args", true),
        ("/create times colour=red", "bad_args", true),
        ("/create times fast", "bad_args", true),
        ("/create times seed=18446744073709551615", "bad_args", true),
    ])
    func createErrors(line: String, code: String, named: Bool) throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let c1 = try h.jsonClient(named ? "Ann" : nil)
        let m = try c1.step(line).messages(to: c1)
        #expect(m.map(\.type) == ["error"])
        #expect(m.first?.cmd == "create")
        #expect(m.first?.code == code)
        #expect(clock.core.roomCount == 0)
    }

    @Test func createOptionErrorMessageReachesThePlayer() throws {
        let h = try ServerHarness(.inProcess)
        let c1 = try h.jsonClient("Ann")
        let m = try c1.step("/create times max=99").messages(to: c1)[0]
        #expect(m.string("message") == "max= takes a whole number from 2 to 20.")
    }

    /// The host's second `/create` opens the next room in place of the first (the class moves
    /// along, `MoveClassTests`); a player's is `already_in_room`.
    @Test func createTwiceReplacesTheHostsRoom() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (c1, code) = try h.timesRoom()
        let (c2, _) = try h.join("Bob", code)
        #expect(try c2.step("/create times").messages(to: c2).first?.code == "already_in_room")
        let next = try c1.step("/create times").messages(to: c1).first
        #expect(next?.string("type") == "ok" && next?.string("room") != code)
        #expect(clock.core.roomCount == 1)
    }

    // MARK: Join

    @Test func joinRepliesToTheJoinerAndTellsTheOthers() throws {
        let h = try ServerHarness(.inProcess)
        let (c1, code) = try h.timesRoom()
        let c2 = try h.jsonClient()
        let effects = try c2.step("/join \(code.lowercased()) Bob")
        let toBob = effects.messages(to: c2)
        let toAnn = effects.messages(to: c1)
        #expect(toBob.count == 1)
        let r = toBob[0]
        #expect(r.type == "ok")
        #expect(r.cmd == "join")
        #expect(r.string("room") == code)
        #expect(r.string("game") == "times")
        #expect(r.string("state") == "lobby")
        #expect(r.string("name") == "Bob")
        #expect(r.int("score") == 0)
        #expect(r.string("token")?.count == 32)
        #expect(r.line.contains(#""players":[{"name":"Ann","score":0,"connected":true,"host":true,"playing":true},{"name":"Bob","score":0,"connected":true,"host":false,"playing":true}]"#))
        #expect(toAnn.map(\.line) == [#"{"type":"joined","room":"\#(code)","name":"Bob","players":2}"#])
        // The reply comes before the event in the effect list.
        #expect(effects.sends.first?.to == [c2.connection])
    }

    @Test func joinUsesTheNameSetEarlier() throws {
        let h = try ServerHarness(.inProcess)
        let (c1, code) = try h.timesRoom()
        let c2 = try h.jsonClient("Bob")
        let r = try c2.step("/join \(code)").messages(to: c2)[0]
        #expect(r.type == "ok")
        #expect(r.string("name") == "Bob")
    }

    @Test func joinErrors() throws {
        let h = try ServerHarness(.inProcess)
        let (c1, code) = try h.timesRoom()
        let c2 = try h.jsonClient()
        let codeOf = { (line: String) in try c2.step(line).messages(to: c2).map { $0.code ?? "ok" } }
        #expect(try codeOf("/join \(code)") == ["no_name"])
        #expect(try codeOf("/join") == ["bad_args"])
        #expect(try codeOf("/join \(code) Bob extra") == ["bad_args"])
        #expect(try codeOf("/join \(code) no/good") == ["bad_name"])
        #expect(try codeOf("/join ZZZZ Bob") == ["no_room"])
        #expect(try codeOf("/join \(code) ANN") == ["name_taken"])
        #expect(try codeOf("/join \(code) Bob") == ["ok"])
        #expect(try codeOf("/join \(code) Bob") == ["already_in_room"])
        #expect(try codeOf("/rejoin \(code) 123") == ["already_in_room"])
    }

    @Test func noRoomMessageShowsTheCodeInCapitals() throws {
        let h = try ServerHarness(.inProcess)
        let c2 = try h.jsonClient("Bob")
        let m = try c2.step("/join zzzz").messages(to: c2)[0]
        #expect(m.line == #"{"type":"error","cmd":"join","code":"no_room","message":"There is no room ZZZZ. Check the code with your host."}"#)
    }

    @Test func roomFullAtMaxPlayers() throws {
        var config = ServerConfig()
        config.maxPlayersPerRoom = 2
        let h = try ServerHarness(.inProcess, config: config)
        let (c1, code) = try h.timesRoom()
        let (c2, joined2) = try h.join("Bob", code)
        #expect(joined2.type == "ok")
        let (c3, joined3) = try h.join("Cy", code)
        let third = joined3
        #expect(third.code == "room_full")
    }

    /// A host with `play=no` is not a player, so they do not take one of the `--max-players` places.
    @Test func nonPlayingHostDoesNotCountTowardsRoomFull() throws {
        var config = ServerConfig()
        config.maxPlayersPerRoom = 2
        let h = try ServerHarness(.inProcess, config: config)
        let (c1, code) = try h.timesRoom("play=no")
        let (c2, joined2) = try h.join("Bob", code)
        #expect(joined2.type == "ok")
        let (c3, joined3) = try h.join("Cy", code)
        #expect(joined3.type == "ok")
        let (c4, joined4) = try h.join("Dan", code)
        #expect(joined4.code == "room_full")
        let rooms = try c4.step("/rooms").messages(to: c4)[0]
        #expect(JSONValue.int(rooms.list("rooms").first?["players"]) == 2)
    }

    // MARK: Listings

    @Test func roomsListsOpenRooms() throws {
        let h = try ServerHarness(.inProcess)
        let c9 = try h.jsonClient()
        #expect(try c9.step("/rooms").messages(to: c9)[0].line == #"{"type":"ok","cmd":"rooms","rooms":[],"total":0,"page":1,"pages":1}"#)
        let (c1, code) = try h.timesRoom()
        let (c2, _) = try h.join("Bob", code)
        let m = try c9.step("/rooms").messages(to: c9)[0]
        #expect(m.line == #"{"type":"ok","cmd":"rooms","rooms":[{"code":"\#(code)","game":"times","state":"lobby","players":2,"host":"Ann","locked":false}],"total":1,"page":1,"pages":1}"#)
    }

    /// One player is "1 player", as everywhere else in the text format (it said "1 players").
    @Test func roomsTextCountsPlayersInEnglish() throws {
        let h = try ServerHarness(.inProcess)
        let (c1, code) = try h.timesRoom()
        let c9 = try h.connect()
        #expect(try c9.step("/rooms").text(to: c9) == "Open rooms:\n  \(code)  times   lobby     1 player, host Ann\n")
        let (c2, _) = try h.join("Bob", code)
        #expect(try c9.step("/rooms").text(to: c9).contains("2 players, host Ann"))
    }

    // MARK: Leaving, kicking, dropping

    @Test func leaveTellsTheOthersAndTheLastLeaveClosesTheRoom() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (c1, code) = try h.timesRoom()
        let (c2, _) = try h.join("Bob", code)
        let effects = try c2.step("/leave")
        #expect(effects.messages(to: c2).map(\.line) == [#"{"type":"ok","cmd":"leave","room":"\#(code)"}"#])
        #expect(effects.messages(to: c1).map(\.line)
                == [#"{"type":"left","room":"\#(code)","name":"Bob","players":1,"reason":"left"}"#])
        #expect(try c2.step("/who").messages(to: c2).first?.code == "not_in_room")
        #expect(try c1.step("/leave").messages(to: c1).first?.type == "ok")
        #expect(clock.core.roomCount == 0)
        #expect(try c2.step("/join \(code) Bob").messages(to: c2).first?.code == "no_room")
    }

    @Test func kickRepliesToTheHostTellsTheVictimAndTheOthers() throws {
        let h = try ServerHarness(.inProcess)
        let (c1, code) = try h.timesRoom()
        let (c2, _) = try h.join("Bob", code)
        let (c3, _) = try h.join("Cy", code)
        let effects = try c1.step("/kick bob")
        let sends = effects.sends
        #expect(sends.first?.to == [c1.connection])
        #expect(effects.messages(to: c1).map(\.line) == [
            #"{"type":"ok","cmd":"kick","name":"Bob"}"#,
            #"{"type":"left","room":"\#(code)","name":"Bob","players":2,"reason":"kicked"}"#,
        ])
        #expect(effects.messages(to: c2).map(\.line) == [#"{"type":"kicked","room":"\#(code)","banned":false}"#])
        #expect(effects.messages(to: c3).map(\.type) == ["left"])
        // Bob's connection stays open, outside any room.
        #expect(try c2.step("/who").messages(to: c2).first?.code == "not_in_room")
        #expect(try c2.step("/ping").messages(to: c2).first?.type == "ok")
    }

    @Test func kickErrors() throws {
        let h = try ServerHarness(.inProcess)
        let (c1, code) = try h.timesRoom()
        let (c2, _) = try h.join("Bob", code)
        let codeOf = { (client: HarnessClient, line: String) in try client.step(line).messages(to: client).map { $0.code ?? "ok" } }
        #expect(try codeOf(c1, "/kick") == ["bad_args"])
        #expect(try codeOf(c1, "/kick Nobody") == ["no_such_player"])
        #expect(try codeOf(c1, "/kick ann") == ["bad_args"])
        #expect(try codeOf(c2, "/kick Ann") == ["not_host"])
    }

    @Test(arguments: ["/start", "/stop", "/skip", "/kick Ann"])
    func hostCommandsFromAPlayerAreNotHost(line: String) throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (c1, code) = try h.timesRoom()
        let (c2, _) = try h.join("Bob", code)
        let effects = try c2.step(line)
        let m = effects.messages(to: c2)
        #expect(m.count == 1)
        #expect(m.first?.code == "not_host")
        #expect(m.first?.string("message")?.hasPrefix("Only the host can /") == true)
        // Refused, not obeyed: nobody else hears anything and nothing is scheduled.
        #expect(effects.sends.allSatisfy { $0.to == [c2.connection] })
        #expect(clock.core.nextDeadline() == nil)
    }

    /// Issue 27: the room keeps no host until the host key comes back (`HostAwayTests`).
    @Test func droppingInTheLobbyReleasesTheSeatAndLeavesNoHost() throws {
        let h = try ServerHarness(.inProcess)
        let (c1, code) = try h.timesRoom()
        let (c2, _) = try h.join("Bob", code)
        let (c3, _) = try h.join("Cy", code)
        let effects = try c1.stepDisconnect()
        #expect(effects.messages(to: c2).map(\.line) == [
            #"{"type":"left","room":"\#(code)","name":"Ann","players":2,"reason":"disconnected"}"#,
            #"{"type":"host_away","running":false}"#,
        ])
        #expect(effects.messages(to: c3).map(\.type) == ["left", "host_away"])
        let who = try c2.step("/who").messages(to: c2)[0]
        #expect(who.list("players").map { $0["name"] as? String } == ["Bob", "Cy"])
        #expect(try c2.step("/start").messages(to: c2).first?.code == "not_host")
        #expect(try c3.step("/stop").messages(to: c3).first?.code == "not_host")
    }

    /// A teacher whose laptop drops in the lobby, alone in the room, can still `/claim` it:
    /// the room waits (a minute, as nobody else ever joined it) instead of closing at once.
    @Test func lastDropInTheLobbyKeepsTheRoomForClaimUntilTheTimeout() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let c1 = try h.jsonClient("Ann")
        let created = try c1.step("/create times").messages(to: c1)[0]
        let code = created.string("room") ?? "", key = created.string("host_key") ?? ""
        #expect(try c1.stepDisconnect().isEmpty)
        #expect(clock.core.roomCount == 1)
        #expect(clock.core.nextDeadline() == Limits.unjoinedRoomTimeoutMs)
        clock.setTime(30_000)
        let c2 = try h.jsonClient()
        #expect(try c2.step("/claim \(code) \(key)").messages(to: c2).first?.type == "ok")
        #expect(try c2.step("/start").messages(to: c2).first?.type == "ok")
    }

    /// Once someone else has sat in the room, an empty room waits the whole empty-room timeout.
    @Test func aRoomSomeoneJoinedWaitsTheWholeTimeout() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (c1, code) = try h.timesRoom()
        let (c2, _) = try h.join("Bea", code)
        try c2.stepDisconnect()
        try c1.stepDisconnect()
        #expect(clock.core.nextDeadline() == Limits.emptyRoomTimeoutMs)
    }

    @Test func aRoomNobodyComesBackToClosesAfterTheTimeout() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (c1, _) = try h.timesRoom()
        try c1.stepDisconnect()
        clock.advance(to: 5 * 60 * 1000)
        #expect(clock.core.roomCount == 0)
        #expect(clock.core.nextDeadline() == nil)
    }

    @Test func rejoinErrors() throws {
        let h = try ServerHarness(.inProcess)
        let (c1, code) = try h.timesRoom()
        let c2 = try h.jsonClient()
        let codeOf = { (line: String) in try c2.step(line).messages(to: c2).map { $0.code ?? "ok" } }
        #expect(try codeOf("/rejoin \(code)") == ["bad_args"])
        #expect(try codeOf("/rejoin ZZZZ 0123") == ["no_room"])
        #expect(try codeOf("/rejoin \(code) 00000000000000000000000000000000") == ["bad_token"])
    }

    @Test func rejoinTakesTheSeatFromAnOlderConnection() throws {
        let h = try ServerHarness(.inProcess)
        let (c1, code) = try h.timesRoom()
        let (c2, joined2) = try h.join("Bob", code)
        let token = joined2.string("token") ?? ""
        let c5 = try h.jsonClient()
        let effects = try c5.step("/rejoin \(code) \(token)")
        #expect(effects.closes == [c2.connection])
        let r = effects.messages(to: c5)
        #expect(r.map(\.type) == ["ok"])
        #expect(r.first?.cmd == "rejoin")
        #expect(r.first?.string("name") == "Bob")
        // Bob never looked away from the room: nobody is told he joined again.
        #expect(effects.messages(to: c1).isEmpty)
        #expect(try c2.step("/who").isEmpty)
        #expect(try c2.stepDisconnect().isEmpty)
        let who = try c5.step("/who").messages(to: c5)[0]
        #expect(who.list("players").compactMap { JSONValue.bool($0["connected"]) } == [true, true])
    }
}
