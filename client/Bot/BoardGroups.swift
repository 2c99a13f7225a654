/// A word board's letter groups as the server has them: a claimed word takes off exactly the
/// groups its `solved` event names, one of each (a board can hold a group twice). Working the
/// groups out from the word instead went wrong: PRESENT (PRE|SE|NT) took SE's letters as S and
/// E off a board that also held those, and a word spelt from groups the screen did not expect
/// left its own on the board. The screens' board and the bot's copy both take groups off here.
extension [String] {
    /// Takes `groups` off the board; from a server older than `solved`'s `groups` (nil), the
    /// groups that spell `word`, as well as they can be worked out.
    package mutating func takeOff(_ groups: [String]?, spelling word: String) {
        let taken = groups ?? WordSolver.groupsSpelling(word, from: map { $0.uppercased() }).map { $0.map { self[$0] } } ?? []
        for group in taken {
            if let i = firstIndex(where: { $0.uppercased() == group.uppercased() }) {
                remove(at: i)
            }
        }
    }
}
