import Testing
@testable import ChalklineClient

/// The bot's copy of a word board must stay the server's: a word that could be spelt from
/// other groups takes off the ones `solved` names, or the bot tries words the board no longer
/// allows and misses ones it does.
@Suite struct WordBoardTests {
    private let board = #"{"type":"board","id":3,"level":1,"round":1,"levels":1,"time_ms":60000,"clues":[{"n":1,"clue":"Colours after rain","letters":7},{"n":2,"clue":"Not absent","letters":7,"word":"X","solved_by":"ann"}],"groups":["pre","s","e","se","nt","rain","bow"]}"#

    @Test func aClaimTakesOffTheGroupsTheServerNames() throws {
        var copy = WordBoard(try #require(ServerMessage(line: board)))
        #expect(copy.clues.map(\.solved) == [false, true])
        copy.claim(2, word: "PRESENT", groups: ["PRE", "SE", "NT"])
        #expect(copy.groups == ["S", "E", "RAIN", "BOW"])
    }

    @Test func withoutTheServersGroupsTheWordIsSpeltOut() throws {
        var copy = WordBoard(try #require(ServerMessage(line: board)))
        copy.claim(1, word: "rainbow", groups: nil)
        #expect(copy.groups == ["PRE", "S", "E", "SE", "NT"])
        #expect(copy.clues.allSatisfy { $0.solved })
    }

    @Test func theNextGuessIsAnUnsolvedCluesWordNeverTriedTwice() throws {
        var copy = WordBoard(try #require(ServerMessage(line: board)))
        let solver = WordSolver(words: ["RAINBOW"])
        var rng = SystemRandomNumberGenerator()
        let first = copy.nextGuess(solver: solver, skill: 1, rng: &rng)
        #expect(first?.0 == 1 && first?.1 == "RAINBOW")
        #expect(copy.nextGuess(solver: solver, skill: 1, rng: &rng) == nil, "RAINBOW was tried already")
    }
}
