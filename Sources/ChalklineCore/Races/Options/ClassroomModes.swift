/// `scoring=`: Times Tables Rock Stars' accuracy-first play beside Kahoot's speed points. Under
/// `accuracy` a right answer earns `Scoring.accuracyPoints` however long it took (and the word
/// puzzle drops its first-word bonus, a prize for speed); the total time of right answers still
/// breaks ties, as it always does.
public enum ScoringMode: String, CaseIterable, Sendable {
    case speed, accuracy
}

/// `board=`: how much of the table each round's results show, for a class where the bottom of
/// the table should not be projected. The podium (`game_end`) is never cut by it.
public enum BoardCut: String, CaseIterable, Sendable {
    case top5, top10, all, none

    /// Rows shown; nil for the whole table.
    var rows: Int? {
        switch self {
        case .top5: 5
        case .top10: 10
        case .all: nil
        case .none: 0
        }
    }
}

/// `names=`: the projector shows places without names (each player still sees their own row).
public enum NameDisplay: String, CaseIterable, Sendable {
    case shown, hidden
}
