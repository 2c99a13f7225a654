import Benchmark
import ChalklineCore
import Classroom
#if canImport(Glibc)
import Glibc
#endif

/// The core alone, driven through the shell's `EffectRunner` but without sockets or a clock: one room of
/// 20 json players and a host who does not play, a times race of 1,000 questions. Each
/// iteration is one answer line from one player, judged, replied to and recorded, and every
/// twentieth closes the round (`round_end`, the next question). The figures are per answer,
/// the steady path of a class at play; the joins are made before measuring starts.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.mallocCountTotal, .wallClock],
        maxDuration: .seconds(5),
        maxIterations: 9_500
    )

    // 9,500 answers stay inside the game's 500 questions of 20 answers, so every one measured
    // is judged; the run stops if one is not.
    Benchmark("answer judged (room of 20, json)") { benchmark in
        let game = Classroom(players: 20)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(game.answerNext())
        }
        benchmark.stopMeasurement()
        precondition(game.judged == game.answered, "\(game.answered - game.judged) answers were not judged")
        precondition(game.rounds >= game.answered / 20 - 1, "only \(game.rounds) rounds closed")
    }

    // Issue 41: the teacher's own questions must judge as cheaply as times (within 1.2x CPU
    // per answer). The same room, the same answers a round, a set of 500 questions whose
    // answers are words with accents, typed the way a child types them (no accents, lower case).
    Benchmark("answer judged, a set of 500 (room of 20, json)",
              configuration: .init(metrics: [.mallocCountTotal, .wallClock], maxDuration: .seconds(5),
                                   maxIterations: 9_500)) { benchmark in
        let game = Classroom(players: 20, game: .set)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(game.answerNext())
        }
        benchmark.stopMeasurement()
        precondition(game.judged == game.answered, "\(game.answered - game.judged) answers were not judged")
        precondition(game.right == game.answered, "\(game.answered - game.right) answers were judged wrong")
        precondition(game.rounds >= game.answered / 20 - 1, "only \(game.rounds) rounds closed")
    }

    Benchmark("/say to a room of 1,000 (json)",
              configuration: .init(metrics: [.mallocCountTotal, .wallClock], maxIterations: 2_000)) { benchmark in
        let room = Classroom(players: 1_000, start: false)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(room.hostSays())
        }
    }
}
