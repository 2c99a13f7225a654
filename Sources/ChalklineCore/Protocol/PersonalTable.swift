/// A results event that a player of a big room gets cut to size: the top of the table, the
/// player's own rows, and where they stand (`players`, `rank`). A room of 1,000 would otherwise
/// send every player a thousand rows a round; the host's screen and the watchers keep the full
/// table. A room of at most `Limits.fullTablePlayers` players sees the full event, unchanged.
protocol PersonalTable: Message {
    /// The event as `seat` (called `name`) gets it in a big room.
    func personal(seat: Int, name: String) -> any Message
}

/// Where one player stands, added to a cut table.
public struct YourPlace: Equatable, Sendable {
    /// Ranked players in the room.
    public var players: Int
    /// The player's rank.
    public var rank: Int
    public var score: Int

    var json: [(String, JSON)] { [("players", .int(players)), ("rank", .int(rank))] }

    /// `You are 412th of 1,000 with 2,350 points.`
    var text: String {
        "You are \(TextFormat.ordinal(rank)) of \(NumberText.thousands(players)) with \(NumberText.thousands(score)) points."
    }
}

extension Array where Element == Standing {
    /// The first `Limits.tableTop` rows and `seat`'s own row (if not among them), and where
    /// `seat` stands; nil place for a seat with no row.
    func top(andSeat seat: Int) -> ([Standing], YourPlace?) {
        var rows = Array(prefix(Limits.tableTop))
        guard let own = first(where: { $0.seat == seat }) else { return (rows, nil) }
        if !rows.contains(where: { $0.seat == seat }) { rows.append(own) }
        return (rows, YourPlace(players: count, rank: own.rank, score: own.score))
    }
}
