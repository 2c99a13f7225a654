import ChalklineTesting
import Testing
@testable import ChalklineCore

/// `/teacher` and the `/report` lines only the teacher may send, in the core (the shell's reads
/// and the secret file are tested over TCP: `TeacherSecretTests`).
@Suite struct TeacherCommandTests {
    @Test func aMadeSecretIgnoresCaseSpacesAndDashesAPasswordDoesNot() {
        #expect(TeacherSecret.matches("abcd efgh", "ABCD-EFGH"))
        #expect(TeacherSecret.matches("ABCDEFGH", "ABCD-EFGH"))
        #expect(!TeacherSecret.matches("ABCD-EFGX", "ABCD-EFGH"))
        #expect(!TeacherSecret.matches("ABCD-EFG", "ABCD-EFGH"))
        #expect(TeacherSecret.matches("Apple-Pie", "Apple-Pie"))
        #expect(!TeacherSecret.matches("apple pie", "Apple-Pie"))
        var draws: [UInt64] = Array(0..<8)
        #expect(TeacherSecret.make { draws.removeFirst() } == "ABCD-EFGH")
    }

    static func teacher() throws -> (ServerHarness, HarnessClient) {
        var config = ServerConfig()
        config.teacherSecret = "ABCD-EFGH"
        let h = try ServerHarness(.inProcess, config: config)
        let c = try h.jsonClient("MsLee")
        return (h, c)
    }

    static func subject(_ step: Step) -> ReportRequest? {
        guard case .report(let request)? = step.effects.first, step.effects.count == 1 else { return nil }
        return request
    }

    @Test func theSecretOpensTheReports() throws {
        let (_, c) = try Self.teacher()
        #expect(try c.step("/report games").messages(to: c).first?.string("code") == "not_teacher")
        #expect(try c.step("/teacher ABCD-EFGX").messages(to: c).first?.string("code") == "bad_password")
        #expect(try c.step("/teacher abcd-efgh").messages(to: c).first?.string("cmd") == "teacher")
        #expect(Self.subject(try c.step("/report games"))?.subject == .games(class: nil, from: nil, to: nil, limit: 20))
    }

    @Test func eachSubjectReadsItsLine() throws {
        let (_, c) = try Self.teacher()
        _ = try c.step("/teacher ABCD-EFGH")
        let cases: [(String, ReportSubject, Bool)] = [
            ("/report games class=4B from=2026-11-01 to=2026-11-30 limit=5 csv",
             .games(class: "4B", from: "2026-11-01", to: "2026-11-30", limit: 5), true),
            ("/report game QXRM-2", .game("QXRM-2"), false),
            ("/report game 7 CSV", .game("7"), true),
            ("/report assignments class=4B", .assignments(class: "4B"), false),
            ("/report assignment ABCD csv", .assignment("ABCD"), true),
            ("/report class 4B from=2026-09-01", .classProgress(class: "4B", from: "2026-09-01", to: nil), false),
            ("/report player Ana class=4B", .player(name: "Ana", class: "4B", from: nil, to: nil), false),
        ]
        for (line, subject, csv) in cases {
            let request = Self.subject(try c.step(line))
            #expect(request?.subject == subject && request?.csv == csv, "\(line): \(String(describing: request))")
        }
        for line in ["/report everything", "/report games from=2026-13-01", "/report games from=2026-11-30 to=2026-11-01",
                     "/report game", "/report game 1 2", "/report assignments from=2026-01-01", "/report games limit=0",
                     "/report class", "/report games class=4B class=5C"] {
            #expect(try c.step(line).messages(to: c).first?.string("code") == "bad_args", "\(line)")
        }
    }

    /// A student's bare `/report` outside a room is the host's command, refused as before.
    @Test func theBareReportIsStillTheHosts() throws {
        let (h, _) = try Self.teacher()
        let student = try h.jsonClient("ann")
        #expect(try student.step("/report").messages(to: student).first?.string("code") == "not_in_room")
    }
}
