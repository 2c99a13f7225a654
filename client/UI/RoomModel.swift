import ChalklineProtocol
import Foundation

/// What a screen knows about its room, rebuilt from events alone: the same state for the
/// player's, the host's and the watcher's screens, so they can never disagree.
struct RoomModel {
    enum Role { case player, host, watcher }

    struct Player: Equatable {
        var name: String
        var score: Int
        var host: Bool
        var playing: Bool
        var connected: Bool
    }

    struct Question {
        var id: Int
        var round: Int
        var rounds: Int
        var text: String
        var timeMs: Int
        var openedAt: Double
    }

    struct Clue {
        var n: Int
        var clue: String
        var letters: Int
        var solvedBy: String?
        var word: String?
    }

    struct Board {
        var level: Int
        var levels: Int
        var timeMs: Int
        var openedAt: Double
        var clues: [Clue]
        var groups: [String]
    }

    /// `waiting`: in a running game between our (re)join and the next question or board.
    enum Phase { case outside, lobby, waiting, countdown(until: Double), question, roundEnd, board, levelEnd, gameEnd }

    var role: Role
    var me: String?
    var room: String?
    var game: String?
    var token: String?
    /// The room's host key, from `/create`: how `chalkline host` takes its room back after a drop.
    var hostKey: String?
    var phase = Phase.outside
    var players: [Player] = []
    var question: Question?
    var board: Board?
    var answeredThisQuestion = false
    /// The last answer's verdict, for the player: "Right! +987 ..." or "Wrong.".
    var verdict: String?
    var myScore = 0
    var roundAnswer: String?
    var roundResults: [(name: String, correct: Bool, points: Int, ms: Int?)] = []
    var standings: [StandingRow] = []
    /// Ranked players in the room when the server cut the table to its top and our own row (a
    /// room of more than ten): the leaderboard then says "of 1,000". Nil for the whole table.
    var rankedPlayers: Int?
    var chat: [String] = []
    var notice: String?
    var answersIn: Int?
    var connected = true

    init(role: Role, me: String? = nil) {
        self.role = role
        self.me = me
    }

    var hostName: String? { players.first { $0.host }?.name }
    var playing: [Player] { players.filter(\.playing) }

    mutating func apply(_ m: ServerMessage, now: Double) {
        switch m.type {
        case "ok": applyReply(m)
        case "error": notice = m.string("message") ?? m.string("code")
        case "joined":
            if let name = m.string("name") {
                if let i = players.firstIndex(where: { $0.name == name }) { players[i].connected = true } else {
                    players.append(Player(name: name, score: 0, host: false, playing: true, connected: true))
                }
            }
        case "left":
            guard let name = m.string("name") else { break }
            if m.string("reason") == "disconnected", case .lobby = phase {
                players.removeAll { $0.name == name }
            } else if m.string("reason") == "disconnected" {
                if let i = players.firstIndex(where: { $0.name == name }) { players[i].connected = false }
            } else {
                players.removeAll { $0.name == name }
            }
        case "host":
            for i in players.indices { players[i].host = players[i].name == m.string("name") }
        case "countdown":
            phase = .countdown(until: now + (m.double("seconds") ?? 0))
            resetGame()
        case "question":
            if case .lobby = phase { resetGame() }
            question = Question(id: m.int("id") ?? 0, round: m.int("round") ?? 0, rounds: m.int("rounds") ?? 0,
                                text: m.string("text") ?? "", timeMs: m.int("time_ms") ?? 0, openedAt: now)
            phase = .question
            answeredThisQuestion = false
            verdict = nil
            answersIn = 0
        case "progress":
            answersIn = m.int("answers")
        case "round_end":
            phase = .roundEnd
            roundAnswer = m.answerText
            roundResults = m.list("results").map { r in
                (r["name"]?.stringValue ?? "?", r["correct"]?.boolValue ?? false,
                 r["points"]?.intValue ?? 0, r["ms"]?.intValue)
            }
            updateStandings(StandingRow.list(m.list("standings")), of: m.int("players"))
        case "board":
            if case .lobby = phase { resetGame() }
            board = Board(level: m.int("level") ?? 1, levels: m.int("levels") ?? 1, timeMs: m.int("time_ms") ?? 0, openedAt: now,
                          clues: m.list("clues").map(Self.clue), groups: m.strings("groups"))
            phase = .board
            verdict = nil
        case "solved":
            guard let n = m.int("n"), let word = m.string("word"), var b = board else { break }
            if let i = b.clues.firstIndex(where: { $0.n == n }) {
                b.clues[i].word = word
                b.clues[i].solvedBy = m.string("name")
            }
            if let used = WordSolver.groupsSpelling(word, from: b.groups.map { $0.uppercased() }) {
                for i in used.sorted(by: >) { b.groups.remove(at: i) }
            }
            board = b
        case "level_end":
            phase = .levelEnd
            if var b = board {
                for c in m.list("clues") {
                    let clue = Self.clue(c)
                    if let i = b.clues.firstIndex(where: { $0.n == clue.n }) { b.clues[i] = clue }
                }
                board = b
            }
            updateStandings(StandingRow.list(m.list("standings")), of: m.int("players"))
        case "game_end":
            phase = .gameEnd
            updateStandings(StandingRow.list(m.list("standings")), of: m.int("players"))
            question = nil
        case "chat":
            let line = "\(m.string("name") ?? "?")\(m.bool("host") == true ? " (host)" : ""): \(m.string("text") ?? "")"
            chat = Array((chat + [line]).suffix(4))
        case "kicked":
            phase = .outside
            notice = "The host removed you from room \(m.string("room") ?? "")."
            room = nil
            token = nil
        case "shutdown":
            notice = "Server: \(m.string("message") ?? "stopping")"
        default: break
        }
    }

