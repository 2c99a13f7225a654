import ChalklineCore
import ChalklineStore
import Foundation

/// What the core's effects do here, once `EffectRunner` has decided they go: sends are queued
/// on their connections (written at the end of the iteration), records go to the storage queue
/// stamped with the wall clock, and a record that needs a commit or a `/report` read is a
/// ticket that holds what comes after it until the storage queue is back (`storageFinished`).
extension ServerShell: EffectTarget {
    public func send(_ payload: Payload, to id: ConnectionID, asked: Bool) {
        connections(id)?.send(payload, asked: asked)
    }

    public func close(_ id: ConnectionID) {
        // A WebSocket's close frame: "going away" when the server stops (the bye or shutdown
        // event before it says why, in the protocol's own words).
        connections(id)?.closeAfterFlush(code: shuttingDown ? 1001 : 1000)
    }

    /// Queued for the next write, stamped with the wall clock now; a round closing waits for
    /// its commit, so `round_end` never goes out before its results are on disk.
    public func store(_ record: GameRecord) -> Int? {
        guard let storage else { return nil }
        storage.append(StampedRecord(record, at: Date()))
        return record.needsCommit ? storage.commit() : nil
    }

    public func read(_ request: ReportRequest) -> StorageRead {
        guard let storage else { return .reply(Self.storageOff.rendered(request.format, in: request.language)) }
        let server = options.serverName, localTime = options.core.localTime
        return .ticket(storage.read({ writer in Self.reportWork(request, writer: writer, server: server, localTime: localTime) },
                                    unreadable: Self.reportUnreadable(request.format, request.language)))
    }
}
