import ChalklineCore
import ChalklineStore
import Foundation

/// `/report`: read on libuv's pool (never on the loop: a year of games takes a while), rendered
/// there in the asker's format, through the same `Reports` functions `chalkline-server report`
/// prints, so the page, the line protocol and the terminal always agree.
extension ServerShell {
    static let storageOff = ErrorReply("report", .storageFailed, "This server keeps no results.")

    /// `server`: the teacher reads this server's games where many share one database (a host's
    /// own last game is found by its reference). `localTime` turns `from=`/`to=` into instants.
    static func reportWork(_ request: ReportRequest, server: String?, localTime: LocalTime) -> @Sendable (any ResultsStore) -> Payload {
        { store in
            let message: any Message
            do {
                let report = try read(request.subject, store: store, server: server, localTime: localTime)
                let subject: (String, JSON) = ("subject", .string(request.subject.name))
                if request.csv {
                    let csv = report.csv
                    message = OkReply("report", [subject, ("csv", .string(csv))], text: csv.replacingOccurrences(of: "\r\n", with: "\n")
                        .trimmingCharacters(in: .newlines))
                } else {
                    guard case .object(let fields) = report.json else { throw ErrorReply("report", .storageFailed, "no report") }
                    message = OkReply("report", [subject] + fields, text: report.plainText.trimmingCharacters(in: .newlines))
                }
            } catch let error as ErrorReply {
                message = error
            } catch let failure as Reports.Failure {
                message = ErrorReply("report", failure.code, failure.description)
            } catch {
                message = ErrorReply("report", .storageFailed, "The report could not be read (\(shortReason("\(error)"))).")
            }
            return message.rendered(request.format)
        }
    }

    private static func read(_ subject: ReportSubject, store: any ResultsStore, server: String?, localTime: LocalTime) throws -> Report {
        func day(_ text: String?, _ edge: (String, LocalTime) -> Millis?) -> Date? {
            text.flatMap { edge($0, localTime) }.map { Date(timeIntervalSince1970: Double($0) / 1000) }
        }
        switch subject {
        case .lastGame(let game):
            guard let id = store.gameID(of: game) else {
                throw ErrorReply("report", .storageFailed, "The results of \(game) could not be saved, so there is no report.")
            }
            return try store.report { try Reports.game($0, id: id) }
        case .games(let className, let from, let to, let limit):
            return try store.report {
                try Reports.games($0, limit: limit, server: server, className: className,
                                  from: day(from, ReportDays.start), to: day(to, ReportDays.end))
            }
        case .game(let spec):
            return try store.report { try Reports.game($0, id: try Reports.gameID($0, spec, server: server)) }
        case .assignments(let className):
            return try store.report { try Reports.assignments($0, server: server, className: className) }
        case .assignment(let code):
            return try store.report { try Reports.assignment($0, code: code, server: server) }
        // NOT READY (seam): the progress part's `Reports.classProgress` / `playerProgress` go
        // here once branch desk-progress is merged; until then these two are refused.
        case .classProgress, .player:
            throw ErrorReply("report", .badArgs, "This report is not ready yet on this server.")
        }
    }
}

extension Reports.Failure {
    /// The error code a `/report` of something missing replies with.
    var code: ErrorCode {
        switch self {
        case .noSuchClass: .noClass
        default: .badArgs
        }
    }
}
