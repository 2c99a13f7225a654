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
