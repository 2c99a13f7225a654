import ChalklineProtocol
import Foundation
import Testing
@testable import ChalklineCore

/// protocol.md's limits table against `Limits`: each row's default is what the server does,
/// so changing a limit without the page (or the page without the code) fails here.
@Suite("protocol.md's limits table is Limits")
struct ProtocolLimitsTableTests {
    static func grouped(_ n: Int) -> String {
        let digits = String(n)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(ch)
        }
        return out
    }

    static func minutes(_ ms: Millis) -> String { ms == 60_000 ? "1 minute" : "\(ms / 60_000) minutes" }

    /// The default each row must give, by the row's first cell (backticks removed).
    static let expected: [String: String] = [
        "line length": "\(Limits.lineBytes) bytes",
        "lines a second, per connection": "\(Limits.linesPerSecond) a second, bursts of \(2 * Limits.linesPerSecond)",
        "flooding": "\(Limits.floodTimeoutMs / 1000) seconds",
        "silence outside a room": minutes(Limits.idleTimeoutMs),
        "connections": grouped(Limits.connections),
        "connections from one IP address": grouped(Limits.connectionsPerIP),
        "output queued for a client that does not read": "\(Limits.queuedBytes >> 20) MiB",
        "wrong guesses, per IP address": "\(Limits.failedGuesses) a minute, then shut out for \(minutes(Limits.guessWindowMs)), doubling",
        "wrong guesses, whole server": "\(Limits.failedGuessesOverall) a minute",
        "players a room": grouped(Limits.playersPerRoom),
        "rooms open": grouped(Limits.rooms),
        "open rooms created from one IP address": grouped(Limits.roomsPerIP),
        "open homework": grouped(Limits.assignments),
        "open homework set from one IP address": grouped(Limits.assignmentsPerIP),
        "how far ahead homework may be due": "\(Limits.homeworkDueDays) days",
        "homework tries at once": grouped(Limits.homeworkTries),
        "/comeback requests waiting for one host": "\(Limits.comebackRequestsPerRoom) a room, one a connection",
        "homework pause after a round": "\(OptionSpec.format(Double(Limits.homeworkPauseRightMs) / 1000)) s after a right answer, "
            + "\(OptionSpec.format(Double(Limits.homeworkPauseWrongMs) / 1000)) s otherwise",
        "a room nobody joined": minutes(Limits.unjoinedRoomTimeoutMs),
        "a game nobody is connected to": "\(Limits.abandonedGameMs / 1000) seconds",
        "rows in a /rooms or /who reply": grouped(Limits.listPage),
        "/say lines a second, per room": "\(Limits.roomChatLinesPerSecond) a second, bursts of \(2 * Limits.roomChatLinesPerSecond)",
        "results held while the database fails": grouped(Limits.unsavedRecords),
        "an HTTP request head": "\(Limits.httpHeadBytes / 1024) KB, within \(Limits.httpHeadTimeoutMs / 1000) seconds",
        // A browser holds up to 6 sockets while loading the page for its one WebSocket: the cap
        // is a multiple of the protocol's, so a class behind one NAT loads the page at once.
        "connections not yet speaking the protocol": "\(grouped(Limits.connectionsPerIP * Limits.unannouncedPerIPMultiple)) from one IP "
            + "address (\(Limits.unannouncedPerIPMultiple) times the protocol's), \(grouped(Limits.connections)) in all",
        "pipelined HTTP requests answered in one turn": "\(Limits.httpRequestsPerTurn) from one connection",
        "silence before the first line, with the web on": "\(Limits.silentWelcomeMs / 1000) seconds",
        "an idle kept-alive HTTP connection": "\(Limits.httpKeepAliveIdleMs / 1000) seconds",
        "a WebSocket message": "one line: \(Limits.lineBytes) bytes and its line ending",
        "questions a set": grouped(SetLimits.questions),
        "characters a question": grouped(SetLimits.questionCharacters),
        "characters an answer": grouped(SetLimits.answerCharacters),
        "sets a server": grouped(SetLimits.sets),
        "classes a server keeps": grouped(Limits.classes),
        "students a class": grouped(Limits.classStudents),
        "a set sent with /sets add": "\(Limits.setDraftLines) lines, \(Limits.setDraftBytes / 1024) KB",
    ]
    /// Rows with no number of the server's own to check.
    static let unnumbered: Set = ["invalid UTF-8", "control characters", "telnet negotiation", "room creation", "wrong words (word puzzle)"]

    static func rows() throws -> [[String]] {
        ProtocolDocTests.section("Limits and errors", in: try ProtocolDocTests.protocolText())
            .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| limit |") }
            .map { ProtocolOptionTablesTests.cells($0) }
    }

    @Test func everyRowsDefaultIsTheLimit() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 20, "the limits table was not found")
        for row in rows where !Self.unnumbered.contains(row[0]) {
            guard let wanted = Self.expected[row[0]] else { Issue.record("a limit nobody checks: \(row[0])"); continue }
            #expect(row[1] == wanted, "\(row[0]): protocol.md says \(row[1]), Limits \(wanted)")
        }
        let listed = Set(rows.map { $0[0] })
        #expect(Set(Self.expected.keys).subtracting(listed).isEmpty, "rows checked here but gone from protocol.md")
    }

    /// The storage retry is described in its row's last cell.
    @Test func theStorageRetryIsLimits() throws {
        let row = try #require(try Self.rows().first { $0[0] == "results held while the database fails" })
        #expect(row[3].contains("retried after \(Limits.storageRetryMs / 1000) s"))
        #expect(Limits.storageRetryMaxMs == 60_000 && row[3].contains("up to a minute"))
    }

    @Test func aChangedLimitWouldBeCaught() {
        #expect(Self.grouped(10_000) == "10,000" && Self.grouped(200) == "200")
        #expect(Self.expected["line length"] != "1000 bytes")
    }
}
