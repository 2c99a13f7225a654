/// Row ids the store has written or looked up for games still running. A cache only: a miss
/// falls back to a query, and the ids of a game are dropped when it ends, so the cache holds
/// what the games in progress need and no more.
struct RowIDs {
    struct Round: Hashable { var game: Int64; var number: Int }
    struct Question: Hashable { var round: Int64; var n: Int }
    struct Player: Hashable { var game: Int64; var seat: Int }

    var rounds: [Round: Int64] = [:]
    var questions: [Question: Int64] = [:]
    var players: [Player: Int64] = [:]

    mutating func forget(game: Int64) {
        let roundIDs = Set(rounds.filter { $0.key.game == game }.map(\.value))
        rounds = rounds.filter { $0.key.game != game }
        questions = questions.filter { !roundIDs.contains($0.key.round) }
        players = players.filter { $0.key.game != game }
    }
}
