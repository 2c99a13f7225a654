import Testing
@testable import ChalklineClient

/// The client's pure parts, without a server: address parsing, the word solver, the screen.
@Suite struct ClientPartsTests {
    @Test func endpointsParseAsPeopleTypeThem() {
        #expect(Endpoint.parse("") == Endpoint())
        #expect(Endpoint.parse("192.168.1.20") == Endpoint(host: "192.168.1.20", port: 7420))
        #expect(Endpoint.parse("laptop.local:7500") == Endpoint(host: "laptop.local", port: 7500))
        #expect(Endpoint.parse(":7500") == Endpoint(host: "127.0.0.1", port: 7500))
        #expect(Endpoint.parse("[::1]:7421") == Endpoint(host: "::1", port: 7421))
        #expect(Endpoint.parse("::1") == Endpoint(host: "::1", port: 7420))
        #expect(Endpoint.parse("host:0") == nil)
        #expect(Endpoint.parse("host:70000") == nil)
        #expect(Endpoint.parse("[::1") == nil)
    }

    @Test func solverSpellsWordsFromGroupsOfTheRightLength() {
        let solver = WordSolver(words: ["HAUNTED", "PLANET", "PLAN"])
        let groups = ["ET", "HA", "PLAN", "UNT", "ED", "ZZ"]
        #expect(solver.candidates(length: 7, groups: groups) == ["HAUNTED"])
        #expect(solver.candidates(length: 6, groups: groups) == ["PLANET"])
        #expect(solver.candidates(length: 5, groups: groups).isEmpty)
        #expect(WordSolver.groupsSpelling("haunted", from: groups) == [1, 3, 4])
        #expect(WordSolver.groupsSpelling("PLANETS", from: groups) == nil)
    }

    @Test func lineBytesReadTheServersCompactLines() {
        func read<T>(_ line: String, _ body: (LineBytes) -> T) -> T {
            Array(line.utf8).withUnsafeBytes { body(LineBytes(bytes: $0)) }
        }
        let line = #"{"type":"question","id":12,"round":3,"rounds":20,"text":"7 x 8","time_ms":10000}"#
        #expect(read(line) { $0.isType(.question) })
        // The whole name, not a prefix of a longer one.
        #expect(!read(#"{"type":"questions","id":1}"#) { $0.isType(.question) })
        #expect(!read(line) { $0.isType(.ok) })
        #expect(!read(#"{"type":"ok","cmd":"answer","text":"the question was sent"}"#) { $0.isType(.question) })
        #expect(read(#"{"type":"host_away","room":"QXRM"}"#) { $0.isType(.hostAway) })
        #expect(read(line) { $0.int(#""id":"#) } == 12)
        #expect(read(line) { $0.int(#""time_ms":"#) } == 10000)
        #expect(read(line) { $0.int(#""missing":"#) } == nil)
        #expect(read(line) { $0.timesProduct() } == 56)
        #expect(read(#"{"type":"question","text":"12 x 12"}"#) { $0.timesProduct() } == 144)
        #expect(read(#"{"type":"question","text":"7 x "}"#) { $0.timesProduct() } == nil)
        #expect(read(#"{"type":"error","cmd":"answer","code":"already_answered"}"#) { $0.string(#""code":""#) } == "already_answered")
        #expect(read(#"{"type":"ok","cmd":"answer","correct":true}"#) { $0.contains(#""correct":true"#) })
        #expect(!read(#"{"type":"ok","cmd":"answer","correct":false}"#) { $0.contains(#""correct":true"#) })
        #expect(!read("") { $0.isType(.ok) })
        #expect(read(#"{"type":"question","id":99999999999999999999999}"#) { $0.int(#""id":"#) } == nil)
        #expect(read(#"{"type":"question","text":"9999999999 x 9999999999"}"#) { $0.timesProduct() } == nil)
        #expect(timesAnswer("7 x 8") == 56)
        #expect(timesAnswer("12 x 12") == 144)
    }

