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
    /// The reveal and the answer as each language writes them (see `RoundEndEvent+Spoken`).
    var spoken: (@Sendable (Language) -> (reveal: String, answer: String))? = nil
    public var results: [RoundResult]
    public var standings: [Standing]
    /// The team standings, in a room with `teams=` (see `Teams`); nil (and absent) otherwise.
    public var teams: [TeamStanding]?
    /// Set in a big room's cut event (see `PersonalTable`).
    public var place: YourPlace?
    public var json: JSON { json(answerMessage: nil) }

    /// `json`, with `answer_message` after `answer_text` when given.
    func json(answerMessage: String?) -> JSON {
        .object([EventType.roundEnd.field, ("id", .int(id)), ("answer", answer),
                 ("results", .array(results.map(\.json))), ("standings", .array(standings.map(\.json)))]
                + teamsField(teams) + [("answer_text", .string(answerText))]
                + (answerMessage.map { [("answer_message", JSON.string($0))] } ?? []) + (place?.json ?? []))
    }

    /// The json line written straight to bytes, with no tree made: a room sends one every round.
    public func rendered(_ format: OutputFormat) -> Payload {
        guard format == .json else { return renderedFromTree(format) }
        return wholeLine().line
    }

    /// The line in `language`: json with its `answer_message` where it has one (written straight,
    /// as `rendered(_:)`), text in the language's words.
    public func rendered(_ format: OutputFormat, in language: Language) -> Payload {
        switch format {
        case .json: return wholeLine(in: language).line
        case .text:
            var bytes = Array(text(in: language).utf8)
            bytes.append(0x0A)
            return Payload(bytes)
        }
    }

    /// The json line, and where each row of its tables lies in it (a big room's cuts copy them);
    /// with `answer_message` in `language` when given and the answer speaks.
    func wholeLine(in language: Language? = nil) -> WholeLine {
        let message = language.flatMap { answerMessage(in: $0) }
        var line = ByteWriter(capacity: 160 + 64 * (results.count + standings.count))
        var resultRows: [Range<Int>] = [], standingRows: [Range<Int>] = []
        writeLine(to: &line, results: { out in resultRows = Self.writeRows(results, to: &out) { $0.write(to: &$1) } },
                  standings: { out in standingRows = Self.writeRows(standings, to: &out) { $0.write(to: &$1) } },
                  place: { out in
                      if let message { Self.writeAnswerMessage(message, to: &out, comma: true) }
                      guard let place else { return }
                      out.append(UInt8(ascii: ","))
                      place.writeFields(to: &out)
                  })
        line.append(0x0A)
        return WholeLine(line: Payload(line), results: resultRows, standings: standingRows)
    }

    /// The line's layout, `json`'s fields in `json`'s order, for every copy written as bytes
    /// (whole, and a big room's cut template): `results` and `standings` write the inside of
    /// their arrays, `place` the fields after `answer_text` (each with its comma): `answer_message`
    /// and the player's place.
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

    /// `"answer_message":"3,5"`, after `answer_text` (with its comma) or into a cut's hole.
    static func writeAnswerMessage(_ message: String, to out: inout ByteWriter, comma: Bool) {
        out.append(comma ? #","answer_message":"# : #""answer_message":"#)
        JSON.writeString(message, to: &out)
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
    public func text(in l: Language) -> String {
        var lines = [l.text("text.round.time", ["reveal": .text(reveal(in: l))])]
        let nameWidth = max(4, results.map(\.name.count).max() ?? 4)
        let verdicts = (none: l(Say("text.round.no_answer")), right: l(Say("text.round.right")), wrong: l(Say("text.round.wrong")))
        // As wide as the language's longest verdict (`no answer` in English), so the points line up.
        let verdictWidth = max(9, verdicts.none.count, verdicts.right.count, verdicts.wrong.count)
        for r in Self.ranked(results) {
            let verdict = r.ms == nil ? verdicts.none : r.correct ? verdicts.right : verdicts.wrong
            let time = r.ms.map { "  " + TextFormat.seconds($0, in: l) } ?? ""
            lines.append("  " + TextFormat.pad(r.name, nameWidth) + "  " + TextFormat.pad(verdict, verdictWidth) + "  "
                         + TextFormat.padLeft("+" + l.number(r.points), 6) + time)
        }
        lines.append(l(Say("text.round.standings")))
        lines += TextFormat.standings(standings, limit: place == nil ? 10 : standings.count, in: l)
        if let place { lines.append(place.text(in: l)) }
        if let teams { lines += TeamStanding.lines(teams, in: l) }
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
                  place: { out in
                      if spoken != nil { JSONTemplate.writeFieldHole(EncodedTop.answerHole, to: &out) }
                      JSONTemplate.writeFieldHole(EncodedTop.placeHole, to: &out)
                  })
        var shared = self
        shared.results = []
        shared.standings = []
        let results = results
        return TableCutter(template: JSONTemplate(encoded: holed.bytes()), standings: standingsCut, whole: whole,
                           ownResults: ownResults, answerMessage: spoken.map { _ in { [self] in answerMessage(in: $0) ?? answerText } }) { [shared, ownResults] _, name, standing, place in
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
