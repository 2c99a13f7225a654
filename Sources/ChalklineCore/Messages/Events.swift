/// The first line on every connection: which server, and which protocol a bot is talking to.
public struct WelcomeEvent: Message {
    public var version: String
    public var json: JSON { .object([EventType.welcome.field, ("server", "chalkline"), ("version", .string(version)), ("protocol", 1)]) }
    public var text: String {
        "Welcome to Chalkline \(version) (protocol 1).\nSet your name: /name YOURNAME. Then /join CODE, \(RaceCatalog.createHint).\nType /help for all commands."
    }
}

public struct JoinedEvent: Message {
    public var room: String
    public var name: String
    public var players: Int
    public var json: JSON { .object([EventType.joined.field, ("room", .string(room)), ("name", .string(name)), ("players", .int(players))]) }
    public var text: String { "\(name) joined room \(room) (\(players) \(players == 1 ? "player" : "players"))." }
}

public struct LeftEvent: Message {
    public typealias Reason = LeaveReason
    public var room: String
    public var name: String
    public var players: Int
    public var reason: Reason
    public var json: JSON {
        .object([EventType.left.field, ("room", .string(room)), ("name", .string(name)), ("players", .int(players)), ("reason", .string(reason.rawValue))])
    }
    public var text: String {
        let what = switch reason {
        case .left: "left the room"
        case .disconnected: "lost their connection"
        case .kicked: "was removed by the host"
        case .banned: "was banned by the host"
        }
        return "\(name) \(what) (\(players) \(players == 1 ? "player" : "players"))."
    }
}

public struct HostEvent: Message {
    public var name: String
    public var json: JSON { .object([EventType.host.field, ("name", .string(name))]) }
    public var text: String { "\(name) is now the host." }
}

/// The host left or dropped and nobody took their place: the room waits for them to come back
/// with `/claim`. `running` only shapes the text: a game waits before its next round.
public struct HostAwayEvent: Message {
    public var running: Bool
    public var json: JSON { .object([EventType.hostAway.field, ("running", .bool(running))]) }
    public var text: String {
        "The teacher left; waiting for them." + (running ? " The game pauses after this question until they are back." : "")
    }
}

/// The host opened a new room from this one (`/create` while hosting it): this room closed, and
/// everyone in it is told the new code, so a student's page follows with `/join` (a second
/// screen with `/watch`) under the same name, and nobody types a code again.
public struct MovedEvent: Message {
    public var room: String
    public var to: String
    /// The text line names the command that follows: `/join` would seat a watcher as a player.
    public var watching = false
    public var json: JSON { .object([EventType.moved.field, ("room", .string(room)), ("to", .string(to))]) }
    public var text: String { "The teacher moved the class to room \(to). Type \(watching ? "/watch" : "/join") \(to) to follow." }
}

public struct CountdownEvent: Message {
    public var seconds: Double
    public var json: JSON { .object([EventType.countdown.field, ("seconds", .double(seconds))]) }
    public var text: String { "Get ready: the race starts in \(OptionSpec.format(seconds)) seconds!" }
}

public struct QuestionEvent: Message {
    public var id: Int
    public var round: Int
    public var rounds: Int
    /// The room's kind, so a bot that plays several kinds knows how to read `text`.
    public var game: String
    public var questionText: String
    /// The text mode's line: `7 x 8 = ?`, or a question that is a sentence of its own.
    public var prompt: String
    public var timeMs: Millis
    public var json: JSON {
        .object([EventType.question.field, ("id", .int(id)), ("round", .int(round)), ("rounds", .int(rounds)),
                 ("text", .string(questionText)), ("time_ms", .int(Int(timeMs))), ("game", .string(game))])
    }
    public var text: String {
        "Question \(round)/\(rounds):   \(prompt)   (\(OptionSpec.format(Double(timeMs) / 1000)) s)"
    }
}

/// How one player did in one round.
public struct RoundResult: Equatable, Sendable {
    public var name: String
    public var correct: Bool
    public var points: Int
    /// Time to answer; nil when they did not answer.
    public var ms: Millis?
    var json: JSON { JSONObjectWriter.encoded(capacity: 64) { write(to: &$0) } }

    /// Written straight to bytes: every round's results, a row a player (`JSONObjectWriter`).
    func write(to out: inout ByteWriter) {
        var row = JSONObjectWriter(in: &out)
        row.string("name", name, &out)
        row.bool("correct", correct, &out)
        row.int("points", points, &out)
        row.int("ms", ms.map { Int($0) }, &out)
        row.close(&out)
    }
}

