import Benchmark
import ChalklineCore
import Classroom

/// Issue 42's `Outbox`: an event is made once per (format, language) among its recipients, and a
/// sentence question's json carries `message` for every reader (English too). A class of 30
/// and its host, the core alone as the shell drives it (no sockets, no clock). Each sample is
/// one step of a room that lives across the samples; what prepares the step (the round end
/// before a question, the next question before a round's last answer) is done unmeasured.
///
/// - **question to 30**: the gap after a skipped question runs out and the next question is
///   made and sent to all 31 (the round's record and its `roundStarted` included, as in a game).
///   Money's questions are sentences (each language says them; json adds `message`); times'
///   are `7 x 8` in every language, whose text line around it is still each language's.
/// - **answer judged**: one player's `/answer`, judged, replied to in the player's format and
///   language, recorded; never the round's last answer.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.mallocCountTotal, .wallClock],
        maxDuration: .seconds(3),
        maxIterations: 3_000
    )
    let five = ["en", "fr", "es", "de", "pt"]

    for (game, format, languages, label) in [
        (Classroom.Game.money, OutputFormat.text, [String](), "money (text, English)"),
        (.money, .text, five, "money (text, five languages)"),
        (.money, .json, [], "money (json, English)"),
        (.money, .json, five, "money (json, five languages)"),
        (.times, .text, [], "times (text, English)"),
        (.times, .text, five, "times (text, five languages)"),
    ] {
        let room = Lazily { Classroom(players: 30, game: game, format: format, languages: languages, gap: 1) }
        Benchmark("question to 30, \(label)") { benchmark in
            let room = room.value
            room.closeRound()
            benchmark.startMeasurement()
            let effects = room.openQuestion()
            benchmark.stopMeasurement()
            _ = room.checkQuestion(effects)
        }
    }

    for (format, languages, label) in [
        (OutputFormat.text, [String](), "times (text, English)"),
        (.text, ["fr"], "times (text, French)"),
        (.json, [], "times (json, English)"),
        (.json, ["fr"], "times (json, French)"),
    ] {
        let room = Lazily { Classroom(players: 30, format: format, languages: languages) }
        Benchmark("answer judged (room of 30), \(label)",
                  configuration: .init(metrics: [.mallocCountTotal, .wallClock], maxDuration: .seconds(3), maxIterations: 9_000)) { benchmark in
            let room = room.value
            benchmark.startMeasurement()
            let effects = room.answerOne()
            benchmark.stopMeasurement()
            room.checkAnswer(effects)
            precondition(room.right == room.answered, "\(room.answered - room.right) of \(room.answered) answers were not judged right")
        }
    }
}

/// A room made the first time a benchmark runs, and kept for its later samples.
final class Lazily<Value> {
    private var made: Value?
    private let make: () -> Value
    init(_ make: @escaping () -> Value) { self.make = make }
    var value: Value {
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}
