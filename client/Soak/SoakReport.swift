import Foundation

/// The soak's verdict: every well-behaved bot's final score equals the points its replies
/// gave, none was disconnected, each answered every question, and every limit acted.
package struct SoakReport {
    package let run: SoakRun

    package init(run: SoakRun) { self.run = run }

    private var bots: [BotPlayer] { run.rooms.flatMap(\.bots) }
    private var wrong: [BotPlayer] { bots.filter { $0.lastGame.map { $0.finalScore != $0.repliedPoints } ?? true } }
    private var dropped: [BotPlayer] { bots.filter { $0.failure != nil } }
    /// A bot that cannot read a kind's questions shows here.
    private var missed: [BotPlayer] { bots.filter { ($0.lastGame?.answered ?? 0) != run.settings.rounds } }

    package var passed: Bool {
        run.failure == nil && wrong.isEmpty && dropped.isEmpty && missed.isEmpty && run.tally.missing.isEmpty
            && bots.count == run.settings.rooms * run.settings.players
    }

    package func print() {
        let s = run.settings
        let answers = bots.reduce(0) { $0 + ($1.lastGame?.answered ?? 0) }
        var lines = [
            "soak: \(bots.count) well-behaved players in \(s.rooms) rooms, \(s.rounds) rounds, \(answers) answers, \(String(format: "%.1f", run.seconds)) s",
            "soak: server peak RSS " + (run.peakRSSKiB.map { String(format: "%.1f MiB", Double($0) / 1024) } ?? "unknown"),
            "soak: scores that differ from the sum of replied points: \(wrong.count)",
            "soak: well-behaved players disconnected: \(dropped.count)",
            "soak: the misbehaving clients were told: " + SoakTally.watched.map { "\($0) x\(run.tally.seen[$0] ?? 0)" }.joined(separator: ", "),
            // Within the rate limit a reader that never reads piles up less than the kernel's
            // socket buffers hold in a short run, so this is reported, not required (ShellTests
            // covers the cap).
            "soak: slow readers cut off over --max-queued-bytes: \(run.tally.slowReadersCut)",
        ]
        if !run.tally.missing.isEmpty {
            lines.append("soak: never seen (a misbehaving client was not handled as expected): " + run.tally.missing.joined(separator: ", "))
        }
        for bot in (wrong + dropped).prefix(10) {
            lines.append("  \(bot.name): final \(bot.lastGame?.finalScore.map(String.init) ?? "-"), replied \(bot.lastGame?.repliedPoints ?? 0), "
                         + "disconnected \(bot.failure ?? "no")")
        }
        lines.append("soak: well-behaved players that missed questions: \(missed.count)")
        if let failure = run.failure { lines.append("soak: did not complete: \(failure)") }
        Swift.print(lines.joined(separator: "\n"))
        fflush(nil)
    }
}
