import ChalklineCore
import ChalklineStore
import Foundation

/// `/report`: read on libuv's pool (never on the loop: a year of games takes a while), rendered
/// there in the asker's format, through the same `Reports` functions `chalkline-server report`
/// prints, so the page, the line protocol and the terminal always agree. They read on their own
/// connection (`ReadLine`), so a teacher browsing reports never holds back a room's commits.
extension ServerShell {
    static let storageOff = ErrorReply("report", .storageFailed, Say("error.report.storage_off"))

    /// `server`: the teacher reads this server's games where many share one database (a host's
    /// own last game is found by its reference). `localTime` turns `from=`/`to=` into instants.
    /// `writer` is asked, on the loop thread, for the id of a host's last game: only the store
    /// that wrote it knows it (the read runs on another connection).
    static func reportWork(_ request: ReportRequest, writer: any ResultsStore, server: String?, localTime: LocalTime) -> ReadLine.Work {
        var lastGameID: Int64?
        if case .lastGame(let game) = request.subject { lastGameID = writer.gameID(of: game) }
        return { [lastGameID] store in
            let message: any Message
            do {
                let report = try read(request.subject, lastGameID: lastGameID, store: store, server: server, localTime: localTime)
                let language = request.language
                let subject: (String, JSON) = ("subject", .string(request.subject.name))
                if request.csv {
                    // CSV is for spreadsheets and scripts: the same in every language.
                    let csv = report.csv
                    let text = csv.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .newlines)
                    message = OkReply("report", [subject, ("csv", .string(csv))], say: { _ in text })
                } else {
                    guard case .object(let fields) = report.json else { throw ErrorReply("report", .storageFailed, Say("error.report.unreadable", ["reason": "no report"])) }
                    // Written here, off the loop, in the asker's language: the reply goes to them alone.
                    let text = report.plainText(in: language).trimmingCharacters(in: .newlines)
                    message = OkReply("report", [subject] + fields, say: { _ in text })
                }
            } catch let error as ErrorReply {
                message = error
            } catch let failure as Reports.Failure {
                message = ErrorReply("report", failure.code, failure.say)
            } catch {
                message = ErrorReply("report", .storageFailed, Say("error.report.unreadable", ["reason": .text(shortReason("\(error)"))]))
            }
            return message.rendered(request.format, in: request.language)
        }
    }

    /// The reply when the read line cannot reach the database: asked again, it tries again.
    static func reportUnreadable(_ format: OutputFormat, _ language: Language) -> ReadLine.Unreadable {
        { reason in
            ErrorReply("report", .storageFailed, Say("error.report.database_unreadable", ["reason": .text(shortReason(reason))]))
                .rendered(format, in: language)
        }
    }

    private static func read(_ subject: ReportSubject, lastGameID: Int64?, store: any ResultsStore, server: String?,
                             localTime: LocalTime) throws -> Report {
        // The server's own days (the core has checked they are dates): as `due=`, its time zone.
        let days = LocalDays(zone: TimeZone(identifier: localTime.zone) ?? .current)
        func span(_ from: String?, _ to: String?) throws -> (from: Date?, to: Date?) {
            guard let span = days.span(from: from, to: to) else { throw ErrorReply("report", .badArgs, Say("error.report.days")) }
            return span
        }
        switch subject {
        case .lastGame(let game):
            guard let id = lastGameID else {
                throw ErrorReply("report", .storageFailed, Say("error.report.not_saved", ["game": "\(game)"]))
            }
            return try store.report { try Reports.game($0, id: id) }
        case .games(let className, let from, let to, let limit):
            let (from, to) = try span(from, to)
            return try store.report { try Reports.games($0, limit: limit, server: server, className: className, from: from, to: to) }
        case .game(let spec):
            return try store.report { try Reports.game($0, id: try Reports.gameID($0, spec, server: server)) }
        case .assignments(let className):
            return try store.report { try Reports.assignments($0, server: server, className: className) }
        case .assignment(let code):
            return try store.report { try Reports.assignment($0, code: code, server: server) }
        case .classProgress(let className, let from, let to):
            let (from, to) = try span(from, to)
            return try store.report { try Reports.classProgress($0, className: className, server: server, from: from, to: to, days: days) }
        case .player(let name, let className, let from, let to):
            let (from, to) = try span(from, to)
            return try store.report {
                try Reports.playerProgress($0, name: name, className: className, server: server, from: from, to: to, days: days)
            }
        }
    }
}

extension Reports.Failure {
    /// The error code a `/report` of something missing replies with.
    var code: ErrorCode {
        switch self {
        case .noSuchClass: .noClass
        case .notInClass: .notInClass
        default: .badArgs
        }
    }
}
