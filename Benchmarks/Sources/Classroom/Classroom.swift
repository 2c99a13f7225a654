import Foundation
import ChalklineCore
#if canImport(Glibc)
import Glibc
#endif


/// A server core with one room, its host and `players` players, all in json.
public final class Classroom {
    /// What the room plays: times tables, or a question set of 500 (issue 41).
    public enum Game: String {
        case times, set
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

    public init(players count: Int, game: Game = .times, start: Bool = true) {
        self.game = game
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
        let kind = game == .times ? "times" : "quiz set=bench"
        let created = send(host, "/format json\n/name host\n/create \(kind) rounds=500 time=60 gap=0 countdown=0 play=no late=no\n")
        guard let code = field("room", in: created) else { fatalError("/create was refused") }
        for i in 0..<count {
            let id = ConnectionID(UInt64(i + 2))
            players.append(id)
            runner.connect(id, peer: "127.0.0.1", now: now)
            _ = send(id, "/format json\n/name p\(i)\n/join \(code)\n")
        }
        if start {
            read(send(host, "/start\n"))
            nextQuestion(after: 0)
            precondition(expected != "0", "the game did not start")
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
            guard line.contains(#""type":"question""#), let text = field("text", in: [effect(line)]) else { continue }
            if game == .set {
                if let typed = typedFor[text] { expected = typed; rounds += 1 }
                continue
            }
            let factors = text.split(separator: " ").compactMap { Int($0) }
            if factors.count == 2 { expected = String(factors[0] * factors[1]); rounds += 1 }
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
