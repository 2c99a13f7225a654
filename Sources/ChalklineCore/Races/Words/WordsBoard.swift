/// One level in play: the clues in board order, the letter groups still on the board, and who
/// claimed which word. The whole room shares it, so it is the race's state, not a player's.
struct WordsBoard: Equatable {
    /// A letter-group "button": `clue` is the board index of the answer it belongs to, so a
    /// claim removes exactly its own groups even when two answers share one (`US`, `US`).
    struct Group: Equatable {
        var text: String
        var clue: Int
    }

    struct Claim: Equatable {
        var name: String
        var points: Int
    }

    /// Board order: `clues[i]` is shown as number `i + 1`.
    private(set) var clues: [WordClue]
    private(set) var claims: [Claim?]
    /// Unclaimed groups in their shuffled board order.
    private(set) var groups: [Group]
    /// `clues[i]`'s answer as typed words are compared (`WordsRules.key`), made once a level.
    private let keys: [String]

    /// Clues and groups are shuffled with `seed`, so the same seed gives the same board.
    init(level: WordLevel, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let clues = rng.shuffled(level.clues)
        self.clues = clues
        keys = clues.map { WordsRules.key($0.answer) ?? $0.answer }
        claims = Array(repeating: nil, count: clues.count)
        let groups = clues.enumerated().flatMap { index, clue in clue.groups.map { Group(text: $0, clue: index) } }
        self.groups = rng.shuffled(groups)
    }

    var solvedCount: Int { claims.count { $0 != nil } }
    var allSolved: Bool { claims.allSatisfy { $0 != nil } }
    var groupTexts: [String] { groups.map(\.text) }

    /// The board index of the clue whose answer is `word`, solved or not, accents or none
    /// (`ELEPHANT` finds `ÉLÉPHANT`).
    func index(ofAnswer word: String) -> Int? {
        guard let key = WordsRules.key(word) else { return nil }
        return keys.firstIndex(of: key)
    }

    mutating func claim(_ index: Int, by name: String, points: Int) {
        claims[index] = Claim(name: name, points: points)
        groups.removeAll { $0.clue == index }
    }

    /// A different board for each level of a game, all fixed by the game's seed.
    static func seed(game: UInt64, level: Int) -> UInt64 {
        game ^ (UInt64(level) &* 0xD1B5_4A32_D192_ED03)
    }
}