public struct RoundEndEvent: Message {
    public var id: Int
    /// The text mode's "Time!" line: `7 x 2 = 14`.
    public var reveal: String
    /// The right answer: a number where the answer is one.
    public var answer: JSON
    /// The right answer as the text mode shows it, for every kind.
    public var answerText: String
    public var results: [RoundResult]
    public var standings: [Standing]
    /// The team standings, in a room with `teams=` (see `Teams`); nil (and absent) otherwise.
    public var teams: [TeamStanding]?
    /// Set in a big room's cut event (see `PersonalTable`).
    public var place: YourPlace?
    public var json: JSON {
        .object([EventType.roundEnd.field, ("id", .int(id)), ("answer", answer),
                 ("results", .array(results.map(\.json))), ("standings", .array(standings.map(\.json)))]
                + teamsField(teams) + [("answer_text", .string(answerText))] + (place?.json ?? []))
    }

    /// The json line written straight to bytes, with no tree made: a room sends one every round.
    public func rendered(_ format: OutputFormat) -> Payload {
        guard format == .json else { return renderedFromTree(format) }
        return wholeLine().line
    }

    /// The json line, and where each row of its tables lies in it (a big room's cuts copy them).
    func wholeLine() -> WholeLine {
        var line = ByteWriter(capacity: 160 + 64 * (results.count + standings.count))
        var resultRows: [Range<Int>] = [], standingRows: [Range<Int>] = []
        writeLine(to: &line, results: { out in resultRows = Self.writeRows(results, to: &out) { $0.write(to: &$1) } },
                  standings: { out in standingRows = Self.writeRows(standings, to: &out) { $0.write(to: &$1) } },
                  place: { out in
                      guard let place else { return }
                      out.append(UInt8(ascii: ","))
                      place.writeFields(to: &out)
                  })
        line.append(0x0A)
        return WholeLine(line: Payload(line), results: resultRows, standings: standingRows)
    }

