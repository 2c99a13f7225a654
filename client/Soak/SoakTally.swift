import ChalklineProtocol

/// What the misbehaving clients were told, by error code or the flood's goodbye: the run
/// fails unless every limit acted at least once.
package final class SoakTally {
    package static let watched = [
        ErrorCode.lineTooLong, .badUTF8, .badName, .rateLimited, .tooManyConnections, .noRoom, .badToken, .notInRoom, .tooManyRooms,
    ].map(\.rawValue) + [goodbye]
    /// How the text format starts `bye` (a flooder is cut off).
    package static let goodbye = "Goodbye:"

    package private(set) var seen: [String: Int] = [:]
    /// Readers that never read, cut off over `--max-queued-bytes`.
    package var slowReadersCut = 0

    package init() {}

    /// Called once, when the last watched reply or event has been seen.
    package var onAllSeen: (() -> Void)?

    package func note(_ line: String) {
        for word in Self.watched where line.contains(word) { seen[word, default: 0] += 1 }
        if let done = onAllSeen, missing.isEmpty {
            onAllSeen = nil
            done()
        }
    }

    package var missing: [String] { Self.watched.filter { seen[$0] == nil } }
}
