/// Everything the bench measures, shared by its rooms and printed once at the end.
final class BenchStats {
    var fanOut = LatencyRecorder()
    /// The same for `round_end`: in a big room each player's is its own (issue 15), so this is
    /// what writing a thousand different payloads costs against one shared question.
    var roundEndFanOut = LatencyRecorder()
    var answerReply = LatencyRecorder()
    var opened = 0
    var joined = 0
    var dropped = 0
    var answers = 0
    var correct = 0
    var errors: [String: Int] = [:]
    var gameStarted: UInt64?
    var gameEnded: UInt64?
    var sayStarted: UInt64?
    var sayLastDelivery: UInt64?
    var sayDelivered = 0
    var sayExpected = 0
    /// Most connections open at once: the "held" figure.
    var peakHeld = 0

    func error(_ code: String) { errors[code, default: 0] += 1 }
    var errorCount: Int { errors.values.reduce(0, +) }
}