    private mutating func applyReply(_ m: ServerMessage) {
        switch m.cmd {
        case "join", "rejoin", "claim", "create", "watch":
            room = m.string("room") ?? room
            hostKey = m.string("host_key") ?? hostKey
            game = m.string("game") ?? game
            token = m.string("token") ?? token
            if let name = m.string("name") { me = name }
            if m.cmd == "create" {
                players = [Player(name: me ?? "host", score: 0, host: true,
                                  playing: m.fields["settings"]?["play"]?.boolValue ?? true, connected: true)]
            } else {
                players = m.list("players").map { p in
                    Player(name: p["name"]?.stringValue ?? "?", score: p["score"]?.intValue ?? 0,
                           host: p["host"]?.boolValue ?? false, playing: p["playing"]?.boolValue ?? true,
                           connected: p["connected"]?.boolValue ?? true)
                }
            }
            myScore = m.int("score") ?? myScore
            if m.string("state") == "running" {
                phase = .waiting
                question = nil
                board = nil
                roundAnswer = nil
                roundResults = []
            } else {
                phase = .lobby
            }
            notice = nil
        case "name":
            me = m.string("name") ?? me
        case "answer":
            answeredThisQuestion = m.bool("correct") == true || m.int("n") == nil
            myScore = m.int("score") ?? myScore
            let points = m.int("points") ?? 0
            if m.bool("correct") == true {
                verdict = "Right! +\(points) points (score \(myScore)\(m.int("streak").map { ", streak \($0)" } ?? ""))."
            } else {
                verdict = "Wrong. (score \(myScore))"
            }
        case "leave":
            phase = .outside
            room = nil
        default: break
        }
    }

    private mutating func resetGame() {
        myScore = 0
        verdict = nil
        for i in players.indices { players[i].score = 0 }
        standings = []
    }

    private mutating func updateStandings(_ rows: [StandingRow], of ranked: Int? = nil) {
        standings = rows
        rankedPlayers = ranked
        for row in rows {
            if let i = players.firstIndex(where: { $0.name == row.name }) { players[i].score = row.score }
            if row.name == me { myScore = row.score }
        }
    }

    private static func clue(_ c: JSON) -> Clue {
        Clue(n: c["n"]?.intValue ?? 0, clue: c["clue"]?.stringValue ?? "",
             letters: c["letters"]?.intValue ?? 0, solvedBy: c["solved_by"]?.stringValue, word: c["word"]?.stringValue)
    }
}
