/// Everything the bench measures, shared by its rooms and printed once at the end.
package final class BenchStats {
    package var fanOut = LatencyRecorder()
    /// The same for `round_end`: in a big room each player's is its own (issue 15), so this is
    /// what writing a thousand different payloads costs against one shared question.
    package var roundEndFanOut = LatencyRecorder()
    package var answerReply = LatencyRecorder()
    package var opened = 0
    package var joined = 0
    package var dropped = 0
    package var answers = 0
    package var correct = 0
    package var errors: [String: Int] = [:]
    package var gameStarted: UInt64?
    package var gameEnded: UInt64?
    package var sayStarted: UInt64?
    package var sayLastDelivery: UInt64?
    package var sayDelivered = 0
    package var sayExpected = 0
    /// Most connections open at once: the "held" figure.
    package var peakHeld = 0

    package func error(_ code: String) { errors[code, default: 0] += 1 }
    package var errorCount: Int { errors.values.reduce(0, +) }
}
