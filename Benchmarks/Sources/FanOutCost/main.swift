#if canImport(Glibc)
import Glibc
#endif
import ChalklineCore
import Classroom

/// Issue 42's steps for `Benchmarks/fan-out-callgrind.sh`, in CoreLanguages' rooms (30 players and
/// their host): COUNT questions made and sent to the room (each after an unmeasured `/skip`), or
/// COUNT answers judged. Under callgrind, collecting only in `ServerCore.tick` (the questions)
/// or in the room's answer (the answers), two counts' difference is one step's instructions.
/// Prints the last question's lines and bytes: one line a (format, language) in the room; with
/// SHOW set, the lines themselves and how many each went to.
///
///     FanOutCost question times|money text|json LANGS COUNT
///     FanOutCost answer text|json LANGS COUNT
/// LANGS: `en` (no `/lang` sent: what the code before issue 42 understands), `fr`, or
/// `en,fr,es,de,pt` (handed round the players).
let arguments = Array(CommandLine.arguments.dropFirst())
func usage() -> Never {
    print("usage: FanOutCost question times|money text|json LANGS COUNT | answer text|json LANGS COUNT")
    exit(2)
}
func languages(_ list: String) -> [String] { list == "en" ? [] : list.split(separator: ",").map(String.init) }

/// With CLOCK set, each measured step's wall clock (CLOCK_MONOTONIC around the one call): a
/// quick figure from the same binaries callgrind runs, for when package-benchmark's own release
/// build is too long to wait for. Noisy on this shared machine: compare runs made side by side.
let timing = getenv("CLOCK") != nil
nonisolated(unsafe) var steps: [Int] = []
func timed<T>(_ step: () -> T) -> T {
    guard timing else { return step() }
    var start = timespec(), end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    let result = step()
    clock_gettime(CLOCK_MONOTONIC, &end)
    steps.append((end.tv_sec - start.tv_sec) * 1_000_000_000 + (end.tv_nsec - start.tv_nsec))
    return result
}
func clockLine() -> String {
    guard timing, !steps.isEmpty else { return "" }
    let sorted = steps.sorted()
    func at(_ p: Double) -> Int { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
    return "; wall clock ns p10 \(at(0.1)) p50 \(at(0.5)) p90 \(at(0.9)) of \(sorted.count)"
}

switch arguments.first {
case "question":
    guard arguments.count == 5, let game = Classroom.Game(rawValue: arguments[1]), let format = OutputFormat(rawValue: arguments[2]),
          let count = Int(arguments[4]), count > 0 else { usage() }
    let room = Classroom(players: 30, game: game, format: format, languages: languages(arguments[3]), gap: 1)
    var last = (lines: 0, bytes: 0)
    for n in 1...count {
        room.closeRound()
        let effects = timed { room.openQuestion() }
        last = room.checkQuestion(effects, show: n == count && getenv("SHOW") != nil)
    }
    print("question \(game.rawValue) \(format.rawValue) \(arguments[3]) x\(count): last question \(last.lines) lines, \(last.bytes) bytes\(clockLine())")
case "answer":
    guard arguments.count == 4, let format = OutputFormat(rawValue: arguments[1]), let count = Int(arguments[3]), count > 0 else { usage() }
    let room = Classroom(players: 30, format: format, languages: languages(arguments[2]))
    for _ in 0..<count {
        let effects = timed { room.answerOne() }
        room.checkAnswer(effects)
    }
    guard room.right == count else {
        print("\(count - room.right) of \(count) answers not judged right")
        exit(1)
    }
    print("answer \(format.rawValue) \(arguments[2]) x\(count): \(room.right) judged right over \(room.rounds) questions\(clockLine())")
default:
    usage()
}
