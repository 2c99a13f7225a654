import ChalklineProtocol
/// A bot's copy of a word-puzzle board, kept in step with `solved` events.
package struct WordBoard {
    package struct Clue {
        package var n: Int
        package var letters: Int
        package var solved: Bool
    }

    package private(set) var clues: [Clue]
    package private(set) var groups: [String]
    /// Words already tried (wrong ones are never sent twice).
    private var tried = Set<String>()

    /// A clue that already has its word (a bot that joins mid-level) counts as solved.
    package init(_ event: ServerMessage) {
        clues = event.list("clues").compactMap { clue in
            guard let n = clue["n"]?.intValue, let letters = clue["letters"]?.intValue else { return nil }
            let solved = clue["word"]?.stringValue != nil || clue["solved_by"]?.stringValue != nil
            return Clue(n: n, letters: letters, solved: solved)
        }
        groups = event.strings("groups").map { $0.uppercased() }
    }

    package mutating func markSolved(_ n: Int) {
        if let i = clues.firstIndex(where: { $0.n == n }) { clues[i].solved = true }
    }

    /// `groups`: what the server's `solved` says the word took (see `takeOff`).
    package mutating func claim(_ n: Int, word: String, groups taken: [String]?) {
        markSolved(n)
        groups.takeOff(taken, spelling: word)
    }

    /// The next word to try: a real candidate with probability `skill`, else the bot passes.
    package mutating func nextGuess(solver: WordSolver, skill: Double, rng: inout some RandomNumberGenerator) -> (Int, String)? {
        guard Double.random(in: 0..<1, using: &rng) < max(skill, 0.05) else { return nil }
        for clue in clues.shuffled(using: &rng) where !clue.solved {
            if let word = solver.candidates(length: clue.letters, groups: groups).first(where: { !tried.contains($0) }) {
                tried.insert(word)
                return (clue.n, word)
            }
        }
        return nil
    }
}
