import ChalklineCore
import ChalklineStore
import CLibUV
import Foundation
import Logging

/// The shell's side of the results database: opening it before the loop runs, hearing back from
/// storage jobs on the loop thread (`/report`'s reads are `ServerShell+Reports`).
extension ServerShell {
    func startStorage() {
        let store = ResultsStores.make(options.databasePath, server: options.serverName)
        var writable = true
        // Before the loop runs, so nothing waits: a database that cannot be opened is reported now
        // (and retried with every write), and the server serves all the same.
        do {
            try store.connect()
            try store.checkWritable()

            logger.info("results database", metadata: ["db": "\(store.location)", "server": "\(options.serverName)"])
        } catch {
            logger.error("STORAGE FAILED: cannot write the results database; games go on but results are not saved until it works",
                         metadata: ["db": "\(store.location)", "error": "\(error)"])
            // Every host hears it at /create, before a class plays a game nobody can report on.
            core.storageUnwritableAtStart(reason: Self.shortReason("\(error)"))
            writable = false
        }
        restoreHomework(store)
        restoreSets(store)
        restoreClasses(store)
        restorePractice(store)
        storage = StorageQueue(store: store, readLine: makeReadLine(beside: store), loop: loop, now: { [clock] in clock.now },
                               maxUnsaved: options.maxUnsaved) { [unowned self] in
            storageFinished($0)
        }
        if !writable { storage?.startFailing() }
    }

    /// Reports' own connection (see `ReadLine`), connected at the first report. An in-memory
    /// database is one connection's alone: its reports stay in the writer's line.
    private func makeReadLine(beside writer: any ResultsStore) -> ReadLine? {
        if (writer as? Store)?.isMemory == true { return nil }
        return ReadLine(store: ResultsStores.make(options.databasePath, server: options.serverName), loop: loop) { [unowned self] replies in
            for (ticket, reply) in replies { runner.settle(ticket: ticket, reply: reply) }
            runner.release(now: clock.now)
        }
    }

    /// Homework still open when the server last stopped is taken up again, tries and all, before
    /// anyone can connect. A database that cannot be read leaves it out (logged): students then
    /// get `no_room` for it until the server starts with the database readable.
    private func restoreHomework(_ store: any ResultsStore) {
        core.wallClock(reads: SystemLocalTime.wallNow, at: clock.now)
        do {
            let open = try store.report { try Reports.openAssignments($0, wallNow: SystemLocalTime.wallNow, server: options.serverName) }
            core.restore(open)
            if !open.isEmpty { logger.info("homework taken up again", metadata: ["open": "\(open.count)"]) }
        } catch {
            logger.error("HOMEWORK NOT RESTORED: the open homework could not be read back from the results database",
                         metadata: ["db": "\(store.location)", "error": "\(Self.shortReason("\(error)"))"])
        }
    }

    /// Question sets saved from the teacher page on earlier runs, playable again before anyone
    /// can connect. The core was made from the config already, so they go to it, as homework
    /// does. A database that cannot be read leaves them out (logged) until the next start.
    private func restoreSets(_ store: any ResultsStore) {
        do {
            let stored = try store.report { try Reports.savedSets($0, server: options.serverName) }
            for problem in core.restore(savedSets: stored) {
                logger.warning("saved question set left out", metadata: ["problem": "\(problem)"])
            }
            if !stored.isEmpty { logger.info("saved question sets", metadata: ["sets": "\(stored.count)"]) }
        } catch {
            logger.error("SAVED SETS NOT READ: the question sets saved from the teacher page could not be read back from the results database",
                         metadata: ["db": "\(store.location)", "error": "\(Self.shortReason("\(error)"))"])
        }
    }

    /// The teacher's classes, before anyone can connect: a class room or homework made for one
    /// reads its list. A database that cannot be read leaves them out (logged) until the next start.
    private func restoreClasses(_ store: any ResultsStore) {
        do {
            let stored = try store.report { try Reports.classes($0, server: options.serverName) }
            core.restore(classes: stored)
            if !stored.isEmpty { logger.info("classes", metadata: ["classes": "\(stored.count)"]) }
        } catch {
            logger.error("CLASSES NOT READ: the teacher's classes could not be read back from the results database",
                         metadata: ["db": "\(store.location)", "error": "\(Self.shortReason("\(error)"))"])
        }
    }

    /// Each class student's Leitner boxes, replayed from their stored times answers, so adaptive
    /// homework follows what they answered on earlier runs too. A database that cannot be read
    /// leaves them empty (logged): every student then starts afresh, each fact in box 2.
    private func restorePractice(_ store: any ResultsStore) {
        do {
            let answers = try store.report { try Reports.practiceAnswers($0, server: options.serverName) }
            core.restore(practice: answers)
            if !answers.isEmpty { logger.info("practice restored", metadata: ["answers": "\(answers.count)"]) }
        } catch {
            logger.error("PRACTICE NOT READ: the class students' times answers could not be read back from the results database",
                         metadata: ["db": "\(store.location)", "error": "\(Self.shortReason("\(error)"))"])
        }
    }

    /// Back on the loop thread after a storage job: settle its tickets and release what they held.
    private func storageFinished(_ finished: StorageQueue.Finished) {
        var notices: [Effect] = []
        if !finished.dropped.isEmpty {
            notices += core.storageDropped(finished.dropped, keeping: storage?.maxUnsaved ?? 0)
        }
        if let failure = finished.failure {
            storageLog.failed(now: clock.now) { failures in
                logger.error("STORAGE FAILED: results are not being saved; the games go on and the writes are retried",
                             metadata: ["db": "\(options.databasePath)", "error": "\(Self.shortReason(failure))",
                                        "failures": "\(failures)",
                                        "rooms": "\(finished.failedRooms.sorted().prefix(20).joined(separator: ","))",
                                        "unsaved": "\(storage?.pendingRecords ?? 0)", "dropped": "\(storage?.droppedTotal ?? 0)"])
            }
            notices += core.storageFailed(rooms: finished.failedRooms, reason: Self.shortReason(failure))
        } else if finished.recovered {
            storageLog.recovered()
            logger.notice("storage works again: the missed results are saved", metadata: ["db": "\(options.databasePath)"])
            core.storageRecovered()
        }
        if let first = finished.tickets.first {
            // In the place of the first held effect: the host hears why before the round_end.
            runner.settle(ticket: first.ticket, effects: notices, reply: first.reply)
            for (ticket, reply) in finished.tickets.dropFirst() { runner.settle(ticket: ticket, reply: reply) }
            runner.release(now: clock.now)
        } else {
            runner.run(notices, now: clock.now)
        }
    }

    /// SQLite's words for the failure, without GRDB's statement dump: `attempt to write a readonly database`.
    static func shortReason(_ failure: String) -> String {
        if let range = failure.range(of: "SQLite error \\d+: ", options: .regularExpression) {
            let rest = failure[range.upperBound...]
            return String(rest.prefix { $0 != "-" && $0 != "\n" }).trimmingCharacters(in: .whitespaces)
        }
        return String(failure.prefix(120))
    }
}
