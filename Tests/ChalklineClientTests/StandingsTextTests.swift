import Testing
@testable import ChalklineClient

/// Places and standings as the plain mode prints them: the server's places (a tie it ranks
/// equal shares one), numbers grouped, and a student far down a cut table still sees their own row.
@Suite struct StandingsTextTests {
    private let rows = [StandingRow(rank: 1, name: "sam", score: 1999), StandingRow(rank: 2, name: "leo", score: 925),
                        StandingRow(rank: 2, name: "ana", score: 925), StandingRow(rank: 4, name: "bo", score: 12)]

    @Test func tiesShareAPlaceInTheStandingsLine() {
        let model = RoomModel(role: .watcher)
        #expect(PlainLines.standings(rows, model: model) == "1. sam 1,999, 2. leo 925, 2. ana 925, 4. bo 12")
        #expect(PlainLines.standings([], model: model) == "(no players)")
    }

    @Test func aRowPastTheLimitIsShownWhenItIsMine() {
        var model = RoomModel(role: .player, me: "me")
        model.rankedPlayers = 1000
        let cut = rows + [StandingRow(rank: 412, name: "me", score: 10)]
        #expect(PlainLines.standings(cut, model: model, limit: 2) == "1. sam 1,999, 2. leo 925, ... 412. me 10, (1,000 players)")
    }

    @Test func ordinalsAndSeconds() {
        #expect([1, 2, 3, 4, 11, 12, 13, 21, 101, 111].map { Places.ordinal($0) }
                == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "101st", "111th"])
        #expect(PlainLines.seconds(3) == "3" && PlainLines.seconds(2.5) == "2.5")
    }

    @Test func columnsPadWithoutCutting() {
        #expect(pad("ab", 4) == "ab  " && padLeft("7", 3) == "  7")
        #expect(pad("abcdef", 3) == "abcdef" && padLeft("1,000", 2) == "1,000")
    }
}
