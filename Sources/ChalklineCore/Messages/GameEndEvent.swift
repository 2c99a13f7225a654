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
    public func text(in l: Language) -> String {
        var lines = [homework == nil ? l(Say("text.game.over")) : l(Say("text.homework.done"))]
        lines += TextFormat.standings(standings, limit: place == nil ? 50 : standings.count, in: l)
        if let place { lines.append(place.text(in: l)) }
        if let teams { lines += TeamStanding.lines(teams, in: l) }
        lines.append(homework?.text(in: l) ?? l(Say("text.game.again")))
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

    func text(in l: Language) -> String {
        let place = rank.map { l.text("text.homework.place", ["rank": .text(l.ordinal($0)), "finished": .int(finished)]) }
            ?? l(Say("text.homework.finished", count: finished))
        let counts = l(Say(counted ? "text.homework.counted" : "text.homework.earlier_counts"))
        let next = switch triesLeft {
        case .some(0): l(Say("text.homework.last_try"))
        case .some(let n): l(Say("text.homework.tries_left", count: n, ["code": .text(code)]))
        case .none: l.text("text.homework.try_again", ["code": .text(code)])
        }
        return place + " " + counts + " " + next
    }
}
