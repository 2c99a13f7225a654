import ChalklineTesting
import Testing
@testable import ChalklineCore

/// The records the core hands the shell for storage: what happened, in order, and the commit
/// point that must come before players see a round's result.
@Suite("ServerCore: game records")
struct GameRecordTests {
    /// Effects as short strings: `record:...` for records, `send:TYPE` for JSON sends.
    private func trace(_ effects: Step) -> [String] {
        effects.flatMap { effect -> [String] in
            switch effect {
            case .record(let record):
                switch record {
                case let .gameStarted(game, kind, _, players, _): ["start \(game) \(kind) \(players.map(\.name).joined(separator: ","))"]
                case let .roundOpened(_, round, label, items): ["open \(round) \(label) \(items.map(\.answer).joined(separator: ","))"]
                case let .answer(_, round, a): ["answer \(round) \(a.player.name) \(a.typed ?? "-") \(a.correct) \(a.ms.map(String.init) ?? "-") \(a.points) \(a.streak.map(String.init) ?? "-")"]
                case let .roundClosed(_, round): ["close \(round)"]
                case let .gameEnded(_, standings, stopped): ["end \(standings.map { "\($0.rank).\($0.name)" }.joined(separator: ",")) \(stopped)"]
                case let .assignmentCreated(a): ["assign \(a.code)"]
                case let .gameResumed(game, round): ["resume \(game) \(round)"]
                case let .setSaved(set): ["set saved \(set.name)"]
                case let .setDeleted(name): ["set deleted \(name)"]
                case let .assignmentDue(uid, _, text): ["due \(uid) \(text)"]
                case let .classSaved(record): ["class saved \(record.name)"]
                case let .classDeleted(_, name): ["class deleted \(name)"]
                }
            case .send(_, let payload):
                payload.string.split(separator: "\n").map { "send " + ServerLine(String($0)).type }
            case .report: ["report"]
            case .close: ["close-connection"]
            case .roundStarted: []
            }
        }
    }

    @Test func aRoundIsRecordedAndItsCloseComesBeforeItsRoundEnd() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (c1, code) = try h.timesRoom("table=7 max=4 rounds=2 time=10 gap=0 countdown=0 seed=1")
        let (c2, _) = try h.join("Bob", code)
        clock.setTime(1_000)
        #expect(trace(try c1.step("/start")).filter { !$0.hasPrefix("send") } == ["start \(code)-1 times Ann,Bob", "open 1 7 x 2 14"])
        clock.setTime(1_250)
        #expect(trace(try c1.step(" 14")).first == "answer 1 Ann 14 true 250 988 1")
        clock.setTime(11_000)
        let closing = trace(clock.advance(to: 11_000))
        #expect(Array(closing.prefix(4)) == ["answer 1 Bob - false - 0 0", "close 1", "send round_end", "open 2 7 x 3 21"])
        #expect(GameRecord.roundClosed(game: GameRef(serial: 1, room: code, number: 1), round: 1).needsCommit)
    }

    @Test func stoppingMidRoundRecordsTheAnswersSoFarAndTheEnd() throws {
        let h = try ServerHarness(.inProcess)
        let clock = try #require(h.inProcess)
        let (c1, code) = try h.timesRoom("table=7 max=4 rounds=5 time=10 gap=0 countdown=0 seed=1")
        let (c2, _) = try h.join("Bob", code)
        try c1.step("/start")
        clock.setTime(500)
        try c2.step("15")
        let stop = trace(try c1.step("/stop")).filter { !$0.hasPrefix("send") }
        // Ann had not answered when the host stopped: no "no answer" for her (both have 0 and no
        // time: they share the first place, listed by name).
        #expect(stop == ["close 1", "end 1.Ann,1.Bob true"])
    }

    @Test func reportIsForTheHostOfAFinishedGame() throws {
        let h = try ServerHarness(.inProcess)
        let (c1, code) = try h.timesRoom("table=7 max=4 rounds=1 time=10 gap=0 countdown=0 seed=1")
        let (c2, _) = try h.join("Bob", code)
        #expect(try c1.step("/report").messages(to: c1).first?.code == "wrong_state")
        try c1.step("/start")
        #expect(try c1.step("/report").messages(to: c1).first?.code == "wrong_state")
        try c1.step("14")
        try c2.step("14")
        #expect(try c2.step("/report").messages(to: c2).first?.code == "not_host")
        let effects = try c1.step("/report")
        guard case .report(let request)? = effects.first, effects.count == 1 else {
            Issue.record("expected one report effect: \(effects)")
            return
        }
        #expect(request.to == ConnectionID(1))
        guard case .lastGame(let game) = request.subject else {
            Issue.record("expected the room's last game: \(request.subject)")
            return
        }
        #expect(game.description == "\(code)-1")
    }

    /// A claimed word is shown to the room at once (`solved`), so its record asks for a commit
    /// and comes before the event, as a round's close comes before `round_end`.
    @Test func aClaimIsRecordedForCommitBeforeItsSolved() throws {
        var config = ServerConfig()
        config.levelPacks = [WordsFixtures.pack]
        let h = try ServerHarness(.inProcess, config: config)
        let c1 = try h.jsonClient("Ann")
        let code = try c1.step("/create words pack=test level=1 levels=1 time=60 countdown=0 play=no").messages(to: c1)[0].string("room")!
        let (c2, _) = try h.join("Bob", code)
        try c1.step("/start")
        let word = WordsFixtures.level(WordsFixtures.levelA).clues[0].answer
        let effects = try c2.step(word)
        let claim = effects.firstIndex { if case .record(let r) = $0 { return r.needsCommit } else { return false } }
        let solved = effects.firstIndex { if case .send(_, let p) = $0 { return p.string.contains("\"solved\"") } else { return false } }
        #expect(claim != nil && solved != nil && claim! < solved!)
        // A wrong word is nobody's news: it goes in the batch.
        let wrong = try c2.step("NOTAWORD")
        #expect(!wrong.contains { if case .record(let r) = $0 { return r.needsCommit } else { return false } })
    }
}
