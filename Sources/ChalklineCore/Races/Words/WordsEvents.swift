/// One clue as events show it: `word` and `solvedBy` are nil until someone claims it (in
/// `board`), and always filled in `level_end`, which reveals every answer.
public struct WordsClueView: Equatable, Sendable {
    public var n: Int
    public var clue: String
    public var letters: Int
    public var word: String?
    public var solvedBy: String?
    public var points: Int?

    var boardJSON: JSON {
        .object([("n", .int(n)), ("clue", .string(clue)), ("letters", .int(letters)),
                 ("solved_by", .optional(solvedBy)), ("word", .optional(word))])
    }

    var endJSON: JSON {
        .object([("n", .int(n)), ("clue", .string(clue)), ("letters", .int(letters)), ("word", .optional(word)),
                 ("solved_by", .optional(solvedBy)), ("points", .optional(points))])
    }
}

/// A level opens: the clues and the shuffled letter groups, the same for everyone in the room.
public struct BoardEvent: Message {
    /// The room-wide round id, as a question's: `/answer id=N WORD` names this level.
    public var id: Int
    /// The pack's level number.
    public var level: Int
    /// This level's place in the game (1-based) and the game's length, as `round`/`rounds` in `question`.
    public var round: Int
    public var levels: Int
    public var timeMs: Millis
    public var clues: [WordsClueView]
    public var groups: [String]
    /// The pack's language (`LevelPack.language`): the clues are in it whatever the page's
    /// language, so a page can mark them (`lang`) for its reader's voice and spell-checker.
    public var language = PackFile.defaultLanguage

    public var json: JSON {
        .object([EventType.board.field, ("id", .int(id)), ("level", .int(level)), ("round", .int(round)), ("levels", .int(levels)),
                 ("time_ms", .int(Int(timeMs))), ("clues", .array(clues.map(\.boardJSON))),
                 ("groups", .array(groups.map(JSON.string))), ("language", .string(language))])
    }

    public func text(in l: Language) -> String {
        var lines = [l.text("text.words.board", ["level": .int(level), "round": .int(round), "levels": .int(levels),
                                                 "words": .text(TextFormat.count(clues.count, "word", in: l)), "clock": .text(WordsText.clock(timeMs))])]
        lines += clues.flatMap { WordsText.boardClue($0, in: l) }
        lines.append(l(Say("text.words.type")))
        lines += WordsText.grid(groups)
        return lines.joined(separator: "\n")
    }
}

/// Someone claimed a word for the room: its groups leave everyone's board.
public struct SolvedEvent: Message {
    public var n: Int
    public var word: String
    public var name: String
    public var points: Int
    /// The letter groups the word took off the board, in spelling order: a board can hold the
    /// same group twice, so a client need not work out which ones went.
    public var groups: [String] = []
    /// The groups still on the board, for the text format only: a person at netcat has no
    /// board to redraw, while a bot keeps its own.
    public var groupsLeft: [String]

    public var json: JSON {
        .object([EventType.solved.field, ("n", .int(n)), ("word", .string(word)), ("name", .string(name)), ("points", .int(points)),
                 ("groups", .array(groups.map(JSON.string)))])
    }

    public func text(in l: Language) -> String {
        var lines = [l.text("text.words.solved", ["name": .text(name), "n": .int(n), "word": .text(word), "points": .int(points)])]
        if !groupsLeft.isEmpty {
            lines.append(l(Say("text.words.groups_left")))
            lines += WordsText.grid(groupsLeft)
        }
        return lines.joined(separator: "\n")
    }
}

/// A level closed (all claimed, time up, skipped or stopped): every answer is revealed.
public struct LevelEndEvent: Message {
    public var level: Int
    public var round: Int
    public var levels: Int
    public var clues: [WordsClueView]
    public var standings: [Standing]
    /// The team standings, in a room with `teams=`; nil (and absent) otherwise.
    public var teams: [TeamStanding]?
    /// Set in a big room's cut event (see `PersonalTable`).
    public var place: YourPlace?
    var top: EncodedTop?

    public var json: JSON {
        .object([EventType.levelEnd.field, ("level", .int(level)), ("round", .int(round)), ("levels", .int(levels)),
                 ("clues", top?.clues ?? .array(clues.map(\.endJSON))), ("standings", rowsJSON(standings, top?.standings, \.json, hole: top?.hole(EncodedTop.standingsHole)))]
                + teamsField(teams) + (place?.json ?? top?.placeFields ?? []))
    }

    public func text(in l: Language) -> String {
        let solved = clues.count { $0.solvedBy != nil }
        var lines = [solved == clues.count
            ? l(Say("text.words.all_solved", count: clues.count, ["level": .int(level)]))
            : l(Say("text.words.level_over", count: clues.count, ["level": .int(level), "solved": .int(solved)]))]
        lines += clues.flatMap { WordsText.endClue($0, in: l) }
        lines.append(l(Say("text.round.standings")))
        lines += TextFormat.standings(standings, limit: place == nil ? 10 : standings.count, in: l)
        if let place { lines.append(place.text(in: l)) }
        if let teams { lines += TeamStanding.lines(teams, in: l) }
        return lines.joined(separator: "\n")
    }
}

extension LevelEndEvent: EncodedRowsTable {
    func cutter(top size: Int) -> TableCutter {
        let standingsCut = StandingsCut(standings, top: size, encoded: top?.standings)
        var shared = self
        shared.standings = []
        shared.top = EncodedTop(standings: standingsCut.topJSON, clues: .encoded(JSON.array(clues.map(\.endJSON)).encoded()))
        return TableCutter(shared, standings: standingsCut) { [shared] in shared.cut(standingsCut, own: $2, place: $3) }
    }
}
