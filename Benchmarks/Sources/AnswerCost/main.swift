#if canImport(Glibc)
import Glibc
#endif
import Classroom

/// The core's cost of one judged answer, for `tools/callgrind/core-answer.sh`: the same room as
/// bench-core's (20 json players), playing GAME (`times` or `set`), answers COUNT answers. Under
/// callgrind with collection only inside `Classroom.answerNext`, the instructions over the calls
/// are the cost of one answer, without the setup (the 500-question set, the joins) in it.
///
///     AnswerCost times|set COUNT
let arguments = CommandLine.arguments
guard arguments.count == 3, let game = Classroom.Game(rawValue: arguments[1]), let count = Int(arguments[2]), count > 0 else {
    print("usage: AnswerCost times|set COUNT")
    exit(2)
}
let room = Classroom(players: 20, game: game)
for _ in 0..<count {
    _ = room.answerNext()
}
guard room.judged == count, room.right == count else {
    print("\(count - room.judged) answers not judged, \(room.judged - room.right) judged wrong")
    exit(1)
}
print("game=\(game.rawValue) answers=\(count) rounds=\(room.rounds)")
