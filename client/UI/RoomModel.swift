import ChalklineProtocol
import Foundation

/// What a screen knows about its room, rebuilt from events alone: the same state for the
/// player's, the host's and the watcher's screens, so they can never disagree.
package struct RoomModel {
    package enum Role { case player, host, watcher }

    package struct Player: Equatable {
        package var name: String
        package var score: Int
        package var host: Bool
        package var playing: Bool
        package var connected: Bool
    }

    package struct Question {
        package var id: Int
        package var round: Int
        package var rounds: Int
        package var text: String
        package var timeMs: Int
        package var openedAt: Double
    }

    package struct Clue {
        package var n: Int
        package var clue: String
        package var letters: Int
        package var solvedBy: String?
        package var word: String?
    }

    package struct Board {
        /// The room-wide round id, which an answer names (`/answer id=N`).
        package var id: Int
        /// The level's number in the pack; `round` is its place in this game, of `levels`.
        package var level: Int
        package var round: Int
        package var levels: Int
        package var timeMs: Int
        package var openedAt: Double
        package var clues: [Clue]
        package var groups: [String]
    }

    /// A team's line in `round_end`, `level_end` and `game_end` of a room with teams.
    package struct TeamRow: Equatable {
        package var rank: Int
        package var name: String
        package var score: Int
        package var members: Int
    }

    package struct LogLine {
        package var text: String
        package var generation: Int
    }

    /// `waiting`: in a running game between our (re)join and the next question or board.
    package enum Phase { case outside, lobby, waiting, countdown(until: Double), question, roundEnd, board, levelEnd, gameEnd }

    package var role: Role
    package var me: String?
    package var room: String?
    package var game: String?
    package var token: String?
    /// The room's host key, from `/create`: how `chalkline host` takes its room back after a drop.
    package var hostKey: String?
    /// The students' page for the room, from `/create`'s `join_url` (nil with `--no-web`).
    package var joinURL: String?
    package var phase = Phase.outside
    package var players: [Player] = []
    package var question: Question?
    package var board: Board?
    package var answeredThisQuestion = false

    /// What a line typed as an answer is sent as: naming the open question (or word level), so
    /// one that arrives after it closed is refused rather than judged against the next
    /// (protocol.md, `/answer`); a line with nothing open goes as typed, for the server to say so.
    package func answerLine(_ typed: String) -> String {
        switch phase {
        case .question: question.map { "/answer id=\($0.id) \(typed)" } ?? typed
        case .board: board.map { "/answer id=\($0.id) \(typed)" } ?? typed
        default: typed
        }
    }
    /// The last answer's verdict, for the player: "Right! +987 ..." or "Wrong.".
    package var verdict: String?
    /// Whether that verdict was right (its colour: the words are the language's).
    package var verdictRight = false
    /// The language the screens and lines are in (`--language`, else the environment's).
    package var language: Language = Languages.english
    package var myScore = 0
    package var roundAnswer: String?
    package var roundResults: [(name: String, correct: Bool, points: Int, ms: Int?)] = []
    package var standings: [StandingRow] = []
    /// At the end of a homework try: the student's place and tries left (`HomeworkPlace`); nil
    /// after a class's game.
    package var homeworkEnd: String?
    /// The team standings of the last round, level or game (empty in a room without teams).
    package var teamStandings: [TeamRow] = []
    /// The player's team: `/team`'s reply, then each `teams` event that lists them.
    package var myTeam: String?
    /// Ranked players in the room when the server cut the table to its top and our own row (a
    /// room of more than ten): the leaderboard then says "of 1,000". Nil for the whole table.
    package var rankedPlayers: Int?
    package var chat: [String] = []
    /// A line about the room for as long as its state lasts; cleared whenever the phase changes.
    package var notice: String?
    /// The host left or dropped and has not come back (`host_away` until `host`).
    package var hostAway = false
    /// Whether players may chat: the room's `chat` setting, then each `/set chat=` reply.
    package var chatOn = true
    /// What ended the connection (a shutdown, the server's goodbye): printed after the screen closes.
    package var farewell: String?
    /// Replies to the person's own commands, oldest first, each tagged with the state it came in.
    package var log: [LogLine] = []
    package var lastReplyStart = 0
    /// Bumped by each change of phase; a reply line belongs to the generation it arrived in.
    package var generation = 0
    package var answersIn: Int?
    package var connected = true
    /// Homework: when the next question (or the try's end) comes after this round's answer,
    /// from the server's `pause`; Enter on an empty line sends `/next` meanwhile. Nil otherwise.
    package var pauseUntil: Double?
    package var pauseIsLast = false

    /// The teacher's New room (`moved`): the room the class left and the one it went to, until
    /// this screen is in the new one. The session sends `followLine`, so nobody types a code.
    package var moved: (from: String, to: String)?
    package var followLine: String? {
        guard let to = moved?.to else { return nil }
        switch role {
        case .player: return "/join \(to)" + (me.map { " \($0)" } ?? "")
        case .watcher: return "/watch \(to)"
        case .host: return nil
        }
    }
    /// `/comeback` requests waiting for this host's answer, oldest first: each stays on screen
    /// until `/letin` answers it (or says nobody is asking any more).
    package var comebacks: [(name: String, number: String?)] = []

    /// The line that shows a waiting request, with the command that answers it; the number is
    /// the check number the student's device shows, when the server sends one.
    package static func comebackLine(name: String, number: String?, language: Language = Languages.english) -> String {
        let yes = "/letin \(name)" + (number.map { " \($0)" } ?? "")
        let shown = number.map { language.text("client.comeback.number", ["number": .text($0)]) } ?? ""
        return language.text("client.comeback.asks", ["name": .text(name), "number": .text(shown), "yes": .text(yes)])
    }

    private func t(_ key: String, _ args: KeyValuePairs<String, Say.Arg> = [:]) -> String {
        language.text(key, count: nil, args)
    }

    package init(role: Role, me: String? = nil, language: Language = Languages.english) {
        self.role = role
        self.me = me
        self.language = language
    }

    package var hostName: String? { players.first { $0.host }?.name }
    package var playing: [Player] { players.filter(\.playing) }

    package mutating func apply(_ m: ServerMessage, now: Double) {
        if let lines = ReplyText.lines(for: m, language: language) { logReply(lines) }
        switch m.event {
        case .ok: applyReply(m)
        case .error where m.cmd == "letin":
            // Nobody is asking as that name any more (gave up, or left): the request goes.
            let message = m.string("message") ?? ""
            comebacks.removeAll { message.contains(" \($0.name) ") }
        case .error where moved != nil && (m.cmd == "join" || m.cmd == "watch"):
            if let moved { notice = t("client.moved.failed", ["room": .text(moved.to), "command": .text(role == .watcher ? "/watch" : "/join")]) }
            moved = nil
        case .joined:
            if let name = m.string("name") {
                if let i = players.firstIndex(where: { $0.name == name }) { players[i].connected = true } else {
                    players.append(Player(name: name, score: 0, host: false, playing: true, connected: true))
                }
            }
        case .left:
            guard let name = m.string("name") else { break }
            let hostSeat = players.first { $0.name == name }.map { !$0.playing } ?? false
            if m.leaveReason == .disconnected, hostSeat {
                // A host who does not play keeps their seat for /claim: back as a host, not a player.
                if let i = players.firstIndex(where: { $0.name == name }) { players[i].connected = false }
            } else if m.leaveReason == .disconnected, case .lobby = phase {
                players.removeAll { $0.name == name }
            } else if m.leaveReason == .disconnected {
                if let i = players.firstIndex(where: { $0.name == name }) { players[i].connected = false }
            } else {
                players.removeAll { $0.name == name }
            }
        case .host:
            for i in players.indices { players[i].host = players[i].name == m.string("name") }
            hostAway = false
        case .hostAway:
            for i in players.indices { players[i].host = false }
            hostAway = true
        case .countdown:
            enter(.countdown(until: now + (m.double("seconds") ?? 0)))
            resetGame()
        case .question:
            if case .lobby = phase { resetGame() }
            question = Question(id: m.int("id") ?? 0, round: m.int("round") ?? 0, rounds: m.int("rounds") ?? 0,
                                text: m.string("message") ?? m.string("text") ?? "", timeMs: m.int("time_ms") ?? 0, openedAt: now)
            enter(.question)
            answeredThisQuestion = false
            verdict = nil
            answersIn = 0
        case .progress:
            answersIn = m.int("answers")
        case .roundEnd:
            enter(.roundEnd)
            roundAnswer = m.string("answer_message") ?? m.answerText
            roundResults = m.list("results").map { r in
                (r["name"]?.stringValue ?? "?", r["correct"]?.boolValue ?? false,
                 r["points"]?.intValue ?? 0, r["ms"]?.intValue)
            }
            updateStandings(StandingRow.list(m.list("standings")), of: m.int("players"))
            updateTeams(m)
        case .board:
            if case .lobby = phase { resetGame() }
            board = Board(id: m.int("id") ?? 0, level: m.int("level") ?? 1, round: m.int("round") ?? 1, levels: m.int("levels") ?? 1,
                          timeMs: m.int("time_ms") ?? 0, openedAt: now, clues: m.list("clues").map(Self.clue),
                          groups: m.strings("groups"))
            enter(.board)
            verdict = nil
        case .solved:
            guard let n = m.int("n"), let word = m.string("word"), var b = board else { break }
            if let i = b.clues.firstIndex(where: { $0.n == n }) {
                b.clues[i].word = word
                b.clues[i].solvedBy = m.string("name")
            }
            b.groups.takeOff(m.solvedGroups, spelling: word)
            board = b
        case .levelEnd:
            enter(.levelEnd)
            if var b = board {
                for c in m.list("clues") {
                    let clue = Self.clue(c)
                    if let i = b.clues.firstIndex(where: { $0.n == clue.n }) { b.clues[i] = clue }
                }
                board = b
            }
            updateStandings(StandingRow.list(m.list("standings")), of: m.int("players"))
            updateTeams(m)
        case .gameEnd:
            enter(.gameEnd)
            homeworkEnd = m.fields["homework"].map { HomeworkPlace.sentence($0, language) }
            updateStandings(StandingRow.list(m.list("standings")), of: m.int("players"))
            updateTeams(m)
            question = nil
        case .teams:
            guard let me else { break }
            for team in m.list("teams") where (team["members"]?.arrayValue ?? []).contains(where: { $0.stringValue == me }) {
                myTeam = team["name"]?.stringValue ?? myTeam
            }
        case .chat:
            let line = "\(m.string("name") ?? "?")\(m.bool("host") == true ? t("client.chat.host") : ""): \(m.string("text") ?? "")"
            chat = Array((chat + [line]).suffix(4))
        case .kicked:
            enter(.outside)
            notice = t(m.bool("banned") == true ? "client.kicked.banned" : "client.kicked.removed", ["room": .text(m.string("room") ?? "")])
            room = nil
            token = nil
            hostAway = false
        case .letIn where m.bool("allowed") == true:
            // The host let us back in after `/comeback`: the seat is ours as after a `/rejoin`,
            // with the new token the next reconnect needs.
            if case .object(let fields) = m.fields,
               let reply = ServerMessage(line: String(decoding: JSON.object([("type", .string("ok")), ("cmd", .string("rejoin"))]
                                                                    + fields.filter { $0.0 != "type" && $0.0 != "allowed" }).encoded(), as: UTF8.self)) {
                applyReply(reply)
            }
        case .letIn where m.string("reason") == "closed":
            notice = t("client.letin.closed", ["room": .text(m.string("room") ?? "")])
        case .letIn:
            notice = t("client.letin.refused", ["name": .text(m.string("name") ?? t("client.letin.that_name"))])
        case .comeback where m.bool("waiting") == false:
            // The request went away unanswered: its number answers nobody now.
            let name = m.string("name") ?? "?", number = m.int("number").map(String.init) ?? m.string("number")
            comebacks.removeAll { $0.name == name && $0.number == number }
            notice = t("client.comeback.gone", ["name": .text(name), "number": .text(number ?? "?")])
        case .comeback:
            // To the host (`chalkline host`): the request stays listed with its command (answer by
            // the number on the student's screen, since anyone may ask under a name), and the
            // notice says when the seat's first device is still playing.
            guard let name = m.string("name") else { break }
            let number = m.int("number").map(String.init) ?? m.string("number")
            comebacks.removeAll { $0.name == name && $0.number == number }
            comebacks.append((name, number))
            notice = RoomModel.comebackLine(name: name, number: number, language: language)
                + (m.bool("connected") == true ? t("client.comeback.still_playing", ["name": .text(name)]) : "")
        case .seatMoved:
            enter(.outside)
            notice = t("client.seat_moved", ["name": .text(m.string("name") ?? t("client.you")), "room": .text(m.string("room") ?? "")])
            room = nil
            token = nil
            hostAway = false
        case .moved:
            guard let to = m.string("to") else { break }
            enter(.outside)
            moved = (m.string("room") ?? room ?? "", to)
            notice = t(role == .watcher ? "client.moved.watching" : "client.moved.joining", ["room": .text(to)])
            room = nil
            token = nil
            hostAway = false
        case .pause:
            pauseUntil = now + Double(m.int("ms") ?? 0) / 1000
            pauseIsLast = m.bool("last") == true
        case .shutdown:
            farewell = t("client.server_says", ["message": .text(m.string("message") ?? t("client.stopping"))])
        case .bye:
            farewell = t("client.server_says", ["message": .text(m.string("message") ?? m.string("reason") ?? t("client.closing"))])
        default: break
        }
    }

    /// A new state begins: what belonged to the one before (a hint, an "already solved", a
    /// host's confirmation) is cleared, so a line never outlives what it was about.
    private mutating func enter(_ next: Phase) {
        phase = next
        pauseUntil = nil
        notice = nil
        generation += 1
    }

    private mutating func logReply(_ lines: [String]) {
        log.append(contentsOf: lines.map { LogLine(text: $0, generation: generation) })
        lastReplyStart = log.count - lines.count
        if log.count > 2000 { log.removeFirst(log.count - 2000); lastReplyStart = max(0, lastReplyStart - 1) }
    }

    /// The reply lines of the current state, newest last: what the screen shows under the body.
    package var currentReplies: [String] { log.reversed().prefix { $0.generation == generation }.reversed().map(\.text) }

    private mutating func applyReply(_ m: ServerMessage) {
        switch m.cmd {
        case "join", "rejoin", "claim", "create", "watch":
            room = m.string("room") ?? room
            hostKey = m.string("host_key") ?? hostKey
            joinURL = m.string("join_url") ?? joinURL
            if let chat = m.fields["settings"]?["chat"] { chatOn = chat.boolValue ?? (chat.stringValue != "off") }
            game = m.string("game") ?? game
            token = m.string("token") ?? token
            if let name = m.string("name") { me = name }
            if m.cmd != "rejoin" && m.cmd != "claim" { myTeam = nil }
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
            hostAway = false
            if m.string("state") == "running" {
                enter(.waiting)
                question = nil
                board = nil
                roundAnswer = nil
                roundResults = []
            } else {
                enter(.lobby)
            }
            if let from = moved?.from, m.cmd == "join" || m.cmd == "watch" {
                notice = t("client.moved.done", ["from": .text(from), "room": .text(room ?? "")])
                moved = nil
            }
        case "name":
            me = m.string("name") ?? me
        case "team":
            myTeam = m.string("team") ?? myTeam
        case "set":
            chatOn = m.bool("chat") ?? chatOn
        case "answer":
            answeredThisQuestion = m.bool("correct") == true || m.int("n") == nil
            myScore = m.int("score") ?? myScore
            let points = m.int("points") ?? 0
            verdictRight = m.bool("correct") == true
            if verdictRight {
                let streak = m.int("streak").map { t("client.verdict.streak", ["streak": .int($0)]) } ?? ""
                verdict = t("client.verdict.right", ["points": .int(points), "score": .int(myScore), "streak": .text(streak)])
            } else {
                verdict = t("client.verdict.wrong", ["score": .int(myScore)])
            }
        case "letin":
            if let name = m.string("name") { comebacks.removeAll { $0.name == name } }
        case "leave":
            enter(.outside)
            room = nil
        default: break
        }
    }

    private mutating func resetGame() {
        myScore = 0
        verdict = nil
        for i in players.indices { players[i].score = 0 }
        standings = []
        teamStandings = []
    }

    private mutating func updateTeams(_ m: ServerMessage) {
        teamStandings = m.list("teams").map { t in
            TeamRow(rank: t["rank"]?.intValue ?? 0, name: t["name"]?.stringValue ?? "?",
                    score: t["score"]?.intValue ?? 0, members: t["members"]?.intValue ?? 0)
        }
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
