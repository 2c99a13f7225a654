import Foundation
import Testing
@testable import ChalklineCore

/// Connecting, names, formats, rooms and the errors around them; no game is played here.
@Suite("ServerCore: connections and commands")
struct ServerCoreCommandTests {
    // MARK: Connecting and formats

    @Test func welcomeIsTheFirstLineAndComesInText() {
        var config = ServerConfig()
        config.version = "9.8.7"
        let h = Harness(config: config)
        let effects = h.connect(1)
        let sends = Harness.sends(effects)
        #expect(effects.count == 1)
        #expect(sends.map(\.to) == [[ConnectionID(1)]])
        #expect(sends.first?.string == "Welcome to Chalkline 9.8.7 (protocol 1).\n"
                + "Set your name: /name YOURNAME. Then /join CODE, \(RaceCatalog.createHint).\n"
                + "Type /help for all commands.\n")
        #expect(h.core.connectionCount == 1)
    }

    @Test func welcomeInJSON() {
        let bytes = WelcomeEvent(version: "0.1.0").rendered(.json).string
        #expect(bytes == #"{"type":"welcome","server":"chalkline","version":"0.1.0","protocol":1}"# + "\n")
        let m = Msg(line: String(bytes.dropLast()))
        #expect(m.type == "welcome")
        #expect(m.int("protocol") == 1)
    }

    @Test func formatSwitchesAndTheReplyIsAlreadyInTheNewFormat() {
        let h = Harness()
        h.connect(1)
        #expect(Harness.text(h.line(1, "/format json"), to: 1) == #"{"type":"ok","cmd":"format","format":"json"}"# + "\n"
                + #"{"type":"welcome","server":"chalkline","version":"0.1.0","protocol":1}"# + "\n")
        #expect(Harness.text(h.line(1, "/FORMAT Text"), to: 1) == "Output is now text.\n")
        #expect(Harness.text(h.line(1, "/format xml"), to: 1) == "error bad_args: Use /format text or /format json.\n")
        #expect(Harness.text(h.line(1, "/format"), to: 1) == "error bad_args: Use /format text or /format json.\n")
    }

    // MARK: Lines the core cannot read

    @Test func overlongLineGetsOneErrorWithEmptyCmdAndTheConnectionGoesOn() {
        let h = Harness()
        h.jsonClient(1)
        let effects = h.bytes(1, Array(String(repeating: "7", count: 3000).utf8) + Array("\n/ping\n".utf8))
        let msgs = Harness.messages(effects, to: 1)
        #expect(msgs.map(\.type) == ["error", "ok"])
        #expect(msgs.first?.cmd == "")
        #expect(msgs.first?.code == "line_too_long")
        #expect(msgs.last?.cmd == "ping")
    }

    @Test func badUTF8GetsAnErrorWithEmptyCmd() {
        let h = Harness()
        h.jsonClient(1)
        let msgs = Harness.messages(h.bytes(1, [0x2F, 0x6E, 0xFE, 0x0A]), to: 1)
        #expect(msgs.count == 1)
        #expect(msgs.first?.cmd == "")
        #expect(msgs.first?.code == "bad_utf8")
    }

    @Test func blankLinesGetNoReply() {
        let h = Harness()
        h.jsonClient(1)
        #expect(h.bytes(1, Array("\n   \n\t\r\n".utf8)).isEmpty)
    }

    @Test func telnetNegotiationIsInvisibleToCommands() {
        let h = Harness()
        h.jsonClient(1)
        let msgs = Harness.messages(h.bytes(1, [0xFF, 0xFD, 0x03, 0xFF, 0xFB, 0x18] + Array("/ping\r\n".utf8)), to: 1)
        #expect(msgs.map(\.line) == [#"{"type":"ok","cmd":"ping"}"#])
    }

    @Test func severalCommandsInOnePushAreAnsweredInOrder() {
        let h = Harness()
        h.jsonClient(1)
        let msgs = Harness.messages(h.bytes(1, Array("/ping\n\n/rooms\n/dance\n56\n/pi".utf8)), to: 1)
        #expect(msgs.map(\.type) == ["ok", "ok", "error", "error"])
        #expect(msgs.map { $0.cmd ?? "?" } == ["ping", "rooms", "dance", "answer"])
        #expect(msgs.map { $0.code ?? "" } == ["", "", "unknown_command", "not_in_room"])
        // The unfinished "/pi" is answered once its line ends.
        #expect(Harness.messages(h.line(1, "ng"), to: 1).map(\.cmd) == ["ping"])
    }

    @Test func quitRepliesThenClosesAndReadsNothingMore() {
        let h = Harness()
        h.jsonClient(1)
        let effects = h.bytes(1, Array("/quit\n/ping\n".utf8))
        #expect(effects.count == 2)
        #expect(Harness.sends(effects).map(\.string) == [#"{"type":"ok","cmd":"quit"}"# + "\n"])
        guard case .close(let id) = effects.last else {
            Issue.record("the last effect is not a close: \(effects)")
            return
        }
        #expect(id == ConnectionID(1))
        #expect(h.line(1, "/ping").isEmpty)
        #expect(h.disconnect(1).isEmpty)
        #expect(h.core.connectionCount == 0)
    }

    @Test func helpAndPing() {
        let h = Harness()
        h.connect(1)
        #expect(Harness.text(h.line(1, "/ping"), to: 1) == "pong\n")
        // Issue 27 added the bot word's paragraph.
        #expect(Harness.text(h.line(1, "/help /JOIN"), to: 1).hasPrefix("/join CODE [NAME]\n  Join the room with that 4-letter code.\n  A program playing adds"))
        let all = Harness.text(h.line(1, "/help"), to: 1)
        #expect(all.hasPrefix("Commands (type /help COMMAND for more):\n"))
        #expect(all.split(separator: "\n").count == 1 + Help.topics.count)
    }

    /// `/help` is read at an 80-column netcat: one line a command, and nothing wider than 79
    /// (a line of exactly 80 makes some terminals add a blank line after it).
    @Test func helpFitsAnEightyColumnTerminal() {
        let h = Harness()
        h.connect(1)
        let list = Harness.text(h.line(1, "/help"), to: 1)
        #expect(list.contains("  /name NAME                Choose your name, before joining a room.\n"))
        var texts = [list]
        for topic in Help.topics { texts.append(Harness.text(h.line(1, "/help \(topic.verb)"), to: 1)) }
        for text in texts {
            for line in text.split(separator: "\n") { #expect(line.count < 80, "\(line)") }
        }
        #expect(texts.last { $0.hasPrefix("/create") }?.contains("  words options: pack=builtin") == true)
    }

    @Test(arguments: ["/start", "/stop", "/skip", "/kick Bob", "/leave", "/scores", "/who", "/answer 5", "5"])
    func roomCommandsOutsideARoomAreNotInRoom(line: String) {
        let h = Harness()
        h.jsonClient(1, name: "Ann")
        let msgs = Harness.messages(h.line(1, line), to: 1)
        let verb = line.hasPrefix("/") ? String(line.dropFirst().prefix { $0 != " " }) : "answer"
        #expect(msgs.count == 1)
        #expect(msgs.first?.type == "error")
        #expect(msgs.first?.cmd == verb)
        #expect(msgs.first?.code == "not_in_room")
    }

    @Test func unknownVerbIsUnknownCommandWithTheVerbAsCmd() {
        let h = Harness()
        h.jsonClient(1)
        let m = Harness.messages(h.line(1, "/DANCE now"), to: 1)
        #expect(m.first?.code == "unknown_command")
        #expect(m.first?.cmd == "dance")
        #expect(m.first?.string("message") == "There is no command /dance. Type /help for the list.")
    }

    // MARK: Names

    @Test(arguments: ["Ann", "Zoë", "sam_2", "a.b-c", "x", "abcdefghijklmnop", "Влад"])
    func validNames(name: String) {
        let h = Harness()
        h.jsonClient(1)
        let m = Harness.messages(h.line(1, "/name \(name)"), to: 1)
        #expect(m.map(\.line) == [#"{"type":"ok","cmd":"name","name":"\#(name)"}"#])
    }

    @Test(arguments: ["/name", "/name ann smith", "/name abcdefghijklmnopq", "/name a/b", "/name ann!", "/name <b>", "/name a\u{1B}[31m"])
    func badNames(line: String) {
        let h = Harness()
        h.jsonClient(1)
        let m = Harness.messages(h.line(1, line), to: 1)
        #expect(m.map(\.type) == ["error"])
        #expect(m.first?.code == "bad_name")
    }

    @Test func nameInsideARoomIsAlreadyInRoom() {
        let h = Harness()
        _ = h.room()
        #expect(Harness.messages(h.line(1, "/name Other"), to: 1).first?.code == "already_in_room")
    }

    // MARK: Create

    @Test func createRepliesWithRoomSecretsAndEverySetting() {
        let h = Harness()
        h.jsonClient(1, name: "Ann")
        let msgs = Harness.messages(h.line(1, "/create TIMES table=3-5 max=6 seed=11 time=1.5 countdown=0"), to: 1)
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
        #expect(m.line.hasSuffix(#""game":"times","settings":{"table":"3-5","max":6,"order":"normal","rounds":20,"streak":true,"time":1.5,"gap":3.0,"countdown":0.0,"seed":11,"play":true,"late":true,"chat":true,"scoring":"speed","board":"all","names":"shown"}}"#))
        #expect(h.core.roomCount == 1)
        // The creator is the host and a player.
        let who = Harness.messages(h.line(1, "/who"), to: 1)[0]
        #expect(who.line == #"{"type":"ok","cmd":"who","players":[{"name":"Ann","score":0,"connected":true,"host":true,"playing":true}],"total":1,"page":1,"pages":1}"#)
    }

    @Test func createWithPlayNoMakesAHostWhoDoesNotPlay() {
        let h = Harness()
        _ = h.room("play=no")
        let who = Harness.messages(h.line(1, "/who"), to: 1)[0]
        #expect(who.line == #"{"type":"ok","cmd":"who","players":[{"name":"Ann","score":0,"connected":true,"host":true,"playing":false}],"total":1,"page":1,"pages":1}"#)
        // Not a player: an empty scoreboard, and /start has nobody to play with.
        #expect(Harness.messages(h.line(1, "/scores"), to: 1)[0].line == #"{"type":"ok","cmd":"scores","standings":[]}"#)
        let start = Harness.messages(h.line(1, "/start"), to: 1)
        #expect(start.map { $0.code ?? "" } == ["wrong_state"])
        #expect(h.core.nextDeadline() == nil)
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
    func createErrors(line: String, code: String, named: Bool) {
        let h = Harness()
        h.jsonClient(1, name: named ? "Ann" : nil)
        let m = Harness.messages(h.line(1, line), to: 1)
        #expect(m.map(\.type) == ["error"])
        #expect(m.first?.cmd == "create")
        #expect(m.first?.code == code)
        #expect(h.core.roomCount == 0)
    }

    @Test func createOptionErrorMessageReachesThePlayer() {
        let h = Harness()
        h.jsonClient(1, name: "Ann")
        let m = Harness.messages(h.line(1, "/create times max=99"), to: 1)[0]
        #expect(m.string("message") == "max= takes a whole number from 2 to 20.")
    }

    @Test func createTwiceIsAlreadyInRoom() {
        let h = Harness()
        _ = h.room()
        #expect(Harness.messages(h.line(1, "/create times"), to: 1).first?.code == "already_in_room")
        #expect(h.core.roomCount == 1)
    }

    // MARK: Join

    @Test func joinRepliesToTheJoinerAndTellsTheOthers() {
        let h = Harness()
        let code = h.room()
        h.jsonClient(2)
        let effects = h.line(2, "/join \(code.lowercased()) Bob")
        let toBob = Harness.messages(effects, to: 2)
        let toAnn = Harness.messages(effects, to: 1)
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
        #expect(Harness.sends(effects).first?.to == [ConnectionID(2)])
    }

    @Test func joinUsesTheNameSetEarlier() {
        let h = Harness()
        let code = h.room()
        h.jsonClient(2, name: "Bob")
        let r = Harness.messages(h.line(2, "/join \(code)"), to: 2)[0]
        #expect(r.type == "ok")
        #expect(r.string("name") == "Bob")
    }

    @Test func joinErrors() {
        let h = Harness()
        let code = h.room()
        h.jsonClient(2)
        let codeOf = { (line: String) in Harness.messages(h.line(2, line), to: 2).map { $0.code ?? "ok" } }
        #expect(codeOf("/join \(code)") == ["no_name"])
        #expect(codeOf("/join") == ["bad_args"])
        #expect(codeOf("/join \(code) Bob extra") == ["bad_args"])
        #expect(codeOf("/join \(code) no/good") == ["bad_name"])
        #expect(codeOf("/join ZZZZ Bob") == ["no_room"])
        #expect(codeOf("/join \(code) ANN") == ["name_taken"])
        #expect(codeOf("/join \(code) Bob") == ["ok"])
        #expect(codeOf("/join \(code) Bob") == ["already_in_room"])
        #expect(codeOf("/rejoin \(code) 123") == ["already_in_room"])
    }

    @Test func noRoomMessageShowsTheCodeInCapitals() {
        let h = Harness()
        h.jsonClient(2, name: "Bob")
        let m = Harness.messages(h.line(2, "/join zzzz"), to: 2)[0]
        #expect(m.line == #"{"type":"error","cmd":"join","code":"no_room","message":"There is no room ZZZZ. Check the code with your host."}"#)
    }

    @Test func roomFullAtMaxPlayers() {
        var config = ServerConfig()
        config.maxPlayersPerRoom = 2
        let h = Harness(config: config)
        let code = h.room()
        #expect(h.join(2, "Bob", code).type == "ok")
        let third = h.join(3, "Cy", code)
        #expect(third.code == "room_full")
    }

    /// A host with `play=no` is not a player, so they do not take one of the `--max-players` places.
    @Test func nonPlayingHostDoesNotCountTowardsRoomFull() {
        var config = ServerConfig()
        config.maxPlayersPerRoom = 2
        let h = Harness(config: config)
        let code = h.room("play=no")
        #expect(h.join(2, "Bob", code).type == "ok")
        #expect(h.join(3, "Cy", code).type == "ok")
        #expect(h.join(4, "Dan", code).code == "room_full")
        let rooms = Harness.messages(h.line(4, "/rooms"), to: 4)[0]
        #expect(Msg.int(rooms.list("rooms").first?["players"]) == 2)
    }

    // MARK: Listings

    @Test func roomsListsOpenRooms() {
        let h = Harness()
        h.jsonClient(9)
        #expect(Harness.messages(h.line(9, "/rooms"), to: 9)[0].line == #"{"type":"ok","cmd":"rooms","rooms":[],"total":0,"page":1,"pages":1}"#)
        let code = h.room()
        h.join(2, "Bob", code)
        let m = Harness.messages(h.line(9, "/rooms"), to: 9)[0]
        #expect(m.line == #"{"type":"ok","cmd":"rooms","rooms":[{"code":"\#(code)","game":"times","state":"lobby","players":2,"host":"Ann","locked":false}],"total":1,"page":1,"pages":1}"#)
    }

    /// One player is "1 player", as everywhere else in the text format (it said "1 players").
    @Test func roomsTextCountsPlayersInEnglish() {
        let h = Harness()
        let code = h.room()
        h.connect(9)
        #expect(Harness.text(h.line(9, "/rooms"), to: 9) == "Open rooms:\n  \(code)  times   lobby     1 player, host Ann\n")
        h.join(2, "Bob", code)
        #expect(Harness.text(h.line(9, "/rooms"), to: 9).contains("2 players, host Ann"))
    }

    // MARK: Leaving, kicking, dropping

    @Test func leaveTellsTheOthersAndTheLastLeaveClosesTheRoom() {
        let h = Harness()
        let code = h.room()
        h.join(2, "Bob", code)
        let effects = h.line(2, "/leave")
        #expect(Harness.messages(effects, to: 2).map(\.line) == [#"{"type":"ok","cmd":"leave","room":"\#(code)"}"#])
        #expect(Harness.messages(effects, to: 1).map(\.line)
                == [#"{"type":"left","room":"\#(code)","name":"Bob","players":1,"reason":"left"}"#])
        #expect(Harness.messages(h.line(2, "/who"), to: 2).first?.code == "not_in_room")
        #expect(Harness.messages(h.line(1, "/leave"), to: 1).first?.type == "ok")
        #expect(h.core.roomCount == 0)
        #expect(Harness.messages(h.line(2, "/join \(code) Bob"), to: 2).first?.code == "no_room")
    }

    @Test func kickRepliesToTheHostTellsTheVictimAndTheOthers() {
        let h = Harness()
        let code = h.room()
        h.join(2, "Bob", code)
        h.join(3, "Cy", code)
        let effects = h.line(1, "/kick bob")
        let sends = Harness.sends(effects)
        #expect(sends.first?.to == [ConnectionID(1)])
        #expect(Harness.messages(effects, to: 1).map(\.line) == [
            #"{"type":"ok","cmd":"kick","name":"Bob"}"#,
            #"{"type":"left","room":"\#(code)","name":"Bob","players":2,"reason":"kicked"}"#,
        ])
        #expect(Harness.messages(effects, to: 2).map(\.line) == [#"{"type":"kicked","room":"\#(code)","banned":false}"#])
        #expect(Harness.messages(effects, to: 3).map(\.type) == ["left"])
        // Bob's connection stays open, outside any room.
        #expect(Harness.messages(h.line(2, "/who"), to: 2).first?.code == "not_in_room")
        #expect(Harness.messages(h.line(2, "/ping"), to: 2).first?.type == "ok")
    }

    @Test func kickErrors() {
        let h = Harness()
        let code = h.room()
        h.join(2, "Bob", code)
        let codeOf = { (n: UInt64, line: String) in Harness.messages(h.line(n, line), to: n).map { $0.code ?? "ok" } }
        #expect(codeOf(1, "/kick") == ["bad_args"])
        #expect(codeOf(1, "/kick Nobody") == ["no_such_player"])
        #expect(codeOf(1, "/kick ann") == ["bad_args"])
        #expect(codeOf(2, "/kick Ann") == ["not_host"])
    }

    @Test(arguments: ["/start", "/stop", "/skip", "/kick Ann"])
    func hostCommandsFromAPlayerAreNotHost(line: String) {
        let h = Harness()
        let code = h.room()
        h.join(2, "Bob", code)
        let effects = h.line(2, line)
        let m = Harness.messages(effects, to: 2)
        #expect(m.count == 1)
        #expect(m.first?.code == "not_host")
        #expect(m.first?.string("message")?.hasPrefix("Only the host can /") == true)
        // Refused, not obeyed: nobody else hears anything and nothing is scheduled.
        #expect(Harness.sends(effects).allSatisfy { $0.to == [ConnectionID(2)] })
        #expect(h.core.nextDeadline() == nil)
    }

    /// Issue 27: the room keeps no host until the host key comes back (`HostAwayTests`).
    @Test func droppingInTheLobbyReleasesTheSeatAndLeavesNoHost() {
        let h = Harness()
        let code = h.room()
        h.join(2, "Bob", code)
        h.join(3, "Cy", code)
        let effects = h.disconnect(1)
        #expect(Harness.messages(effects, to: 2).map(\.line) == [
            #"{"type":"left","room":"\#(code)","name":"Ann","players":2,"reason":"disconnected"}"#,
            #"{"type":"host_away","running":false}"#,
        ])
        #expect(Harness.messages(effects, to: 3).map(\.type) == ["left", "host_away"])
        let who = Harness.messages(h.line(2, "/who"), to: 2)[0]
        #expect(who.list("players").map { $0["name"] as? String } == ["Bob", "Cy"])
        #expect(Harness.messages(h.line(2, "/start"), to: 2).first?.code == "not_host")
        #expect(Harness.messages(h.line(3, "/stop"), to: 3).first?.code == "not_host")
    }

    /// A teacher whose laptop drops in the lobby, alone in the room, can still `/claim` it:
    /// the room waits (a minute, as nobody else ever joined it) instead of closing at once.
    @Test func lastDropInTheLobbyKeepsTheRoomForClaimUntilTheTimeout() {
        let h = Harness()
        h.jsonClient(1, name: "Ann")
        let created = Harness.messages(h.line(1, "/create times"), to: 1)[0]
        let code = created.string("room") ?? "", key = created.string("host_key") ?? ""
        #expect(h.disconnect(1).isEmpty)
        #expect(h.core.roomCount == 1)
        #expect(h.core.nextDeadline() == Limits.unjoinedRoomTimeoutMs)
        h.now = 30_000
        h.jsonClient(2)
        #expect(Harness.messages(h.line(2, "/claim \(code) \(key)"), to: 2).first?.type == "ok")
        #expect(Harness.messages(h.line(2, "/start"), to: 2).first?.type == "ok")
    }

    /// Once someone else has sat in the room, an empty room waits the whole empty-room timeout.
    @Test func aRoomSomeoneJoinedWaitsTheWholeTimeout() {
        let h = Harness()
        let code = h.room()
        h.join(2, "Bea", code)
        h.disconnect(2)
        h.disconnect(1)
        #expect(h.core.nextDeadline() == Limits.emptyRoomTimeoutMs)
    }

    @Test func aRoomNobodyComesBackToClosesAfterTheTimeout() {
        let h = Harness()
        _ = h.room()
        h.disconnect(1)
        h.tick(5 * 60 * 1000)
        #expect(h.core.roomCount == 0)
        #expect(h.core.nextDeadline() == nil)
    }

    @Test func rejoinErrors() {
        let h = Harness()
        let code = h.room()
        h.jsonClient(2)
        let codeOf = { (line: String) in Harness.messages(h.line(2, line), to: 2).map { $0.code ?? "ok" } }
        #expect(codeOf("/rejoin \(code)") == ["bad_args"])
        #expect(codeOf("/rejoin ZZZZ 0123") == ["no_room"])
        #expect(codeOf("/rejoin \(code) 00000000000000000000000000000000") == ["bad_token"])
    }

    @Test func rejoinTakesTheSeatFromAnOlderConnection() {
        let h = Harness()
        let code = h.room()
        let token = h.join(2, "Bob", code).string("token") ?? ""
        h.jsonClient(5)
        let effects = h.line(5, "/rejoin \(code) \(token)")
        #expect(Harness.closes(effects) == [ConnectionID(2)])
        let r = Harness.messages(effects, to: 5)
        #expect(r.map(\.type) == ["ok"])
        #expect(r.first?.cmd == "rejoin")
        #expect(r.first?.string("name") == "Bob")
        // Bob never looked away from the room: nobody is told he joined again.
        #expect(Harness.messages(effects, to: 1).isEmpty)
        #expect(h.line(2, "/who").isEmpty)
        #expect(h.disconnect(2).isEmpty)
        let who = Harness.messages(h.line(5, "/who"), to: 5)[0]
        #expect(who.list("players").compactMap { Msg.bool($0["connected"]) } == [true, true])
    }
}
