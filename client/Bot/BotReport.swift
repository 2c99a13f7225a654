import Glibc

/// Tallies game ends across bots and prints one table a game.
package final class BotReport {
    package let games: Int
    package var failed = 0
    package private(set) var mismatches = 0
    private var printedGames = 0

    package init(games: Int) { self.games = games }

    package func isDone(_ bot: BotPlayer) -> Bool { games > 0 && bot.gamesEnded >= games }

    package func gameEnded(_ bot: BotPlayer, all bots: [BotPlayer]) {
        let live = bots.filter { $0.failure == nil }
        guard live.allSatisfy({ $0.gamesEnded > printedGames }) else { return }
        printedGames += 1
        print("game \(printedGames) over:")
        print("  bot               answered  right  score (replies)  score (game_end)")
        for bot in live {
            guard let game = bot.lastGame else { continue }
            let agree = game.finalScore == game.replyScore
            if !agree { mismatches += 1 }
            print("  " + pad(bot.name, 16) + "  " + padLeft("\(game.answered)", 8) + "  " + padLeft("\(game.correct)", 5)
                  + "  " + padLeft("\(game.replyScore)", 15) + "  " + padLeft(game.finalScore.map(String.init) ?? "-", 16)
                  + (agree ? "" : "  MISMATCH"))
        }
        print(mismatches == 0 ? "  scores agree" : "  \(mismatches) scores disagree")
        fflush(nil)
    }
}