    /// The line's layout, `json`'s fields in `json`'s order, for every copy written as bytes
    /// (whole, and a big room's cut template): `results` and `standings` write the inside of
    /// their arrays, `place` the fields after `answer_text` (each with its comma).
    func writeLine(to out: inout ByteWriter, results: (inout ByteWriter) -> Void,
                   standings: (inout ByteWriter) -> Void, place: (inout ByteWriter) -> Void) {
        out.append(#"{"type":"round_end","id":"#)
        JSON.writeInt(id, to: &out)
        out.append(#","answer":"#)
        answer.write(to: &out)
        out.append(#","results":["#)
        results(&out)
        out.append(#"],"standings":["#)
        standings(&out)
        out.append(UInt8(ascii: "]"))
        if let teams { JSON.writeFields(teamsField(teams)[...], first: false, to: &out) }
        out.append(#","answer_text":"#)
        JSON.writeString(answerText, to: &out)
        place(&out)
        out.append(UInt8(ascii: "}"))
    }

    /// Rows comma-separated, each written straight (`RoundResult.write`, `Standing.write`), and
    /// where each one lies in `out`.
    private static func writeRows<Row>(_ rows: [Row], to out: inout ByteWriter, write: (Row, inout ByteWriter) -> Void) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(rows.count)
        for row in rows {
            if !ranges.isEmpty { out.append(UInt8(ascii: ",")) }
            let start = out.count
            write(row, &out)
            ranges.append(start..<out.count)
        }
        return ranges
    }

    /// Best first: most points, then fastest.
    static func ranked(_ results: [RoundResult]) -> [RoundResult] {
        rankedIndices(results).map { results[$0] }
    }

    /// `ranked`, as indices into `results` (so each row's encoding can follow it).
    static func rankedIndices(_ results: [RoundResult]) -> [Int] {
        results.indices.sorted(by: { a, b in
            (results[a].points, -(results[a].ms ?? .max)) > (results[b].points, -(results[b].ms ?? .max))
        })
    }
    public var text: String {
        var lines = ["Time! \(reveal)"]
        let nameWidth = max(4, results.map(\.name.count).max() ?? 4)
        for r in Self.ranked(results) {
            let verdict = r.ms == nil ? "no answer" : r.correct ? "right" : "wrong"
            let time = r.ms.map { "  " + NumberText.seconds($0) } ?? ""
            lines.append("  " + TextFormat.pad(r.name, nameWidth) + "  " + TextFormat.pad(verdict, 9) + "  "
                         + TextFormat.padLeft("+" + NumberText.thousands(r.points), 6) + time)
        }
        lines.append("Standings:")
        lines += TextFormat.standings(standings, limit: place == nil ? 10 : standings.count)
        if let place { lines.append(place.text) }
        if let teams { lines += TeamStanding.lines(teams) }
        return lines.joined(separator: "\n")
    }
}

extension RoundEndEvent: PersonalTable {
    /// The top results of the round and the player's own, the top standings and the player's own.
    /// Every row is encoded once, in the whole line (which the projector gets as it is unless
    /// `board=` or hidden names change its copy); the template and each player's own rows copy
    /// their bytes from it. With the rows encoded into arrays first and the
    /// template made through a tree, a room of 20 spent some 190,000 instructions a round on its
    /// cuts before rendering the first.
    func cutter(top size: Int) -> TableCutter {
        let whole = wholeLine()
        let ranked = Self.rankedIndices(results)
        let top = Array(ranked.prefix(Limits.tableTop))
        var ownResults: [String: Int] = [:]
        ownResults.reserveCapacity(ranked.count - top.count)
        for i in ranked.dropFirst(Limits.tableTop) where ownResults[results[i].name] == nil { ownResults[results[i].name] = i }
        let standingsCut = StandingsCut(standings, top: size)
        let topStandings = standingsCut.top.count
        var holed = ByteWriter(capacity: whole.line.count / 2 + 64)
        writeLine(to: &holed,
                  results: { out in
                      for (k, i) in top.enumerated() {
                          if k > 0 { out.append(UInt8(ascii: ",")) }
                          out.append(whole.line[whole.results[i]])
                      }
                      JSONTemplate.writeElementHole(EncodedTop.resultsHole, afterElements: !top.isEmpty, to: &out)
                  },
                  standings: { out in
                      // The top standings are the first rows: one run, commas and all.
                      if topStandings > 0 { out.append(whole.line[whole.standings[0].lowerBound..<whole.standings[topStandings - 1].upperBound]) }
                      JSONTemplate.writeElementHole(EncodedTop.standingsHole, afterElements: topStandings > 0, to: &out)
                  },
                  place: { out in JSONTemplate.writeFieldHole(EncodedTop.placeHole, to: &out) })
        var shared = self
        shared.results = []
        shared.standings = []
        let results = results
        return TableCutter(template: JSONTemplate(encoded: holed.bytes()), standings: standingsCut, whole: whole,
                           ownResults: ownResults) { [shared, ownResults] _, name, standing, place in
            var cut = shared.cut(standingsCut, own: standing, place: place)
            cut.results = top.map { results[$0] } + (ownResults[name].map { [results[$0]] } ?? [])
            return cut
        }
    }

    /// Itself: its copies write their rows straight from the rows themselves.
    func withEncodedRows() -> RoundEndEvent { self }

    /// The round's results stay whole (the host sees who was right and wrong); only the
    /// standings are cut, and names go from both when hidden.
    func projected(rows: Int?, hideNames: Bool) -> RoundEndEvent {
        var copy = self
        copy.standings = standings.projected(rows: rows, hideNames: hideNames)
        if hideNames { for i in copy.results.indices { copy.results[i].name = "" } }
        return copy
    }
}

public struct GameEndEvent: Message {
    public var standings: [Standing]
    public var game: String
    /// The team standings, in a room with `teams=`; nil (and absent) otherwise.
    public var teams: [TeamStanding]?
    /// Set in a big room's cut event (see `PersonalTable`).
    public var place: YourPlace?
    /// The end of a homework try: `standings` are everyone who has finished the assignment.
    public var homework: HomeworkPlace?
    var top: EncodedTop?
    public var json: JSON {
        .object([EventType.gameEnd.field, ("standings", rowsJSON(standings, top?.standings, \.json, hole: top?.hole(EncodedTop.standingsHole)))]
                + teamsField(teams) + [("game", .string(game))] + (place?.json ?? top?.placeFields ?? [])
                + (homework.map { [("homework", $0.json)] } ?? []))
    }
    public var text: String {
        var lines = [homework == nil ? "Game over! Final standings:" : "Homework done! Standings of everyone who has finished:"]
        lines += TextFormat.standings(standings, limit: place == nil ? 50 : standings.count)
        if let place { lines.append(place.text) }
        if let teams { lines += TeamStanding.lines(teams) }
        lines.append(homework?.text ?? "The host can /start another game.")
        return lines.joined(separator: "\n")
    }
}

extension GameEndEvent: EncodedRowsTable {
    /// The podium: whole for everyone whatever `board=` says.
    var followsBoard: Bool { false }

    func cutter(top size: Int) -> TableCutter {
        let standingsCut = StandingsCut(standings, top: size, encoded: top?.standings)
        var shared = self
        shared.standings = []
        shared.top = EncodedTop(standings: standingsCut.topJSON)
        return TableCutter(shared, standings: standingsCut) { [shared] in shared.cut(standingsCut, own: $2, place: $3) }
    }
}

/// You are out of the room. `banned` says whether you may come back: a kicked player may, under
/// another name; a banned one may not, for as long as the room exists.
public struct KickedEvent: Message {
    public var room: String
    public var banned = false
    public var json: JSON { .object([EventType.kicked.field, ("room", .string(room)), ("banned", .bool(banned))]) }
    public var text: String {
        banned
            ? "The host banned you from room \(room). You can /join another room."
            : "The host removed you from room \(room). You can come back under another name, or /join another room."
    }
}

/// The server is closing this connection for a reason of its own (not a shutdown): sent once,
/// just before the close, so a client knows not to reconnect at once.
public struct ByeEvent: Message {
    public enum Reason: String, Sendable {
        /// Lines kept coming faster than the rate limit for `--flood-timeout`.
        case flood
        /// Outside any room and silent for `--idle-timeout`.
        case idle
    }
    public var reason: Reason
    public var message: String
    public var json: JSON { .object([EventType.bye.field, ("reason", .string(reason.rawValue)), ("message", .string(message))]) }
    public var text: String { "Goodbye: \(message)" }
}

public struct ShutdownEvent: Message {
    public var message: String
    public var json: JSON { .object([EventType.shutdown.field, ("message", .string(message))]) }
    public var text: String { "Server: \(message)" }
}

/// The one `error` that answers no command: results could not be saved (disk full, read-only
/// database). The game goes on; `cmd` is null so a bot never takes it for a command's reply.
public struct StorageFailedEvent: Message {
    public var reason: String
    public var message: String {
        "Results could not be saved (\(reason)). The game goes on; the server keeps trying to save them."
    }
    public var json: JSON {
        .object([EventType.error.field, ("cmd", .null), ("code", .string(ErrorCode.storageFailed.rawValue)), ("message", .string(message))])
    }
    public var text: String { "error storage_failed: \(message)" }
}

/// A `/say` line. `host` lets every screen mark the teacher's announcements.
public struct ChatEvent: Message {
    public var name: String
    /// What was said (already cleaned); `text` is the rendering for people.
    public var said: String
    public var host: Bool
    public var json: JSON { .object([EventType.chat.field, ("name", .string(name)), ("text", .string(said)), ("host", .bool(host))]) }
    public var text: String { host ? "\(name) (host): \(said)" : "\(name): \(said)" }
}

/// Answers judged so far in the open round, for the host's and the watchers' screens only.
public struct ProgressEvent: Message {
    public var id: Int
    public var answers: Int
    public var players: Int
    public var json: JSON { .object([EventType.progress.field, ("id", .int(id)), ("answers", .int(answers)), ("players", .int(players))]) }
    public var text: String { "Answers in: \(answers) of \(players)." }

    /// Written straight to bytes: the host's screen gets one up to ten times a second a room.
    public func rendered(_ format: OutputFormat) -> Payload {
        guard format == .json else { return renderedFromTree(format) }
        var line = ByteWriter(capacity: 64)
        var fields = JSONObjectWriter(in: &line)
        fields.string("type", EventType.progress.rawValue, &line)
        fields.int("id", id, &line)
        fields.int("answers", answers, &line)
        fields.int("players", players, &line)
        fields.close(&line)
        line.append(0x0A)
        return Payload(line)
    }
}

/// A homework try's end, for its student: their place among those who have finished (by the
/// try that counts) and the tries they have left.
public struct HomeworkPlace: Equatable, Sendable {
    public var code: String
    /// The student's place by the try that counts; nil cannot happen once a try has finished,
    /// but a reader need not trust that.
    public var rank: Int?
    public var finished: Int
    /// Nil: no limit (`attempts=best`).
    public var triesLeft: Int?
    /// This try is the one that counts (their first, or their best so far).
    public var counted: Bool

    var json: JSON {
        .object([("assignment", .string(code)), ("rank", rank.map(JSON.int) ?? .null), ("finished", .int(finished)),
                 ("tries_left", triesLeft.map(JSON.int) ?? .null), ("counted", .bool(counted))])
    }

    var text: String {
        var line = rank.map { "You are \(TextFormat.ordinal($0)) of \(finished) who have finished" } ?? "\(finished) have finished"
        line += counted ? " (this try counts)." : " (an earlier try of yours counts: it was better)."
        switch triesLeft {
        case .some(0): line += " That was your last try. /leave when you are done."
        case .some(let n): line += " You may try again (\(n) left): /leave, then /join \(code) again."
        case .none: line += " Try again to beat it: /leave, then /join \(code) again."
        }
        return line
    }
}