    @Test func theScreenFitsEightyByTwentyFour() {
        var model = RoomModel(role: .player, me: "sam")
        let now = 100.0
        model.apply(ServerMessage(line: #"{"type":"ok","cmd":"join","room":"QXRM","token":"t","game":"times","state":"lobby","players":[{"name":"sam","score":0,"connected":true,"host":false,"playing":true}],"name":"sam","score":0}"#)!, now: now)
        model.apply(ServerMessage(line: #"{"type":"question","id":1,"round":1,"rounds":20,"text":"12 x 12","time_ms":10000}"#)!, now: now)
        let screen = RoomScreen(model: model, now: now + 5, columns: 80, rows: 24, colour: false, footer: [.plain("> 14")], joinHint: nil)
        let frame = screen.frame()
        #expect(frame.lines.count == 24)
        let texts = frame.lines.map { $0.map(\.text).joined() }
        #expect(texts.allSatisfy { $0.count <= 80 })
        #expect(texts.contains { $0.contains("Question 1/20") })
        #expect(texts.contains { $0.contains("5.0 s") }, "half the bar left after 5 of 10 seconds")
        #expect(texts.last == "> 14")
        // No colour: no escape sequences at all.
        #expect(!frame.render(columns: 80, rows: 24).contains("\u{1B}[1m"))
    }

    /// What `play` sends for a typed answer names the open question or word level (issue 28):
    /// one that reaches the server after it closed is refused, not judged against the next.
    @Test func aTypedAnswerNamesTheOpenQuestionOrLevel() {
        var model = RoomModel(role: .player, me: "sam")
        model.apply(ServerMessage(line: #"{"type":"ok","cmd":"join","room":"QXRM","token":"t","game":"times","state":"lobby","players":[],"name":"sam","score":0}"#)!, now: 0)
        #expect(model.answerLine("14") == "14", "nothing open: sent as typed, for the server to say so")
        model.apply(ServerMessage(line: #"{"type":"question","id":7,"round":1,"rounds":20,"text":"7 x 2","time_ms":10000}"#)!, now: 0)
        #expect(model.answerLine("14") == "/answer id=7 14")
        model.apply(ServerMessage(line: #"{"type":"board","id":9,"level":3,"round":1,"levels":2,"time_ms":60000,"clues":[],"groups":["PRE","SE","NT"]}"#)!, now: 1)
        #expect(model.answerLine("present") == "/answer id=9 present")
    }
}

/// Issue 27: places and keys, the pure parts behind the screens' tables and prompts.
@Suite struct ClientScreenPartsTests {
    /// The server decides who shares a place (equal score and equal time): two on 2,887 ranked
    /// 1 and 2 (one was quicker) stay 1st and 2nd, and a cut table's own row keeps its rank.
    @Test func theServersRanksAreShownAsTheyAreAndACutTableKeepsItsRanks() {
        let rows = [StandingRow(rank: 1, name: "a", score: 2887), StandingRow(rank: 2, name: "b", score: 2887),
                    StandingRow(rank: 3, name: "c", score: 1687), StandingRow(rank: 3, name: "d", score: 1687),
                    StandingRow(rank: 5, name: "e", score: 10), StandingRow(rank: 412, name: "me", score: 10)]
        let model = RoomModel(role: .player, me: "me")
        #expect(PlainLines.standings(rows, model: model) == "1. a 2,887, 2. b 2,887, 3. c 1,687, 3. d 1,687, 5. e 10, ... 412. me 10")
        #expect(Places.ordinal(1) == "1st" && Places.ordinal(12) == "12th" && Places.ordinal(22) == "22nd" && Places.ordinal(1003) == "1,003rd")
    }

    /// A room of 1,000: the host sees the counts, as many names as fit on a line, and the top
    /// of the table with how far it goes, all within 80 columns.
    @Test func aThousandPlayersRoundFitsTheHostScreen() throws {
        var model = RoomModel(role: .host, me: "Ms")
        model.apply(try #require(ServerMessage(line: #"{"type":"question","id":1,"round":1,"rounds":5,"text":"7 x 8","time_ms":10000}"#)), now: 0)
        let results = (1...1000).map { i in
            #"{"name":"p\#(i)","correct":\#(i <= 600),"points":\#(i <= 600 ? 500 : 0),"ms":\#(i <= 900 ? String(i) : "null")}"#
        }
        let standings = (1...1000).map { i in #"{"rank":\#(i),"name":"p\#(i)","score":\#(i <= 600 ? 1500 : 0)}"# }
        let line = #"{"type":"round_end","id":1,"answer":56,"answer_text":"56","results":["# + results.joined(separator: ",")
            + #"],"standings":["# + standings.joined(separator: ",") + "]}"
        model.apply(try #require(ServerMessage(line: line)), now: 1)
        let texts = RoomScreen(model: model, now: 1, columns: 80, rows: 24, colour: false, footer: [.plain("keys")], joinHint: nil)
            .frame().lines.map { $0.map(\.text).joined() }
        #expect(texts.count == 24 && texts.allSatisfy { $0.count <= 80 })
        #expect(texts.contains("600 of 1,000 right"))
        #expect(texts.contains { $0.hasPrefix("Right (600): p1 0.0 s, p2 0.0 s") && $0.hasSuffix("more") })
        #expect(texts.contains { $0.hasPrefix("Wrong (300): p601, p602") && $0.hasSuffix("more") })
        #expect(texts.contains { $0.hasPrefix("No answer (100): p901") })
        #expect(texts.contains { $0.hasPrefix("Leaderboard  1–") && $0.contains("of 1,000") })
        #expect(texts.contains { $0.hasPrefix("    1. p1 ") && $0.hasSuffix("1,500") })
        #expect(texts.contains { $0.hasPrefix("    2. p2 ") }, "the server's rank as it is: it alone decides who shares a place")
    }

    @Test func keysAreReadWholeAndEscIsAKey() {
        var reader = KeyReader()
        #expect(reader.keys(Array("k€\r".utf8)) == [.text("k"), .text("€"), .enter])
        #expect(reader.keys([0x1B]) == [.escape])
        #expect(reader.keys(Array("\u{1B}[5~\u{1B}[6~\u{1B}[A\u{1B}[1;5C".utf8)) == [.pageUp, .pageDown, .up])
        #expect(reader.keys([0xE2, 0x82]) == [])
        #expect(reader.keys([0xAC]) == [.text("€")])
    }
}

/// Issue 27: `chalkline servers` printed Avahi's raw TXT record (`"protocol=1"`).
@Suite struct FoundServerLineTests {
    @Test func theTXTRecordIsReadNotPrinted() {
        let server = FoundServer(name: "Chalkline on lab", host: "lab.local", address: "192.168.1.20", port: 7420, txt: "\"protocol=1\"")
        #expect(server.protocolVersion == "1")
        #expect(server.line == "Chalkline on lab  lab.local  192.168.1.20:7420  (protocol 1)")
        #expect(!server.line.contains("\""))
        #expect(FoundServer(name: "x", host: "h", address: "a", port: 1, txt: "").line == "x  h  a:1")
    }
}
