import Testing
@testable import ChalklineCore

/// The shared board: the shuffle is fixed by the seed, and a claim takes exactly its own groups.
@Suite struct WordsBoardTests {
    let level = WordsFixtures.level(WordsFixtures.levelA)

    @Test func sameSeedSameBoard() {
        let a = WordsBoard(level: level, seed: 42), b = WordsBoard(level: level, seed: 42)
        #expect(a == b)
        #expect(a.clues.map(\.answer) != WordsFixtures.answersA || a.groupTexts != level.clues.flatMap(\.groups))
    }

    /// Pinned, so a change to the shuffle (which would change every seeded game) fails a test.
    @Test func boardOrderIsPinnedForASeed() {
        let board = WordsBoard(level: level, seed: 42)
        #expect(board.clues.map(\.answer) == Self.pinnedOrder)
        #expect(board.groupTexts.count == 20)
        #expect(board.groupTexts.sorted() == level.clues.flatMap(\.groups).sorted())
    }

    static let pinnedOrder = ["BUTTERFLY", "FIREWORK", "PINEAPPLE", "SUNFLOWER", "POPCORN", "RAINCOAT", "STARFISH"]

    @Test func differentSeedsGiveDifferentBoards() {
        let boards = Set((0..<20).map { WordsBoard(level: level, seed: $0).groupTexts.joined(separator: ",") })
        #expect(boards.count > 15)
    }

    @Test func eachLevelOfAGameGetsItsOwnShuffle() {
        #expect(WordsBoard.seed(game: 5, level: 1) != WordsBoard.seed(game: 5, level: 2))
        #expect(WordsBoard.seed(game: 5, level: 1) == WordsBoard.seed(game: 5, level: 1))
    }

    @Test func claimRemovesOnlyThatAnswersGroups() throws {
        var board = WordsBoard(level: level, seed: 3)
        let n = try #require(board.index(ofAnswer: "PINEAPPLE"))
        #expect(board.solvedCount == 0)
        board.claim(n, by: "ann", points: 750)
        #expect(board.groupTexts.count == 15)
        #expect(!board.groupTexts.contains("E"))
        #expect(board.groupTexts.contains("FI"))
        #expect(board.claims[n] == WordsBoard.Claim(name: "ann", points: 750))
        #expect(board.solvedCount == 1)
        #expect(!board.allSolved)
    }
}
