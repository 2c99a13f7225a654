import Foundation
import ChalklineCore
#if canImport(Glibc)
import Glibc
#endif


/// A server core with one room, its host and `players` players, all in json unless told
/// otherwise, in English unless given `languages` (issue 42: each player reads its own).
public final class Classroom {
    /// What the room plays: times tables, a question set of 500 (issue 41), or money, whose
    /// questions are sentences said in each reader's language (issue 42).
    public enum Game: String {
        case times, set, money
    }
    let core: ServerCore
    let runner: EffectRunner
    private let target = DiscardingTarget()
    let host = ConnectionID(1)
    var players: [ConnectionID] = []
    /// The answer to the open question, read from the last `question` event.
    var expected = "0"
    var next = 0
    var now: Millis = 0
    /// Answers sent, and answers whose reply was `{"type":"ok","cmd":"answer",...`.
    public private(set) var answered = 0
    public private(set) var judged = 0
    /// Questions read after the first: rounds the measured answers closed.
    public private(set) var rounds = 0
    /// Judged answers whose reply said `"correct":true`.
    public private(set) var right = 0
    private let game: Game
    private let format: OutputFormat
    /// Questions opened by `openQuestion` in the game now running, to start the next game when
    /// the last round has been skipped.
    private var opened = 0
    private static let roundsAGame = 500
    /// The set's answers by question text, as a child would type them.
    private var typedFor: [String: String] = [:]
    private static let judgedReply = Array(#"{"type":"ok","cmd":"answer""#.utf8)
    private static let rightReply = Array(#""correct":true"#.utf8)

    /// 500 questions whose answers have accents and capitals (`Brasília 17`), as teachers' sets do.
    static let benchSet: QuestionSet = {
        let cities = ["Brasília", "Zürich", "São Paulo", "Bogotá", "Reykjavík", "Saint-Étienne", "Kraków", "Málaga"]
        return QuestionSet(name: "bench", questions: (1...500).map { n in
            SetQuestion(text: "Which city is number \(n) on the map?", answers: ["\(cities[n % cities.count]) \(n)"])
        })
    }()

    /// `format` is everyone's, host included. `languages` are `/lang` codes handed round the
    /// players (player i reads `languages[i % count]`); the host stays in English, and an empty
    /// list sends no `/lang` at all (the server before issue 42 had none). `gap` is `gap=` in
    /// seconds: a gap keeps `/skip`'s round end and the next question apart, so that
    /// `openQuestion` makes the question alone.
    public init(players count: Int, game: Game = .times, format: OutputFormat = .json, languages: [String] = [],
                gap: Int = 0, start: Bool = true) {
        self.game = game
        self.format = format
        var config = ServerConfig()
        config.questionSets.put(SetLibrary.Entry(set: Self.benchSet, source: .builtin))
        for q in Self.benchSet.questions {
            typedFor[q.text] = Self.childTyping(q.answers[0])
        }
        config.maxConnectionsPerIP = count + 10
        config.maxPlayersPerRoom = count + 1
        config.linesPerSecond = 0
        config.maxConnections = count + 10
        core = ServerCore(config: config) { 7 }
        runner = EffectRunner(core: core, target: target, writes: .asSent)
        runner.connect(host, peer: "127.0.0.1", now: now)
        let kind = switch game {
        case .times: "times"
        case .set: "quiz set=bench"
        case .money: "money"
        }
        let created = send(host, "/format json\n/name host\n/create \(kind) rounds=\(Self.roundsAGame) time=60 gap=\(gap) countdown=0 play=no late=no\n")
        guard let code = field("room", in: created) else { fatalError("/create was refused") }
        for i in 0..<count {
            let id = ConnectionID(UInt64(i + 2))
            players.append(id)
            runner.connect(id, peer: "127.0.0.1", now: now)
            _ = send(id, "/format json\n/name p\(i)\n/join \(code)\n")
            if !languages.isEmpty, case let lang = languages[i % languages.count], lang != "en" {
                let reply = send(id, "/lang \(lang)\n")
                precondition(field("lang", in: reply) == lang, "/lang \(lang) was refused")
            }
            if format == .text { _ = send(id, "/format text\n") }
        }
        if format == .text { _ = send(host, "/format text\n") }
        if start {
            let started = send(host, "/start\n")
            opened = 1
            // A money room is only skipped through (`closeRound`, `openQuestion`), never answered.
            if game != .money {
                read(started)
                nextQuestion(after: 0)
                precondition(expected != "0", "the game did not start")
            }
        }
    }

    /// One player answers the open question: the steady path being measured.
    public func answerNext() -> Int {
        let effects = send(players[next], "/answer \(expected)\n")
        answered += 1
        // The reply is the first line sent (a record of the answer may come before it).
        if let reply = effects.lazy.compactMap({ if case .send(_, let p) = $0 { p } else { nil } }).first,
           reply.count > Self.judgedReply.count,
           Self.judgedReply.withUnsafeBytes({ memcmp($0.baseAddress!, reply.pointer, $0.count) }) == 0 {
            judged += 1
            let bytes = UnsafeRawBufferPointer(start: reply.pointer, count: reply.count)
            if bytes.indices.dropLast(Self.rightReply.count - 1).contains(where: { at in
                Self.rightReply.indices.allSatisfy { bytes[at + $0] == Self.rightReply[$0] }
            }) {
                right += 1
            }
        }
        next += 1
        if next == players.count {
            next = 0
            let roundsBefore = rounds
            read(effects)
            nextQuestion(after: roundsBefore)
        }
        return effects.count
    }

    /// Runs the core's deadlines until a new question is out (with gap=0 and countdown=0 it
    /// may already be, in the effects just read).
    /// `after` is the count of questions read before the round's last answer: with gap=0 and
    /// countdown=0 the next question is often in that answer's effects, and ticking then would
    /// let it time out unanswered (every other question did, before issue 41 measured this).
    private func nextQuestion(after previous: Int) {
        var ticks = 0
        while rounds == previous, let deadline = core.nextDeadline(), ticks < 10 {
            now = max(now, deadline)
            let effects = runner.tick(now: now)
            read(effects)
            ticks += 1
        }
    }

    /// The host skips the open question (its round end, to everyone); after the game's last
    /// round the host starts the next game and skips its first question. Not measured: what
    /// follows, `openQuestion`, is.
    public func closeRound() {
        if opened >= Self.roundsAGame {
            _ = send(host, "/skip\n")
            _ = send(host, "/start\n")
            opened = 1
        }
        _ = send(host, "/skip\n")
    }

    /// The gap after `closeRound` runs out: the next question, made and sent to everyone in
    /// the room. Returns the effects, for `checkQuestion` after the measurement.
    public func openQuestion() -> [Effect] {
        guard let deadline = core.nextDeadline() else { fatalError("no gap to wait out") }
        now = max(now, deadline)
        opened += 1
        return runner.tick(now: now)
    }

    /// `openQuestion`'s effects sent one line to the whole room (players and host): the
    /// distinct lines made, and the bytes of all of them.
    public func checkQuestion(_ effects: [Effect], show: Bool = false) -> (lines: Int, bytes: Int) {
        var recipients = 0, lines = 0, bytes = 0
        for case .send(let ids, let payload) in effects {
            recipients += ids.count
            lines += 1
            bytes += payload.count
            if show {
                let line = String(decoding: UnsafeRawBufferPointer(start: payload.pointer, count: payload.count), as: UTF8.self)
                print("  to \(ids.count): \(line)", terminator: "")
            }
        }
        precondition(recipients == players.count + 1, "the question reached \(recipients) of \(players.count + 1)")
        return (lines, bytes)
    }

    /// One player answers the open question and is judged; never the round's last answer
    /// (before it, the host skips the question, unmeasured, and the next one opens), so each
    /// measured answer is the same step: read, judged, replied to, recorded.
    public func answerOne() -> [Effect] {
        if next == players.count - 1 {
            next = 0
            let roundsBefore = rounds
            read(send(host, "/skip\n"))
            nextQuestion(after: roundsBefore)
        }
        let effects = send(players[next], "/answer \(expected)\n")
        next += 1
        return effects
    }

    /// `answerOne`'s reply: counts it judged, and right, from the first line sent back.
    public func checkAnswer(_ effects: [Effect]) {
        answered += 1
        guard let reply = effects.lazy.compactMap({ if case .send(_, let p) = $0 { p } else { nil } }).first else { return }
        let line = String(decoding: UnsafeRawBufferPointer(start: reply.pointer, count: reply.count), as: UTF8.self)
        switch format {
        case .json:
            guard line.hasPrefix(#"{"type":"ok","cmd":"answer""#) else { return }
            judged += 1
            if line.contains(#""correct":true"#) { right += 1 }
        case .text:
            // `Right! +10 points (score...`, `Bravo ! +10 points...`: a right answer's points.
            judged += 1
            if line.contains(" +") { right += 1 }
        }
    }

    public func hostSays() -> Int {
        send(host, "/say the bell rings in five minutes\n").count
    }

    private func send(_ id: ConnectionID, _ text: String) -> [Effect] {
        now += 1
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { runner.receive(id, UnsafeRawBufferPointer($0), now: now) }
    }

    /// Finds the next question's "A x B" and keeps its product.
    private func read(_ effects: [Effect]) {
        for case .send(_, let payload) in effects {
            let line = String(decoding: UnsafeRawBufferPointer(start: payload.pointer, count: payload.count), as: UTF8.self)
            let text: String
            if format == .text {
                // `Question 3/500:   7 x 8 = ?   (60 s)` in any language: the prompt between the gaps.
                guard let prompt = line.components(separatedBy: "   ").first(where: { $0.hasSuffix("= ?") }) else { continue }
                text = prompt
            } else {
                guard line.contains(#""type":"question""#), let found = field("text", in: [effect(line)]) else { continue }
                text = found
            }
            if game == .set {
                if let typed = typedFor[text] { expected = typed; rounds += 1; return }
                continue
            }
            // One question a call, however many languages it was written in.
            let factors = text.split(separator: " ").compactMap { Int($0) }
            if factors.count == 2 { expected = String(factors[0] * factors[1]); rounds += 1; return }
        }
    }

    /// Lower case, accents dropped: `brasilia 17` for `Brasília 17`.
    static func childTyping(_ answer: String) -> String {
        let plain: [Character: Character] = ["í": "i", "ü": "u", "ã": "a", "á": "a", "É": "E", "ó": "o"]
        return String(answer.map { plain[$0] ?? $0 }).lowercased()
    }

    private func effect(_ line: String) -> Effect { .send([], Payload(Array(line.utf8))) }

    /// The first `"key":"value"` in any payload of `effects`.
    private func field(_ key: String, in effects: [Effect]) -> String? {
        for case .send(_, let payload) in effects {
            let line = String(decoding: UnsafeRawBufferPointer(start: payload.pointer, count: payload.count), as: UTF8.self)
            guard let start = line.range(of: "\"\(key)\":\"") else { continue }
            return String(line[start.upperBound...].prefix { $0 != "\"" })
        }
        return nil
    }
}
