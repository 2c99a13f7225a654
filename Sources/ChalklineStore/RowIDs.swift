/// Row ids the store has written or looked up for games still running. A cache only: a miss
/// falls back to a query, and the ids of a game are dropped when it ends, so the cache holds
/// what the games in progress need and no more.
///
/// Kept per game, so a game's end drops its ids in one step: filtering one cache of every
/// running game's ids at each game's end cost the writer time in proportion to the games
/// running, at every end (a server whose 260 games ended together spent it 260 times over).
struct RowIDs {
    struct Question: Hashable { var round: Int64; var n: Int }

    /// One game's ids.
    struct Game {
        /// Round row ids by round number.
        var rounds: [Int: Int64] = [:]
        var questions: [Question: Int64] = [:]
        /// Player row ids by seat.
        var players: [Int: Int64] = [:]

        /// An answer's round, question (none without an `item`) and player ids, when all are
        /// known: after a round's first answer, every answer's are, found in one step.
        func ids(round number: Int, item: Int?, seat: Int) -> (round: Int64, question: Int64?, player: Int64)? {
            guard let round = rounds[number], let player = players[seat] else { return nil }
            guard let item else { return (round, nil, player) }
            guard let question = questions[Question(round: round, n: item)] else { return nil }
            return (round, question, player)
        }
    }

    var games: [Int64: Game] = [:]

    mutating func forget(game: Int64) { games[game] = nil }
}
