import ChalklineProtocol
import Foundation

/// The bench's figures as a table, measured values only: a figure with no samples says so.
package struct BenchReport {
    package let bench: BenchSettings
    package let stats: BenchStats
    package let completed: Bool
    package let failure: String?

    package init(bench: BenchSettings, stats: BenchStats, completed: Bool, failure: String?) {
        (self.bench, self.stats, self.completed, self.failure) = (bench, stats, completed, failure)
    }

    package func print() {
        var lines: [String] = []
        lines.append("chalkline bench against \(bench.server): \(bench.rooms) rooms x \(bench.players) players, "
                     + "\(bench.questions) questions of \(bench.time) s, answers within \(Int(bench.spread * 100))% of the time")
        lines.append(row("connections held", "\(stats.peakHeld) (\(stats.joined) players joined, \(stats.dropped) dropped)"))
        if let start = stats.gameStarted, let end = stats.gameEnded, end > start {
            let seconds = Double(end - start) / 1e9
            lines.append(row("answers judged", "\(stats.answers) (\(stats.correct) right) in \(String(format: "%.2f", seconds)) s"))
            lines.append(row("answers/s", String(format: "%.0f", Double(stats.answers) / seconds)))
        } else if bench.questions > 0 {
            lines.append(row("answers judged", "\(stats.answers) (the game did not finish)"))
        }
        if bench.say > 0 {
            if let start = stats.sayStarted, let last = stats.sayLastDelivery, last > start {
                let seconds = Double(last - start) / 1e9
                lines.append(row("/say deliveries", "\(stats.sayDelivered) of \(stats.sayExpected) in \(String(format: "%.3f", seconds)) s"))
                lines.append(row("deliveries/s", String(format: "%.0f", Double(stats.sayDelivered) / seconds)))
            } else {
                lines.append(row("/say deliveries", "none (\(stats.errors[ErrorCode.unknownCommand.rawValue] != nil ? "the server has no /say" : "none arrived"))"))
            }
        }
        let errors = stats.errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        lines.append(row("errors", errors.isEmpty ? "0" : errors.joined(separator: ", ")))
        lines.append("")
        lines.append(pad("latency (ms)", 20) + ["p50", "p90", "p99", "max", "samples"].map { padLeft($0, 10) }.joined())
        for (label, recorder) in [("question fan-out", stats.fanOut), ("round_end fan-out", stats.roundEndFanOut),
                                  ("answer -> reply", stats.answerReply)] {
            guard recorder.count > 0 else {
                lines.append(pad(label, 20) + padLeft("no samples", 10))
                continue
            }
            let figures = [recorder.ms(50), recorder.ms(90), recorder.ms(99), recorder.maxMs].map { padLeft(String(format: "%.3f", $0), 10) }
            lines.append(pad(label, 20) + figures.joined() + padLeft("\(recorder.count)", 10))
        }
        if let failure { lines.append("\nbench did not complete: \(failure)") }
        Swift.print(lines.joined(separator: "\n"))
        fflush(nil)
    }

    private func row(_ label: String, _ value: String) -> String { pad(label, 20) + value }
}
